// 证书的非对称签名（Ed25519，JWS 紧凑格式，见 signed-payload.ts）：二维码里带签名的载荷，持公钥即可离线核验；
// 公钥在 /.well-known/certificate-keys.json（JWK 集）与 /.well-known/certificate-signing-key.pem 公布。
// 原先的 HMAC 二维码（?no=&sig=，rules.ts signNumber）照常核验。
import { createHash, randomBytes, sign } from 'node:crypto';
import { CERT_SIGNING_ALG, certSigningKey, kidOf, retiredPublicKeys } from '@/lib/platform/auth/cert-signing-key';
import { LEVEL_NAMES } from '../catalog/schemas';
import { CER_TYPE_LABEL, maskHolderName } from './rules';
import type { Certificate } from './tables';
import type { CertificateClaims, PublishedKey } from './signed-payload';

/** 证书上“等级”一栏：专项能力证书没有等级，写类别 */
export function levelLabel(c: Pick<Certificate, 'cerType' | 'level'>): string {
  return c.cerType === 2 ? CER_TYPE_LABEL[2] : (LEVEL_NAMES[c.level] ?? String(c.level));
}

export function certificateClaims(c: Pick<Certificate, 'cerCode' | 'name' | 'workName' | 'cerType' | 'level' | 'cerDate'>): CertificateClaims {
  return { no: c.cerCode, name: maskHolderName(c.name), work: c.workName, level: levelLabel(c), date: c.cerDate };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signCertificate(claims: CertificateClaims): string {
  const key = certSigningKey();
  const input = `${b64({ alg: CERT_SIGNING_ALG, kid: key.kid })}.${b64(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key.privateKey).toString('base64url')}`;
}

/** 证书二维码里的地址（相对路径；PDF 里加上站点地址 PUBLIC_BASE_URL） */
export function signedViewPath(c: Parameters<typeof certificateClaims>[0]): string {
  return `/certificateView?c=${signCertificate(certificateClaims(c))}`;
}

/** 公布的公钥：当前的与换钥后保留的旧钥 */
export function publishedKeys(): PublishedKey[] {
  const current = certSigningKey().publicKey;
  return [current, ...retiredPublicKeys()].map((key) => ({ kid: kidOf(key), key }));
}

/** /.well-known/certificate-keys.json 的内容：JWK 集（RFC 7517），第一把是当前签名用的 */
export function certificateKeySet() {
  return {
    keys: publishedKeys().map(({ kid, key }) => {
      const { kty, crv, x } = key.export({ format: 'jwk' });
      return { kty, crv, x, kid, alg: CERT_SIGNING_ALG, use: 'sig' };
    }),
  };
}

/** /.well-known/certificate-signing-key.pem：当前公钥（SPKI PEM） */
export function certificatePublicKeyPem(): string {
  return certSigningKey().publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

/** 可验证凭证的媒体类型（W3C VC-JOSE-COSE：JWS 紧凑格式，载荷就是凭证本身） */
export const CREDENTIAL_MEDIA_TYPE = 'application/vc+jwt';

/**
 * 一张证书的可验证凭证：W3C Verifiable Credentials 2.0 + Open Badges 3.0（OpenBadgeCredential），用证书签名的同一把 Ed25519 密钥
 * 签成 JWS（头 typ=vc+jwt、cty=vc），持 /.well-known/certificate-keys.json 的公钥即可离线核验。
 * 个人信息最少：姓名脱敏；持证人以身份证号加盐的 SHA-256 标识（Open Badges 的 IdentityObject），知道号码的核验方能比对，凭证里看不出号码。
 */
export function certificateCredential(
  c: Pick<Certificate, 'cerCode' | 'name' | 'workName' | 'workCode' | 'cerType' | 'level' | 'cerDate' | 'idCard'>,
  issuerName: string,
  baseUrl: string,
) {
  const claims = certificateClaims(c);
  const salt = randomBytes(16).toString('hex');
  const credential = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:skills-certificate:${c.cerCode}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${c.workName}（${claims.level}）`,
    issuer: { id: baseUrl, type: ['Profile'], name: issuerName },
    validFrom: `${c.cerDate}T00:00:00+08:00`,
    credentialSubject: {
      type: ['AchievementSubject'],
      name: claims.name,
      identifier: [{ type: 'IdentityObject', identityType: 'identifier', hashed: true, identityHash: `sha256$${createHash('sha256').update(c.idCard + salt).digest('hex')}`, salt }],
      achievement: {
        id: `urn:skills-achievement:${c.workCode}:${c.cerType}:${c.level}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: `${c.workName}（${claims.level}）`,
        criteria: { narrative: '经职业技能等级认定（评价）考核合格' },
      },
    },
    // 证书编号与纸质证书、二维码里的相同：核验方也可在本站公开查询
    evidence: [{ type: ['Evidence'], id: `${baseUrl}${signedViewPath(c)}`, name: `证书编号 ${claims.no}` }],
  };
  const key = certSigningKey();
  const input = `${b64({ alg: CERT_SIGNING_ALG, kid: key.kid, typ: 'vc+jwt', cty: 'vc' })}.${b64(credential)}`;
  return { credential, jwt: `${input}.${sign(null, Buffer.from(input), key.privateKey).toString('base64url')}`, mediaType: CREDENTIAL_MEDIA_TYPE };
}
