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
/** 预加载进应用进程的采样器（bench/cpu-profiler.mjs），它的样本不计 */
const PROFILER_SCRIPT = '/bench/cpu-profiler.mjs';
const OUR_DIRS = ['app/', 'lib/', 'components/', 'db/'];

export interface Breakdown {
  /** 非空闲的采样时间（微秒） */
  busy: number;
  /** 归类 → 微秒 */
  buckets: Map<string, number>;
  /** 我们的代码里最耗时的文件 → 微秒 */
  ourFiles: Map<string, number>;
  /** 我们的请求路径上的样本按环节（PART）→ 微秒；SQL（pg 驱动）单列，不算进我们的代码 */
  parts: Map<string, number>;
}

/** 我们的请求路径上的环节（调度器到序列化）；SQL 是 pg 驱动的时间，不算我们的代码 */
export const PART = {
  dispatcher: '调度器',
  session: '会话查找',
  access: '权限与范围',
  zod: 'zod',
  drizzle: 'Drizzle',
  serialize: '序列化',
  service: '服务层',
  log: '日志',
  other: '其他库',
  sql: 'SQL（pg 驱动）',
} as const;

/** 我们的文件 → 环节（按前缀，先匹配的为准）；其余我们的文件算服务层 */
const PART_FILES: [string, string][] = [
  ['lib/domains/user/session.ts', PART.session],
  ['lib/domains/access/session.ts', PART.session],
  ['lib/platform/auth/', PART.access],
  ['lib/platform/api/', PART.dispatcher],
  ['lib/platform/http/', PART.dispatcher],
  ['lib/platform/log', PART.log],
  ['app/api/', PART.dispatcher],
];
/** 序列化：调度器里写答复的函数（信封、JSON.stringify、new Response） */
const SERIALIZERS: { file: string; fn: string }[] = [{ file: 'lib/platform/api/dispatcher.ts', fn: 'respond' }];
/**
 * 只是包住 Next 入口的我们的帧（client-ip.ts 给 http.Server 的 emit 加的钩子，'request' 事件经它进入 Next）：
 * 它下面的 Next 与别的包是 Next 自己的开销，不因为栈底有它就算“其他库”（原先 Next 的整个请求处理都被算进其他库，约 2.5%）。
 */
const FORWARDERS: { file: string; fn: string }[] = [{ file: 'lib/platform/http/client-ip.ts', fn: 'guardedEmit' }];
/** 原生的 JSON 函数（没有脚本地址的帧） */
const JSON_NATIVES = new Set(['stringify', 'parse', 'JSON.stringify', 'JSON.parse', 'JsonStringify', 'JsonParse']);
const PACKAGE_PARTS: Record<string, string> = {
  zod: PART.zod,
  'drizzle-orm': PART.drizzle,
  pg: PART.sql,
  'pg-pool': PART.sql,
  'pg-protocol': PART.sql,
  'pg-types': PART.sql,
  'postgres-array': PART.sql,
  'postgres-date': PART.sql,
  pino: PART.log,
};

/** 一帧的归类（classify 的结果）→ 环节 */
export function partOf(c: Classified): string {
  if (c.bucket === OURS && c.file) {
    if (c.fn && SERIALIZERS.some((x) => x.file === c.file && x.fn === c.fn)) return PART.serialize;
    return PART_FILES.find(([prefix]) => c.file!.startsWith(prefix))?.[1] ?? PART.service;
  }
  return PACKAGE_PARTS[c.bucket] ?? PART.other;
}

export interface Classified {
  bucket: string;
  /** 我们的文件（相对项目根） */
  file?: string;
  /** 所在函数名（按源文件的那一行认出，认不出用帧上的名字） */
  fn?: string;
}

/** 源码里一个函数开头那一行 → 函数名（function f、const f = (…) =>、f(…) { 方法） */
export function functionNameAt(line: string | undefined): string | undefined {
  if (!line) return undefined;
  const m = /(?:function\s*\*?\s*([\w$]+))|(?:(?:const|let|var)\s+([\w$]+)\s*=)|(?:^\s*(?:async\s+)?([\w$]+)\s*\()/.exec(line);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** npm 包名（含 @scope）；不在 node_modules 下返回 null */
function packageOf(rel: string): string | null {
  const at = rel.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const parts = rel.slice(at + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

export function createClassifier(root: string) {
  type Mapped = { map: SourceMap; dir: string; lines: Map<string, string[]> };
  const maps = new Map<string, Mapped | null>();
  const memo = new Map<string, Classified>();

  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      maps.set(file, fs.existsSync(mapFile) ? { map: new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))), dir: path.dirname(file), lines: new Map() } : null);
    }
    return maps.get(file)!;
  };

  /** 源文件的某一行（0 起）：优先 source map 里带的原文 */
  const sourceLine = (m: Mapped, source: string, line: number): string | undefined => {
    let lines = m.lines.get(source);
    if (!lines) {
      const payload = m.map.payload as { sources?: string[]; sourcesContent?: (string | null)[] };
      const at = payload.sources?.indexOf(source) ?? -1;
      lines = (at >= 0 ? payload.sourcesContent?.[at] : null)?.split('\n') ?? [];
      m.lines.set(source, lines);
    }
    return lines[line];
  };

  const bySource = (abs: string, fn?: string): Classified => {
    const rel = path.relative(root, abs).split(path.sep).join('/');
    const pkg = packageOf(rel);
    if (pkg) return { bucket: pkg === 'src' ? 'drizzle-orm' : pkg };
    if (OUR_DIRS.some((d) => rel.startsWith(d))) return { bucket: OURS, file: rel, fn };
    return { bucket: '其他' };
  };

  return (frame: CallFrame): Classified => {
    const { functionName, url, lineNumber, columnNumber } = frame;
    if (functionName === '(garbage collector)') return { bucket: 'GC' };
    if (functionName === '(program)') return { bucket: 'V8（program）' };
    if (!url) return { bucket: 'V8/Node 原生' };
    if (url.startsWith('node:')) return { bucket: 'Node 内置' };
    const key = `${url}:${lineNumber}:${columnNumber}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let out: Classified;
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    if (/[\\/]server[\\/]chunks[\\/]/.test(file) || /[\\/]server[\\/]app[\\/]/.test(file)) {
      const m = mapOf(file);
      const entry = m ? (m.map.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number }) : {};
      if (!entry.originalSource) out = { bucket: 'next' };
      else if (/^https?:/.test(entry.originalSource)) out = { bucket: '其他 npm 包' };
      else out = bySource(path.resolve(m!.dir, entry.originalSource), functionNameAt(sourceLine(m!, entry.originalSource, entry.originalLine ?? -1)));
    } else {
      out = bySource(file, frame.functionName || undefined);
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
  // 环节：每个样本记给最近一层不是 Node 内置的脚本帧（Node 内置如 new Response 建流、crypto 算在调用它的代码名下；
  // 原生的 JSON 函数记为序列化）。zod、Drizzle、pg、pino 只由我们的代码调用，无论栈上有没有我们的帧都算
  // （await 之后的续体，如 Drizzle 把行映射成对象，栈底已没有我们的函数）；别的包与 Next 只在栈上有我们的代码时才算“其他库”，
  // 否则是 Next 自己的开销，不算环节。
  const oursOnStack = (id: number): boolean => {
    for (let p: number | undefined = id; p !== undefined; p = parent.get(p)) {
      const f = nodes.get(p)!.callFrame;
      if (!f.url || f.url.startsWith('node:')) continue;
      const c = classify(f);
      if (c.bucket === OURS && !FORWARDERS.some((x) => x.file === c.file && x.fn === c.fn)) return true;
    }
    return false;
  };
  const partMemo = new Map<number, string | null>();
  const partOfNode = (id: number): string | null => {
    const hit = partMemo.get(id);
    if (hit !== undefined) return hit;
    let part: string | null = null;
    for (let p: number | undefined = id; p !== undefined; p = parent.get(p)) {
      const f = nodes.get(p)!.callFrame;
      if (!f.url || f.url.startsWith('node:')) continue;
      part = partOf(classify(f));
      if (part === PART.other && !oursOnStack(id)) part = null;
      break;
    }
    const leaf = nodes.get(id)!.callFrame;
    if (part !== null && part !== PART.sql && !leaf.url && JSON_NATIVES.has(leaf.functionName)) part = PART.serialize;
    partMemo.set(id, part);
    return part;
  };
  const buckets = new Map<string, number>();
  const ourFiles = new Map<string, number>();
  const parts = new Map<string, number>();
  let busy = 0;
  // 采样器自己（cpu-profiler.mjs 开始、停止采样）不算：第一个样本的间隔里还含开始之前的时间
  const profilerMemo = new Map<number, boolean>();
  const isProfiler = (id: number): boolean => {
    let hit = profilerMemo.get(id);
    if (hit === undefined) {
      hit = false;
      for (let p: number | undefined = id; p !== undefined; p = parent.get(p)) if (nodes.get(p)!.callFrame.url.endsWith(PROFILER_SCRIPT)) hit = true;
      profilerMemo.set(id, hit);
    }
    return hit;
  };
  profile.samples.forEach((id, i) => {
    const frame = frameOf(id);
    const dt = i === 0 ? 0 : (profile.timeDeltas[i] ?? 0);
    if (frame.functionName === '(idle)' || frame.functionName === '(root)' || isProfiler(id)) return;
    busy += dt;
    const { bucket, file } = classify(frame);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + dt);
    if (file) ourFiles.set(file, (ourFiles.get(file) ?? 0) + dt);
    const part = partOfNode(id);
    if (part) parts.set(part, (parts.get(part) ?? 0) + dt);
  });
  return { busy, buckets, ourFiles, parts };
}

/**
 * 一行摘要：ours 是我们的请求路径（调度器到序列化，含其中调用的 zod、Drizzle、JSON、Node 内置，
 * 不含 SQL 即 pg 驱动、不含 Next 自己）占非空闲 CPU 的百分比；parts 是各环节；line 是按代码归属的前几类。
 */
export function summarize(b: Breakdown, top = 7): { ours: number; line: string; files: string; parts: string } {
  const pct = (v: number) => (b.busy ? (v / b.busy) * 100 : 0);
  let onPath = 0;
  for (const [k, v] of b.parts) if (k !== PART.sql) onPath += v;
  const ours = pct(onPath);
  const parts = [...b.parts.entries()]
    .sort((x, y) => y[1] - x[1])
    .map(([k, v]) => `${k} ${pct(v).toFixed(1)}%`)
    .join('，');
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
  return { ours, line, files, parts };
}
