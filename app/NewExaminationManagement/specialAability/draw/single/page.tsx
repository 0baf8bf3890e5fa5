// 专项能力计划的报名数据（只读）（免登录，SPEC §2；链接带令牌，见 lib/domains/certificate/candidate.ts 与 docs/CERTIFICATES.md）。窄屏可读。
import type { Metadata, Viewport } from 'next';
import { RegistrationDataView } from '@/components/certificate/CandidatePages';

export const metadata: Metadata = { title: '报名数据' };
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };
export const dynamic = 'force-dynamic';

export default async function Page({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return <RegistrationDataView token={token?.slice(0, 80) ?? ''} />;
}
