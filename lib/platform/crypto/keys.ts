// 个人信息加密的密钥：DATA_KEY（SM4 加密与 SM3-HMAC 完整性，可多把、可轮换）与 DATA_INDEX_KEY（盲索引，HMAC-SM3）。
// 密钥只来自配置，从不写进数据库；每条密文带密钥编号（kid），换钥后旧密文仍能解开，`npm run data:rotate` 分批改用新钥。
// 生产环境没有可靠的密钥不启动（与 AUTH_SECRET 相同）；`npm start` 在未设置时生成一份存进 ./data/（只适合本机试用）。
import { createHmac } from 'node:crypto';
import fs from 'node:fs';

/** DATA_KEY 的格式：`kid:密钥[,kid:密钥…]`，第一把用于新写入；密钥为 64 位十六进制或 base64（解码后至少 32 字节） */
export const DATA_KEY_FORMAT = 'kid:密钥[,kid:密钥…]（kid 为 1–8 位小写字母或数字；密钥为 openssl rand -hex 32 的输出）';
const KID = /^[a-z0-9]{1,8}$/;
const MIN_KEY_BYTES = 32;

/** 仅供开发与测试：人人可见，不能保护任何数据 */
export const DEV_DATA_KEY = 'dev:' + '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
export const DEV_INDEX_KEY = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';
/** `npm start` 在未设置密钥时生成的密钥文件（两行 DATA_KEY=…、DATA_INDEX_KEY=…）；开发服务器见到它也用它，两者读同一个 ./data */
export const LOCAL_KEY_FILE = 'data/data-key';

export interface DataKey {
  kid: string;
  /** SM4 的 128 位密钥 */
  enc: Buffer;
  /** SM3-HMAC 的密钥 */
  mac: Buffer;
}

export interface KeyRing {
  /** 新写入用的密钥 */
  active: DataKey;
  byKid: Map<string, DataKey>;
  /** 盲索引密钥（HMAC-SM3）；轮换它要重建全部盲索引（data:rotate -- --reindex） */
  index: Buffer;
}

const derive = (master: Buffer, label: string) => createHmac('sm3', master).update(label).digest();

function decodeKey(text: string): Buffer | null {
  const t = text.trim();
  const buf = /^[0-9a-fA-F]+$/.test(t) && t.length % 2 === 0 ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  return buf.length >= MIN_KEY_BYTES ? buf : null;
}

type Env = Record<string, string | undefined>;

/** 本机密钥文件的内容（没有文件时为 null） */
export function readLocalKeyFile(file = LOCAL_KEY_FILE): { DATA_KEY: string; DATA_INDEX_KEY: string } | null {
  if (!fs.existsSync(file)) return null;
  const lines = Object.fromEntries(
    fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return lines.DATA_KEY && lines.DATA_INDEX_KEY ? { DATA_KEY: lines.DATA_KEY, DATA_INDEX_KEY: lines.DATA_INDEX_KEY } : null;
}

/** 实际使用的两项配置：环境变量；非生产环境没设时依次用本机密钥文件、开发密钥 */
function configured(env: Env): { keys: string; index: string } {
  const keys = env.DATA_KEY?.trim();
  const index = env.DATA_INDEX_KEY?.trim();
  if (keys && index) return { keys, index };
  const local = env.VITEST ? null : readLocalKeyFile();
  return local ? { keys: local.DATA_KEY, index: local.DATA_INDEX_KEY } : { keys: DEV_DATA_KEY, index: DEV_INDEX_KEY };
}
/** 配置的问题（中文说明）；没有问题时为 null。非生产环境不设时用开发密钥。 */
export function dataKeyProblem(env: Env = process.env): string | null {
  const production = env.NODE_ENV === 'production';
  const keys = env.DATA_KEY?.trim();
  const index = env.DATA_INDEX_KEY?.trim();
  if (!keys || !index) return production ? '生产环境必须设置 DATA_KEY 与 DATA_INDEX_KEY（个人信息加密与盲索引的密钥），见 README' : null;
  if (production && (keys.startsWith(DEV_DATA_KEY) || index === DEV_INDEX_KEY)) return 'DATA_KEY 或 DATA_INDEX_KEY 仍是开发用的公开密钥，请换成随机密钥';
  const seen = new Set<string>();
  for (const part of keys.split(',')) {
    const at = part.indexOf(':');
    const kid = at > 0 ? part.slice(0, at).trim() : '';
    if (!KID.test(kid)) return `DATA_KEY 格式不正确，应为 ${DATA_KEY_FORMAT}`;
    if (seen.has(kid)) return `DATA_KEY 里的密钥编号 ${kid} 重复`;
    seen.add(kid);
    if (!decodeKey(part.slice(at + 1))) return `DATA_KEY 里 ${kid} 的密钥太短：至少 ${MIN_KEY_BYTES} 字节（64 位十六进制）`;
  }
  if (!decodeKey(index)) return `DATA_INDEX_KEY 太短：至少 ${MIN_KEY_BYTES} 字节（64 位十六进制）`;
  return null;
}

let cached: { source: string; ring: KeyRing } | null = null;
/** 上一次读到的密钥环：每个值加密、解密、算盲索引都要取它，读一次 process.env 的三项就要约 0.7 µs（比加密本身的零头还多），
 * 所以读过一次就不再看配置——进程里的密钥配置不变；测试换钥后调用 forgetKeyRing() */
let last: { env: Env; ring: KeyRing } | null = null;

/** 当前配置的密钥环 */
export function keyRing(env: Env = process.env): KeyRing {
  if (last?.env === env) return last.ring;
  const ring = loadKeyRing(env);
  last = { env, ring };
  return ring;
}

/** 忘掉读过的密钥环，下次按当前的环境变量重新读（测试换钥用） */
export function forgetKeyRing(): void {
  last = null;
}

function loadKeyRing(env: Env): KeyRing {
  const problem = dataKeyProblem(env);
  if (problem) throw new Error(problem);
  const { keys, index } = configured(env);
  const source = `${keys}|${index}`;
  if (cached?.source === source) return cached.ring;
  const list = keys.split(',').map((part) => {
    const at = part.indexOf(':');
    const master = decodeKey(part.slice(at + 1))!;
    return { kid: part.slice(0, at).trim(), enc: derive(master, 'sm4-ctr').subarray(0, 16), mac: derive(master, 'sm3-hmac') };
  });
  const ring: KeyRing = { active: list[0], byKid: new Map(list.map((k) => [k.kid, k])), index: derive(decodeKey(index)!, 'blind-index') };
  cached = { source, ring };
  return ring;
}

/** 服务启动时调用：生产环境的密钥有问题就说明原因并退出进程 */
export function refuseToStartWithoutDataKey(): void {
  const problem = dataKeyProblem();
  if (!problem) return;
  console.error(`[crypto] 拒绝启动：${problem}`);
  process.exit(1);
}
