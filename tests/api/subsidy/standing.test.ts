// 培训台账：机构登记（数字由服务端算出，送来的不收）、一班一本、结业前不能登记；提交 → 市级退回（意见必填）→ 刷新再提交 → 审批通过（定稿）；
// 每个允许与拒绝的转换；范围（别的市 404）；台账里的补贴数与补贴申请一致；各界面的列表与导出。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { organisations } from '@/lib/domains/org/tables';
import { trainClasses, trainStudents } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import { EXAMINE } from '@/lib/domains/trainClass/schemas';
import { MAIN_ORG_CODE } from '@/lib/domains/subsidy/seed';
import { standingBooks, subsidyApplies, subsidyItems } from '@/lib/domains/subsidy/tables';
import { APPLY_STATUS, DECISION } from '@/lib/domains/subsidy/transitions';
import type { StandingBookItem, StandingBookLineItem } from '@/lib/domains/subsidy/standing';
import { h, login, ok, refused } from '../trainClass/helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let orgId: number;

type Detail = StandingBookItem & { lines: StandingBookLineItem[] };

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'bd_admin', 'admin', 'enterprise');
  [{ id: orgId }] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, MAIN_ORG_CODE));
});

const classOf = async (status: number) => (await db.select().from(trainClasses).where(and(eq(trainClasses.orgId, orgId), eq(trainClasses.status, status))).orderBy(asc(trainClasses.id)))[0];
const move = (account: string, id: number, action: string, opinion?: string) => ok<{ status: number }>(account, '/standingBook/updateStatus', { id, action, opinion });

describe('登记与审批', () => {
  it('登记已结业的班：数字由服务端算出；一班一本；未结业的班不能登记；市级不能登记', async () => {
    const finished = await classOf(CLASS_STATUS.FINISHED);
    const options = await ok<{ id: number }[]>('train_org', '/standingBook/eligibleClasses', {}, 'GET');
    expect(options.map((o) => o.id)).toContain(finished.id);
    // 已考核的班在演示数据里已有台账，不在可选之列
    expect(options.map((o) => o.id)).not.toContain((await classOf(CLASS_STATUS.ASSESSED)).id);

    const saved = await ok<{ id: number; code: string }>('train_org', '/standingBook/save', { classId: finished.id, remark: '第一次登记', studentCount: 1, subsidyPaid: 999999 });
    expect(saved.code).toMatch(/^TZ\d{4}\d{6}$/);
    const d = await ok<Detail>('train_org', '/standingBook/detail', { id: String(saved.id) }, 'GET');
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(trainStudents).where(and(eq(trainStudents.classId, finished.id), ne(trainStudents.examine, EXAMINE.REJECTED)));
    expect(d.studentCount).toBe(n);
    expect(d.lines).toHaveLength(n);
    expect(d.subsidyPaid).toBe(0);
    expect(d.completedCount).toBe(d.lines.filter((l) => l.completion === 1).length);
    expect(d.attendedHours).toBe(d.lines.reduce((s, l) => s + (l.attendedHours ?? 0), 0));
    expect(d.lines[0].idNumber).toContain('*');
    expect([d.status, d.statusName, d.remark, d.actions]).toEqual([0, '草稿', '第一次登记', ['edit', 'delete', 'submit']]);

    await refused('train_org', '/standingBook/save', { classId: finished.id }, 409, `班级 ${finished.code} 已登记台账`);
    const training = await classOf(CLASS_STATUS.IN_TRAINING);
    await refused('train_org', '/standingBook/save', { classId: training.id }, 400, '班级当前为「培训中」，结业之后才能登记台账');
    await refused('train_org', '/standingBook/save', {}, 400, '请选择培训班');
    await refused('sjz_admin', '/standingBook/save', { classId: finished.id }, 403);
    await refused('enterprise', '/standingBook/list', { step: 'manage' }, 403);

    // 草稿可以删除（别人不能），删除后该班又可登记
    await refused('sjz_admin', '/standingBook/delete', { id: saved.id }, 403);
    await ok('train_org', '/standingBook/delete', { id: saved.id });
    expect((await ok<{ id: number }[]>('train_org', '/standingBook/eligibleClasses', {}, 'GET')).map((o) => o.id)).toContain(finished.id);
    await ok('train_org', '/standingBook/save', { classId: finished.id, remark: '第一次登记' });
  });

  it('提交 → 退回（意见必填）→ 刷新再提交 → 审批通过；每个拒绝的转换；办理历史', async () => {
    const finished = await classOf(CLASS_STATUS.FINISHED);
    const [book] = await db.select().from(standingBooks).where(eq(standingBooks.classId, finished.id));
    const id = book.id;
    await refused('sjz_admin', '/standingBook/updateStatus', { id, action: 'approve' }, 409, '台账当前为「草稿」，不能审批通过');
    await refused('train_org', '/standingBook/updateStatus', { id, action: 'withdraw' }, 409, '台账当前为「草稿」，不能撤回');
    expect((await move('train_org', id, 'submit')).status).toBe(1);
    await refused('train_org', '/standingBook/save', { id, remark: 'x' }, 409, '台账当前为「待审批」，不能修改');
    await refused('train_org', '/standingBook/updateStatus', { id, action: 'approve' }, 403, '没有审批通过的权限');
    await refused('admin', '/standingBook/updateStatus', { id, action: 'approve' }, 403, '「审批通过」须由市级管理员办理');
    await refused('bd_admin', '/standingBook/updateStatus', { id, action: 'approve' }, 404);
    await refused('sjz_admin', '/standingBook/updateStatus', { id, action: 'return' }, 400, '请输入审批意见');
    await refused('sjz_admin', '/standingBook/updateStatus', { id, action: 'submit' }, 403);

    const pending = await ok<{ list: StandingBookItem[] }>('sjz_admin', '/standingBook/list', { step: 'approve', pendingOnly: true, pageSize: 100 });
    expect(pending.list.find((b) => b.id === id)?.actions).toEqual(['approve', 'return']);
    expect(pending.list.every((b) => b.status === 1)).toBe(true);

    expect((await move('sjz_admin', id, 'return', '出勤学时与签到表不一致，请核对')).status).toBe(2);
    await ok('train_org', '/standingBook/save', { id, remark: '已核对出勤' });
    expect((await move('train_org', id, 'submit')).status).toBe(1);
    expect((await move('train_org', id, 'withdraw')).status).toBe(0);
    expect((await move('train_org', id, 'submit')).status).toBe(1);
    expect((await move('sjz_admin', id, 'approve', '同意')).status).toBe(3);

    await refused('sjz_admin', '/standingBook/updateStatus', { id, action: 'approve' }, 409, '台账当前为「已审批」，不能审批通过');
    await refused('train_org', '/standingBook/save', { id, remark: '再改' }, 409, '台账当前为「已审批」，不能修改');
    await refused('train_org', '/standingBook/delete', { id }, 409, '台账当前为「已审批」，不能删除');
    const d = await ok<Detail>('train_org', '/standingBook/detail', { id: String(id) }, 'GET');
    expect([d.statusName, d.lastOpinion, d.remark, d.actions]).toEqual(['已审批', '同意', '已核对出勤', []]);

    const history = await ok<{ actionName: string; opinion: string | null }[]>('train_org', '/standingBook/history', { id });
    expect(history.map((x) => x.actionName)).toEqual(['登记台账', '提交审批', '退回修改', '提交审批', '撤回', '提交审批', '审批通过']);
    expect(history[2].opinion).toBe('出勤学时与签到表不一致，请核对');
  });
});

describe('台账里的数字与查询', () => {
  it('演示的已审批台账：补贴申请额、批准额、拨付额与补贴申请一致', async () => {
    const assessed = await classOf(CLASS_STATUS.ASSESSED);
    const [book] = await db.select().from(standingBooks).where(eq(standingBooks.classId, assessed.id));
    const items = await db
      .select({ amount: subsidyItems.amount, decision: subsidyItems.decision, status: subsidyApplies.status })
      .from(subsidyItems)
      .innerJoin(subsidyApplies, eq(subsidyApplies.id, subsidyItems.applyId))
      .where(and(eq(subsidyApplies.classId, assessed.id), ne(subsidyApplies.status, APPLY_STATUS.DRAFT)));
    const sum = (f: (i: (typeof items)[number]) => boolean) => items.filter(f).reduce((s, i) => s + i.amount, 0);
    const granted = (i: (typeof items)[number]) => i.decision === DECISION.APPROVED && (i.status === APPLY_STATUS.APPROVED || i.status === APPLY_STATUS.PAID);
    const d = await ok<Detail>('sjz_admin', '/standingBook/detail', { id: String(book.id) }, 'GET');
    // 不予补贴、退回修改的批次不算申请额（演示数据里都有：培训补贴八个状态各一批）
    const dead = (i: (typeof items)[number]) => i.status === APPLY_STATUS.REJECTED || i.status === APPLY_STATUS.RETURNED;
    expect(sum(dead)).toBeGreaterThan(0);
    expect(d.subsidyClaimed).toBe(sum((i) => !dead(i)));
    expect(d.subsidyApproved).toBe(sum(granted));
    expect(d.subsidyPaid).toBe(sum((i) => granted(i) && i.status === APPLY_STATUS.PAID));
    expect(d.subsidyPaid).toBeGreaterThan(0);
    expect(d.status).toBe(3);
    await refused('bd_admin', '/standingBook/history', { id: book.id }, 404);
  });

  it('查询：机构只看本机构的，市级看本市的（不含机构的草稿）；省级看全部；按步骤检查权限；导出', async () => {
    const mine = await ok<{ list: StandingBookItem[]; total: number }>('train_org', '/standingBook/list', { step: 'search', pageSize: 100 });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((b) => b.orgId === orgId)).toBe(true);
    const sjz = await ok<{ list: StandingBookItem[] }>('sjz_admin', '/standingBook/list', { step: 'search', pageSize: 100 });
    expect(sjz.list.every((b) => b.cityId === 130100 && b.status !== 0)).toBe(true);
    const bd = await ok<{ list: StandingBookItem[] }>('bd_admin', '/standingBook/list', { step: 'search', pageSize: 100 });
    expect(bd.list.every((b) => b.cityId === 130600)).toBe(true);
    const all = await ok<{ total: number }>('admin', '/standingBook/list', { step: 'search', pageSize: 100 });
    expect(all.total).toBeGreaterThanOrEqual(sjz.list.length + bd.list.length);
    await refused('train_org', '/standingBook/list', { step: 'approve' }, 403, '没有查看台账的权限');

    const exported = await call('POST', '/standingBook/export', { headers: h.train_org, json: { step: 'manage' } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await exported.res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('台账编号');
    expect(sheet.rowCount - 1).toBe(mine.total);
  });
});
