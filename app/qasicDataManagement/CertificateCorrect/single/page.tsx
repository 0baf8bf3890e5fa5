// 持证人核对与更正本人证书数据（免登录，SPEC §2 /qasicDataManagement/CertificateCorrect/single；链接带 token）。
import type { Metadata } from 'next';
import HolderCorrection from '@/components/certificate/HolderCorrection';

export const metadata: Metadata = { title: '证书信息核对' };
export const dynamic = 'force-dynamic';

export default async function CertificateCorrectSinglePage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return <HolderCorrection token={token?.slice(0, 80) ?? ''} />;
}
