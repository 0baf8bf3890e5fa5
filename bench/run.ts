// 基准测试：npm run bench [-- --case <名称>] [--duration 秒] [--connections 数] [--rebuild]
// 在 PostgreSQL 上启动生产构建，对 cases.ts 中的每条用例用 autocannon 压测应用与基线（floor.ts），
// 打印 req/s、p50/p99 与两者之比，以及应用进程的 CPU 按“谁的代码”的分布（cpu-breakdown.ts）。自建并最终删除数据库 bench_<时间戳>，不碰其他数据。见 bench/README.md。
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, stopChild } from './processes';
import { describeUrl } from '../lib/platform/db/client';
import { cases as allCases, type BenchCase } from './cases';
import { breakdown, createClassifier, summarize, type CpuProfile } from './cpu-breakdown';

const ROOT = path.resolve(__dirname, '..');
process.chdir(ROOT); // 迁移目录等按 process.cwd() 解析

// ---------- 选项 ----------

interface Options {
  adminUrl: string;
  duration: number;
  warmup: number;
  connections: number;
  poolMax: number;
  caseNames: string[];
  rebuild: boolean;
  /** 测量之后再压测这么多秒并采 CPU 样本；0 不采 */
  profile: number;
}

function usage(): string {
  return [
    '用法：npm run bench -- [--case 名称[,名称]] [--duration 秒] [--warmup 秒] [--connections 数] [--profile 秒] [--rebuild]',
    '环境变量：BENCH_DATABASE_URL（默认 postgres://postgres@127.0.0.1:5432/postgres）、BENCH_DURATION（10）、',
    '          BENCH_WARMUP（2）、BENCH_CONNECTIONS（20）、BENCH_PROFILE（3 秒，0 不采 CPU 样本）、DB_POOL_MAX（10，应用与基线相同）、NEXT_DIST_DIR（.next）',
    `用例：${allCases.map((c) => c.name).join('、')}`,
  ].join('\n');
}

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} 必须是正数：${raw}`);
  return n;
}

function parseOptions(argv: string[]): Options {
  const flags: Record<string, string> = {};
  const caseNames: string[] = [];
  let rebuild = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(usage());
      process.exit(0);
    }
    if (arg === '--rebuild') {
      rebuild = true;
      continue;
    }
    const m = /^--(case|duration|warmup|connections|profile)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`无法识别的参数：${arg}\n${usage()}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`参数 --${m[1]} 缺少取值`);
    if (m[1] === 'case') caseNames.push(...value.split(',').map((s) => s.trim()).filter(Boolean));
    else flags[m[1]] = value;
  }
  const env = process.env;
  return {
    adminUrl: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    duration: positive('duration', flags.duration ?? env.BENCH_DURATION, 10),
    warmup: positive('warmup', flags.warmup ?? env.BENCH_WARMUP, 2),
    connections: Math.round(positive('connections', flags.connections ?? env.BENCH_CONNECTIONS, 20)),
    poolMax: Math.round(positive('DB_POOL_MAX', env.DB_POOL_MAX, 10)),
    caseNames,
    rebuild,
    profile: (flags.profile ?? env.BENCH_PROFILE) === '0' ? 0 : positive('profile', flags.profile ?? env.BENCH_PROFILE, 3),
  };
}

// ---------- 进程与清理 ----------

const log = (msg: string) => console.log(`[bench] ${msg}`);

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(`[bench] 清理失败：${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  return cleaning;
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    console.error(`\n[bench] 收到 ${sig}，正在清理…`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** 子进程各自成组（detached），结束时按进程组 id 终止，连同它派生的进程。 */
function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, ipc = false): ChildProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const prefix = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let buf = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      buf += chunk;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  cleanups.push(() => stopChild(child));
  return child;
}

function waitExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------- 步骤 ----------

const nextBin = path.join(ROOT, 'node_modules/next/dist/bin/next');

async function ensureBuild(env: NodeJS.ProcessEnv, rebuild: boolean): Promise<void> {
  const distDir = env.NEXT_DIST_DIR || '.next';
  if (!rebuild && fs.existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) {
    log(`使用已有的生产构建 ${distDir}（代码有改动时加 --rebuild 重新构建）`);
    return;
  }
  log(`${distDir}/BUILD_ID 不存在${rebuild ? '或要求重建' : ''}，正在构建生产版本（next build）…`);
  const tsconfig = path.join(ROOT, 'tsconfig.json');
  const before = fs.readFileSync(tsconfig, 'utf8');
  let restored = false;
  const restore = async () => {
    if (restored) return;
    restored = true;
    restoreTsconfig(tsconfig, before, distDir);
  };
  cleanups.push(restore); // Ctrl-C 中断构建时也恢复
  try {
    const child = startChild('build', process.execPath, [nextBin, 'build'], env);
    const code = await waitExit(child);
    if (code !== 0) throw new Error(`next build 失败（退出码 ${code}）`);
  } finally {
    await restore();
  }
  log('构建完成');
}

/**
 * 输出目录不是 .next 时，next build 会把 `<distDir>/types/**` 写进 tsconfig.json 的 include 并重排格式。
 * 若改动仅此而已，恢复原文件，免得基准测试在工作区留下改动；否则（别人同时改了它）保持原样并提示。
 */
function restoreTsconfig(file: string, before: string, distDir: string): void {
  const after = fs.readFileSync(file, 'utf8');
  if (after === before) return;
  const added = new Set([`${distDir}/types/**/*.ts`, `${distDir}/dev/types/**/*.ts`]);
  try {
    const a = JSON.parse(after) as { include?: string[] };
    a.include = a.include?.filter((p) => !added.has(p));
    if (isDeepStrictEqual(a, JSON.parse(before))) {
      fs.writeFileSync(file, before);
      log(`next build 改写了 tsconfig.json（加入 ${distDir}/types），已恢复原样`);
      return;
    }
  } catch {
    /* 无法解析：保持原样 */
  }
  log('提示：构建期间 tsconfig.json 有改动，未自动恢复，请检查 git diff tsconfig.json');
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function adminQuery(adminUrl: string, sqlText: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}

async function createBenchDatabase(adminUrl: string): Promise<string> {
  const name = `bench_${Date.now()}`;
  try {
    const stale = await adminQuery(adminUrl, "select datname from pg_database where datname ~ '^bench_[0-9]+$'");
    if (stale.rows.length) {
      log(`提示：服务器上有之前残留的基准库 ${stale.rows.map((r) => r.datname).join('、')}（可用 drop database 删除）`);
    }
    await adminQuery(adminUrl, `create database "${name}"`);
  } catch (err) {
    const reason = err instanceof Error ? ((err as NodeJS.ErrnoException).code ?? err.message) : String(err);
    throw new Error(`无法在 ${describeUrl(adminUrl)} 上创建数据库（${reason}）：请启动 PostgreSQL 或设置 BENCH_DATABASE_URL`);
  }
  cleanups.push(async () => {
    await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    log(`已删除数据库 ${name}`);
  });
  log(`已创建数据库 ${name}`);
  return name;
}

/** 迁移并写入数据；返回要登录的用例的令牌（用例名 → 令牌） */
async function migrateAndSeed(url: string, poolMax: number, selected: BenchCase[]): Promise<Map<string, string>> {
  // 动态导入：在 chdir 到项目根之后再加载种子等模块。
  const { openPostgres, migrateDb } = await import('../lib/platform/db/client');
  const { seed } = await import('../db/seed');
  const { createSession } = await import('../lib/domains/user/session');
  const { users } = await import('../lib/domains/user/tables');
  const { eq } = await import('drizzle-orm');
  const opened = await openPostgres(url, poolMax);
  const tokens = new Map<string, string>();
  try {
    await migrateDb(opened);
    const report = await seed(opened.db);
    for (const c of selected) if (c.seed) await c.seed(opened.db);
    for (const c of selected) {
      if (!c.login) continue;
      const [u] = await opened.db.select({ id: users.id }).from(users).where(eq(users.account, c.login));
      if (!u) throw new Error(`用例 ${c.name} 要登录的账号 ${c.login} 不存在`);
      tokens.set(c.name, (await createSession(opened.db, u.id)).token);
    }
    log(`已迁移并写入数据：${report.areas} 条区划${selected.some((c) => c.seed) ? '，及用例自带的数据' : ''}`);
  } finally {
    await opened.close();
  }
  return tokens;
}

async function waitForHttp(name: string, url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} 启动失败：进程已退出（${child.exitCode ?? child.signalCode}）`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return; // 任何 HTTP 响应都说明已在监听
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${name} 在 ${timeoutMs / 1000} 秒内没有响应 ${url}`);
}

/** 应用进程预加载 cpu-profiler.mjs：收到 SIGUSR2 开始、再收到停止采样，样本写进 profileDir */
async function startApp(env: NodeJS.ProcessEnv, profileDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // 生产服务没有 PUBLIC_BASE_URL（证书二维码的站点地址）不启动
  const child = startChild('app', process.execPath, ['--import', pathToFileURL(path.join(ROOT, 'bench/cpu-profiler.mjs')).href, nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    ...env,
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL || base,
    BENCH_PROFILE_DIR: profileDir,
  });
  // 未登记的 /api 路径由调度器直接回 404，不触及数据库，用来确认服务已就绪。
  await waitForHttp('应用（next start）', `${base}/api/__bench_ready`, child, 60_000);
  log(`应用已就绪：${base}`);
  return { base, child };
}

async function startFloor(env: NodeJS.ProcessEnv): Promise<string> {
  const child = startChild('floor', process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/floor.ts')], env, true);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('基线服务 30 秒内没有就绪')), 30_000);
    child.on('message', (msg: { ready?: number }) => {
      if (typeof msg?.ready === 'number') {
        clearTimeout(timer);
        resolve(msg.ready);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`基线服务启动失败：进程已退出（${code}）`));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  log(`基线已就绪：${base}`);
  return base;
}

// ---------- 压测 ----------

interface Target {
  url: string;
  method: 'GET' | 'POST';
  body?: string | Buffer;
  headers: Record<string, string>;
}

async function targets(c: BenchCase, app: string, floor: string, token: string | undefined): Promise<{ app: Target; floor: Target }> {
  const raw = c.rawBody ? await c.rawBody() : null;
  const body = raw ? raw.body : c.body === undefined ? undefined : JSON.stringify(c.body);
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = raw ? raw.contentType : 'application/json';
  if (token) headers.authorization_token = token;
  return {
    app: { url: app + c.appPath, method: c.method, body, headers },
    floor: { url: `${floor}/${c.name}`, method: c.method, body, headers },
  };
}

async function fetchJson(t: Target): Promise<{ status: number; body: unknown; text: string }> {
  const res = await fetch(t.url, {
    method: t.method,
    body: typeof t.body === 'string' || t.body === undefined ? t.body : new Uint8Array(t.body),
    headers: t.headers,
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

/** 压测前确认两侧都返回 200 且响应体一致，否则基线不诚实或接口出错。 */
async function verify(c: BenchCase, t: { app: Target; floor: Target }): Promise<string | null> {
  const [a, f] = await Promise.all([fetchJson(t.app), fetchJson(t.floor)]);
  const clip = (s: string) => (s.length > 600 ? `${s.slice(0, 600)}…` : s);
  if (a.status !== 200) return `应用返回 HTTP ${a.status}：${clip(a.text)}`;
  if (f.status !== 200) return `基线返回 HTTP ${f.status}：${clip(f.text)}`;
  const norm = c.normalize ?? ((b: unknown) => b);
  if (!isDeepStrictEqual(norm(a.body), norm(f.body))) {
    return `应用与基线的响应体不一致（请修正 cases.ts 中 ${c.name} 的 floor）：\n  应用：${clip(a.text)}\n  基线：${clip(f.text)}`;
  }
  return null;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function load(t: Target, seconds: number, connections: number): Promise<Measured> {
  const r = await autocannon({
    url: t.url,
    method: t.method,
    body: t.body,
    headers: t.headers,
    connections,
    duration: seconds,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

interface CaseResult {
  name: string;
  /** 用例的“我们的代码”上限（%） */
  ourShareTarget?: number;
  app?: Measured;
  floor?: Measured;
  problem?: string;
  /** 应用进程 CPU 的分布 */
  cpu?: ReturnType<typeof summarize>;
}

/** 采样中的应用再压测 seconds 秒，取回样本并归类 */
async function profileApp(name: string, t: Target, app: AppProcess, seconds: number, connections: number): Promise<CaseResult['cpu']> {
  const file = path.join(app.profileDir, `${app.profiles}.cpuprofile`);
  app.profiles++;
  app.child.kill('SIGUSR2');
  await load(t, seconds, connections);
  app.child.kill('SIGUSR2');
  for (let i = 0; i < 100 && !fs.existsSync(`${file}.done`); i++) await sleep(100);
  if (!fs.existsSync(file)) return undefined;
  // BENCH_PROFILE_KEEP=<目录>：留下原始样本（<用例名>.cpuprofile），可在 Chrome DevTools 里打开细看
  const keep = process.env.BENCH_PROFILE_KEEP;
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    fs.copyFileSync(file, path.join(keep, `${name}.cpuprofile`));
  }
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  return summarize(breakdown(profile, app.classify));
}

interface AppProcess {
  base: string;
  child: ChildProcess;
  profileDir: string;
  profiles: number;
  classify: ReturnType<typeof createClassifier>;
}

function problems(side: string, m: Measured): string[] {
  const out: string[] = [];
  if (m.non2xx) out.push(`${side} 有 ${m.non2xx} 个非 2xx 响应`);
  if (m.errors) out.push(`${side} 有 ${m.errors} 个连接错误`);
  if (m.timeouts) out.push(`${side} 有 ${m.timeouts} 个超时`);
  if (!m.requests) out.push(`${side} 没有完成任何请求`);
  return out;
}

async function runCase(c: BenchCase, app: AppProcess, floor: string, o: Options, token: string | undefined): Promise<CaseResult> {
  const t = await targets(c, app.base, floor, token);
  log(`${c.name}：校验响应…`);
  const mismatch = await verify(c, t);
  if (mismatch) return { name: c.name, problem: mismatch };
  const result: CaseResult = { name: c.name, ourShareTarget: c.ourShareTarget };
  for (const side of ['app', 'floor'] as const) {
    log(`${c.name}：${side === 'app' ? '应用' : '基线'} 预热 ${o.warmup} 秒，测量 ${o.duration} 秒（${o.connections} 个连接）…`);
    await load(t[side], o.warmup, o.connections);
    result[side] = await load(t[side], o.duration, o.connections);
  }
  if (o.profile > 0) {
    log(`${c.name}：应用再压测 ${o.profile} 秒并采 CPU 样本…`);
    result.cpu = await profileApp(c.name, t.app, app, o.profile, o.connections);
  }
  const issues = [...problems('应用', result.app!), ...problems('基线', result.floor!)];
  if (issues.length) result.problem = issues.join('；');
  return result;
}

// ---------- 输出 ----------

/** 终端显示宽度：中日韩字符占两格。 */
function width(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return w;
}

function table(rows: string[][], rightAlignFrom = 1): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => width(r[i]))));
  const line = (r: string[]) =>
    r
      .map((cell, i) => {
        const pad = ' '.repeat(widths[i] - width(cell));
        return i >= rightAlignFrom ? pad + cell : cell + pad;
      })
      .join('  ');
  const sep = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]), sep, ...rows.slice(1).map(line)].join('\n');
}

function report(results: CaseResult[], o: Options): void {
  const n = (v: number | undefined, digits = 0) => (v === undefined ? '-' : v.toFixed(digits));
  const ms = (v: number | undefined) => (v === undefined ? '-' : `${v}`);
  const rows = [
    ['用例', '应用 req/s', '基线 req/s', '应用/基线', '应用 p50', '应用 p99', '基线 p50', '基线 p99'],
    ...results.map((r) => [
      r.name,
      n(r.app?.rps),
      n(r.floor?.rps),
      r.app && r.floor && r.floor.rps > 0 ? `${((r.app.rps / r.floor.rps) * 100).toFixed(1)}%` : '-',
      ms(r.app?.p50),
      ms(r.app?.p99),
      ms(r.floor?.p50),
      ms(r.floor?.p99),
    ]),
  ];
  console.log(`\n基准结果（每侧测量 ${o.duration} 秒，${o.connections} 个连接，连接池 ${o.poolMax}；延迟单位 ms）\n`);
  console.log(table(rows));
  console.log('');
  const profiled = results.filter((r) => r.cpu);
  if (profiled.length) {
    console.log('应用进程的 CPU（非空闲采样）按代码归属；“我们的代码”是调度器到序列化（含其中的 zod、Drizzle、JSON，不含 SQL 与 Next 自己）：\n');
    console.log(table([['用例', '我们的代码', '分布（前 7 类）'], ...profiled.map((r) => [r.name, `${r.cpu!.ours.toFixed(1)}%`, r.cpu!.line])], 1));
    console.log('\n我们的代码按环节（占全部非空闲 CPU；SQL 为栈上有我们的代码时 pg 驱动的时间，不计入）：');
    for (const r of profiled) if (r.cpu!.parts) console.log(`  ${r.name}：${r.cpu!.parts}`);
    console.log('\n我们的代码里最耗 CPU 的文件：');
    for (const r of profiled) if (r.cpu!.files) console.log(`  ${r.name}：${r.cpu!.files}`);
    for (const r of profiled.filter((x) => x.ourShareTarget !== undefined)) {
      const met = r.cpu!.ours <= r.ourShareTarget!;
      console.log(`\n目标：${r.name} 我们的代码 ≤ ${r.ourShareTarget}%，本次 ${r.cpu!.ours.toFixed(1)}%，${met ? '达到' : '未达到'}`);
    }
    console.log('');
  }
  for (const r of results) if (r.problem) console.error(`[bench] ✗ ${r.name}：${r.problem}`);
}

// ---------- 主流程 ----------

async function main(): Promise<number> {
  const o = parseOptions(process.argv.slice(2));
  const selected = o.caseNames.length ? allCases.filter((c) => o.caseNames.includes(c.name)) : allCases;
  const unknown = o.caseNames.filter((n) => !allCases.some((c) => c.name === n));
  if (unknown.length) throw new Error(`没有这些用例：${unknown.join('、')}\n${usage()}`);
  if (!selected.length) throw new Error('没有要运行的用例');

  const baseEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DB_POOL_MAX: String(o.poolMax) };
  // 种子（本进程）、应用与基线用同一对加密密钥：否则种子按本机开发密钥加密，应用解不开
  baseEnv.DATA_KEY ||= `bench:${'c3'.repeat(32)}`;
  baseEnv.DATA_INDEX_KEY ||= 'd4'.repeat(32);
  process.env.DATA_KEY = baseEnv.DATA_KEY;
  process.env.DATA_INDEX_KEY = baseEnv.DATA_INDEX_KEY;
  await ensureBuild(baseEnv, o.rebuild);

  const dbName = await createBenchDatabase(o.adminUrl);
  const dbUrl = withDatabase(o.adminUrl, dbName);
  // 上传用例写的文件：两侧各一个临时目录，结束时删除
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const floorUploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-uploads-'));
  cleanups.push(async () => {
    fs.rmSync(uploadDir, { recursive: true, force: true });
    fs.rmSync(floorUploadDir, { recursive: true, force: true });
  });
  // 种子也经存储写文件：与应用用同一个目录
  process.env.UPLOAD_DIR = uploadDir;
  const tokens = await migrateAndSeed(dbUrl, o.poolMax, selected);

  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profiles-'));
  cleanups.push(async () => fs.rmSync(profileDir, { recursive: true, force: true }));
  const started = await startApp({ ...baseEnv, NODE_ENV: 'production', DATABASE_URL: dbUrl, UPLOAD_DIR: uploadDir, STORAGE_DRIVER: 'local', AUTH_SECRET: baseEnv.AUTH_SECRET || 'bench-only-secret-0123456789abcdef0123456789abcdef', CERT_SIGNING_KEY: baseEnv.CERT_SIGNING_KEY || generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }, profileDir);
  const app: AppProcess = { ...started, profileDir, profiles: 0, classify: createClassifier(ROOT) };
  const floor = await startFloor({ ...baseEnv, NODE_ENV: 'production', FLOOR_DATABASE_URL: dbUrl, FLOOR_PORT: '0', FLOOR_UPLOAD_DIR: floorUploadDir });

  const results: CaseResult[] = [];
  for (const c of selected) results.push(await runCase(c, app, floor, o, tokens.get(c.name)));
  report(results, o);
  return results.some((r) => r.problem) ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(`[bench] 失败：${err instanceof Error ? err.message : String(err)}`);
    await cleanup();
    process.exit(1);
  });
