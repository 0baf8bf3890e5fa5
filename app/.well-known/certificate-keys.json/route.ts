// GET /.well-known/certificate-keys.json：证书签名的公钥（JWK 集，免登录），持它即可离线核验证书二维码（见 docs/CERTIFICATES.md）。
import { certificateKeySet } from '@/lib/domains/certificate/signature';

export const dynamic = 'force-dynamic';

/** 换钥后旧钥仍在集里（CERT_SIGNING_RETIRED_KEYS_FILE），缓存一小时无碍 */
const MAX_AGE_SECONDS = 3600;

export function GET(): Response {
  return Response.json(certificateKeySet(), { headers: { 'cache-control': `public, max-age=${MAX_AGE_SECONDS}`, 'access-control-allow-origin': '*' } });
}
