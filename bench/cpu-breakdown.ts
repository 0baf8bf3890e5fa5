// 把应用进程的 CPU 采样（.cpuprofile）按“谁的代码”归类：我们的代码（app/ lib/ components/ db/）、Next、
// 各 npm 包、Node 内置、GC 等。生产构建把代码打进 <distDir>/server/chunks/*.js，按旁边的 .map 找回原文件。
import fs from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export const OURS = '我们的代码';
const OUR_DIRS = ['app/', 'lib/', 'components/', 'db/'];

export interface Breakdown {
  /** 非空闲的采样时间（微秒） */
  busy: number;
  /** 归类 → 微秒 */
  buckets: Map<string, number>;
  /** 我们的代码里最耗时的文件 → 微秒 */
  ourFiles: Map<string, number>;
}

/** npm 包名（含 @scope）；不在 node_modules 下返回 null */
function packageOf(rel: string): string | null {
  const at = rel.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const parts = rel.slice(at + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

export function createClassifier(root: string) {
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();
  const memo = new Map<string, { bucket: string; file?: string }>();

  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      maps.set(file, fs.existsSync(mapFile) ? { map: new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))), dir: path.dirname(file) } : null);
    }
    return maps.get(file)!;
  };

  const bySource = (abs: string): { bucket: string; file?: string } => {
    const rel = path.relative(root, abs).split(path.sep).join('/');
    const pkg = packageOf(rel);
    if (pkg) return { bucket: pkg === 'src' ? 'drizzle-orm' : pkg };
    if (OUR_DIRS.some((d) => rel.startsWith(d))) return { bucket: OURS, file: rel };
    return { bucket: '其他' };
  };

  return (frame: CallFrame): { bucket: string; file?: string } => {
    const { functionName, url, lineNumber, columnNumber } = frame;
    if (functionName === '(garbage collector)') return { bucket: 'GC' };
    if (functionName === '(program)') return { bucket: 'V8（program）' };
    if (!url) return { bucket: 'V8/Node 原生' };
    if (url.startsWith('node:')) return { bucket: 'Node 内置' };
    const key = `${url}:${lineNumber}:${columnNumber}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let out: { bucket: string; file?: string };
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    if (/[\\/]server[\\/]chunks[\\/]/.test(file) || /[\\/]server[\\/]app[\\/]/.test(file)) {
      const m = mapOf(file);
      const entry = m ? (m.map.findEntry(lineNumber, columnNumber) as { originalSource?: string }) : {};
      if (!entry.originalSource) out = { bucket: 'next' };
      else if (/^https?:/.test(entry.originalSource)) out = { bucket: '其他 npm 包' };
      else out = bySource(path.resolve(m!.dir, entry.originalSource));
    } else {
      out = bySource(file);
    }
    memo.set(key, out);
    return out;
  };
}

/**
 * 原生函数（JSON、正则、加密等没有脚本地址的帧）记在调用它的最近一层脚本代码名下：
 * 否则“V8 原生”一大块看不出是谁调用的。
 */
export function breakdown(profile: CpuProfile, classify: ReturnType<typeof createClassifier>): Breakdown {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const owner = new Map<number, CallFrame>();
  const frameOf = (id: number): CallFrame => {
    const hit = owner.get(id);
    if (hit) return hit;
    const own = nodes.get(id)!.callFrame;
    let frame = own;
    if (!own.url && !own.functionName.startsWith('(')) {
      for (let p = parent.get(id); p !== undefined; p = parent.get(p)) {
        const f = nodes.get(p)!.callFrame;
        if (f.url) {
          frame = f;
          break;
        }
      }
    }
    owner.set(id, frame);
    return frame;
  };
  const buckets = new Map<string, number>();
  const ourFiles = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = frameOf(id);
    const dt = profile.timeDeltas[i] ?? 0;
    if (frame.functionName === '(idle)' || frame.functionName === '(root)') return;
    busy += dt;
    const { bucket, file } = classify(frame);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + dt);
    if (file) ourFiles.set(file, (ourFiles.get(file) ?? 0) + dt);
  });
  return { busy, buckets, ourFiles };
}

/** 一行摘要：我们的代码占比，再列占比最高的几类 */
export function summarize(b: Breakdown, top = 7): { ours: number; line: string; files: string } {
  const pct = (v: number) => (b.busy ? (v / b.busy) * 100 : 0);
  const ours = pct(b.buckets.get(OURS) ?? 0);
  const sorted = [...b.buckets.entries()].sort((x, y) => y[1] - x[1]);
  const line = sorted
    .slice(0, top)
    .map(([k, v]) => `${k} ${pct(v).toFixed(1)}%`)
    .join('，');
  const files = [...b.ourFiles.entries()]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 5)
    .map(([f, v]) => `${f} ${pct(v).toFixed(1)}%`)
    .join('，');
  return { ours, line, files };
}
