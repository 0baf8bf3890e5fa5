// 字段级加密：SM4-CTR 加密 + HMAC-SM3 完整性（先加密后认证），密文带密钥编号以便轮换；盲索引 HMAC-SM3 供精确查找、唯一约束与查重。
// 密文格式：`s1.<kid>.<base64url(iv 16 字节 ‖ 密文 ‖ 标签 16 字节)>`；标签覆盖版本、kid、iv 与密文。
import * as nodeCrypto from 'node:crypto';
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { keyRing, type DataKey, type KeyRing } from './keys';

/** 核心用的一把数据密钥（KeyObject：每个值都要建一次 HMAC 上下文，传 KeyObject 比每次传 Buffer 快约四成；也能传给工作线程） */
export interface CoreKey {
  enc: KeyObject;
  mac: KeyObject;
}

/**
 * 加密、解密的核心，自成一体：只用参数 c（node:crypto）与全局的 Buffer、Map、Error。主线程直接用一份；
 * 大批解密、加密交给工作线程时，工作线程用它的源码（sealedCore.toString()）建另一份（见 pool.ts）——所以这里不能引用模块里的别的东西。
 */
export function sealedCore(c: typeof nodeCrypto) {
  const VERSION = 's1';
  const IV_BYTES = 16;
  const TAG_BYTES = 16;
  const fail = (message: string): never => {
    const err = new Error(message);
    err.name = 'SealedValueError';
    throw err;
  };

  // SM4-CTR 的密钥流是 SM4(IV)、SM4(IV+1)……（128 位大端计数）：每个密钥一个长期的 SM4-ECB 上下文，一次算出一批值的密钥流，
  // 不必每个值新建一个 CTR 上下文（新建约 2.6 µs，是加密一个身份证号的主要开销之一）。结果与 'sm4-ctr' 逐字节相同。
  const ecbs = new WeakMap<KeyObject, nodeCrypto.Cipher>();
  /** 一个值的 CTR 运算：data 与密钥流异或，写到 out[at…]（可以就是 data 所在的缓冲区） */
  interface CtrJob {
    iv: Uint8Array;
    data: Uint8Array;
    out: Uint8Array;
    at: number;
  }
  function xorKeystreams(enc: KeyObject, jobs: readonly CtrJob[]): void {
    let ecb = ecbs.get(enc);
    if (!ecb) ecbs.set(enc, (ecb = c.createCipheriv('sm4-ecb', enc, null).setAutoPadding(false)));
    let blocks = 0;
    for (const j of jobs) blocks += Math.ceil(j.data.length / 16);
    const counters = Buffer.allocUnsafe(blocks * 16);
    let at = 0;
    for (const j of jobs) {
      for (let b = 0, n = Math.ceil(j.data.length / 16); b < n; b++, at += 16) {
        counters.set(j.iv, at);
        // 计数加 b（带进位）
        for (let i = at + 15, carry = b; carry > 0 && i >= at; i--) {
          const sum = counters[i] + (carry & 0xff);
          counters[i] = sum & 0xff;
          carry = (carry >>> 8) + (sum >>> 8);
        }
      }
    }
    const stream = ecb.update(counters);
    let s = 0;
    for (const j of jobs) {
      const { data, out, at: o } = j;
      for (let i = 0; i < data.length; i++) out[o + i] = data[i] ^ stream[s + i];
      s += Math.ceil(data.length / 16) * 16;
    }
  }
  /** 标签：HMAC-SM3 截取前 16 字节，覆盖 bytes 的全部（头部 ‖ IV ‖ 密文） */
  const tagOf = (mac: KeyObject, bytes: Uint8Array) => c.createHmac('sm3', mac).update(bytes).digest().subarray(0, TAG_BYTES);

  // 随机 IV 从一块预取的随机数里切（randomBytes(16) 每次约 1.8 µs）
  const ivPool = Buffer.allocUnsafe(IV_BYTES * 256);
  let ivAt = ivPool.length;
  function nextIv(): Buffer {
    if (ivAt === ivPool.length) {
      c.randomFillSync(ivPool);
      ivAt = 0;
    }
    ivAt += IV_BYTES;
    return ivPool.subarray(ivAt - IV_BYTES, ivAt);
  }

  const isSealed = (value: string) => value.startsWith(`${VERSION}.`);
  /** 密文的密钥编号；明文为 null */
  function kidOf(value: string): string | null {
    if (!isSealed(value)) return null;
    const end = value.indexOf('.', VERSION.length + 1);
    return end > 0 ? value.slice(VERSION.length + 1, end) : null;
  }

  /** 用 key（编号 kid）加密一批值（每次结果不同）；每个值一块缓冲区 [头部][IV][密文][标签]，同一次 ECB 调用算出全部密钥流 */
  function sealMany(values: readonly string[], key: CoreKey, kid: string): string[] {
    const header = `${VERSION}.${kid}.`;
    const h = header.length;
    const bufs = values.map((plain) => {
      const data = Buffer.from(plain, 'utf8');
      const buf = Buffer.allocUnsafe(h + IV_BYTES + data.length + TAG_BYTES);
      buf.write(header, 0, h, 'latin1');
      buf.set(nextIv(), h);
      return { buf, data };
    });
    xorKeystreams(
      key.enc,
      bufs.map(({ buf, data }) => ({ iv: buf.subarray(h, h + IV_BYTES), data, out: buf, at: h + IV_BYTES })),
    );
    return bufs.map(({ buf }) => {
      const end = buf.length - TAG_BYTES;
      buf.set(tagOf(key.mac, buf.subarray(0, end)), end);
      return header + buf.toString('base64url', h);
    });
  }

  /** 解密一批：明文（加密之前写入的旧数据）原样返回；逐个校验标签，同一密钥的密钥流一次算出 */
  function openMany(values: readonly string[], byKid: ReadonlyMap<string, CoreKey>): string[] {
    const out = new Array<string>(values.length);
    const pending = new Map<CoreKey, { index: number; buf: Buffer; end: number; job: CtrJob }[]>();
    let header = '';
    let key: CoreKey | undefined;
    for (let n = 0; n < values.length; n++) {
      const value = values[n];
      if (!isSealed(value)) {
        out[n] = value;
        continue;
      }
      if (!key || !value.startsWith(header)) {
        const kid = kidOf(value) ?? '?';
        key = byKid.get(kid);
        if (!key) fail(`密文的密钥 ${kid} 不在 DATA_KEY 里，无法解密`);
        header = `${VERSION}.${kid}.`;
      }
      const h = header.length;
      const buf = Buffer.allocUnsafe(h + Math.ceil(((value.length - h) * 3) / 4));
      buf.write(header, 0, h, 'latin1');
      const end = h + buf.write(value.slice(h), h, 'base64url');
      if (end - h < IV_BYTES + TAG_BYTES) fail('密文不完整');
      if (!c.timingSafeEqual(buf.subarray(end - TAG_BYTES, end), tagOf(key!.mac, buf.subarray(0, end - TAG_BYTES)))) fail('密文校验失败：数据被改动或密钥不对');
      let list = pending.get(key!);
      if (!list) pending.set(key!, (list = []));
      list.push({ index: n, buf, end, job: { iv: buf.subarray(h, h + IV_BYTES), data: buf.subarray(h + IV_BYTES, end - TAG_BYTES), out: buf, at: h + IV_BYTES } });
    }
    for (const [k, list] of pending) {
      xorKeystreams(
        k.enc,
        list.map((p) => p.job),
      );
      for (const p of list) out[p.index] = p.buf.toString('utf8', p.job.at, p.end - TAG_BYTES);
    }
    return out;
  }

  return { sealMany, openMany, isSealed, kidOf };
}

const core = sealedCore(nodeCrypto);

/** 密钥的 KeyObject；密钥环缓存着，Buffer 不变 */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObject(raw: Buffer): KeyObject {
  let k = keyObjects.get(raw);
  if (!k) keyObjects.set(raw, (k = createSecretKey(raw)));
  return k;
}

/** 密钥环里各把数据密钥的 KeyObject（按 kid） */
const coreRings = new WeakMap<KeyRing, { byKid: Map<string, CoreKey>; active: CoreKey; kid: string; opened: Map<string, string> }>();
export function coreKeys(ring: KeyRing = keyRing()) {
  let keys = coreRings.get(ring);
  if (!keys) {
    const of = (k: DataKey): CoreKey => ({ enc: keyObject(k.enc), mac: keyObject(k.mac) });
    const byKid = new Map([...ring.byKid].map(([kid, k]) => [kid, of(k)]));
    coreRings.set(ring, (keys = { byKid, active: byKid.get(ring.active.kid)!, kid: ring.active.kid, opened: new Map() }));
  }
  return keys;
}

export class SealedValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedValueError';
  }
}

/** 核心抛出的错误换成 SealedValueError（工作线程传回的错误也用它） */
export function asSealedError(err: unknown): unknown {
  return err instanceof Error && err.name === 'SealedValueError' && !(err instanceof SealedValueError) ? new SealedValueError(err.message) : err;
}

/** 加密一批值（当前密钥） */
export function sealMany(values: readonly string[]): string[] {
  const keys = coreKeys();
  return core.sealMany(values, keys.active, keys.kid);
}

/** 加密一个值（每次结果不同） */
export const seal = (plain: string): string => sealMany([plain])[0];

/** 解密一批（如一页、一批导出的一列）；明文（加密之前的旧数据，等 data:rotate 加密）原样返回；被改过或密钥不在配置里时抛 SealedValueError */
export function openMany(values: readonly string[]): string[] {
  const keys = coreKeys();
  const cache = keys.opened;
  const out = new Array<string>(values.length);
  let misses: string[] | null = null;
  let at: number[] | null = null;
  for (let i = 0; i < values.length; i++) {
    const hit = cache.get(values[i]);
    if (hit !== undefined) out[i] = hit;
    else {
      (misses ??= []).push(values[i]);
      (at ??= []).push(i);
    }
  }
  if (!misses) return out;
  let opened: string[];
  try {
    opened = core.openMany(misses, keys.byKid);
  } catch (err) {
    throw asSealedError(err);
  }
  for (let j = 0; j < opened.length; j++) {
    out[at![j]] = opened[j];
    if (misses[j] !== opened[j]) remember(cache, misses[j], opened[j]);
  }
  return out;
}

/**
 * 解密过的值按密文缓存（每个密钥环一份，换钥即弃）：列表的同一页反复打开时不再逐值 HMAC 校验与解密。
 * 键是完整的密文（含校验码），库里的值被改过就是另一个键、照常校验；至多 OPENED_CACHE_SIZE 个，满了丢最早放进的。
 */
const OPENED_CACHE_SIZE = 5000;
function remember(cache: Map<string, string>, sealed: string, plain: string): void {
  if (cache.size >= OPENED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(sealed, plain);
}

/** 解密一个值 */
export const open = (value: string): string => openMany([value])[0];

/** 是否为本模块的密文（否则是加密之前写入的明文） */
export const isSealed = (value: string): boolean => core.isSealed(value);

/** 密文的密钥编号；明文为 null */
export const kidOf = (value: string): string | null => core.kidOf(value);

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
