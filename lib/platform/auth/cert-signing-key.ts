// 证书签名私钥 CERT_SIGNING_KEY（Ed25519 私钥 PEM）或 CERT_SIGNING_KEY_FILE（其文件路径）。公钥在 /.well-known/certificate-keys.json 公布，
// 任何人拿公钥即可核验证书二维码（lib/domains/certificate/signature.ts）。生产环境没有它就不启动（与 AUTH_SECRET 相同）；
// 开发与测试未设置时由 AUTH_SECRET 派生（同一 AUTH_SECRET 的多个实例得到同一把钥匙）；`npm start` 未设置时生成一个存进 ./data/。
// 为什么不是 SM2：见 docs/SECURITY.md「证书签名为什么用 Ed25519」。
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { authSecret } from './secret';

export const CERT_SIGNING_ALG = 'EdDSA';
/** Ed25519 私钥 PKCS#8 DER 的固定前缀，后接 32 字节种子 */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** kid：公钥 JWK 指纹（RFC 7638）的前几个字符；二维码里每个字符都占地方 */
const KID_LENGTH = 8;

type Env = Record<string, string | undefined>;

function readConfigured(env: Env): KeyObject | null {
  const pem = env.CERT_SIGNING_KEY?.trim();
  const file = env.CERT_SIGNING_KEY_FILE?.trim();
  if (pem) return createPrivateKey(pem.replaceAll('\\n', '\n'));
  if (file) return createPrivateKey(fs.readFileSync(file, 'utf8'));
  return null;
}

/** 配置错误的说明；没有问题时为 null */
export function certSigningKeyProblem(env: Env = process.env): string | null {
  let key: KeyObject | null;
  try {
    key = readConfigured(env);
  } catch (err) {
    return `证书签名私钥（CERT_SIGNING_KEY / CERT_SIGNING_KEY_FILE）读不出：${err instanceof Error ? err.message : String(err)}`;
  }
  if (!key) {
    return env.NODE_ENV === 'production' ? '生产环境必须设置 CERT_SIGNING_KEY（Ed25519 私钥 PEM）或 CERT_SIGNING_KEY_FILE（其文件路径），生成：`openssl genpkey -algorithm ed25519`' : null;
  }
  if (key.asymmetricKeyType !== 'ed25519') return `证书签名私钥须是 Ed25519（现在是 ${key.asymmetricKeyType}），生成：\`openssl genpkey -algorithm ed25519\``;
  return null;
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** 公钥的 JWK 指纹（RFC 7638） */
export function jwkThumbprint(publicKey: KeyObject): string {
  const { crv, kty, x } = publicKey.export({ format: 'jwk' });
  return createHash('sha256').update(JSON.stringify({ crv, kty, x })).digest('base64url');
}

export const kidOf = (publicKey: KeyObject) => jwkThumbprint(publicKey).slice(0, KID_LENGTH);

let cached: { source: string; key: SigningKey } | undefined;

export function certSigningKey(env: Env = process.env): SigningKey {
  // 配置没变就用解析过的钥匙：每张证书的二维码都要签名，每次重新解析 PEM 占批量打印的近一成
  const source = `${env.CERT_SIGNING_KEY ?? ''}|${env.CERT_SIGNING_KEY_FILE ?? ''}|${env.CERT_SIGNING_KEY || env.CERT_SIGNING_KEY_FILE ? '' : `${env.NODE_ENV}|${authSecret()}`}`;
  if (cached?.source === source) return cached.key;
  const problem = certSigningKeyProblem(env);
  if (problem) throw new Error(problem);
  const privateKey =
    readConfigured(env) ??
    createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, createHash('sha256').update(`certificate-signing:${authSecret()}`).digest()]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  cached = { source, key: { kid: kidOf(publicKey), privateKey, publicKey } };
  return cached.key;
}

/** 服务启动时调用：生产环境没有可用的证书签名私钥就说明原因并退出进程 */
export function refuseToStartWithoutCertSigningKey(): void {
  const problem = certSigningKeyProblem();
  if (!problem) return;
  console.error(`[certificate] 拒绝启动：${problem}`);
  process.exit(1);
}

/**
 * 换钥后仍要公布、仍认的旧公钥：CERT_SIGNING_RETIRED_KEYS_FILE（一个文件里一个或多个公钥 PEM）。
 * 已印出的证书二维码是旧钥签的，换钥后把旧公钥放进这里，扫码仍显示“签名有效”。
 */
export function retiredPublicKeys(env: Env = process.env): KeyObject[] {
  const file = env.CERT_SIGNING_RETIRED_KEYS_FILE?.trim();
  if (!file) return [];
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g)].map((m) => createPublicKey(m[0]));
}
