// 电子证书信息（免登录，SPEC §2 /certificateView；不受 1366px 最小宽度限制，手机可读）：
// 证书二维码打开 ?no=<证书编号>&sig=<签名>，签名不对即提示“不是本系统签发的二维码”；不带参数时是证书查询（编号，或身份证号 + 姓名）。
import type { Metadata, Viewport } from 'next';
import { getDb } from '@/lib/platform/db/client';
import { viewCertificate } from '@/lib/domains/certificate/public';
import CertificatePublicView from '@/components/certificate/CertificatePublicView';

export const metadata: Metadata = { title: '电子证书信息' };
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };
export const dynamic = 'force-dynamic';

export default async function CertificateViewPage({ searchParams }: { searchParams: Promise<{ no?: string; sig?: string }> }) {
  const { no, sig } = await searchParams;
  const qr = no || sig ? await viewCertificate(await getDb(), no?.slice(0, 32), sig?.slice(0, 64)) : null;
  return <CertificatePublicView qr={qr} />;
}
