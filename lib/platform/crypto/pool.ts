// 大批加密、解密交给一个工作线程：导出时主线程写工作簿、工作线程解下一批；导入时主线程查重、工作线程加密，两个核上并行。
// 工作线程运行 sealed.ts 的同一个核心（sealedCore 的源码），密钥随每批以 KeyObject 传过去（不落盘、不进日志）。
// 工作线程不可用（建不起来、崩溃）时就地计算，结果相同；SEAL_WORKER=0 关掉它。
import { Worker } from 'node:worker_threads';
import { asSealedError, coreKeys, openMany, sealedCore, sealMany } from './sealed';

/** 少于这么多个值时就地计算：发给工作线程的来回（结构化克隆）不划算 */
export const MIN_OFFLOAD = 1000;

const SOURCE = `
var __name = (f) => f; // 转译器（esbuild 的 keepNames）在函数源码里插入的辅助函数，这里没有它的定义
const { parentPort } = require('node:worker_threads');
const core = (${sealedCore.toString()})(require('node:crypto'));
parentPort.on('message', ({ id, op, values, keys }) => {
  try {
    parentPort.postMessage({ id, result: op === 'open' ? core.openMany(values, keys.byKid) : core.sealMany(values, keys.active, keys.kid) });
  } catch (err) {
    parentPort.postMessage({ id, error: { name: err.name, message: err.message } });
  }
});`;

type Op = 'open' | 'seal';
interface Waiting {
  op: Op;
  values: readonly string[];
  resolve: (result: string[]) => void;
  reject: (err: unknown) => void;
}

const inPlace = (op: Op, values: readonly string[]) => (op === 'open' ? openMany(values) : sealMany(values));

/** 工作线程算完的批数（测试与排查用：确认大批确实没在主线程上算） */
export const offloadedBatches = { count: 0 };

let worker: Worker | null = null;
let seq = 0;
const waiting = new Map<number, Waiting>();

/** 工作线程出了问题：等着的批次改为就地计算，下次再建 */
function abandon(w: Worker) {
  if (worker !== w) return;
  worker = null;
  for (const [id, job] of waiting) {
    waiting.delete(id);
    try {
      job.resolve(inPlace(job.op, job.values));
    } catch (err) {
      job.reject(err);
    }
  }
}

function workerOrNull(): Worker | null {
  if (process.env.SEAL_WORKER === '0') return null;
  if (worker) return worker;
  let w: Worker;
  try {
    w = new Worker(SOURCE, { eval: true });
  } catch {
    return null;
  }
  w.on('message', ({ id, result, error }: { id: number; result?: string[]; error?: { name: string; message: string } }) => {
    const job = waiting.get(id);
    waiting.delete(id);
    if (!waiting.size) w.unref();
    if (!job) return;
    if (error) job.reject(asSealedError(Object.assign(new Error(error.message), { name: error.name })));
    else {
      offloadedBatches.count++;
      job.resolve(result!);
    }
  });
  w.on('error', () => abandon(w));
  w.on('exit', () => abandon(w));
  w.unref();
  return (worker = w);
}

function run(op: Op, values: readonly string[]): Promise<string[]> {
  const w = values.length < MIN_OFFLOAD ? null : workerOrNull();
  if (!w) {
    try {
      return Promise.resolve(inPlace(op, values));
    } catch (err) {
      return Promise.reject(err);
    }
  }
  const id = ++seq;
  // 有批次在算时工作线程要让进程继续活着（脚本、测试等它的结果）
  w.ref();
  return new Promise((resolve, reject) => {
    waiting.set(id, { op, values, resolve, reject });
    // 只传密钥（解密过的缓存留在主线程）
    const { byKid, active, kid } = coreKeys();
    w.postMessage({ id, op, values, keys: { byKid, active, kid } });
  });
}

/** 解密一批；大批在工作线程里算 */
export const openManyOff = (values: readonly string[]): Promise<string[]> => run('open', values);

/** 加密一批（当前密钥）；大批在工作线程里算 */
export const sealManyOff = (values: readonly string[]): Promise<string[]> => run('seal', values);
