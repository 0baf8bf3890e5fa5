// 端点表模糊测试（常设测试）：对每个端点送出坏输入——NUL、超出 integer 的数、超长字符串、错误的类型、
// 该是对象处给数组、__proto__，以及 fast-check 生成的随机 JSON——答复绝不是 5xx，
// 被拒绝（4xx）的请求不留下任何改动（没有新的操作日志）。以后新增的端点自动纳入。
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointTable } from '@/lib/api';
import { parseKey, type Endpoint } from '@/lib/platform/api/endpoint';
import { createSession } from '@/lib/domains/user/session';
import { operationLogs } from '@/lib/domains/ops/tables';
import { users } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';

const { db } = setupTestDb();

/** 会结束本次会话的端点：模糊它们会让后面的请求都成了未登录 */
const SESSION_ENDERS = new Set(['GET /user/logout', 'POST /user/logout', 'GET /bapi/user/logout']);
const rows = Object.entries(endpointTable).filter(([key]) => !SESSION_ENDERS.has(key) && key !== 'GET /openapi.json');

const HUGE_INT = 2147483648;
/** 逐个字段换上的坏值 */
const FIELD_VALUES: unknown[] = ['a\u0000b', HUGE_INT, '2147483648', 'x'.repeat(20_000), { nested: { deeper: [1, 2] } }, "' or 1=1 --"];

function fieldsOf(endpoint: Endpoint): string[] {
  const input = endpoint.input as unknown;
  const shape = input instanceof z.ZodObject ? Object.keys(input.shape) : [];
  return [...shape, ...(endpoint.paged ? ['pageNo', 'pageSize'] : [])];
}

/** 整个请求体的坏样子，再加上每个字段逐一换成坏值（其余字段不给） */
function mutations(endpoint: Endpoint): unknown[] {
  const fields = fieldsOf(endpoint);
  const out: unknown[] = [
    [],
    JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}'),
    Object.fromEntries(fields.map((f) => [f, [HUGE_INT]])),
    Object.fromEntries(fields.map((f) => [f, -1])),
  ];
  for (const field of fields) for (const v of FIELD_VALUES) out.push({ [field]: v });
  return out;
}

let token = '';
let adminId = 0;
async function freshToken() {
  token = (await createSession(await db(), adminId)).token;
}

beforeAll(async () => {
  const [admin] = await (await db()).select({ id: users.id }).from(users).where(eq(users.account, 'admin'));
  adminId = admin.id;
  await freshToken();
});

async function send(key: string, input: unknown) {
  const { method, path } = parseKey(key);
  const isGet = method === 'GET';
  const query: Record<string, string> = {};
  if (isGet && input && typeof input === 'object' && !Array.isArray(input)) {
    for (const [k, v] of Object.entries(input)) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  let res = await call(method, path, { query, json: isGet ? undefined : JSON.stringify(input), headers: { authorization_token: token } });
  if (res.status === 401) {
    await freshToken();
    res = await call(method, path, { query, json: isGet ? undefined : JSON.stringify(input), headers: { authorization_token: token } });
  }
  return res;
}

const logCount = async () => (await (await db()).select({ n: count() }).from(operationLogs))[0].n;

describe('端点表模糊测试（省级管理员，拥有全部权限）', () => {
  it('每个端点的每个字段换成坏值：没有 5xx，全被拒绝时不留改动', async () => {
    const failures: string[] = [];
    for (const [key, endpoint] of rows) {
      const before = await logCount();
      let accepted = false;
      // 同一端点的请求并发送出：也顺带检验并发下的处理
      const answers = await Promise.all(mutations(endpoint).map(async (input) => ({ input, res: await send(key, input) })));
      for (const { input, res } of answers) {
        if (res.status >= 500) failures.push(`${key} ${JSON.stringify(input).slice(0, 80)} → ${res.status} ${res.body?.returnMsg}`);
        if (res.status < 400) accepted = true;
      }
      if (!accepted && (await logCount()) !== before) failures.push(`${key} 的请求全被拒绝，却写了操作日志`);
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);

  it('fast-check 随机 JSON 请求体：没有 5xx', async () => {
    const failures: string[] = [];
    const keys = rows.map(([key]) => key);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }), async (key, input) => {
        const res = await send(key, input);
        if (res.status >= 500) failures.push(`${key} ${JSON.stringify(input).slice(0, 120)} → ${res.status}`);
        return res.status < 500;
      }),
      { numRuns: 400, seed: 20261123 },
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
