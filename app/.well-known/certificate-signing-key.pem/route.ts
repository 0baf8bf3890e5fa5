// GET /.well-known/certificate-signing-key.pem：当前的证书签名公钥（SPKI PEM，免登录），供 openssl 与 scripts/verify-certificate.ts 使用。
import { certificatePublicKeyPem } from '@/lib/domains/certificate/signature';

export const dynamic = 'force-dynamic';

const MAX_AGE_SECONDS = 3600;

export function GET(): Response {
  return new Response(certificatePublicKeyPem(), {
    headers: { 'content-type': 'application/x-pem-file; charset=utf-8', 'cache-control': `public, max-age=${MAX_AGE_SECONDS}`, 'access-control-allow-origin': '*' },
  });
}
