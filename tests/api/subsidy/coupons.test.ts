// 培训券：发券（证件号校验）、与班级名单比对、核销只能一次（第二次拒绝并说出已核销到哪个班）、不属于本人的券拒绝、作废的券不能核销；范围。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import type { TrainClass, TrainStudent } from '@/lib/domains/trainClass/tables';
import { createClass, freshDay, lessonBody, login, ok, personId, refused, STUDENT_HEADER, studentBody, teachersOf, upload, workbook } from '../trainClass/helpers';
import { and, eq } from 'drizzle-orm';
import { fundAccounts, trainingCoupons } from '@/lib/domains/subsidy/tables';
import { apply, mainClass, picker, step } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let klass: TrainClass;
let take: (n: number) => TrainStudent[];

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'bd_admin', 'enterprise', 'admin');
  const m = await mainClass(db);
  klass = m.klass;
  // 演示数据里的券用了第 71–77 名
  take = picker(m.free.slice(10));
});

const issue = (s: TrainStudent, over: Record<string, unknown> = {}) =>
  ok<{ id: number; code: string }>('sjz_admin', '/coupon/issue', { name: s.name, idNumber: s.idNumber, faceValue: 600, validFrom: `${klass.startDate.slice(0, 4)}-01-01`, validTo: `${klass.startDate.slice(0, 4)}-12-31`, ...over });

describe('培训券', () => {
  it('核销一次；第二次拒绝；比对名单看得到', async () => {
    const [s] = take(1);
    const c = await issue(s);
    const before = await ok<{ studentId: number; usableCodes: string[]; redeemedCode: string | null }[]>('train_org', '/student/comparisonCouponStatus', { classId: klass.id });
    expect(before.find((r) => r.studentId === s.id)).toMatchObject({ usableCodes: [c.code], redeemedCode: null });
    await ok('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: s.id, code: c.code });
    await refused('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: s.id, code: c.code }, 409, `培训券 ${c.code} 已在班级 ${klass.code} 核销过，一张券只能核销一次`);
    const after = await ok<{ studentId: number; usableCodes: string[]; redeemedCode: string | null }[]>('train_org', '/student/comparisonCouponStatus', { classId: klass.id });
    expect(after.find((r) => r.studentId === s.id)).toMatchObject({ usableCodes: [], redeemedCode: c.code });
    const status = await ok<{ code: string; statusName: string }[]>('train_org', '/student/couponStatus', { classId: klass.id, idNumber: s.idNumber });
    expect(status.map((x) => [x.code, x.statusName])).toEqual([[c.code, '已使用']]);
  });

  it('不属于本人的券、作废的券不能核销；别的机构与别的市 404', async () => {
    const [a, b] = take(2);
    const c = await issue(a);
    await refused('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: b.id, code: c.code }, 409, `不能核销：培训券 ${c.code} 不属于学员「${b.name}」`);
    await refused('enterprise', '/student/redeemCoupon', { classId: klass.id, studentId: a.id, code: c.code }, 404);
    await refused('bd_admin', '/coupon/disable', { id: c.id }, 404);
    await ok('sjz_admin', '/coupon/disable', { id: c.id });
    await refused('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: a.id, code: c.code }, 409, `培训券 ${c.code} 已作废`);
    await ok('sjz_admin', '/coupon/enable', { id: c.id });
    await ok('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: a.id, code: c.code });
    await refused('sjz_admin', '/coupon/disable', { id: c.id }, 409, '培训券当前为「已使用」，不能作废');
  });

  it('学员进班即核销本人可用的券，移出班级时退回；一张券不会同时核销到两个班', async () => {
    const n = 700_000 + (process.pid % 1000);
    const a = await createClass();
    const b = await createClass();
    const year = a.startDate.slice(0, 4);
    const c = await ok<{ id: number; code: string }>('sjz_admin', '/coupon/issue', { name: `学员${n}`, idNumber: personId(n), faceValue: 600, validFrom: `${year}-01-01`, validTo: `${year}-12-31` });
    const stateOf = async () => (await db.select().from(trainingCoupons).where(eq(trainingCoupons.id, c.id)))[0];
    await ok('train_org', '/student/save', studentBody(a.id, n));
    expect(await stateOf()).toMatchObject({ status: 1, classId: a.id });
    const cmp = await ok<{ idNumber: string; redeemedCode: string | null }[]>('train_org', '/student/comparisonCouponStatus', { classId: a.id });
    expect(cmp.map((r) => r.redeemedCode)).toEqual([c.code]);
    // 别的班再收这个人：券已用，不再核销
    await ok('train_org', '/student/save', studentBody(b.id, n));
    expect(await stateOf()).toMatchObject({ status: 1, classId: a.id });
    const [student] = await ok<{ list: { id: number }[] }>('train_org', '/class/listClassStudent', { classId: a.id, page: 1, limit: 10 }).then((r) => r.list);
    await ok('train_org', '/student/delClassStudent', { classId: a.id, ids: [student.id] });
    expect(await stateOf()).toMatchObject({ status: 0, classId: null, studentId: null });
  });

  it('班级作废生效时核销到本班的券退回为未使用（同一事务），驳回作废申请时不退；删除草稿班时同样退回', async () => {
    const n = 720_000 + (process.pid % 1000);
    const date = freshDay();
    const teachers = await teachersOf();
    const c = await createClass(date);
    const year = c.startDate.slice(0, 4);
    const coupon = await ok<{ id: number; code: string }>('sjz_admin', '/coupon/issue', { name: `学员${n}`, idNumber: personId(n), faceValue: 600, validFrom: `${year}-01-01`, validTo: `${year}-12-31` });
    const stateOf = async () => (await db.select().from(trainingCoupons).where(eq(trainingCoupons.id, coupon.id)))[0];
    await ok('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, date, teachers[0].id));
    await ok('train_org', '/student/save', studentBody(c.id, n));
    expect(await stateOf()).toMatchObject({ status: 1, classId: c.id });
    await ok('train_org', '/trainInfo/submitReview', { id: c.id });
    await ok('sjz_admin', '/trainInfo/updateAuditStatus', { id: c.id, result: 'pass' });
    await ok('train_org', '/trainInfo/derelictTrainInfo', { id: c.id, reason: '场地不可用' });
    await ok('sjz_admin', '/trainInfo/derelictTrainInfoEfficacy', { id: c.id, result: 'reject', opinion: '请先安排学员转班' });
    expect(await stateOf()).toMatchObject({ status: 1, classId: c.id });
    await ok('train_org', '/trainInfo/derelictTrainInfo', { id: c.id, reason: '场地不可用' });
    const done = await ok<{ status: number; couponsReleased?: string[] }>('sjz_admin', '/trainInfo/derelictTrainInfoEfficacy', { id: c.id, result: 'pass' });
    expect(done).toMatchObject({ status: 9, couponsReleased: [coupon.code] });
    expect(await stateOf()).toMatchObject({ status: 0, classId: null, studentId: null, orgId: null, redeemedAt: null });

    // 券回到本人手里：进另一个班时核销到那个班
    const other = await createClass();
    await ok('train_org', '/student/save', studentBody(other.id, n));
    expect(await stateOf()).toMatchObject({ status: 1, classId: other.id });
    // 删除草稿班（学员随班删除）：券退回，删除不因券引用班级而失败
    await ok('train_org', '/trainInfo/deleteBatch', { ids: [other.id] });
    expect(await stateOf()).toMatchObject({ status: 0, classId: null });
  });

  it('名单导入确认写入时，名单里有可用券的人各核销一张到本班，没有券的照常进班', async () => {
    const n = 710_000 + (process.pid % 1000);
    const c = await createClass();
    const year = c.startDate.slice(0, 4);
    const coupon = await ok<{ id: number; code: string }>('sjz_admin', '/coupon/issue', { name: `学员${n}`, idNumber: personId(n), faceValue: 800, validFrom: `${year}-01-01`, validTo: `${year}-12-31` });
    const row = (k: number) => [`学员${k}`, personId(k), `139${String(10000000 + k).slice(-8)}`, '高中', '石家庄恒瑞机械有限公司'];
    const p = await upload<{ importId: number }>('train_org', '/student/uploadClassStudent', { classId: String(c.id), file: await workbook([STUDENT_HEADER, row(n), row(n + 1)]) });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const [before] = await db.select().from(trainingCoupons).where(eq(trainingCoupons.id, coupon.id));
    expect(before.status).toBe(0);
    await ok('train_org', '/student/uploadClassStudentCommit', { importId: p.body.data.importId });
    const cmp = await ok<{ name: string; redeemedCode: string | null }[]>('train_org', '/student/comparisonCouponStatus', { classId: c.id });
    expect(cmp.map((r) => [r.name, r.redeemedCode])).toEqual([
      [`学员${n}`, coupon.code],
      [`学员${n + 1}`, null],
    ]);
  });

  it('发券校验证件号；机构看到核销到本机构的券', async () => {
    const [s] = take(1);
    await refused('sjz_admin', '/coupon/issue', { name: s.name, idNumber: '130102199001011230', faceValue: 1, validFrom: '2026-01-01', validTo: '2026-12-31' }, 400);
    // 有效期倒置：校验时即拒绝，消息指向失效日期
    const reversed = await refused('sjz_admin', '/coupon/issue', { name: s.name, idNumber: s.idNumber, faceValue: 1, validFrom: '2026-12-31', validTo: '2026-01-01' }, 400);
    expect((reversed.body.data as { fields: Record<string, string> }).fields).toEqual({ validTo: '失效日期不能早于生效日期' });
    const list = await ok<{ list: { code: string; classCode: string | null }[] }>('train_org', '/coupon/list', {});
    expect(list.list.length).toBeGreaterThan(0);
    expect(list.list.every((r) => r.classCode !== null)).toBe(true);
  });
});

describe('财务审批通过时自动核销', () => {
  it('同意的学员的可用券在同一事务里核销到本班（最早到期的一张）；余额不足被拒时一张不核销；不覆盖开班日期的券、本班已核销过券的学员不动', async () => {
    const [a, b, c] = take(3);
    const early = await issue(a, { validTo: klass.startDate });
    const late = await issue(a);
    const outside = await issue(b, { validFrom: klass.endDate, validTo: `${klass.endDate.slice(0, 4)}-12-31` });
    const manual = await issue(c);
    await ok('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: c.id, code: manual.code });
    const spare = await issue(c);

    const saved = await apply(klass.id, [a, b, c]);
    await step('train_org', saved.id, 'submit');
    await step('sjz_admin', saved.id, 'cityApprove');
    await step('admin', saved.id, 'reviewApprove');

    // 先让资金账户不够：财务审批被拒，券一张也不核销
    const [account] = await db.select().from(fundAccounts).where(and(eq(fundAccounts.cityId, klass.cityId!), eq(fundAccounts.year, Number(klass.endDate.slice(0, 4)))));
    const detail = await ok<{ balance: { available: number } }>('sjz_admin', '/fundAccount/detail', { accountId: String(account.id) }, 'GET');
    const cut = detail.balance.available;
    await ok('sjz_admin', '/fundAccount/addMovement', { accountId: account.id, kind: 'reduce', amount: cut, note: '测试：临时调减' });
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id: saved.id, action: 'financeApprove' }, 409);
    const statusOf = async (code: string) => (await db.select({ status: trainingCoupons.status, classId: trainingCoupons.classId }).from(trainingCoupons).where(eq(trainingCoupons.code, code)))[0];
    expect((await statusOf(early.code)).status).toBe(0);

    await ok('sjz_admin', '/fundAccount/addMovement', { accountId: account.id, kind: 'allocate', amount: cut, note: '测试：拨回' });
    const done = await ok<{ status: number; couponsRedeemed: string[] }>('sjz_admin', '/subsidy/updateApplyStatus', { id: saved.id, action: 'financeApprove' });
    expect(done.couponsRedeemed).toEqual([early.code]);
    expect(await statusOf(early.code)).toEqual({ status: 1, classId: klass.id });
    expect((await statusOf(late.code)).status).toBe(0);
    expect((await statusOf(spare.code)).status).toBe(0);
    expect((await statusOf(outside.code)).status).toBe(0);
    const compare = await ok<{ studentId: number; redeemedCode: string | null }[]>('train_org', '/student/comparisonCouponStatus', { classId: klass.id });
    expect(compare.find((r) => r.studentId === a.id)?.redeemedCode).toBe(early.code);
  });
});
