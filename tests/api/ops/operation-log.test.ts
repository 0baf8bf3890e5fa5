// 操作日志：成功的修改请求恰好记一行（谁、哪个接口、脱敏后的输入、改前改后），失败与只读请求不记；
// 列表按范围可见（省级全部、市级本市用户、其他人自己），可筛选与导出；按实体查变更历史。登录日志可查登录失败。
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '@/lib/domains/ops/tables';
import { operationHistory, recordOperation, UNRECORDED_DETAIL } from '@/lib/domains/ops/operation-log';
import { devices } from '@/lib/domains/ops/tables';
import type { Ctx, Endpoint } from '@/lib/platform/api/endpoint';
import type { Db } from '@/lib/platform/db/client';
import { fakeSession } from '../../helpers/session';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook } from '../../helpers/xlsx';
import { authHeaders } from '../access/login-helper';
import { auth, grant, login, makeUser } from '../user/fixtures';

const { db } = setupTestDb();

interface LogItem {
  id: number;
  account: string;
  userName: string | null;
  endpoint: string;
  operation: string;
  module: string;
  moduleName: string;
  input: Record<string, unknown>;
  changes: { entity: string; entityId: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; detail: string | null }[];
  detail: string | null;
}
interface Paged<T> {
  list: T[];
  total: number;
}

const h: Record<string, Record<string, string>> = {};
let sjzTeacherToken: string;
let bdTeacherToken: string;
let bdTeacherCode: string;
let selfOnlyToken: string;

const rowsOf = async (account: string) => (await db()).select().from(operationLogs).where(eq(operationLogs.account, account)).orderBy(desc(operationLogs.id));
const list = (headers: Record<string, string>, json: Record<string, unknown> = {}) =>
  call<Paged<LogItem>>('POST', '/perOperationLog/listPerOperationLog', { headers, json: { pageSize: 100, ...json } });

beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org']) h[a] = await authHeaders(a);
  const d = await db();
  await makeUser(d, { account: 't_ol_sjz', password: 'Sjz@2026ol', level: 'org', areaId: 130102, cityId: 130100, nickName: '石家庄教师', userType: 'TEACHER' });
  await makeUser(d, { account: 't_ol_bd', password: 'Bd@2026olx', level: 'org', areaId: 130602, cityId: 130600, nickName: '保定教师', userType: 'TEACHER' });
  const selfOnly = await makeUser(d, { account: 't_ol_self', password: 'Self@2026o', level: 'org', areaId: 130102, cityId: 130100, nickName: '只看自己' });
  await grant(d, selfOnly.id, 'T_OL_LOG', { sysLog: ['query'] }, 'org');
  sjzTeacherToken = (await login('t_ol_sjz', 'Sjz@2026ol')).token;
  const bdLogin = await login('t_ol_bd', 'Bd@2026olx');
  bdTeacherToken = bdLogin.token;
  bdTeacherCode = bdLogin.data.user.code;
  selfOnlyToken = (await login('t_ol_self', 'Self@2026o')).token;
});

describe('写操作日志', () => {
  it('修改本人资料记一行：账号、姓名、接口、操作名称、模块、IP、请求编号与输入', async () => {
    const res = await call('POST', '/user/updateUser', {
      ...auth(sjzTeacherToken),
      headers: { ...auth(sjzTeacherToken).headers, 'x-forwarded-for': '10.1.2.3', 'x-request-id': 'req-ol-1' },
      json: { nickName: '石家庄教师甲', email: 'sjz@example.com' },
    });
    expect(res.status).toBe(200);
    const rows = await rowsOf('t_ol_sjz');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account: 't_ol_sjz',
      userName: '石家庄教师',
      endpoint: 'POST /user/updateUser',
      operation: '修改本人资料',
      module: 'user',
      ip: '10.1.2.3',
      requestId: 'req-ol-1',
      cityId: 130100,
      input: { nickName: '石家庄教师甲', email: 'sjz@example.com' },
    });
  });

  it('口令不进日志：改密码的输入里只有 ******', async () => {
    const res = await call('POST', '/sys/user/reset/password', { ...auth(bdTeacherToken), json: { code: bdTeacherCode, oldPassword: 'Bd@2026olx', password: 'Bd@2027olx', confirmPassword: 'Bd@2027olx' } });
    expect(res.body.returnMsg).toBe('success');
    const [row] = await rowsOf('t_ol_bd');
    expect(row.endpoint).toBe('POST /sys/user/reset/password');
    expect(JSON.stringify(row.input)).not.toContain('2027');
    expect(row.input).toMatchObject({ oldPassword: '******', password: '******' });
    bdTeacherToken = (await login('t_ol_bd', 'Bd@2027olx')).token;
  });

  it('失败的请求（校验不过、404）与只读列表不记', async () => {
    const before = (await rowsOf('admin')).length;
    expect((await call('POST', '/sys/device/save', { headers: h.admin, json: { code: '', name: '', type: 'x', orgId: 1 } })).status).toBe(400);
    expect((await call('POST', '/sys/device/del', { headers: h.admin, json: { id: 999999 } })).status).toBe(404);
    expect((await call('POST', '/sys/device/list', { headers: h.admin, json: {} })).status).toBe(200);
    expect((await list(h.admin)).status).toBe(200);
    // 用 POST 的查询接口（权限是编辑，但名称表明是查询）同样不记
    expect((await call('POST', '/role/selectResTree', { headers: h.admin, json: {} })).status).toBe(200);
    expect((await rowsOf('admin')).length).toBe(before);
    const failed = await call('POST', '/user/updateUser', { ...auth(sjzTeacherToken), json: { nickName: '  ' } });
    expect(failed.status).toBe(400);
    expect(await rowsOf('t_ol_sjz')).toHaveLength(1);
  });

  it('带数据变更的请求记下改前改后；按实体可查变更历史', async () => {
    const created = await call<{ id: number }>('POST', '/sys/device/save', {
      headers: h.admin,
      json: { code: 'OL-DEV-1', name: '日志测试摄像头', type: 'camera', orgId: 1, ip: '10.0.0.8' },
    });
    const id = created.body.data.id;
    await call('POST', '/sys/device/save', { headers: h.admin, json: { id, code: 'OL-DEV-1', name: '日志测试摄像头（改）', type: 'camera', orgId: 1, status: 'online' } });
    const { body } = await list(h.admin, { entity: 'device', entityId: String(id) });
    expect(body.data.total).toBe(2);
    const [update, create] = body.data.list;
    expect(create.changes[0]).toMatchObject({ entity: 'device', entityId: String(id), before: null, detail: '新增设备 日志测试摄像头（OL-DEV-1）' });
    expect(update.changes[0].before).toMatchObject({ name: '日志测试摄像头', status: 'offline' });
    expect(update.changes[0].after).toMatchObject({ name: '日志测试摄像头（改）', status: 'online' });
    expect(update).toMatchObject({ account: 'admin', module: 'device', moduleName: '设备管理' });

    const history = await operationHistory(await db(), 'device', id);
    expect(history.map((h) => h.changes[0].detail)).toEqual(['修改设备 日志测试摄像头（改）（OL-DEV-1）', '新增设备 日志测试摄像头（OL-DEV-1）']);
    expect(await operationHistory(await db(), 'device', 999999)).toEqual([]);
  });
});

describe('写入与日志不可分开（不成对的代理项）', () => {
  it('文本含不成对的代理项：400 说出字段，设备没有建出来，也没有日志行', async () => {
    const before = (await rowsOf('admin')).length;
    const res = await call('POST', '/sys/device/save', {
      headers: h.admin,
      json: '{"code":"OL-EVIL-1","name":"evil\\ud800x","type":"camera","orgId":1}',
    });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('设备名称：含有无法识别的字符（不成对的 Unicode 代理项），请删除后重新提交');
    expect(await (await db()).select().from(devices).where(eq(devices.code, 'OL-EVIL-1'))).toEqual([]);
    expect((await rowsOf('admin')).length).toBe(before);
  });

  const record = (d: Db, change: Record<string, unknown>, input: Record<string, unknown> = {}) => {
    const session = fakeSession({ id: 1, account: 'admin', realName: '管理员' }, {});
    const ctx = { db: d, session, requestId: `req-${Math.random()}`, ip: '127.0.0.1' } as unknown as Ctx;
    const endpoint = { summary: '保存设备', permission: 'device.edit' } as unknown as Endpoint;
    return recordOperation({ key: 'POST /sys/device/save', endpoint, ctx, input, changes: [{ entity: 'device', entityId: 77, detail: '修改设备', ...change }] }).then(() => ctx.requestId);
  };

  it('改前改后里的坏文本（代理项、NUL）存成可读的字符，整行照写', async () => {
    const requestId = await record(await db(), { after: { name: 'evil\ud800x', note: 'a\u0000b', ['k\udc00']: 1 } }, { name: 'x\ud800' });
    const [row] = await (await db()).select().from(operationLogs).where(eq(operationLogs.requestId, requestId));
    expect(row.changes[0].after).toEqual({ name: 'evil\ufffdx', note: 'ab', ['k\ufffd']: 1 });
    expect(row.input).toEqual({ name: 'x\ufffd' });
  });

  it('整行写不进去时退回最小记录（谁、哪个端点、哪条记录），不丢这次写入的痕迹', async () => {
    const real = await db();
    let first = true;
    // 第一次插入失败（模拟整行被拒），第二次照常
    const flaky = new Proxy(real, {
      get(target, prop, receiver) {
        // 写入在入链的事务里：让第一次整行插入的事务失败
        if (prop === 'transaction' && first) {
          first = false;
          return () => {
            throw new Error('invalid input syntax for type json');
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const requestId = await record(flaky, { after: { name: '摄像头' } });
    const [row] = await real.select().from(operationLogs).where(eq(operationLogs.requestId, requestId));
    expect(row).toMatchObject({ account: 'admin', endpoint: 'POST /sys/device/save', entity: 'device', entityId: '77', input: { unrecorded: true } });
    expect(row.detail).toBe(`${UNRECORDED_DETAIL}；修改设备`);
  });
});

describe('操作日志列表的范围、筛选与导出', () => {
  it('省级看全部；石家庄管理员只看本市用户的操作；只有查询权限的机构用户只看自己的', async () => {
    await call('POST', '/user/updateUser', { ...auth(selfOnlyToken), json: { nickName: '只看自己' } });
    const all = await list(h.admin);
    const accounts = new Set(all.body.data.list.map((r) => r.account));
    expect([...accounts]).toEqual(expect.arrayContaining(['admin', 't_ol_sjz', 't_ol_bd', 't_ol_self']));

    const sjz = await list(h.sjz_admin);
    const sjzAccounts = new Set(sjz.body.data.list.map((r) => r.account));
    expect(sjzAccounts.has('t_ol_sjz')).toBe(true);
    expect(sjzAccounts.has('t_ol_self')).toBe(true);
    expect(sjzAccounts.has('t_ol_bd')).toBe(false);
    expect(sjzAccounts.has('admin')).toBe(false);

    const bd = await list(h.bd_admin);
    expect(bd.body.data.list.map((r) => r.account)).toContain('t_ol_bd');
    expect(bd.body.data.list.map((r) => r.account)).not.toContain('t_ol_sjz');

    const own = await list(auth(selfOnlyToken).headers);
    expect(own.body.data.total).toBeGreaterThan(0);
    expect(own.body.data.list.every((r) => r.account === 't_ol_self')).toBe(true);
  });

  it('没有系统日志权限答 403；只有查询权限不能导出', async () => {
    const res = await list(h.eval_org);
    expect(res.status).toBe(403);
    expect((await call('POST', '/sys/log/export', { ...auth(selfOnlyToken), json: {} })).status).toBe(403);
  });

  it('按账号、模块、关键字、日期区间筛选；日期格式错误给出中文提示', async () => {
    expect((await list(h.admin, { account: 'ol_sj' })).body.data.list.every((r) => r.account === 't_ol_sjz')).toBe(true);
    const devices = await list(h.admin, { module: 'device' });
    expect(devices.body.data.total).toBeGreaterThanOrEqual(2);
    expect(devices.body.data.list.every((r) => r.module === 'device')).toBe(true);
    expect((await list(h.admin, { keyword: '日志测试摄像头（改）' })).body.data.total).toBe(1);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await list(h.admin, { createdStart: today, createdEnd: today, account: 't_ol_sjz' })).body.data.total).toBe(1);
    expect((await list(h.admin, { createdEnd: '2020-01-01' })).body.data.total).toBe(0);
    const bad = await list(h.admin, { createdStart: '2026/01/01' });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('开始日期格式应为 YYYY-MM-DD');
  });

  it('导出当前筛选条件下的操作日志（xlsx，中文表头）', async () => {
    const res = await call('POST', '/sys/log/export', { headers: h.sjz_admin, json: { account: 't_ol_sjz' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = await readWorkbook(await res.res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual(expect.arrayContaining(['时间', '账号', '模块', '操作']));
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(2).value).toBe('t_ol_sjz');
  });
});

describe('登录日志', () => {
  interface LoginItem {
    account: string;
    result: string;
    resultName: string;
    message: string | null;
  }
  const loginList = (headers: Record<string, string>, json: Record<string, unknown> = {}) =>
    call<Paged<LoginItem>>('POST', '/sys/loginLog/list', { headers, json: { pageSize: 100, ...json } });

  it('列出登录失败，按结果与账号筛选；登录本身不进操作日志', async () => {
    const wrong = await call('POST', '/user/login', { json: { account: 't_ol_sjz', password: 'Wrong@2026' } });
    expect(wrong.status).toBe(400);
    const res = await loginList(h.admin, { account: 't_ol_sjz', result: 'failure' });
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({ account: 't_ol_sjz', result: 'failure', resultName: '登录失败' });
    const logins = await loginList(h.admin, { account: 't_ol_sjz', result: 'login' });
    expect(logins.body.data.total).toBe(1);
    expect((await rowsOf('t_ol_sjz')).some((r) => r.endpoint.includes('login'))).toBe(false);
  });

  it('市级管理员只看本市用户的登录记录；结果取值不对给出提示', async () => {
    const sjz = await loginList(h.sjz_admin);
    const accounts = new Set(sjz.body.data.list.map((r) => r.account));
    expect(accounts.has('t_ol_sjz')).toBe(true);
    expect(accounts.has('t_ol_bd')).toBe(false);
    expect(accounts.has('admin')).toBe(false);
    const bad = await loginList(h.admin, { result: 'whatever' });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('登录结果不正确');
    expect((await loginList(h.eval_org)).status).toBe(403);
  });

  it('导出登录日志', async () => {
    const res = await call('POST', '/sys/loginLog/export', { headers: h.admin, json: { account: 't_ol_sjz', result: 'failure' } });
    const wb = await readWorkbook(await res.res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(4).value).toBe('登录失败');
  });
});
