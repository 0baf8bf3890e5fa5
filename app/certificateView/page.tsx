// 电子证书信息（免登录，SPEC §2 /certificateView；不受 1366px 最小宽度限制，手机可读）：
// 证书二维码打开 ?c=<签名载荷>（Ed25519 签名，显示签名有效/无效与签名的字段），早先印的 ?no=<证书编号>&sig=<签名> 照常核验，
// 签名不对即提示“不是本系统签发的二维码”；不带参数时是证书查询（编号，或身份证号 + 姓名）。
import type { Metadata, Viewport } from 'next';
import { getDb } from '@/lib/platform/db/client';
import { viewCertificate, viewSignedCertificate } from '@/lib/domains/certificate/public';
import CertificatePublicView from '@/components/certificate/CertificatePublicView';

export const metadata: Metadata = { title: '电子证书信息' };
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };
export const dynamic = 'force-dynamic';

/** 签名载荷的长度上限：正常的不到 400 个字符 */
const MAX_TOKEN = 2000;

export default async function CertificateViewPage({ searchParams }: { searchParams: Promise<{ no?: string; sig?: string; c?: string }> }) {
  const { no, sig, c } = await searchParams;
  const qr = c ? await viewSignedCertificate(await getDb(), c.slice(0, MAX_TOKEN)) : no || sig ? await viewCertificate(await getDb(), no?.slice(0, 32), sig?.slice(0, 64)) : null;
  return <CertificatePublicView qr={qr} />;
}
