// 考生提交或更正报名信息（免登录，SPEC §2；链接带令牌，见 lib/domains/certificate/candidate.ts 与 docs/CERTIFICATES.md）。窄屏可读。
import type { Metadata, Viewport } from 'next';
import { InformationForm } from '@/components/certificate/CandidatePages';

export const metadata: Metadata = { title: '报名信息' };
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };
export const dynamic = 'force-dynamic';

export default async function Page({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return <InformationForm token={token?.slice(0, 80) ?? ''} />;
}
