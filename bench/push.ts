// npm run bench:push —— 一个 next start 实例持有 N 条（默认 500）空闲的推送连接（GET /api/push，SSE）时的内存：
// 记下连接前、全部连上并空闲一段时间后、向全部连接推一条事件（测送达用时）后、全部断开后的进程 RSS，以及当时的负载。
// 复用 NEXT_DIST_DIR（默认 .next）里已有的生产构建；在 BENCH_DATABASE_URL 的服务器上建临时库（迁移，只建一个账号），结束时删除。
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openPostgres, migrateDb, type OpenedDb } from '../lib/platform/db/client';
import { users } from '../lib/domains/user/tables';
import { createSession } from '../lib/domains/user/session';
import { notify } from '../lib/domains/message/service';
import { SseReader } from '../tests/helpers/sse';
import { freePort } from './processes';

const ROOT = path.resolve(__dirname, '..');
const DIST_DIR = process.env.NEXT_DIST_DIR || '.next';
const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = Number(process.env.BENCH_PUSH_CONNECTIONS || 500);
/** 全部连上后空闲多久再量（至少跨过一次心跳） */
const IDLE_SECONDS = Number(process.env.BENCH_PUSH_IDLE || 30);
const START_TIMEOUT_MS = 240_000;
/** 一次并发发起的连接数：一下子 500 个握手在繁忙的机器上会超时 */
const OPEN_BATCH = 50;
/** 每个账号的连接数（每个用户的上限默认 8） */
const TABS_PER_USER = 5;

const started = Date.now();
const log = (msg: string) => console.log(`[bench:push ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 进程及其子进程的 RSS 合计（MB），读 /proc */
function treeRssMb(pid: number): number {
  const children = (p: number): number[] => {
    try {
      return fs
        .readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  let kb = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      // 进程已退出
    }
    stack.push(...children(p));
  }
  return kb / 1024;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

let child: ChildProcess | null = null;
let admin: OpenedDb | null = null;
let dbName = '';

async function cleanup(): Promise<void> {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await sleep(1000);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await admin?.close().catch(() => {});
  if (dbName) {
    const { Client } = await import('pg');
    const c = new Client({ connectionString: BASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, DIST_DIR, 'BUILD_ID'))) throw new Error(`没有生产构建 ${DIST_DIR}：先 NEXT_DIST_DIR=${DIST_DIR} npx next build`);
  const { Client } = await import('pg');
  dbName = `bench_push_${Date.now().toString(36)}`;
  const c = new Client({ connectionString: BASE_URL });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
  const u = new URL(BASE_URL);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  admin = await openPostgres(dbUrl, 2);
  await migrateDb(admin);
  // 像真实的部署：每个账号开几个标签页（不超过每个用户的上限），账号数 = 连接数 / 每账号连接数
  const userCount = Math.ceil(CONNECTIONS / TABS_PER_USER);
  const created = await admin.db
    .insert(users)
    .values(
      Array.from({ length: userCount }, (_, i) => ({ code: `BENCHPUSH${i}`, account: `bench_push_${i}`, passwordHash: 'x', nickName: `推送基准${i}`, userType: 'ADMIN', level: 'province' })),
    )
    .returning({ id: users.id });
  const userIds = created.map((u) => u.id);
  const tokens = await Promise.all(userIds.map(async (id) => (await createSession(admin!.db, id)).token));

  const port = Number(process.env.BENCH_PUSH_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  log(`启动 next start :${port}（${DIST_DIR}，临时库 ${dbName}）`);
  child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: DIST_DIR,
      DATABASE_URL: dbUrl,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_BASE_URL: base,
      SCHEDULER_DISABLED: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // 还没起来
    }
    if (Date.now() > deadline) throw new Error('next start 没有就绪');
    await sleep(1000);
  }
  // 预热：一条连接 + 一条事件，让路由、hub 与 LISTEN 都已加载
  // Node 自带的 fetch 对同一地址不限连接数；心跳（25 秒）短于它的读超时（300 秒）
  const openOne = async (i: number) => {
    const res = await fetch(`${base}/api/push`, { headers: { authorization_token: tokens[i % tokens.length] } });
    if (res.status !== 200 || !res.body) throw new Error(`连接失败：${res.status} ${await res.text()}`);
    const reader = new SseReader(res.body as ReadableStream<Uint8Array>);
    const ready = await reader.next(60_000);
    if (ready === null || ready === 'end' || ready.type !== 'ready') throw new Error(`没有收到 ready：${JSON.stringify(ready)}`);
    return reader;
  };
  const warm = await openOne(0);
  await notify(admin.db, [userIds[0]], { title: '预热' });
  await warm.next(10_000);
  await warm.cancel();
  await sleep(5000);

  const rssBefore = treeRssMb(child.pid!);
  const loadBefore = load();
  log(`连接前 RSS ${rssBefore.toFixed(1)} MB（负载 ${loadBefore}）`);

  const readers: SseReader[] = [];
  const t0 = Date.now();
  for (let i = 0; i < CONNECTIONS; i += OPEN_BATCH) {
    readers.push(...(await Promise.all(Array.from({ length: Math.min(OPEN_BATCH, CONNECTIONS - i) }, (_, k) => openOne(i + k)))));
  }
  const openMs = Date.now() - t0;
  log(`${readers.length} 条连接（${userIds.length} 个账号各 ${TABS_PER_USER} 条）全部连上（${(openMs / 1000).toFixed(1)} 秒），空闲 ${IDLE_SECONDS} 秒`);
  await sleep(IDLE_SECONDS * 1000);
  const rssIdle = treeRssMb(child.pid!);
  const loadIdle = load();
  log(`空闲 ${IDLE_SECONDS} 秒后 RSS ${rssIdle.toFixed(1)} MB（负载 ${loadIdle}）`);

  const t1 = Date.now();
  await notify(admin.db, userIds, { title: '推给全部连接', kind: 'audit' });
  const arrivals = await Promise.all(
    readers.map(async (r) => {
      for (;;) {
        const f = await r.next(30_000);
        if (f === null || f === 'end') return Infinity;
        if (f.type === 'notice') return Date.now() - t1;
      }
    }),
  );
  const delivered = arrivals.filter(Number.isFinite).sort((a, b) => a - b);
  const pct = (p: number) => delivered[Math.min(delivered.length - 1, Math.floor((p / 100) * delivered.length))];
  log(`一条事件送达 ${delivered.length}/${readers.length} 条连接：中位 ${pct(50)} ms，p99 ${pct(99)} ms，最慢 ${delivered.at(-1)} ms`);
  const rssAfterEvent = treeRssMb(child.pid!);

  await Promise.all(readers.map((r) => r.cancel()));
  await sleep(5000);
  const rssClosed = treeRssMb(child.pid!);
  log(`全部断开 5 秒后 RSS ${rssClosed.toFixed(1)} MB`);

  const perConnKb = ((rssIdle - rssBefore) * 1024) / readers.length;
  console.log('\n| 日期 | 连接数 | 连接前 RSS | 空闲后 RSS | 增长 | 每条连接 | 推一条事件后 | 断开后 | 送达（中位 / p99） | 负载（1/5/15 分钟，空闲时） |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | ${readers.length} | ${rssBefore.toFixed(0)} MB | ${rssIdle.toFixed(0)} MB | ${(rssIdle - rssBefore).toFixed(1)} MB | ${perConnKb.toFixed(0)} KB | ${rssAfterEvent.toFixed(0)} MB | ${rssClosed.toFixed(0)} MB | ${pct(50)} / ${pct(99)} ms | ${loadIdle}（${os.cpus().length} 核） |`,
  );
  if (delivered.length !== readers.length) throw new Error(`有 ${readers.length - delivered.length} 条连接没有收到事件`);
}

main()
  .then(cleanup)
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    await cleanup().catch(() => {});
    process.exit(1);
  });
