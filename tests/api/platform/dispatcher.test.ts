// 调度器对所有端点一次性完成的工作：会话、权限、请求体、校验、信封、分页、错误、文件、请求号、/bapi 头。
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type SessionLookup } from '@/lib/platform/api/dispatcher';
import { endpoint, type EndpointTable, type Permission } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult, timestampName } from '@/lib/platform/api/files';
import { DbUnavailableError, getDb, openPostgres } from '@/lib/platform/db/client';
import { setupTestDb } from '../../helpers/db';
import { call, type Dispatch } from '../../helpers/api';
import { fakeSession } from '../../helpers/session';
import { captureLogs } from '../../helpers/log';

/** 测试用的假权限（不在菜单树里）：端点的权限类型只收菜单树的 'key.action' */
const fake = (p: string | string[]) => p as string as Permission;

setupTestDb();

const sessions: Record<string, SessionLookup> = {
  viewer: fakeSession({ account: 'viewer' }, { demo: ['query'] }),
  guest: fakeSession({ id: 2, account: 'guest' }),
  invalid: 'invalidated',
};

const Person = z.object({
  name: z.string().trim().min(2, '姓名至少 2 个字').describe('姓名'),
  age: z.coerce.number().int().min(0, '年龄不能为负').describe('年龄'),
});

const table: EndpointTable = {
  'POST /t/people': endpoint({
    summary: '新增人员',
    permission: 'public',
    input: Person,
    handle: async (input, { db }) => {
      await db.execute(sql`insert into t_person(name, age) values (${input.name}, ${input.age})`);
      return input;
    },
  }),
  'POST /t/form': endpoint({ summary: '表单', permission: 'public', body: 'form', input: Person, handle: async (i) => i }),
  'POST /t/upload': endpoint({
    summary: '上传',
    permission: 'public',
    body: 'multipart',
    input: z.object({ file: z.instanceof(File, { message: '请选择文件' }).describe('文件'), note: z.string().optional() }),
    handle: async ({ file, note }) => ({ name: file.name, size: file.size, note }),
  }),
  'GET /t/secure': endpoint({ summary: '需要权限', permission: fake('demo.query'), handle: async (_i, ctx) => ({ account: ctx.user().account }) }),
  'GET /t/either': endpoint({ summary: '任一权限', permission: fake(['other.add', 'demo.query']), handle: async () => 'ok' }),
  'GET /t/edit': endpoint({ summary: '缺少动作', permission: fake('demo.edit'), handle: async () => 'ok' }),
  'GET /t/login': endpoint({ summary: '登录即可', permission: 'login', handle: async () => 'ok' }),
  'GET /t/boom': endpoint({
    summary: '异常',
    permission: 'public',
    handle: async () => {
      throw new Error('secret internal detail at /srv/app.js:12');
    },
  }),
  'GET /t/business': endpoint({ summary: '业务错误', permission: 'public', handle: async () => { throw ApiError.conflict('该记录已存在'); } }),
  'POST /t/list': endpoint({
    summary: '分页',
    permission: 'public',
    input: z.object({ prefix: z.string().optional() }),
    paged: true,
    handle: async ({ page, prefix }) => ({ list: [{ prefix, offset: page.offset }], total: 1234 }),
  }),
  'POST /t/dict': endpoint({ summary: '字典', permission: 'public', paged: true, maxPageSize: 100000, handle: async () => ({ list: [], total: 0 }) }),
  'POST /t/unique': endpoint({
    summary: '先查后插',
    permission: 'public',
    input: z.object({ code: z.string() }),
    handle: async ({ code }, { db }) => {
      // 故意的先查后插：并发时第二个插入撞上唯一约束
      await db.execute(sql`select pg_sleep(0.05)`);
      await db.execute(sql`insert into t_unique(code) values (${code})`);
      return code;
    },
  }),
  'GET /t/file': endpoint({ summary: '文件', permission: 'public', handle: async () => new FileResult(new TextEncoder().encode('x'), 'xlsx') }),
  'GET /bapi/t/ok': endpoint({ summary: 'bapi 成功', permission: 'public', handle: async () => 1 }),
  'GET /bapi/t/fail': endpoint({ summary: 'bapi 失败', permission: 'public', handle: async () => { throw ApiError.badRequest('名称已存在'); } }),
  'GET /bapi/t/secure': endpoint({ summary: 'bapi 需登录', permission: 'login', handle: async () => 1 }),
};

const dispatch: Dispatch = createDispatcher({
  table,
  getDb,
  resolveSession: async (req) => sessions[req.headers.get('x-test-user') ?? ''] ?? null,
});
const as = (who: string) => ({ dispatch, headers: { 'x-test-user': who } });

beforeAll(async () => {
  const db = await getDb();
  await db.execute(sql`create table t_person (id serial primary key, name text not null, age int not null)`);
  await db.execute(sql`create table t_unique (code text primary key)`);
});

async function personCount() {
  const db = await getDb();
  const { rows } = (await db.execute(sql`select count(*)::int as n from t_person`)) as unknown as { rows: { n: number }[] };
  return rows[0].n;
}

describe('信封与校验', () => {
  it('成功时返回 {returnCode:200, returnMsg:"success", data}', async () => {
    const { status, body } = await call('POST', '/t/people', { dispatch, json: { name: '张三', age: '30' } });
    expect(status).toBe(200);
    expect(body).toEqual({ returnCode: 200, returnMsg: 'success', data: { name: '张三', age: 30 } });
  });

  it('校验失败返回 400 与各字段的中文消息，且不写库', async () => {
    const before = await personCount();
    const { status, body } = await call('POST', '/t/people', { dispatch, json: { name: '李', age: -1 } });
    expect(status).toBe(400);
    expect(body.returnCode).toBe(400);
    expect(body.returnMsg).toBe('姓名：姓名至少 2 个字；年龄：年龄不能为负');
    expect(body.data).toEqual({ fields: { name: '姓名至少 2 个字', age: '年龄不能为负' } });
    expect(await personCount()).toBe(before);
  });

  it('缺少必填字段时消息为"不能为空"', async () => {
    const { body } = await call('POST', '/t/people', { dispatch, json: { age: 1 } });
    expect(body.data).toEqual({ fields: { name: '不能为空' } });
    expect(body.returnMsg).toBe('姓名：不能为空');
  });

  it('非法 JSON 与非对象请求体返回 400', async () => {
    expect((await call('POST', '/t/people', { dispatch, json: '{bad' })).body.returnMsg).toBe('请求体不是合法的 JSON');
    expect((await call('POST', '/t/people', { dispatch, json: '[1]' })).body.returnMsg).toBe('请求体必须是 JSON 对象');
  });

  it('接受 application/x-www-form-urlencoded', async () => {
    const { body } = await call('POST', '/t/form', { dispatch, urlencoded: { name: '王五', age: '8' } });
    expect(body.data).toEqual({ name: '王五', age: 8 });
  });

  it('multipart 端点接收文件，非 multipart 请求返回 415', async () => {
    const form = new FormData();
    form.set('file', new File(['hello'], '名单.xlsx'));
    form.set('note', '备注');
    const ok = await call('POST', '/t/upload', { dispatch, form });
    expect(ok.body.data).toEqual({ name: '名单.xlsx', size: 5, note: '备注' });
    const missing = await call('POST', '/t/upload', { dispatch, form: new FormData() });
    expect(missing.body.data).toEqual({ fields: { file: '请选择文件' } });
    const wrong = await call('POST', '/t/upload', { dispatch, json: {} });
    expect(wrong.status).toBe(415);
    expect(wrong.body.returnMsg).toContain('multipart/form-data');
  });

  it('浏览器的 multipart（boundary 含大写字母）照常解析', async () => {
    const boundary = '----WebKitFormBoundaryAbCdEf123XyZ';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="a.txt"', 'Content-Type: text/plain', '', 'hello', `--${boundary}--`, ''].join('\r\n');
    const res = await dispatch(
      new Request('http://localhost/api/t/upload', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({ name: 'a.txt', size: 5 });
  });
});

describe('会话与权限', () => {
  it('未登录访问受保护端点返回 401', async () => {
    const { status, body } = await call('GET', '/t/secure', { dispatch });
    expect(status).toBe(401);
    expect(body.returnCode).toBe(401);
  });

  it('会话被服务端作废时返回 10005', async () => {
    const { status, body } = await call('GET', '/t/login', as('invalid'));
    expect(status).toBe(401);
    expect(body.returnCode).toBe(10005);
    expect(body.returnMsg).toContain('重新登录');
  });

  it('具备 permissionId.action 时放行，并把用户交给处理函数', async () => {
    const { body } = await call('GET', '/t/secure', as('viewer'));
    expect(body.data).toEqual({ account: 'viewer' });
  });

  it('权限列表任一满足即可', async () => {
    expect((await call('GET', '/t/either', as('viewer'))).body.data).toBe('ok');
  });

  it('缺少动作返回 403 与说明', async () => {
    const { status, body } = await call('GET', '/t/edit', as('viewer'));
    expect(status).toBe(403);
    expect(body.returnCode).toBe(403);
    expect(body.returnMsg).toContain('没有访问权限');
    expect((await call('GET', '/t/secure', as('guest'))).status).toBe(403);
  });

  it("'login' 端点任一已登录用户可访问", async () => {
    expect((await call('GET', '/t/login', as('guest'))).body.data).toBe('ok');
  });
});

describe('路由与错误', () => {
  it('未知接口返回信封格式的 404', async () => {
    const { status, body, headers } = await call('POST', '/t/nothing', { dispatch });
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toMatchObject({ returnCode: 404, data: null });
    expect(body.returnMsg).toContain('/api/t/nothing');
  });

  it('方法不对返回 405 并说明应使用的方法', async () => {
    const { status, body, headers } = await call('POST', '/t/secure', { dispatch });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET');
    expect(body.returnMsg).toContain('GET');
  });

  it('意外异常返回 500 "服务器异常" 与请求号，不泄露堆栈；服务端日志记下请求号', async () => {
    const logs = captureLogs();
    const { status, body, headers } = await call('GET', '/t/boom', { dispatch });
    logs.restore();
    const [logged] = logs.find('处理失败');
    expect(logged).toMatchObject({ level: 'error', requestId: headers.get('x-request-id'), err: { message: 'secret internal detail at /srv/app.js:12' } });
    expect(status).toBe(500);
    expect(body.returnMsg).toBe('服务器异常');
    expect(body.data).toEqual({ requestId: headers.get('x-request-id') });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('业务错误保留其 returnCode 与消息', async () => {
    const { status, body } = await call('GET', '/t/business', { dispatch });
    expect(status).toBe(409);
    expect(body).toMatchObject({ returnCode: 409, returnMsg: '该记录已存在' });
  });

  it('每个响应都带请求号；合法的传入请求号原样返回', async () => {
    const a = await call('GET', '/t/login', { dispatch });
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await call('GET', '/t/boom', { dispatch, headers: { 'x-request-id': 'trace-42' } });
    expect(b.headers.get('x-request-id')).toBe('trace-42');
    expect(b.body.data).toEqual({ requestId: 'trace-42' });
  });
});

describe('请求体类型与坏文本', () => {
  it('text/plain 等未声明的类型答 415 与中文提示，不当作 JSON 解析，不写库', async () => {
    const before = await personCount();
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/xml']) {
      const res = await dispatch(new Request('http://localhost/api/t/people', { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify({ name: '张三', age: 1 }) }));
      expect(res.status).toBe(415);
      expect(((await res.json()) as { returnMsg: string }).returnMsg).toBe(
        '不支持的请求内容类型：请以 application/json、application/x-www-form-urlencoded 或 multipart/form-data 提交',
      );
    }
    // 没有声明类型的请求体同样拒绝；空请求体不论类型都可以
    const bare = await dispatch(new Request('http://localhost/api/t/people', { method: 'POST', body: new TextEncoder().encode('{"name":"张三","age":1}') }));
    expect(bare.status).toBe(415);
    expect(await personCount()).toBe(before);
    const empty = await dispatch(new Request('http://localhost/api/t/list', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '' }));
    expect(empty.status).toBe(200);
    // application/json 带参数、application/*+json 照常
    const ok = await dispatch(new Request('http://localhost/api/t/people', { method: 'POST', headers: { 'content-type': 'application/merge-patch+json; charset=utf-8' }, body: '{"name":"张三","age":1}' }));
    expect(ok.status).toBe(200);
  });

  it('含不成对代理项的文本答 400，消息说出是哪个字段，不写库', async () => {
    const before = await personCount();
    const { status, body } = await call('POST', '/t/people', { dispatch, json: '{"name":"evil\\ud800x","age":1}' });
    expect(status).toBe(400);
    expect(body.returnMsg).toBe('姓名：含有无法识别的字符（不成对的 Unicode 代理项），请删除后重新提交');
    expect(body.data).toEqual({ fields: { name: '含有无法识别的字符（不成对的 Unicode 代理项），请删除后重新提交' } });
    // 键名里的同样拒绝；成对的代理项（emoji 等）照常
    expect((await call('POST', '/t/people', { dispatch, json: '{"name":"张三","age":1,"x\\udc00":1}' })).status).toBe(400);
    expect(await personCount()).toBe(before);
    expect((await call('POST', '/t/people', { dispatch, json: { name: '张三😀', age: 1 } })).status).toBe(200);
  });
});

describe('唯一约束与操作日志', () => {
  it('处理函数没转换的唯一约束冲突（并发的先查后插）答 409 与中文提示，不是 500', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/t/unique', { dispatch, json: { code: 'same' } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.returnMsg).toBe('数据与已有记录重复（可能刚被他人同时提交），请刷新后重试');
  });

  it('写操作日志失败时答 500（写入留不下痕迹不算成功），消息带请求号', async () => {
    const failing = createDispatcher({
      table,
      getDb,
      resolveSession: async () => null,
      recordOperation: async () => {
        throw new Error('log insert failed');
      },
    });
    const { status, body } = await call('POST', '/t/people', { dispatch: failing, json: { name: '赵六', age: 3 } });
    expect(status).toBe(500);
    expect(body.returnMsg).toBe('操作日志写入失败：本次操作可能已生效，请刷新核对，并把请求号告知管理员');
    expect((body.data as { requestId: string }).requestId).toBeTruthy();
  });
});

describe('分页', () => {
  it('pageNo/pageSize 返回 {list,total,totalCount,pageNo,pageSize}（totalCount 即 total，SPEC §7）', async () => {
    const { body } = await call('POST', '/t/list', { dispatch, json: { pageNo: 3, pageSize: 20, prefix: 'a' } });
    expect(body.data).toEqual({ list: [{ prefix: 'a', offset: 40 }], total: 1234, totalCount: 1234, pageNo: 3, pageSize: 20 });
  });

  it('page/limit 写法等价；缺省为第 1 页每页 10 条', async () => {
    expect((await call('POST', '/t/list', { dispatch, json: { page: 2, limit: 50 } })).body.data).toMatchObject({ pageNo: 2, pageSize: 50, list: [{ offset: 50 }] });
    expect((await call('POST', '/t/list', { dispatch, json: {} })).body.data).toMatchObject({ pageNo: 1, pageSize: 10 });
  });

  it('每页条数封顶 100，字典类端点可一次取 100000', async () => {
    expect((await call('POST', '/t/list', { dispatch, json: { pageSize: 99999 } })).body.data).toMatchObject({ pageSize: 100 });
    expect((await call('POST', '/t/dict', { dispatch, json: { pageSize: 100000 } })).body.data).toMatchObject({ pageSize: 100000 });
  });

  it('非法分页参数返回 400', async () => {
    const { body } = await call('POST', '/t/list', { dispatch, json: { pageNo: 0 } });
    expect(body.returnCode).toBe(400);
    expect(body.data).toEqual({ fields: { pageNo: '页码必须大于 0' } });
  });
});

describe('文件与 /bapi', () => {
  it('文件以 YYYYMMDDHHmmss.<ext> 命名流式返回', async () => {
    const { res } = await call('GET', '/t/file', { dispatch });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/filename="\d{14}\.xlsx"/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await res.text()).toBe('x');
  });

  it('时间戳按北京时间', () => {
    expect(timestampName(new Date('2026-01-02T18:04:05Z'))).toBe('20260103020405');
  });

  it('/bapi 成功时 x-code 200', async () => {
    const { headers } = await call('GET', '/bapi/t/ok', { dispatch });
    expect(headers.get('x-code')).toBe('200');
    expect(decodeURIComponent(headers.get('x-msg')!)).toBe('success');
  });

  it('/bapi 业务错误时 x-code 201 与中文 x-msg', async () => {
    const { headers } = await call('GET', '/bapi/t/fail', { dispatch });
    expect(headers.get('x-code')).toBe('201');
    expect(decodeURIComponent(headers.get('x-msg')!)).toBe('名称已存在');
  });

  it('/bapi 未登录或会话失效时 x-code 202', async () => {
    expect((await call('GET', '/bapi/t/secure', { dispatch })).headers.get('x-code')).toBe('202');
    expect((await call('GET', '/bapi/t/secure', as('invalid'))).headers.get('x-code')).toBe('202');
  });

  it('非 /bapi 接口不带 x-code', async () => {
    expect((await call('GET', '/t/login', { dispatch })).headers.get('x-code')).toBeNull();
  });
});

describe('数据库不可用', () => {
  it('连接失败给出一句话：目标与解决办法', async () => {
    const err = await openPostgres('postgres://bench:secret@127.0.0.1:1/portal', 1).catch((e) => e);
    expect(err).toBeInstanceOf(DbUnavailableError);
    expect(err.message).toMatch(/^无法连接数据库 postgres:\/\/bench:\*\*\*@127\.0\.0\.1:1\/portal（ECONNREFUSED）：请启动 PostgreSQL/);
    expect(err.message).not.toContain('secret');
    expect(err.message.split('\n')).toHaveLength(1);
  });

  it('请求在数据库不可用时得到 503 信封而不是堆栈', async () => {
    const down = createDispatcher({
      table,
      getDb: async () => {
        throw new DbUnavailableError('无法连接数据库 x');
      },
      resolveSession: async () => null,
    });
    const { status, body } = await call('GET', '/t/login', { dispatch: down });
    expect(status).toBe(503);
    expect(body.returnMsg).toBe('数据库暂不可用，请稍后重试');
  });
});
