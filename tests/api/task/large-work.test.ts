// 规模大的导出与整份导入改为后台任务（lib/platform/task/large-work.ts）：阈值在测试里调低（EXPORT_TASK_ROWS、IMPORT_TASK_ROWS），
// 界面的请求（Prefer: respond-async）超过阈值答复 { taskId }，任务以发起人的会话重放同一端点——范围、脱敏、访问日志与直接导出相同；
// 小的照旧直接答复文件；API 客户端（不带这个头）不受影响；别人下载不到；导入有坏行时库里一行不变，错误工作簿在任务结果里。
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues, xlsxFile, type SheetData } from '../../helpers/xlsx';
import type { Db } from '@/lib/platform/db/client';
import { runQueuedTasks } from '@/lib/platform/task/runner';
import { LARGE_WORK_KIND, type LargeWorkInput } from '@/lib/platform/task/large-work';
import { backgroundTasks } from '@/lib/platform/task/tables';
import { getStorage } from '@/lib/platform/storage';
import { purgeFinishedTasks } from '@/lib/domains/task/service';
import type { TaskItem } from '@/lib/domains/task/schemas';
import { users } from '@/lib/domains/user/tables';
import { dataAccessLogs } from '@/lib/domains/privacy/tables';
import { maskMobile } from '@/lib/platform/identity';
import { DEMO_ACCOUNTS } from '@/db/seed/accounts';
import { endpointTable } from '@/lib/api';
// 执行器所在的打包经 lib/tasks.ts 加载它：重放端点的一方
import '@/lib/domains/task/large-work';
import { fresh, headersFor } from '../accounts/helpers';
import { h as scoreHeaders, huayuanPlan, login as scoreLogin } from '../score/helpers';

const { db: getDb } = setupTestDb();
const as = headersFor();
let db: Db;
const ASYNC = { prefer: 'respond-async' };
const saved = { exportRows: process.env.EXPORT_TASK_ROWS, importRows: process.env.IMPORT_TASK_ROWS };

beforeAll(async () => {
  db = await getDb();
  process.env.EXPORT_TASK_ROWS = '3';
  process.env.IMPORT_TASK_ROWS = '3';
});
afterAll(() => {
  for (const [name, value] of [
    ['EXPORT_TASK_ROWS', saved.exportRows],
    ['IMPORT_TASK_ROWS', saved.importRows],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const task = async (account: string, id: number) => {
  const r = await call<TaskItem>('GET', '/task/get', { headers: await as(account), query: { id } });
  expect(r.status).toBe(200);
  return r.body.data;
};
const task2 = async (id: number) => {
  const r = await call<TaskItem>('GET', '/task/get', { headers: scoreHeaders.eval_org, query: { id } });
  expect(r.status).toBe(200);
  return r.body.data;
};
const started = (r: { status: number; headers: Headers; body: { data: unknown } }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.headers.get('preference-applied')).toBe('respond-async');
  const data = r.body.data as { taskId: number; background: boolean };
  expect(data).toEqual({ taskId: expect.any(Number), background: true });
  return data.taskId;
};
const workbookRows = async (res: Response) => sheetValues((await readWorkbook(await res.arrayBuffer())).worksheets[0]);
/** 账号导出的访问日志（别的测试文件可能同时记别的访问） */
const ACCOUNT_EXPORTS = and(eq(dataAccessLogs.entity, 'sys_user'), eq(dataAccessLogs.action, 'export'));
const mobileOf = (account: string) => DEMO_ACCOUNTS.find((a) => a.account === account)!.mobile;

describe('导出超过阈值改为后台任务', () => {
  it('账号导出：任务写出的工作簿与直接导出同样的行、同样的范围与脱敏；只有发起人能下载', async () => {
    const direct = await call('POST', '/account/export', { headers: await as('sjz_admin'), json: {} });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toContain('spreadsheetml');
    const directRows = await workbookRows(direct.res);
    expect(directRows.length - 1).toBeGreaterThan(3);

    const r = await call('POST', '/account/export', { headers: { ...(await as('sjz_admin')), ...ASYNC }, json: {} });
    const taskId = started(r);
    expect(await task('sjz_admin', taskId)).toMatchObject({ kind: LARGE_WORK_KIND.export, status: 'queued', title: '导出筛选后的账号' });
    await runQueuedTasks(db);
    const done = await task('sjz_admin', taskId);
    expect(done).toMatchObject({ status: 'done', hasFile: true, percent: 100 });

    const file = await call('GET', '/task/download', { headers: await as('sjz_admin'), query: { id: taskId } });
    expect(file.status).toBe(200);
    const rows = await workbookRows(file.res);
    expect(done.result).toEqual({ rows: rows.length - 1 });
    // 进度：写出的行数，总数来自同样筛选与范围的计数
    expect(done).toMatchObject({ done: rows.length - 1, total: rows.length - 1 });
    // 与直接导出同样的列与行（别的测试文件可能同时在本市建账号：只比演示账号的行）
    const demo = (all: typeof rows) => all.filter((row) => DEMO_ACCOUNTS.some((a) => a.account === row[0]));
    expect(rows[0]).toEqual(directRows[0]);
    expect(demo(rows)).toEqual(demo(directRows));
    expect(demo(rows).length).toBeGreaterThan(1);
    // 市级管理员的范围：本市的账号，没有别市的
    const accounts = rows.slice(1).map((row) => row[0]);
    expect(accounts).toEqual(expect.arrayContaining(['sjz_admin', 'teacher']));
    expect(accounts).not.toContain('bd_admin');
    // 手机号脱敏
    const mine = rows.find((row) => row[0] === 'sjz_admin')!;
    expect(mine[3]).toBe(maskMobile(mobileOf('sjz_admin')));

    // 别人（别市的管理员、上级）下载不到，也看不到这个任务
    for (const other of ['admin', 'bd_admin']) {
      expect((await call('GET', '/task/download', { headers: await as(other), query: { id: taskId } })).status).toBe(404);
      expect((await call('GET', '/task/get', { headers: await as(other), query: { id: taskId } })).status).toBe(404);
    }
  });

  it('看全手机号的导出：访问日志只记一行（任务里写的），请求里改排任务时写的已随事务撤销', async () => {
    const before = await db.select({ id: dataAccessLogs.id }).from(dataAccessLogs).orderBy(asc(dataAccessLogs.id));
    const lastId = before.at(-1)?.id ?? 0;
    const r = await call('POST', '/account/export', { headers: { ...(await as('admin')), ...ASYNC }, json: { areaId: 130100, unmask: true, reason: 'dispute', reasonNote: '核对张某来电 13912345678' } });
    const taskId = started(r);
    expect(await db.select().from(dataAccessLogs).where(and(gt(dataAccessLogs.id, lastId), ACCOUNT_EXPORTS))).toEqual([]);
    // 存下的请求参数是密文：筛选条件与理由里的号码不以明文进库
    const [stored] = await db.select({ input: backgroundTasks.input }).from(backgroundTasks).where(eq(backgroundTasks.id, taskId));
    expect(JSON.stringify(stored.input)).not.toMatch(/13912345678|dispute|130100/);
    expect((stored.input as LargeWorkInput).sealedRaw).toMatch(/^s1\./);
    await runQueuedTasks(db);
    expect(await task('admin', taskId)).toMatchObject({ status: 'done', hasFile: true });
    const logs = await db.select().from(dataAccessLogs).where(and(gt(dataAccessLogs.id, lastId), ACCOUNT_EXPORTS));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'export', entity: 'sys_user', reason: 'dispute' });
    const rows = await workbookRows((await call('GET', '/task/download', { headers: await as('admin'), query: { id: taskId } })).res);
    expect(logs[0].recordCount).toBe(rows.length - 1);
    const sjz = rows.find((row) => row[0] === 'sjz_admin')!;
    expect(sjz[3]).toBe(mobileOf('sjz_admin'));
  });

  it('证书导出：任务的进度有总数（同样筛选与范围的计数），身份证号与手机号照样脱敏，行与直接导出相同', async () => {
    await scoreLogin('eval_org');
    const plan = await huayuanPlan(db, 7);
    const json = { planId: plan.id };
    const directRows = await workbookRows((await call('POST', '/certificate/exportCert', { headers: scoreHeaders.eval_org, json })).res);
    expect(directRows.length - 1).toBeGreaterThan(3);
    const taskId = started(await call('POST', '/certificate/exportCert', { headers: { ...scoreHeaders.eval_org, ...ASYNC }, json }));
    await runQueuedTasks(db);
    const done = await task2(taskId);
    expect(done).toMatchObject({ status: 'done', done: directRows.length - 1, total: directRows.length - 1, result: { rows: directRows.length - 1 } });
    const rows = await workbookRows((await call('GET', '/task/download', { headers: scoreHeaders.eval_org, query: { id: taskId } })).res);
    // 打印次数可能被同时运行的打印测试改变：比较其余各列
    const printed = rows[0].indexOf('打印次数');
    const withoutPrints = (all: typeof rows) => all.map((row) => row.filter((_, i) => i !== printed));
    expect(withoutPrints(rows)).toEqual(withoutPrints(directRows));
    const idColumn = rows[0].indexOf('身份证号');
    expect(rows.slice(1).every((row) => String(row[idColumn]).includes('*'))).toBe(true);
  });

  it('不超过阈值照旧直接答复文件；不带 Prefer 头的 API 客户端照旧直接答复', async () => {
    const small = await call('POST', '/account/export', { headers: { ...(await as('admin')), ...ASYNC }, json: { account: 'bd_admin' } });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toContain('spreadsheetml');
    expect(small.headers.get('preference-applied')).toBeNull();
    const rows = await workbookRows(small.res);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['bd_admin']);
    expect(rows[1][3]).toBe(maskMobile(mobileOf('bd_admin')));

    // 看全的小导出：在请求的事务里写的访问日志照常留下（一行），文件是全号
    const [last] = await db.select({ id: dataAccessLogs.id }).from(dataAccessLogs).orderBy(desc(dataAccessLogs.id)).limit(1);
    const unmasked = await call('POST', '/account/export', { headers: { ...(await as('admin')), ...ASYNC }, json: { account: 'bd_admin', unmask: true, reason: 'dispute' } });
    expect(unmasked.headers.get('content-type')).toContain('spreadsheetml');
    expect((await workbookRows(unmasked.res))[1][3]).toBe(mobileOf('bd_admin'));
    const logged = await db.select().from(dataAccessLogs).where(and(gt(dataAccessLogs.id, last?.id ?? 0), ACCOUNT_EXPORTS));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ action: 'export', entity: 'sys_user', recordCount: 1 });

    const api = await call('POST', '/account/export', { headers: await as('sjz_admin'), json: {} });
    expect(api.headers.get('content-type')).toContain('spreadsheetml');
    expect((await workbookRows(api.res)).length - 1).toBeGreaterThan(3);
  });

  it('没有导出权限：403，不排任务', async () => {
    const r = await call('POST', '/account/export', { headers: { ...(await as('teacher')), ...ASYNC }, json: {} });
    expect(r.status).toBe(403);
  });

  it('界面的导出端点（键含 export 的 .xlsx 导出）都声明了 asTask', () => {
    // 电子证书（PDF / 压缩包）不是表格导出，另有批量打印的任务
    const notXlsx = new Set(['GET /certificate/certificatesExport']);
    const missing = Object.entries(endpointTable)
      .filter(([key, e]) => /export/i.test(key) && !notXlsx.has(key) && e.asTask !== 'export')
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });
});

describe('整份导入超过阈值改为后台任务', () => {
  const HEADER = ['账号', '姓名', '手机号', '邮箱', '初始密码', '角色编码', '机构编码', '区划代码'];
  const person = (over: { mobile?: string } = {}): SheetData[number] => {
    const f = fresh('big');
    return [f.account, '导入用户', over.mobile ?? f.mobile, null, 'Imp@2026x', 'TEACHER', 'ORG130105001', null];
  };
  const upload = async (rows: SheetData) => {
    const form = new FormData();
    form.set('file', await xlsxFile([HEADER, ...rows]), 'accounts.xlsx');
    return call('POST', '/account/impAccount', { headers: { ...(await as('admin')), ...ASYNC }, form });
  };
  const existing = async (rows: SheetData) =>
    (await db.select({ account: users.account }).from(users).where(inArray(users.account, rows.map((r) => r[0] as string)))).map((r) => r.account);

  it('有坏行：任务失败，给出错误明细与错误工作簿，库里一行不变', async () => {
    const rows = [person(), person(), person(), person({ mobile: '12345' }), person()];
    const taskId = started(await upload(rows));
    expect(await existing(rows)).toEqual([]);
    await runQueuedTasks(db);
    const failed = await task('admin', taskId);
    expect(failed).toMatchObject({ kind: LARGE_WORK_KIND.import, status: 'failed', hasFile: false });
    expect(failed.error).toBe('导入失败：第 5 行「手机号」：手机号格式有误，请重新输入；共 1 处错误，请下载错误工作簿修改后重新导入');
    expect(failed.result).toMatchObject({ total: 5, errorCount: 1, errorFileUrl: expect.stringMatching(/^\/api\//) });
    expect(await existing(rows)).toEqual([]);
    const errorFile = await call('GET', String(failed.result!.errorFileUrl).replace(/^\/api/, ''), { headers: await as('admin') });
    expect(errorFile.status).toBe(200);
    const sheet = await workbookRows(errorFile.res);
    expect(sheet[0]).toContain('错误原因');
    expect(sheet[4].join('|')).toContain('手机号格式有误');
  });

  it('全部正确：任务完成，写入全部行，结果为写入的行数', async () => {
    const rows = [person(), person(), person(), person()];
    const taskId = started(await upload(rows));
    await runQueuedTasks(db);
    expect(await task('admin', taskId)).toMatchObject({ status: 'done', result: { total: 4 }, hasFile: false });
    expect((await existing(rows)).sort()).toEqual(rows.map((r) => r[0]).sort());
  });

  it('上传的文件：任务结束后删除；排队时就取消的，清理后台任务时删除', async () => {
    const inputOf = async (id: number) => {
      const [row] = await db.select().from(backgroundTasks).where(eq(backgroundTasks.id, id));
      return row.input as LargeWorkInput;
    };
    const stored = async (id: number) => (await getStorage().stat((await inputOf(id)).files.file.key)) !== null;

    const ran = started(await upload([person(), person(), person(), person()]));
    expect(await stored(ran)).toBe(true);
    await runQueuedTasks(db);
    expect(await stored(ran)).toBe(false);

    const cancelled = started(await upload([person(), person(), person(), person()]));
    expect((await call('POST', '/task/cancel', { headers: await as('admin'), json: { id: cancelled } })).status).toBe(200);
    await runQueuedTasks(db);
    expect(await stored(cancelled)).toBe(true);
    await db.update(backgroundTasks).set({ finishedAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(backgroundTasks.id, cancelled));
    const { key } = (await inputOf(cancelled)).files.file;
    await purgeFinishedTasks(db, 7);
    expect(await getStorage().stat(key)).toBeNull();
  });

  it('不超过阈值照旧直接导入', async () => {
    const rows = [person(), person()];
    const r = await upload(rows);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ total: 2 });
    expect((await existing(rows)).sort()).toEqual(rows.map((r) => r[0]).sort());
  });
});
