// 字段级加密：SM4-CTR 加密 + HMAC-SM3 完整性（先加密后认证），密文带密钥编号以便轮换；盲索引 HMAC-SM3 供精确查找、唯一约束与查重。
// 密文格式：`s1.<kid>.<base64url(iv 16 字节 ‖ 密文 ‖ 标签 16 字节)>`；标签覆盖版本、kid、iv 与密文。
import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { keyRing, type DataKey } from './keys';

const VERSION = 's1';
const IV_BYTES = 16;
const TAG_BYTES = 16;

/** 密钥的 KeyObject（每个值都要建一次 HMAC 与 SM4 上下文：传 KeyObject 比每次传 Buffer 快约四成）；密钥环缓存着，Buffer 不变 */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObject(raw: Buffer): KeyObject {
  let k = keyObjects.get(raw);
  if (!k) keyObjects.set(raw, (k = createSecretKey(raw)));
  return k;
}

const tagOf = (key: DataKey, header: string, body: Buffer) => createHmac('sm3', keyObject(key.mac)).update(header).update(body).digest().subarray(0, TAG_BYTES);

/** 加密一个值（每次结果不同） */
export function seal(plain: string): string {
  const key = keyRing().active;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('sm4-ctr', keyObject(key.enc), iv);
  const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final()]);
  const header = `${VERSION}.${key.kid}.`;
  return header + Buffer.concat([body, tagOf(key, header, body)]).toString('base64url');
}

/** 是否为本模块的密文（否则是加密之前写入的明文） */
export const isSealed = (value: string): boolean => value.startsWith(`${VERSION}.`);

/** 密文的密钥编号；明文为 null */
export function kidOf(value: string): string | null {
  if (!isSealed(value)) return null;
  const end = value.indexOf('.', VERSION.length + 1);
  return end > 0 ? value.slice(VERSION.length + 1, end) : null;
}

export class SealedValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedValueError';
  }
}

/** 解密；明文（加密之前的旧数据，等 data:rotate 加密）原样返回；被改过或密钥不在配置里时抛 SealedValueError */
export function open(value: string): string {
  if (!isSealed(value)) return value;
  const kid = kidOf(value);
  const key = kid ? keyRing().byKid.get(kid) : undefined;
  if (!key) throw new SealedValueError(`密文的密钥 ${kid ?? '?'} 不在 DATA_KEY 里，无法解密`);
  const header = `${VERSION}.${kid}.`;
  const raw = Buffer.from(value.slice(header.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SealedValueError('密文不完整');
  const body = raw.subarray(0, raw.length - TAG_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  if (!timingSafeEqual(tag, tagOf(key, header, body))) throw new SealedValueError('密文校验失败：数据被改动或密钥不对');
  const decipher = createDecipheriv('sm4-ctr', keyObject(key.enc), body.subarray(0, IV_BYTES));
  return Buffer.concat([decipher.update(body.subarray(IV_BYTES)), decipher.final()]).toString('utf8');
}

/** 归一化：同一个号码的不同写法得到同一个盲索引 */
export const NORMALIZE = {
  /** 身份证号等证件号：去空白、全角转半角、字母大写 */
  idNumber: (v: string) => toHalfWidth(v).replace(/\s+/g, '').toUpperCase(),
  /** 手机号、电话：只留数字（去掉 +86 前缀） */
  mobile: (v: string) => toHalfWidth(v).replace(/\D+/g, '').replace(/^86(?=1\d{10}$)/, ''),
  /** 银行账号：只留数字与字母 */
  bankAccount: (v: string) => toHalfWidth(v).replace(/[^0-9A-Za-z]+/g, '').toUpperCase(),
} as const;
export type SealedKind = keyof typeof NORMALIZE;

function toHalfWidth(v: string): string {
  return v.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/** 盲索引：HMAC-SM3(索引密钥, 归一化的值)，base64url 43 个字符；同一值处处相同，可跨表关联 */
export function blindIndex(kind: SealedKind, value: string): string {
  return createHmac('sm3', keyObject(keyRing().index)).update(NORMALIZE[kind](value)).digest('base64url');
}

/** 盲索引列的长度（varchar） */
export const BLIND_INDEX_LENGTH = 43;
