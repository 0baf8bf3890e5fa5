// npm run test:multi —— 两个生产实例（next start）共用一个 PostgreSQL，前面是 Debian 的 nginx（deploy/nginx/portal.conf），
// 经 nginx 与直连两个实例，用 HTTP 证明应用可以无状态地多实例运行：
//   会话在一个实例上建立，另一个实例认得；在一个实例上退出或冻结账号，另一个实例上的会话立即失效；
//   登录锁定计数、短信的发送间隔、每日条数、按 IP 每小时条数与验证码错误次数在实例之间共用（都在 PostgreSQL 里）；
//   定时任务每次到期只执行一次（不是每个实例一次）；一个实例上传的文件另一个实例读得到（共用的上传目录）；
//   推送（LISTEN/NOTIFY）：经 A 产生的消息 2 秒内到达连在 B 上的浏览器，A 上冻结账号 2 秒内结束它在 B 上的推送流，
//   断线重连与 LISTEN 连接被杀后都不丢消息。
// 复用 NEXT_DIST_DIR（默认 .next）里已有的生产构建，没有时先构建；PostgreSQL 取 MULTI_DATABASE_URL、TEST_DATABASE_URL
// 或 postgres://postgres@127.0.0.1:5432/postgres，在上面建一个临时库，结束时删除；nginx 缺少时用 apt-get 安装。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gte, sql } from 'drizzle-orm';
import { openPostgres, type OpenedDb } from '@/lib/platform/db/client';
import { smsCodes, users } from '@/lib/domains/user/tables';
import { SseReader, type SseFrame } from '../helpers/sse';
import { scheduleJobRuns, scheduleJobs } from '@/lib/domains/ops/tables';
import { JOB_DEFINITIONS } from '@/lib/domains/ops/jobs';

// 两个实例与本脚本（直接读写加密列）用同一把数据密钥；模块求值时即设好，此后 keyRing() 读到的就是它
process.env.DATA_KEY = `multi:${randomBytes(32).toString('hex')}`;
process.env.DATA_INDEX_KEY = randomBytes(32).toString('hex');

const ROOT = path.resolve(__dirname, '../..');
const DIST_DIR = process.env.NEXT_DIST_DIR || '.next';
const BASE_URL = process.env.MULTI_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SMS_CODE = '135790';
const DEMO_PASSWORD = 'Demo@2026';
const ADMIN_PASSWORD = 'Admin@2026';
const START_TIMEOUT_MS = 240_000;

// ---------------------------------------------------------------- 小工具

const started = Date.now();
const log = (msg: string) => console.log(`[multi ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
let passed = 0;
function check(cond: unknown, what: string, detail?: unknown): void {
  if (!cond) throw new Error(`✗ ${what}${detail === undefined ? '' : `\n  实际：${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`);
  passed++;
  console.log(`  ✓ ${what}`);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function which(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    const p = path.join(dir, cmd);
    if (fs.existsSync(p)) return p;
  }
  return null;
}

// ---------------------------------------------------------------- HTTP

interface Reply<T = unknown> {
  status: number;
  body: { returnCode?: number; returnMsg?: string; success?: boolean; data?: T } & Record<string, unknown>;
  headers: Headers;
  bytes?: Buffer;
}

interface CallOpts {
  token?: string;
  json?: unknown;
  form?: FormData;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  raw?: boolean;
}

async function api<T = unknown>(base: string, method: string, p: string, opts: CallOpts = {}): Promise<Reply<T>> {
  const url = new URL(p.startsWith('/files/') ? p : `/api${p}`, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set('authorization_token', opts.token);
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  if (opts.raw) return { status: res.status, body: {}, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  const text = await res.text();
  let parsed: Reply['body'] = {};
  try {
    parsed = JSON.parse(text) as Reply['body'];
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed as Reply<T>['body'], headers: res.headers };
}

async function login(base: string, account: string, password: string): Promise<string> {
  const r = await api<{ authorizationToken: string }>(base, 'POST', '/user/login', { json: { account, password } });
  if (r.body.returnCode !== 200) throw new Error(`${account} 登录失败：${JSON.stringify(r.body)}`);
  return r.body.data!.authorizationToken;
}

/** 一个需要登录的轻量接口：会话有效时 returnCode 200 */
const whoAmI = (base: string, token: string) => api(base, 'GET', '/index/getUserRouters', { token });

/** 推送的送达时限（issue 32：2 秒） */
const PUSH_DEADLINE_MS = 2000;
const pushStreams: AbortController[] = [];

/** 连一条推送流（像浏览器的 EventSource，凭令牌），读到 ready 为止 */
async function pushStream(base: string, token: string, lastEventId?: string) {
  const abort = new AbortController();
  pushStreams.push(abort);
  const headers: Record<string, string> = { authorization_token: token };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await fetch(`${base}/api/push`, { headers, signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`✗ 推送流没有连上（${res.status}）：${await res.text()}`);
  const reader = new SseReader(res.body);
  // 带 Last-Event-ID 时补发的事件在 ready 之前
  const replayed: SseFrame[] = [];
  for (;;) {
    const f = await reader.next(5000);
    if (f === null || f === 'end') throw new Error(`✗ 推送流没有给 ready：${JSON.stringify(f)}`);
    if (f.type === 'ready') return { reader, ready: f, replayed, res, close: () => abort.abort() };
    replayed.push(f);
  }
}

/** 等下一条某类型的事件（跳过其他类型），返回它与等了多久 */
async function nextOfType(reader: SseReader, type: string, timeoutMs: number): Promise<{ frame: SseFrame | null; ms: number }> {
  const t0 = Date.now();
  for (;;) {
    const left = timeoutMs - (Date.now() - t0);
    const f = left > 0 ? await reader.next(left) : null;
    if (f === null || f === 'end') return { frame: null, ms: Date.now() - t0 };
    if (f.type === type) return { frame: f, ms: Date.now() - t0 };
  }
}

// ---------------------------------------------------------------- 进程

const children: ChildProcess[] = [];
let tmp = '';
let dbName = '';
let admin: OpenedDb | null = null;

function startChild(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const out = fs.openSync(path.join(tmp, `${name}.log`), 'a');
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[multi] ${name} 意外退出（${code ?? signal}），日志：${path.join(tmp, `${name}.log`)}`);
  });
  return child;
}

function tail(name: string, lines = 40): string {
  const file = path.join(tmp, `${name}.log`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

let stopping = false;
async function cleanup(): Promise<void> {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  const deadline = Date.now() + 8000;
  while (children.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) await sleep(100);
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await admin?.close().catch(() => {});
  if (dbName) {
    const { Client } = await import('pg');
    const c = new Client({ connectionString: BASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
  if (tmp && !process.env.MULTI_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
}

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((max, e) => Math.max(max, newestMtime(path.join(p, e))), st.mtimeMs);
}

function ensureBuild(): void {
  const buildId = path.join(ROOT, DIST_DIR, 'BUILD_ID');
  if (fs.existsSync(buildId) && !process.argv.includes('--build')) {
    const builtAt = fs.statSync(buildId).mtimeMs;
    const newer = ['app', 'lib', 'components', 'db', 'instrumentation.ts', 'proxy.ts'].filter((s) => newestMtime(path.join(ROOT, s)) > builtAt);
    log(`复用已有的生产构建 ${DIST_DIR}${newer.length ? `（注意：${newer.join('、')} 比构建新；要测最新的代码请加 --build）` : ''}`);
    return;
  }
  log(`构建生产版本到 ${DIST_DIR}（约 2–5 分钟）`);
  const r = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) throw new Error('生产构建失败');
}

function ensureNginx(): string {
  const found = which('nginx');
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error('没有 nginx：请以 root 运行（脚本会 apt-get install nginx），或先 apt-get install -y nginx');
  log('安装 Debian 的 nginx（apt-get）');
  // 安装时不让软件包自己启动系统的 nginx 服务（占 80 端口）：policy-rc.d 返回 101
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !fs.existsSync(policy);
  if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error('apt-get install nginx 失败');
  } finally {
    if (ownPolicy) fs.rmSync(policy, { force: true });
  }
  const installed = which('nginx');
  if (!installed) throw new Error('安装后仍找不到 nginx');
  return installed;
}

/** deploy/nginx/portal.conf 换上本机的两个实例与监听端口，外面包一层可以非守护、非 root 目录运行的 nginx.conf */
function nginxConfig(ports: number[], listen: number): string {
  let site = fs.readFileSync(path.join(ROOT, 'deploy/nginx/portal.conf'), 'utf8');
  const upstreamServers = /^\s*server\s+app-multi:3000[^;]*;\s*$/m;
  if (!upstreamServers.test(site)) throw new Error('deploy/nginx/portal.conf 里找不到 upstream 的 server app-multi:3000 一行');
  site = site.replace(upstreamServers, ports.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n'));
  if (!/^\s*listen 80;\s*$/m.test(site)) throw new Error('deploy/nginx/portal.conf 里找不到 listen 80;');
  // 测试用：答复头里带上游地址，据此确认请求确实分到了两个实例
  site = site.replace(/^\s*listen 80;\s*$/m, `    listen 127.0.0.1:${listen};\n    add_header X-Upstream $upstream_addr always;`);
  fs.writeFileSync(path.join(tmp, 'portal.conf'), site);
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(tmp, 'nginx', d), { recursive: true, mode: 0o777 });
  return `worker_processes 1;
daemon off;
pid ${tmp}/nginx.pid;
error_log ${tmp}/nginx-error.log warn;
events { worker_connections 512; }
http {
  access_log ${tmp}/nginx-access.log;
  client_body_temp_path ${tmp}/nginx/client_body;
  proxy_temp_path ${tmp}/nginx/proxy;
  fastcgi_temp_path ${tmp}/nginx/fastcgi;
  uwsgi_temp_path ${tmp}/nginx/uwsgi;
  scgi_temp_path ${tmp}/nginx/scgi;
  include ${tmp}/portal.conf;
}
`;
}

async function waitHealthy(base: string, name: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const r = await api(base, 'GET', '/health');
      if (r.status === 200) return;
      last = `${r.status} ${JSON.stringify(r.body)}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(1000);
  }
  throw new Error(`${name} 在 ${START_TIMEOUT_MS / 1000} 秒内没有就绪（${last}）\n${tail(name)}`);
}

// ---------------------------------------------------------------- 场景

async function main() {
  ensureBuild();
  const nginxBin = ensureNginx();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-multi-'));
  fs.chmodSync(tmp, 0o755);
  const uploads = path.join(tmp, 'uploads');
  fs.mkdirSync(uploads);

  const { Client } = await import('pg');
  dbName = `multi_${Date.now().toString(36)}_${process.pid}`;
  const c = new Client({ connectionString: BASE_URL });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
  const dbUrl = withDatabase(BASE_URL, dbName);
  log(`临时库 ${dbName}，共用上传目录 ${uploads}`);

  const fixedPorts = (process.env.MULTI_PORTS ?? '').split(',').map(Number).filter(Boolean);
  const [portA, portB, portLb] = fixedPorts.length === 3 ? fixedPorts : [await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: DIST_DIR,
    DATABASE_URL: dbUrl,
    SEED_DEMO_DATA: 'true',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // 两个实例必须用同一把数据密钥：env 在两个实例间共用
    DATA_KEY: process.env.DATA_KEY,
    DATA_INDEX_KEY: process.env.DATA_INDEX_KEY,
    // 两个实例共用同一把证书签名私钥（生产实例没有它不启动）
    CERT_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // 生产实例没有站点地址不启动；两个实例对外都是 nginx 的地址
    PUBLIC_BASE_URL: `http://127.0.0.1:${portLb}`,
    STORAGE_DRIVER: 'local',
    UPLOAD_DIR: uploads,
    SCHEDULER_TICK_SECONDS: '1',
    SCHEDULER_DISABLED: '',
    TRUSTED_PROXIES: '127.0.0.1,::1',
    SMS_PROVIDER: 'fixed',
    SMS_FIXED_CODE: SMS_CODE,
  };
  // 两个实例同时启动：迁移（咨询锁）与首次写入演示数据（咨询锁）在并发启动时也只做一次
  log(`启动实例 A :${portA} 与实例 B :${portB}（同时启动，空库）`);
  for (const [name, port] of [['A', portA], ['B', portB]] as const) {
    startChild(name, process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], { ...env, PORT: String(port) });
  }
  fs.writeFileSync(path.join(tmp, 'nginx.conf'), nginxConfig([portA, portB], portLb));
  startChild('nginx', nginxBin, ['-p', tmp, '-c', path.join(tmp, 'nginx.conf')], process.env);

  const A = `http://127.0.0.1:${portA}`;
  const B = `http://127.0.0.1:${portB}`;
  const LB = `http://127.0.0.1:${portLb}`;
  await Promise.all([waitHealthy(A, 'A'), waitHealthy(B, 'B')]);
  await waitHealthy(LB, 'nginx');
  log('两个实例与 nginx 都已就绪');
  admin = await openPostgres(dbUrl, 2);
  const db = admin.db;

  console.log('\n健康检查');
  for (const [name, base] of [['实例 A', A], ['实例 B', B], ['nginx', LB]]) {
    const r = await api<never>(base, 'GET', '/health');
    check(r.status === 200 && r.body.status === 'ok', `${name} GET /api/health 200（数据库、迁移、存储）`, r.body);
  }
  const seen = new Set<string>();
  for (let i = 0; i < 6; i++) seen.add((await api(LB, 'GET', '/health/live')).headers.get('x-upstream') ?? '');
  check(seen.has(`127.0.0.1:${portA}`) && seen.has(`127.0.0.1:${portB}`), 'nginx 把请求轮流分给两个实例', [...seen]);
  const seeders = ['A', 'B'].filter((name) => tail(name, 400).includes('[seed] 内置数据库为空'));
  const startErrors = ['A', 'B'].filter((name) => /duplicate key|\[db\]|Error:/.test(tail(name, 400)));
  check(seeders.length === 1 && startErrors.length === 0, '两个实例同时首次启动：只有一个写入演示数据，另一个等它写完，启动日志里没有错误', { seeders, startErrors });

  console.log('\n会话');
  const adminToken = await login(A, 'admin', ADMIN_PASSWORD);
  check((await whoAmI(B, adminToken)).body.returnCode === 200, '在 A 登录得到的令牌，B 认得');
  const viaLb = await Promise.all(Array.from({ length: 4 }, () => whoAmI(LB, adminToken)));
  check(viaLb.every((r) => r.body.returnCode === 200), '经 nginx 连续 4 次请求（分到两个实例）都认得这个会话');
  const loginRes = await fetch(`${B}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'teacher', password: DEMO_PASSWORD }) });
  const cookie = loginRes.headers.getSetCookie().map((s) => s.split(';')[0]).join('; ');
  check(cookie.includes('Access-Token='), '在 B 登录设置 Access-Token Cookie');
  const byCookie = await api(A, 'GET', '/index/getUserRouters', { headers: { cookie } });
  check(byCookie.body.returnCode === 200, '带 B 发的 Cookie 访问 A：已登录', byCookie.body.returnMsg);

  const t1 = await login(LB, 'teacher', DEMO_PASSWORD);
  check((await whoAmI(A, t1)).body.returnCode === 200, '经 nginx 登录的会话在 A 有效');
  const out = await api(B, 'GET', '/user/logout', { token: t1 });
  check(out.body.returnCode === 200, '在 B 退出登录');
  const afterLogout = await whoAmI(A, t1);
  check(afterLogout.status === 401 && afterLogout.body.returnCode === 10005, '退出后 A 上同一令牌立即失效（10005）', afterLogout.body);

  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'teacher'));
  const t2 = await login(B, 'teacher', DEMO_PASSWORD);
  check((await whoAmI(B, t2)).body.returnCode === 200, 'teacher 在 B 重新登录');
  const frozen = await api(A, 'POST', '/account/frozen', { token: adminToken, json: { id: teacher.id } });
  check(frozen.body.returnCode === 200, '管理员在 A 冻结 teacher', frozen.body);
  const afterFreeze = await whoAmI(B, t2);
  check(afterFreeze.body.returnCode === 10005, '冻结后 teacher 在 B 的会话立即失效', afterFreeze.body);
  const frozenLogin = await api(LB, 'POST', '/user/login', { json: { account: 'teacher', password: DEMO_PASSWORD } });
  check(frozenLogin.body.returnMsg === '账号已被冻结，请联系管理员', '冻结后经 nginx 登录被拒绝', frozenLogin.body);
  await api(B, 'POST', '/account/unFrozen', { token: adminToken, json: { id: teacher.id } });

  console.log('\n登录锁定（计数在 PostgreSQL 的账号行上）');
  const order = [A, B, LB, A, B];
  const failures: Reply[] = [];
  for (const base of order) failures.push(await api(base, 'POST', '/user/login', { json: { account: 'supervisor', password: 'Wrong@2026' } }));
  check(failures.slice(0, 4).every((r) => r.status === 400), '密码错 4 次（A、B、nginx、A）：账号或密码错误', failures.map((r) => r.body.returnMsg));
  check(failures[4].status === 429, '第 5 次（在 B）锁定账号', failures[4].body);
  const lockedA = await api(A, 'POST', '/user/login', { json: { account: 'supervisor', password: DEMO_PASSWORD } });
  check(lockedA.status === 429, '锁定后在 A 用正确的密码也不能登录', lockedA.body);
  const logs = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.account, 'supervisor'), sql`${users.lockedUntil} > now()`));
  check(logs[0].n === 1, '锁定记在库里的账号行上（locked_until）');

  console.log('\n短信限频（sms_code 表）');
  const mobile1 = '13900000001';
  const first = await api(A, 'GET', '/user/sendVerCode', { query: { mobile: mobile1, purpose: 'register' } });
  check(first.body.returnCode === 200, '在 A 发送注册验证码', first.body);
  const again = await api(B, 'GET', '/user/sendVerCode', { query: { mobile: mobile1, purpose: 'register' } });
  check(again.status === 429 && String(again.body.returnMsg).startsWith('验证码发送过于频繁'), '60 秒内在 B 再发：过于频繁', again.body);
  const againLb = await api(LB, 'GET', '/user/sendVerCode', { query: { mobile: mobile1, purpose: 'register' } });
  check(againLb.status === 429, '经 nginx 再发：同样过于频繁');

  // 按 IP 每小时 50 条：同一个客户端地址（受信代理给的 X-Forwarded-For）发给 50 个不同号码，A、B 轮流
  const ip = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
  let sent = 0;
  for (let i = 0; i < 50; i++) {
    const r = await api(i % 2 ? B : A, 'GET', '/user/sendVerCode', { query: { mobile: `1390001${String(i).padStart(4, '0')}`, purpose: 'register' }, headers: { 'x-forwarded-for': ip } });
    if (r.body.returnCode === 200) sent++;
  }
  check(sent === 50, '同一 IP 在 A、B 轮流给 50 个号码各发一条：都成功', sent);
  const overIp = await api(LB, 'GET', '/user/sendVerCode', { query: { mobile: '13900019999', purpose: 'register' }, headers: { 'x-forwarded-for': ip } });
  check(overIp.status === 429 && overIp.body.returnMsg === '当前网络获取验证码过于频繁，请 1 小时后再试', '第 51 条（经 nginx）：该 IP 本小时已满', overIp.body);

  // 每个号码每天 10 条：库里已有当天 9 条（其他用途，61 秒前），A 发第 10 条，B 再发即超限
  const [owner] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.account, 'eval_org'));
  const mobile2 = owner.mobile!;
  const earlier = new Date(Date.now() - 61_000);
  await db.insert(smsCodes).values(
    Array.from({ length: 9 }, () => ({ mobile: mobile2, mobileIndex: blindIndex('mobile', mobile2), purpose: 'resetPassword', codeHash: 'x'.repeat(64), expiresAt: earlier, createdAt: earlier })),
  );
  const tenth = await api(A, 'GET', '/user/sendVerCode', { query: { mobile: mobile2, purpose: 'login' } });
  check(tenth.body.returnCode === 200, '当天第 10 条（在 A）成功', tenth.body);
  const eleventh = await api(B, 'GET', '/user/sendVerCode', { query: { mobile: mobile2, purpose: 'resetPassword' } });
  check(eleventh.status === 429 && String(eleventh.body.returnMsg).includes('今天获取验证码已达 10 次上限'), '第 11 条（在 B）：今天已达上限', eleventh.body);

  // 验证码错误次数：A 发的登录验证码，在 A、B、nginx 轮流输错 5 次后作废，正确的也不再接受
  const wrong: Reply[] = [];
  for (const base of [A, B, LB, A, B]) wrong.push(await api(base, 'POST', '/account/sms', { json: { mobile: mobile2, smsCode: '000000' } }));
  check(
    wrong.map((r) => r.body.returnMsg).join('|') ===
      ['验证码错误，还可尝试 4 次', '验证码错误，还可尝试 3 次', '验证码错误，还可尝试 2 次', '验证码错误，还可尝试 1 次', '验证码错误次数过多，请重新获取'].join('|'),
    '验证码输错：剩余次数在 A、B、nginx 之间连续递减',
    wrong.map((r) => r.body.returnMsg),
  );
  const right = await api(A, 'POST', '/account/sms', { json: { mobile: mobile2, smsCode: SMS_CODE } });
  check(right.body.returnMsg === '验证码错误次数过多，请重新获取', '作废后在 A 输入正确的验证码也被拒绝', right.body);

  console.log('\n定时任务（行锁 + 锁内复查到期）');
  // 空闲时不写执行记录的任务（外发队列每分钟一次，没有要送的就不记）数不出执行次数：只看它们到期后执行过（lastRunAt 前进，见下）
  const quiet = new Set(JOB_DEFINITIONS.filter((d) => d.quietWhenIdle).map((d) => d.code));
  const allJobs = await db.select({ id: scheduleJobs.id, code: scheduleJobs.code }).from(scheduleJobs).where(eq(scheduleJobs.enabled, true));
  const jobs = allJobs.filter((j) => !quiet.has(j.code));
  for (const [name, base] of [['A', A], ['B', B]]) {
    const s = await api<{ scheduler: { running: boolean; tickSeconds: number; lastTickAt: string | null }; instance: { pid: number } }>(base, 'GET', '/sys/server/status', { token: adminToken });
    const sch = s.body.data?.scheduler;
    check(sch?.running && sch.tickSeconds === 1 && sch.lastTickAt, `实例 ${name} 在运行定时器（服务监控接口，每秒检查一次）`, s.body.data?.scheduler ?? s.body);
  }
  for (let round = 1; round <= 3; round++) {
    const marker = new Date();
    // 让全部启用的任务同时到期；两个实例每秒都在检查
    await db.update(scheduleJobs).set({ lastRunAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(scheduleJobs.enabled, true));
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [{ left }] = await db.select({ left: sql<number>`count(*)::int` }).from(scheduleJobs).where(and(eq(scheduleJobs.enabled, true), sql`${scheduleJobs.lastRunAt} < ${marker.toISOString()}`));
      if (left === 0) break;
      if (Date.now() > deadline) throw new Error(`✗ 20 秒内还有 ${left} 个任务没有执行\n${tail('A')}\n${tail('B')}`);
      await sleep(300);
    }
    await sleep(3000); // 再给两个实例各 3 次检查的机会
    const runs = await db
      .select({ jobId: scheduleJobRuns.jobId, n: sql<number>`count(*)::int` })
      .from(scheduleJobRuns)
      .where(and(eq(scheduleJobRuns.trigger, 'schedule'), gte(scheduleJobRuns.startedAt, marker)))
      .groupBy(scheduleJobRuns.jobId);
    const counts = jobs.map((j) => runs.find((r) => r.jobId === j.id)?.n ?? 0);
    check(counts.every((n) => n === 1), `第 ${round} 轮：${jobs.length} 个到期的任务各执行一次（不是每个实例一次）`, Object.fromEntries(jobs.map((j, i) => [j.code, counts[i]])));
  }

  console.log('\n上传（共用的上传目录）');
  const pdf = Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n% ${randomBytes(8).toString('hex')}\n`);
  const fileName = 'multi-instance.pdf';
  const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), fileName);
  form.append('purpose', 'document');
  form.append('sign', md5(md5(fileName + (process.env.UPLOAD_SIGN_SUFFIX ?? 'hbskills'))));
  const up = await api<{ url: string; fileSize: number }[]>(A, 'POST', '/uploadMulti', { token: adminToken, form });
  check(up.body.success === true && up.body.data?.[0]?.url, '在 A 上传一个 PDF', up.body);
  const fileUrl = new URL(up.body.data![0].url, A).pathname;
  for (const [name, base] of [['B', B], ['nginx', LB]]) {
    const got = await api(base, 'GET', fileUrl, { token: adminToken, raw: true });
    check(got.status === 200 && got.bytes!.equals(pdf), `经 ${name} 读回同样的字节`, got.status);
  }

  console.log('\n推送（PostgreSQL LISTEN/NOTIFY 把一个实例上的改动送到连在另一个实例上的浏览器）');
  const pushUser = 'train_org';
  const [pushTarget] = await db.select({ id: users.id }).from(users).where(eq(users.account, pushUser));
  const userToken = await login(LB, pushUser, DEMO_PASSWORD);
  const onB = await pushStream(B, userToken);
  check(onB.res.headers.get('content-type')?.startsWith('text/event-stream') && onB.res.headers.get('x-accel-buffering') === 'no', `${pushUser} 在 B 上连上推送流（text/event-stream，不缓冲）`);
  const viaNginx = await pushStream(LB, userToken);
  check(viaNginx.ready.type === 'ready', '经 nginx 也连得上（/api/push 不缓冲）');

  /** 用户在 A 上提交一条意见反馈，管理员在 A 上回复：站内消息经 A 写入 */
  const noticeViaA = async (text: string) => {
    const submitted = await api<{ id: number }>(A, 'POST', '/feedback/submit', { token: userToken, json: { type: 'suggestion', content: text } });
    if (submitted.body.returnCode !== 200) throw new Error(`✗ 提交意见反馈失败：${JSON.stringify(submitted.body)}`);
    const t0 = Date.now();
    const replied = await api(A, 'POST', '/sys/feedback/reply', { token: adminToken, json: { id: submitted.body.data!.id, reply: `已收到：${text}` } });
    if (replied.body.returnCode !== 200) throw new Error(`✗ 回复意见反馈失败：${JSON.stringify(replied.body)}`);
    return t0;
  };
  let t0 = await noticeViaA('推送测试一');
  const firstNotice = await nextOfType(onB.reader, 'notice', 5000);
  const firstMs = firstNotice.frame ? Date.now() - t0 : Infinity;
  check(firstNotice.frame && firstMs <= PUSH_DEADLINE_MS, `管理员在 A 回复 → 消息 ${firstMs} ms 后到达 B 上的推送流（≤ ${PUSH_DEADLINE_MS} ms）`, firstNotice);
  check(
    firstNotice.frame && Object.keys(firstNotice.frame.data).sort().join() === 'id,kind,link,needsAction,title' && !JSON.stringify(firstNotice.frame.data).includes('推送测试一'),
    '事件只带消息编号、标题、类型与链接（不带正文）',
    firstNotice.frame?.data,
  );
  const viaNginxFrame = await nextOfType(viaNginx.reader, 'notice', 5000);
  check(viaNginxFrame.frame?.id === firstNotice.frame?.id, '经 nginx 的推送流也收到同一条（同一编号）', viaNginxFrame.frame);

  // 断线：B 上的连接被掐断期间经 A 又来一条，重连带 Last-Event-ID 补发，一条不少
  const lastId = firstNotice.frame!.id;
  onB.close();
  await noticeViaA('推送测试二（断线期间）');
  await sleep(300);
  const resumed = await pushStream(B, userToken, lastId);
  const missed: SseFrame[] = resumed.replayed.filter((f) => f.type === 'notice');
  for (;;) {
    const f = await resumed.reader.next(1000);
    if (f === null || f === 'end') break;
    if (f.type === 'notice') missed.push(f);
  }
  check(missed.length === 1 && Number(missed[0].id) > Number(lastId), '掐断 B 上的连接后重连（Last-Event-ID）：补发断开期间的那一条，不多不少', missed);

  // 实例的 LISTEN 连接被数据库踢掉：1 秒后重连并从表里补取，期间的消息照样送到
  const killed = await db
    .select({ ok: sql<boolean>`pg_terminate_backend(pid)` })
    .from(sql`pg_stat_activity`)
    .where(sql`datname = current_database() and query = 'LISTEN push'`);
  check(killed.length === 2 && killed.every((k) => k.ok), '数据库踢掉两个实例的 LISTEN 连接', killed);
  t0 = await noticeViaA('推送测试三（LISTEN 断开期间）');
  const afterKill = await nextOfType(resumed.reader, 'notice', 10_000);
  check(afterKill.frame !== null, `LISTEN 重连后补发：消息 ${Date.now() - t0} ms 后仍到达 B 上的推送流`, afterKill);

  // 冻结：A 上冻结账号，它在 B 上的推送流 2 秒内收到 revoked 并结束
  const fresh = await pushStream(B, userToken);
  t0 = Date.now();
  const froze = await api(A, 'POST', '/account/frozen', { token: adminToken, json: { id: pushTarget.id } });
  check(froze.body.returnCode === 200, `管理员在 A 冻结 ${pushUser}`, froze.body);
  const revoked = await nextOfType(fresh.reader, 'revoked', 5000);
  const revokedMs = revoked.frame ? Date.now() - t0 : Infinity;
  check(revoked.frame?.data.reason === 'frozen' && revokedMs <= PUSH_DEADLINE_MS, `B 上的推送流 ${revokedMs} ms 后收到 revoked（frozen），标签页据此转登录页（≤ ${PUSH_DEADLINE_MS} ms）`, revoked.frame);
  check((await fresh.reader.next(2000)) === 'end', '随后 B 结束这条推送流');
  const refused = await fetch(`${B}/api/push`, { headers: { authorization_token: userToken } });
  check(refused.status === 401, '冻结后再连推送：401', refused.status);
  await api(A, 'POST', '/account/unFrozen', { token: adminToken, json: { id: pushTarget.id } });
  for (const a of pushStreams) a.abort();

  console.log(`\n全部通过：${passed} 项检查（${((Date.now() - started) / 1000).toFixed(0)} 秒）`);
}

main()
  .then(cleanup)
  .catch(async (err) => {
    console.error(`\n${err instanceof Error ? err.message : err}`);
    if (tmp) for (const name of ['A', 'B', 'nginx-error']) if (fs.existsSync(path.join(tmp, `${name}.log`))) console.error(`\n--- ${name}.log（末尾）---\n${tail(name, 30)}`);
    await cleanup().catch(() => {});
    process.exit(1);
  });
