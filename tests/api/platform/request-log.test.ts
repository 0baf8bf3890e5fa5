// 结构化日志：请求期间任何地方写的日志行都带该请求的 requestId（含 await 之后、并发的请求之间互不串号、操作日志写入失败时答 500），
// 每个请求一行汇总（方法、端点表的键、状态、返回码、耗时、用户）；请求之外写的行没有 requestId。
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_CLOSED_STATUS, createDispatcher, OPERATION_LOG_FAILED } from '@/lib/platform/api/dispatcher';
import { endpoint, type EndpointTable } from '@/lib/platform/api/endpoint';
import { getDb } from '@/lib/platform/db/client';
import { configuredLevel, log } from '@/lib/platform/log';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { captureLogs } from '../../helpers/log';
import { fakeSession } from '../../helpers/session';
import { authHeaders } from '../access/login-helper';

setupTestDb();

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 某个“服务”：不知道请求号，只管写日志 */
async function service(name: string, wait: number) {
  await tick(wait);
  log.info({ name }, 'service step');
}

const table: EndpointTable = {
  'GET /t/work': endpoint({
    summary: '写几行日志',
    permission: 'login',
    handle: async (_i, ctx) => {
      log.info('handler start');
      await service(ctx.request.headers.get('x-name') ?? '', Number(ctx.request.headers.get('x-wait') ?? 0));
      return 'ok';
    },
  }),
  'POST /t/change': endpoint({ summary: '改数据', permission: 'public', handle: async () => 'ok' }),
};

const dispatch = createDispatcher({
  table,
  getDb,
  resolveSession: async () => fakeSession({ id: 77, account: 'logger' }),
  // 只有改数据的端点记日志（与真实的 recordOperation 一样，只读请求不写），写入时失败
  recordOperation: async ({ key }) => {
    if (key !== 'POST /t/change') return;
    await tick(1);
    throw new Error('operation log table is gone');
  },
});

let logs: ReturnType<typeof captureLogs>;
afterEach(() => logs?.restore());

describe('客户端断开', () => {
  it('读请求体时客户端断开：答 499、汇总行记 499（info），不记错误行', async () => {
    logs = captureLogs();
    const client = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode('{"a":')),
      pull: () => {
        client.abort();
        throw new Error('aborted');
      },
    });
    const request = new Request('http://localhost/api/t/change', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: client.signal,
      duplex: 'half',
    } as RequestInit);
    const res = await dispatch(request);
    expect(res.status).toBe(CLIENT_CLOSED_STATUS);
    const [summary] = logs.find('api request');
    expect(summary).toMatchObject({ level: 'info', status: CLIENT_CLOSED_STATUS, returnCode: CLIENT_CLOSED_STATUS, endpoint: 'POST /t/change' });
    expect(logs.lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('客户端没有断开时处理失败仍答 500 并记错误', async () => {
    logs = captureLogs();
    const request = new Request('http://localhost/api/t/change', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({ pull: () => Promise.reject(new Error('socket hang up')) }),
      duplex: 'half',
    } as RequestInit);
    const res = await dispatch(request);
    expect(res.status).toBe(500);
    expect(logs.lines.some((l) => l.level === 'error')).toBe(true);
  });
});

describe('日志行带请求号', () => {
  it('处理函数与它调用的服务（await 之后）写的行都带 requestId；一行汇总', async () => {
    logs = captureLogs();
    const { headers } = await call('GET', '/t/work', { dispatch, headers: { 'x-name': 'a', 'x-wait': '5' } });
    const id = headers.get('x-request-id')!;
    expect(logs.find('handler start')).toEqual([expect.objectContaining({ level: 'info', requestId: id })]);
    expect(logs.find('service step')).toEqual([expect.objectContaining({ name: 'a', requestId: id })]);
    const [summary] = logs.find('api request');
    expect(summary).toMatchObject({ level: 'info', requestId: id, method: 'GET', endpoint: 'GET /t/work', path: '/t/work', status: 200, returnCode: 200, userId: 77 });
    expect(typeof summary.ms).toBe('number');
    expect(typeof summary.time).toBe('string');
  });

  it('并发的请求各带各的 requestId（先开始的后结束）', async () => {
    logs = captureLogs();
    await Promise.all([
      call('GET', '/t/work', { dispatch, headers: { 'x-request-id': 'slow-1', 'x-name': 'slow', 'x-wait': '30' } }),
      call('GET', '/t/work', { dispatch, headers: { 'x-request-id': 'fast-2', 'x-name': 'fast', 'x-wait': '1' } }),
    ]);
    const steps = logs.find('service step');
    expect(steps.map((l) => [l.name, l.requestId])).toEqual([
      ['fast', 'fast-2'],
      ['slow', 'slow-1'],
    ]);
    expect(logs.find('api request').map((l) => l.requestId)).toEqual(['fast-2', 'slow-1']);
  });

  it('操作日志写入失败：错误行带 requestId 与堆栈，请求答 500（留不下痕迹的写入不算成功）', async () => {
    logs = captureLogs();
    const res = await call('POST', '/t/change', { dispatch, headers: { 'x-request-id': 'audit-9', 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ returnMsg: OPERATION_LOG_FAILED, data: { requestId: 'audit-9' } });
    const [failed] = logs.find('写操作日志失败');
    expect(failed).toMatchObject({ level: 'error', requestId: 'audit-9', err: { message: 'operation log table is gone' } });
    expect(String((failed.err as { stack: string }).stack)).toContain('operation log table is gone');
  });

  it('请求之外写的行没有 requestId', async () => {
    logs = captureLogs();
    await call('GET', '/t/work', { dispatch });
    log.info('outside');
    expect(logs.find('outside')[0].requestId).toBeUndefined();
  });

  it('真实端点：汇总行有端点表的键与用户；没匹配到端点的请求 endpoint 为 null', async () => {
    const admin = await authHeaders('admin');
    logs = captureLogs();
    const listed = await call('POST', '/account/listUsers', { headers: admin, json: { pageNo: 1, pageSize: 5 } });
    await call('GET', '/nothing/here');
    const [summary, missing] = logs.find('api request');
    expect(summary).toMatchObject({ requestId: listed.headers.get('x-request-id'), endpoint: 'POST /account/listUsers', status: 200, returnCode: 200 });
    expect(summary.userId).toEqual(expect.any(Number));
    expect(missing).toMatchObject({ endpoint: null, path: '/nothing/here', status: 404, returnCode: 404, userId: null });
  });
});

describe('级别', () => {
  it('LOG_LEVEL 决定级别；无效取值与未设置时默认 info，vitest 里默认 silent', () => {
    const saved = process.env.LOG_LEVEL;
    try {
      process.env.LOG_LEVEL = 'WARN';
      expect(configuredLevel()).toBe('warn');
      process.env.LOG_LEVEL = 'loud';
      expect(configuredLevel()).toBe('silent');
      delete process.env.LOG_LEVEL;
      expect(configuredLevel()).toBe('silent');
      const vitest = process.env.VITEST;
      delete process.env.VITEST;
      expect(configuredLevel()).toBe('info');
      process.env.VITEST = vitest;
    } finally {
      if (saved === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = saved;
    }
  });
});
