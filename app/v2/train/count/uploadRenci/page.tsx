// 培训上报人次（SPEC §2 固定路径，路由 countUploadRenci，免登录）：全省各市已上报、审核通过与未上报的培训人次，不含个人信息。
import type { Metadata } from 'next';
import { PublicStatPageContent } from '@/components/dashboard/stat-page';

export const metadata: Metadata = { title: '培训上报人次' };
export const dynamic = 'force-dynamic';

export default async function CountUploadRenciPage({ searchParams }: { searchParams: Promise<{ year?: string | string[] }> }) {
  return <PublicStatPageContent name="uploadRenci" year={(await searchParams).year} />;
}
