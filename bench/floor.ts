// 基线服务：裸 node:http + pg 连接池，对每条用例执行相同的 SQL 并返回相同的 JSON。
// 由 run.ts 以子进程启动（node --import tsx bench/floor.ts），经 IPC 报告端口。
// 环境变量：FLOOR_DATABASE_URL、FLOOR_PORT（0 为任意空闲端口）、DB_POOL_MAX（与应用相同，默认 10）。
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { cases, type BenchCase, type Row } from './cases';

// 多步的基线（floor.run）：语句按 SQL 文本取名（同名不同文本 pg 会报错），名称算一次记下。
const statementNames = new Map<string, string>();
function statementName(c: BenchCase, text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `floor_${c.name}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`));
  return name;
}

// 按名称执行（预处理语句：每个连接只解析一次），与服务层的 Drizzle 预处理语句相同；
// 服务层即使直接查询，基线也应是可达到的上限，所以总用预处理语句。
async function runFloor(c: BenchCase, pool: pg.Pool, body: Buffer): Promise<unknown> {
  const f = c.floor;
  if (f.handler) return f.handler(body);
  if (f.run) {
    return f.run(async (q) => {
      const config = { name: statementName(c, q.sql), text: q.sql, values: q.params };
      const result = q.rowMode === 'array' ? await pool.query({ ...config, rowMode: 'array' }) : await pool.query(config);
      return result.rows as Row[];
    });
  }
  if (f.queries) {
    const results = await Promise.all(f.queries.map((q, i) => pool.query({ name: `floor_${c.name}_${i}`, text: q.sql, values: q.params })));
    return f.shape(results.map((r) => r.rows as Row[]));
  }
  const { rows } = await pool.query({ name: `floor_${c.name}`, text: f.sql, values: f.params });
  return f.shape(rows as Row[]);
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function main(): Promise<void> {
  const url = process.env.FLOOR_DATABASE_URL;
  if (!url) throw new Error('缺少 FLOOR_DATABASE_URL');
  const max = Number(process.env.DB_POOL_MAX ?? 10);
  // 与 lib/platform/db/client.ts 的 openPostgres 相同的连接池参数。
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  pool.on('error', (err) => console.error(`[floor] 连接池错误：${err.message}`));
  const byPath = new Map(cases.map((c) => [`/${c.name}`, c]));

  const server = http.createServer((req, res) => {
    const c = byPath.get((req.url ?? '/').split('?')[0]);
    if (!c) return send(res, 404, { returnCode: 404, returnMsg: `基线没有用例：${req.url}`, data: null });
    if (req.method !== c.method) return send(res, 405, { returnCode: 405, returnMsg: '方法不对', data: null });
    void (async () => {
      try {
        // 与应用一样读取并解析请求体（参数仍取用例中的固定值）。
        let body: Buffer = Buffer.alloc(0);
        if (c.method !== 'GET') {
          body = await readBody(req);
          const text = c.rawBody ? '' : body.toString('utf8');
          if (text.trim()) JSON.parse(text);
        }
        send(res, 200, await runFloor(c, pool, body));
      } catch (err) {
        console.error(`[floor] ${c.name} 失败`, err);
        if (!res.headersSent) send(res, 500, { returnCode: 500, returnMsg: '服务器异常', data: null });
      }
    })();
  });

  const shutdown = () => {
    server.close();
    pool.end().finally(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.on('disconnect', shutdown);

  server.listen(Number(process.env.FLOOR_PORT ?? 0), '127.0.0.1', () => {
    const { port } = server.address() as import('node:net').AddressInfo;
    if (process.send) process.send({ ready: port });
    else console.log(`[floor] 已在 http://127.0.0.1:${port} 监听`);
  });
}

main().catch((err) => {
  console.error('[floor] 启动失败', err);
  process.exit(1);
});
