// 证书二维码里的签名载荷：JWS 紧凑格式（RFC 7515）`base64url(头).base64url(载荷).base64url(签名)`，头为 {"alg":"EdDSA","kid":…}，
// 载荷为 {"no":证书编号,"name":脱敏姓名,"work":职业（工种）,"level":等级,"date":发证日期}。
// 核验只用 node:crypto 与给定的公钥：不连库、不用服务端密钥，scripts/verify-certificate.ts 与任何第三方照此即可离线核验。
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { kidOf } from '@/lib/platform/auth/cert-signing-key';

export interface CertificateClaims {
  /** 证书编号 */
  no: string;
  /** 脱敏的姓名（如 张*三） */
  name: string;
  /** 职业（工种） */
  work: string;
  /** 等级（或证书类别） */
  level: string;
  /** 发证日期 YYYY-MM-DD */
  date: string;
}

export interface PublishedKey {
  kid: string;
  key: KeyObject;
}

export type SignedCheck = { valid: true; kid: string; claims: CertificateClaims } | { valid: false; reason: string; claims: CertificateClaims | null };

const b64json = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function claimsOf(value: unknown): CertificateClaims | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const fields = ['no', 'name', 'work', 'level', 'date'] as const;
  return fields.every((f) => typeof v[f] === 'string') ? { no: v.no as string, name: v.name as string, work: v.work as string, level: v.level as string, date: v.date as string } : null;
}

/** 从 /certificateView?c=… 的地址或载荷本身取出 JWS */
export function tokenFrom(urlOrToken: string): string {
  const text = urlOrToken.trim();
  if (!text.includes('?')) return text;
  return new URL(text, 'http://localhost').searchParams.get('c') ?? '';
}

type JwsCheck = { valid: true; kid: string; payload: unknown } | { valid: false; reason: string; payload: unknown };

/** 用公布的公钥核验一个 JWS（Ed25519）；kid 不在公钥集里、签名不对、格式不对都算无效（并说明原因） */
function verifyJws(token: string, keys: readonly PublishedKey[], what: string): JwsCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return { valid: false, reason: `格式不对：不是签名的${what}`, payload: null };
  let header: { alg?: unknown; kid?: unknown };
  let payload: unknown;
  try {
    header = b64json(parts[0]) as typeof header;
    payload = b64json(parts[1]);
  } catch {
    return { valid: false, reason: '格式不对：载荷读不出', payload: null };
  }
  if (header.alg !== 'EdDSA') return { valid: false, reason: `不支持的签名算法 ${String(header.alg)}`, payload };
  const key = keys.find((k) => k.kid === header.kid);
  if (!key) return { valid: false, reason: `签名密钥 ${String(header.kid)} 不在公布的公钥里`, payload };
  const ok = verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), key.key, Buffer.from(parts[2], 'base64url'));
  if (!ok) return { valid: false, reason: '签名与内容不符（内容被改过或不是用这把密钥签的）', payload };
  return { valid: true, kid: key.kid, payload };
}

/** 证书二维码的载荷：用公布的公钥核验 */
export function verifySignedCertificate(token: string, keys: readonly PublishedKey[]): SignedCheck {
  const check = verifyJws(token, keys, '证书载荷');
  const claims = claimsOf(check.payload);
  if (!check.valid) return { valid: false, reason: check.reason, claims };
  if (!claims) return { valid: false, reason: '载荷缺少证书字段', claims: null };
  return { valid: true, kid: check.kid, claims };
}

/** 可验证凭证（application/vc+jwt，见 signature.ts certificateCredential）：用公布的公钥核验，有效时给出凭证本身 */
export function verifyCredential(jwt: string, keys: readonly PublishedKey[]): { valid: true; kid: string; credential: Record<string, unknown> } | { valid: false; reason: string } {
  const check = verifyJws(jwt.trim(), keys, '凭证');
  if (!check.valid) return { valid: false, reason: check.reason };
  const credential = check.payload as Record<string, unknown> | null;
  if (!credential || !Array.isArray(credential.type) || !credential.type.includes('VerifiableCredential')) return { valid: false, reason: '载荷不是可验证凭证' };
  return { valid: true, kid: check.kid, credential };
}

/** 读公钥：PEM（SPKI）或 /.well-known/certificate-keys.json 的 JWK 集 */
export function parsePublishedKeys(text: string): PublishedKey[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const set = JSON.parse(trimmed) as { keys?: { kid?: string; kty?: string; crv?: string; x?: string }[] };
    return (set.keys ?? []).filter((k) => k.kid && k.kty === 'OKP' && k.crv === 'Ed25519').map((k) => ({ kid: k.kid!, key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x! }, format: 'jwk' }) }));
  }
  const key = createPublicKey(trimmed);
  return [{ kid: kidOf(key), key }];
}
