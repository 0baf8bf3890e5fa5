// 补贴申请：金额由服务端算（篡改的金额不收）；转换表里每一步允许与拒绝的办理；逐人同意与不同意；五项核查各在其情形触发、
// 干净的申请不触发；财务审批会透支时拒绝并说出余额、一笔不写；拨付名单；范围。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, lte, ne } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { idCheckChar, maskBankAccount } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { trainClasses, trainStudents, type TrainClass, type TrainStudent } from '@/lib/domains/trainClass/tables';
import { examPlans } from '@/lib/domains/exaPlan/tables';
import { certificates } from '@/lib/domains/certificate/tables';
import { fundAccounts, fundMovements, subsidyApplies, subsidyItems, subsidyStandards } from '@/lib/domains/subsidy/tables';
import { APPLY_STATUS } from '@/lib/domains/subsidy/transitions';
import { h, login, ok, refused } from '../trainClass/helpers';
import { apply, itemOf, mainClass, picker, step } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let klass: TrainClass;
let take: (n: number) => TrainStudent[];
let typeAmount: number;

interface Detail {
  status: number;
  claimedAmount: number;
  approvedAmount: number;
  actions: string[];
  students: { id: number; studentId: number; name: string; amount: number; ineligible: string | null; flags: { code: string; block: boolean; message: string }[]; decision: number; decisionReason: string | null }[];
}
const detail = (account: string, id: number) => ok<Detail>(account, '/subsidy/applyDetail', { id: String(id) }, 'GET');

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'bd_admin', 'admin', 'enterprise');
  const m = await mainClass(db);
  klass = m.klass;
  take = picker(m.free);
  const [std] = await db
    .select()
    .from(subsidyStandards)
    .where(and(eq(subsidyStandards.kind, 'type'), eq(subsidyStandards.cityId, klass.cityId!), eq(subsidyStandards.subject, klass.trainType), lte(subsidyStandards.validFrom, klass.endDate), gte(subsidyStandards.validTo, klass.endDate)));
  typeAmount = std.amount;
});

describe('申请与金额', () => {
  it('金额由服务端按标准算出：送来的 amount 不收', async () => {
    const students = take(2);
    const saved = await ok<{ id: number; claimedAmount: number }>('train_org', '/subsidy/saveClassSubside', {
      classId: klass.id,
      kind: 'train',
      items: students.map((s) => ({ ...itemOf(s), amount: 999999 })),
      claimedAmount: 999999,
    });
    expect(saved.claimedAmount).toBe(2 * typeAmount);
    const d = await detail('train_org', saved.id);
    expect(d.students.map((s) => s.amount)).toEqual([typeAmount, typeAmount]);
  });

  it('出勤不足或未结业的学员金额为 0 并写明原因；考核合格按工种等级标准', async () => {
    const [s] = take(1);
    await db.update(trainStudents).set({ attendedHours: 1 }).where(eq(trainStudents.id, s.id));
    const saved = await apply(klass.id, [s]);
    const d = await detail('train_org', saved.id);
    expect(d.students[0].amount).toBe(0);
    expect(d.students[0].ineligible).toMatch(/^出勤 1 学时，不足班级学时 \d+ 的 80%/);
  });

  it('未考核的班不能申请；别的机构看不到这个班（404）；企业账号没有本班', async () => {
    const [other] = await db.select().from(trainClasses).where(and(eq(trainClasses.orgId, klass.orgId), eq(trainClasses.status, 6)));
    const [s] = await db.select().from(trainStudents).where(eq(trainStudents.classId, other.id)).limit(1);
    await refused('train_org', '/subsidy/saveClassSubside', { classId: other.id, kind: 'train', items: [itemOf(s)] }, 400, '班级当前为「已结业」，须在考核确认之后申请补贴');
    await refused('enterprise', '/subsidy/saveClassSubside', { classId: klass.id, kind: 'train', items: [itemOf(take(1)[0])] }, 404);
    await refused('train_org', '/subsidy/saveClassSubside', { classId: klass.id, kind: 'train', items: [itemOf(s)] }, 400, '有 1 名学员不在本班');
  });

  it('没有银行账号：拒绝并点名学员', async () => {
    const [s] = take(1);
    await refused('train_org', '/subsidy/saveClassSubside', { classId: klass.id, kind: 'train', items: [{ studentId: s.id }] }, 400, `请填写学员「${s.name}」的银行账号（拨付用）`);
  });
});

describe('转换表：每一步允许与拒绝的办理', () => {
  let id: number;
  let students: TrainStudent[];
  beforeAll(async () => {
    students = take(3);
    id = (await apply(klass.id, students)).id;
  });

  it('草稿：市级不能审核，机构提交；提交后机构不能再改', async () => {
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id, action: 'cityApprove' }, 409, '补贴申请当前为「草稿」，不能市级审核通过');
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id, action: 'submit' }, 403, '没有提交申请的权限');
    await refused('admin', '/subsidy/updateApplyStatus', { id, action: 'submit' }, 403, '「提交申请」须由开班机构办理');
    expect((await step('train_org', id, 'submit')).status).toBe(APPLY_STATUS.CITY_PENDING);
    await refused('train_org', '/subsidy/saveClassSubside', { id, classId: klass.id, kind: 'train', items: [itemOf(students[0])] }, 409, /当前为「待市级审核」，不能修改/);
    await refused('train_org', '/subsidy/updateApplyStatus', { id, action: 'submit' }, 409, '补贴申请当前为「待市级审核」，不能提交申请');
  });

  it('撤回回到草稿，再提交', async () => {
    expect((await step('train_org', id, 'withdraw')).status).toBe(APPLY_STATUS.DRAFT);
    await step('train_org', id, 'submit');
  });

  it('市级：退回与不予补贴须写意见；机构不能审核；别的市 404', async () => {
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id, action: 'cityReturn' }, 400, '请输入审核意见');
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id, action: 'cityReject', opinion: ' ' }, 400, '请输入审核意见');
    await refused('train_org', '/subsidy/updateApplyStatus', { id, action: 'cityApprove' }, 403);
    await refused('bd_admin', '/subsidy/updateApplyStatus', { id, action: 'cityApprove' }, 404);
    await refused('admin', '/subsidy/updateApplyStatus', { id, action: 'cityApprove' }, 403, '「市级审核通过」须由市级管理员办理');
  });

  it('退回修改：机构改了再交', async () => {
    expect((await step('sjz_admin', id, 'cityReturn', '银行账号有误')).status).toBe(APPLY_STATUS.RETURNED);
    await ok('train_org', '/subsidy/saveClassSubside', { id, classId: klass.id, kind: 'train', items: students.map((s) => itemOf(s)) });
    await step('train_org', id, 'submit');
  });

  it('逐人不同意须写原因；市级通过：批准额为同意的学员之和', async () => {
    const d = await detail('sjz_admin', id);
    await refused('sjz_admin', '/subsidy/decideStudents', { id, itemIds: [d.students[0].id], decision: 'reject' }, 400, '请填写不同意的原因');
    await ok('sjz_admin', '/subsidy/decideStudents', { id, itemIds: [d.students[0].id], decision: 'reject', reason: '本人未到场签到' });
    const r = await step('sjz_admin', id, 'cityApprove', '同意');
    expect(r.status).toBe(APPLY_STATUS.REVIEW_PENDING);
    expect(r.approvedAmount).toBe(2 * typeAmount);
    const after = await detail('sjz_admin', id);
    expect(after.students.map((s) => s.decision)).toEqual([2, 1, 1]);
    expect(after.students[0].decisionReason).toBe('本人未到场签到');
    await refused('sjz_admin', '/subsidy/decideStudents', { id, itemIds: [d.students[0].id], decision: 'approve' }, 409, '申请当前为「待二级审批」，不能逐人审核');
  });

  it('二级审批由省级办理；市级 403；退回须写意见', async () => {
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id, action: 'reviewApprove' }, 403, '「二级审批通过」须由省级管理员办理');
    await refused('admin', '/subsidy/updateApplyStatus', { id, action: 'reviewReturn' }, 400, '请输入审核意见');
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id, action: 'financeApprove' }, 409, '补贴申请当前为「待二级审批」，不能财务审批通过');
    expect((await step('admin', id, 'reviewApprove')).status).toBe(APPLY_STATUS.FINANCE_PENDING);
  });

  it('财务审批（本市）：占用资金；省级不能办；拨付记一笔拨付；之后不能再转', async () => {
    await refused('admin', '/subsidy/updateApplyStatus', { id, action: 'financeApprove' }, 403, '「财务审批通过」须由市级管理员办理');
    const [account] = await db.select().from(fundAccounts).where(and(eq(fundAccounts.cityId, klass.cityId!), eq(fundAccounts.year, Number(klass.endDate.slice(0, 4)))));
    const before = await ok<{ balance: { available: number; unpaid: number; paid: number } }>('sjz_admin', '/fundAccount/detail', { accountId: String(account.id) }, 'GET');
    expect((await step('sjz_admin', id, 'financeApprove')).status).toBe(APPLY_STATUS.APPROVED);
    const mid = await ok<{ balance: { available: number; unpaid: number; paid: number } }>('sjz_admin', '/fundAccount/detail', { accountId: String(account.id) }, 'GET');
    expect(mid.balance.available).toBe(before.balance.available - 2 * typeAmount);
    expect(mid.balance.unpaid).toBe(before.balance.unpaid + 2 * typeAmount);
    expect((await step('sjz_admin', id, 'pay', '已代发')).status).toBe(APPLY_STATUS.PAID);
    const end = await ok<{ balance: { available: number; unpaid: number; paid: number } }>('sjz_admin', '/fundAccount/detail', { accountId: String(account.id) }, 'GET');
    expect(end.balance).toMatchObject({ available: mid.balance.available, unpaid: before.balance.unpaid, paid: before.balance.paid + 2 * typeAmount });
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id, action: 'pay' }, 409, '补贴申请当前为「已拨付」，不能登记拨付');
    await refused('train_org', '/subsidy/updateApplyStatus', { id, action: 'withdraw' }, 409, '补贴申请当前为「已拨付」，不能撤回申请');
  });

  it('拨付名单：同意的学员、证件号脱敏、账号与金额；机构不能导出', async () => {
    const r = await call('GET', '/subsidy/exportPaymentList', { headers: h.sjz_admin, query: { id } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheet');
    expect((await call('GET', '/subsidy/exportPaymentList', { headers: h.train_org, query: { id } })).status).toBe(403);
    const poster = await ok<{ url: string }>('train_org', '/subsidy/getClassSubsidyPosterUrl', { classId: String(klass.id), kind: 'train' }, 'GET');
    expect(poster.url).toMatch(/^\/api\/subsidy\/classSubsidyPoster\?id=\d+$/);
    const pdf = await call('GET', poster.url.replace('/api', '').split('?')[0], { headers: h.train_org, query: { id: poster.url.split('=')[1] } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('公示海报：财务审批通过之后开班机构的行上有 poster（服务端说有才显示），下载得到 A4 PDF；之前与别的角色没有', async () => {
    const rowOf = async (account: string, step: string) => (await ok<{ list: { id: number; actions: string[] }[] }>(account, '/subsidy/listApply', { kind: 'train', step, pageSize: 100 })).list.find((r) => r.id === id);
    expect((await rowOf('train_org', 'apply'))?.actions).toContain('poster');
    expect((await rowOf('sjz_admin', 'finance'))?.actions).not.toContain('poster');
    const draft = await apply(klass.id, take(1));
    const draftRow = (await ok<{ list: { id: number; actions: string[] }[] }>('train_org', '/subsidy/listApply', { kind: 'train', step: 'apply', pageSize: 100 })).list.find((r) => r.id === draft.id);
    expect(draftRow?.actions).not.toContain('poster');
    const pdf = await call('GET', '/subsidy/classSubsidyPoster', { headers: h.train_org, query: { id: String(id) } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    // 草稿没有海报：服务端拒绝并说明
    const early = await call<unknown>('GET', '/subsidy/classSubsidyPoster', { headers: h.train_org, query: { id: String(draft.id) } });
    expect([early.status, early.body.returnMsg]).toEqual([400, `申请 ${draft.code} 当前为「草稿」，财务审批通过后才能生成公示海报`]);
    await ok('train_org', '/subsidy/deleteApply', { id: draft.id });
  });

  it('不予补贴是终态', async () => {
    const other = await apply(klass.id, take(1));
    await step('train_org', other.id, 'submit');
    expect((await step('sjz_admin', other.id, 'cityReject', '材料不实')).status).toBe(APPLY_STATUS.REJECTED);
    for (const action of ['submit', 'cityApprove', 'reviewApprove', 'financeApprove']) {
      const who = action === 'submit' ? 'train_org' : action === 'reviewApprove' ? 'admin' : 'sjz_admin';
      await refused(who, '/subsidy/updateApplyStatus', { id: other.id, action }, 409, /申请当前为「不予补贴」/);
    }
  });
});

describe('银行信息带出', () => {
  interface FormStudent {
    id: number;
    lastBank: { bankName: string | null; bankAccount: string; applyCode: string } | null;
  }
  const formRows = (account: string) => ok<FormStudent[]>(account, '/subsidy/classStudents', { classId: String(klass.id) }, 'GET');

  it('填表时带出同一证件号最近一次给过的银行信息（本机构范围内，账号脱敏）；别的机构的申请不带；市级不给账号', async () => {
    const [s, fresh] = take(2);
    const saved = await apply(klass.id, [s], { items: [itemOf(s, { bankName: '中国农业银行石家庄分行', bankAccount: '6228480000000000017' })] });
    const mine = (await formRows('train_org')).find((r) => r.id === s.id)!;
    expect(mine.lastBank).toEqual({ bankName: '中国农业银行石家庄分行', bankAccount: maskBankAccount('6228480000000000017'), applyCode: saved.code });
    // 没给过银行信息的人不带
    expect((await formRows('train_org')).find((r) => r.id === fresh.id)!.lastBank).toBeNull();

    // 别的机构的申请里同一证件号、更新的一行：不在本机构范围内，不带出
    const [foreign] = await db.select().from(subsidyApplies).where(ne(subsidyApplies.orgId, klass.orgId)).limit(1);
    const [foreignItem] = await db.select().from(subsidyItems).where(eq(subsidyItems.applyId, foreign.id)).limit(1);
    // （删了重插得到更大的 id，即“更新的一行”）
    await db.delete(subsidyItems).where(eq(subsidyItems.id, foreignItem.id));
    await db.insert(subsidyItems).values({ ...foreignItem, id: undefined, idNumber: s.idNumber, idNumberIndex: s.idNumberIndex, bankName: '别的银行', bankAccount: '6200000000000000999' });
    const again = (await formRows('train_org')).find((r) => r.id === s.id)!;
    expect(again.lastBank?.bankAccount).toBe(maskBankAccount('6228480000000000017'));

    // 带出的脱敏账号原样提交：保存库里的全号；对不上的脱敏值要求填完整账号
    const next = await apply(klass.id, [s], { items: [itemOf(s, { bankName: '中国农业银行石家庄分行', bankAccount: maskBankAccount('6228480000000000017') })] });
    const [stored] = await db.select().from(subsidyItems).where(eq(subsidyItems.applyId, next.id));
    expect(stored.bankAccount).toBe('6228480000000000017');
    await refused('train_org', '/subsidy/saveClassSubside', { classId: klass.id, kind: 'train', items: [itemOf(fresh, { bankAccount: '***************1234' })] }, 400, `请填写学员「${fresh.name}」完整的银行账号`);

    // 市级看名单时不带出账号
    expect((await formRows('sjz_admin')).every((r) => r.lastBank === null)).toBe(true);
  });
});

describe('核查', () => {
  const flagsOf = async (id: number) => (await detail('sjz_admin', id)).students.map((s) => s.flags.map((f) => f.code));

  it('干净的申请：一项都不触发', async () => {
    const saved = await apply(klass.id, take(2));
    expect(saved.blockedCount).toBe(0);
    expect(await flagsOf(saved.id)).toEqual([[], []]);
  });

  it('重复享受：同一人同工种同等级同年度已在另一批（已拨付）中；证据写明那一批；不能同意、须逐人驳回才能通过', async () => {
    const [paid] = await db.select().from(subsidyApplies).where(and(eq(subsidyApplies.classId, klass.id), eq(subsidyApplies.status, APPLY_STATUS.PAID), eq(subsidyApplies.kind, 'train')));
    const [dupItem] = await db.select().from(subsidyItems).where(eq(subsidyItems.applyId, paid.id)).limit(1);
    const [dup] = await db.select().from(trainStudents).where(eq(trainStudents.id, dupItem.studentId));
    const fresh = take(1);
    const saved = await apply(klass.id, [dup, ...fresh]);
    expect(saved.blockedCount).toBe(1);
    const d = await detail('sjz_admin', saved.id);
    expect(d.students[0].flags.every((f) => f.code === 'duplicate' && f.block)).toBe(true);
    expect(d.students[0].flags.some((f) => f.message.includes(paid.code) && f.message.includes('已拨付'))).toBe(true);
    expect(d.students[1].flags).toEqual([]);
    await step('train_org', saved.id, 'submit');
    await refused('sjz_admin', '/subsidy/decideStudents', { id: saved.id, itemIds: [d.students[0].id], decision: 'approve' }, 409, /有阻断性核查问题/);
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id: saved.id, action: 'cityApprove' }, 409, `不能市级审核通过：学员「${dup.name}」有阻断性核查问题，须先逐人选择不同意并写明原因`);
    await ok('sjz_admin', '/subsidy/decideStudents', { id: saved.id, itemIds: [d.students[0].id], decision: 'reject', reason: '重复申请' });
    expect((await step('sjz_admin', saved.id, 'cityApprove')).approvedAmount).toBe(typeAmount);
  });

  it('两个班日期重叠：同一人在另一个未作废的班里', async () => {
    const [s] = take(1);
    const [other] = await db.select().from(trainClasses).where(and(eq(trainClasses.status, 7), eq(trainClasses.cityId, klass.cityId!))).orderBy(trainClasses.id).limit(2).then((r) => r.filter((x) => x.id !== klass.id));
    await db.update(trainClasses).set({ startDate: klass.startDate, endDate: klass.endDate }).where(eq(trainClasses.id, other.id));
    await db.insert(trainStudents).values({ classId: other.id, orgId: other.orgId, cityId: other.cityId, name: s.name, idNumber: s.idNumber, idNumberIndex: s.idNumberIndex, mobile: s.mobile });
    const saved = await apply(klass.id, [s]);
    const d = await detail('sjz_admin', saved.id);
    expect(d.students[0].flags.map((f) => f.code)).toEqual(['overlap']);
    expect(d.students[0].flags[0].message).toContain(other.code);
  });

  it('证件号码不通过校验', async () => {
    const [s] = take(1);
    const bad = s.idNumber.slice(0, 17) + (idCheckChar(s.idNumber.slice(0, 17)) === '1' ? '2' : '1');
    await db.update(trainStudents).set({ idNumber: bad, idNumberIndex: blindIndex('idNumber', bad) }).where(eq(trainStudents.id, s.id));
    const saved = await apply(klass.id, [s]);
    expect(await flagsOf(saved.id)).toEqual([['idNumber']]);
  });

  it('没有出勤记录', async () => {
    const [s] = take(1);
    await db.update(trainStudents).set({ attendedHours: null }).where(eq(trainStudents.id, s.id));
    const saved = await apply(klass.id, [s]);
    const d = await detail('sjz_admin', saved.id);
    expect(d.students[0].flags.map((f) => f.code)).toEqual(['attendance']);
    expect(d.students[0].amount).toBe(0);
  });

  it('证书不存在、证书属于他人；本人的有效证书不触发', async () => {
    const [a, b, c] = take(3);
    const [plan] = await db.select().from(examPlans).limit(1);
    const cert = (code: string, who: TrainStudent) => ({
      planId: plan.id,
      orgId: plan.orgId,
      cityId: klass.cityId,
      cerType: 0,
      cerName: '职业技能等级证书',
      cerCode: code,
      serial: Number(code.slice(-6)),
      issueYear: 2026,
      name: who.name,
      idCard: who.idNumber,
      workCode: klass.workCode,
      workName: klass.workName,
      level: klass.level,
      cerDate: klass.endDate,
    });
    await db.insert(certificates).values([cert('S9999000000000001', b), cert('S9999000000000002', c)]);
    const saved = await ok<{ id: number }>('train_org', '/subsidy/saveClassSubside', {
      classId: klass.id,
      kind: 'train',
      items: [itemOf(a, { certNo: 'S0000000000000404' }), itemOf(b, { certNo: 'S9999000000000002' }), itemOf(c, { certNo: 'S9999000000000002' })],
    });
    const d = await detail('sjz_admin', saved.id);
    // 按学员找行（申请里学员行的顺序不是这里要测的）
    const of = (s: TrainStudent) => d.students.find((x) => x.studentId === s.id)!;
    expect(of(a).flags[0].message).toBe('证书编号 S0000000000000404 在证书库中不存在');
    expect(of(b).flags[0].message).toMatch(/^证书编号 S9999000000000002 属于他人/);
    expect(of(c).flags).toEqual([]);
  });
});

describe('资金', () => {
  it('会透支的财务审批被拒绝并说出余额，一笔不写', async () => {
    const saved = await apply(klass.id, take(2));
    await step('train_org', saved.id, 'submit');
    await step('sjz_admin', saved.id, 'cityApprove');
    await step('admin', saved.id, 'reviewApprove');
    const [account] = await db.select().from(fundAccounts).where(and(eq(fundAccounts.cityId, klass.cityId!), eq(fundAccounts.year, Number(klass.endDate.slice(0, 4)))));
    const bal = await ok<{ balance: { available: number } }>('sjz_admin', '/fundAccount/detail', { accountId: String(account.id) }, 'GET');
    // 调减到只剩 100 元
    await ok('sjz_admin', '/fundAccount/addMovement', { accountId: account.id, kind: 'reduce', amount: bal.balance.available - 100, note: '测试调减' });
    const [{ n: before }] = await db.select({ n: count() }).from(fundMovements).where(eq(fundMovements.accountId, account.id));
    await refused('sjz_admin', '/subsidy/updateApplyStatus', { id: saved.id, action: 'financeApprove' }, 409, `不能财务审批通过：资金账户「${account.name}」可用余额 100 元，不足以批准申请 ${saved.code} 的 ${2 * typeAmount} 元`);
    const [{ n: after }] = await db.select({ n: count() }).from(fundMovements).where(eq(fundMovements.accountId, account.id));
    expect(after).toBe(before);
    const [row] = await db.select().from(subsidyApplies).where(eq(subsidyApplies.id, saved.id));
    expect(row.status).toBe(APPLY_STATUS.FINANCE_PENDING);
    await refused('sjz_admin', '/fundAccount/addMovement', { accountId: account.id, kind: 'reduce', amount: 101 }, 400, `资金账户「${account.name}」可用余额 100 元，不足以调减 101 元`);
    await ok('sjz_admin', '/fundAccount/addMovement', { accountId: account.id, kind: 'allocate', amount: 10000, note: '追加' });
    expect((await step('sjz_admin', saved.id, 'financeApprove')).status).toBe(APPLY_STATUS.APPROVED);
  });

  it('资金账户：别的市 404；机构无权', async () => {
    const [account] = await db.select().from(fundAccounts).where(eq(fundAccounts.cityId, klass.cityId!)).limit(1);
    await refused('bd_admin', '/fundAccount/addMovement', { accountId: account.id, kind: 'allocate', amount: 1 }, 404);
    await refused('train_org', '/fundAccount/addMovement', { accountId: account.id, kind: 'allocate', amount: 1 }, 403);
  });
});

describe('财务审批：两种补贴都在财务的列表里', () => {
  it('生活交通补贴到了待财务审批，财务的列表（不分种类）给出财务审批通过，办理后给出登记拨付', async () => {
    const { klass } = await mainClass(db);
    const [living] = await db
      .select()
      .from(subsidyApplies)
      .where(and(eq(subsidyApplies.classId, klass.id), eq(subsidyApplies.kind, 'living'), eq(subsidyApplies.status, APPLY_STATUS.REVIEW_PENDING)));
    await step('admin', living.id, 'reviewApprove');
    const rowOf = async () =>
      (await ok<{ list: { id: number; kind: string; actions: string[] }[] }>('sjz_admin', '/subsidy/listApply', { step: 'finance', pendingOnly: 'true', pageSize: 100 })).list.find((r) => r.id === living.id);
    expect(await rowOf()).toMatchObject({ kind: 'living', actions: expect.arrayContaining(['financeApprove', 'financeReturn']) });
    expect((await step('sjz_admin', living.id, 'financeApprove')).status).toBe(APPLY_STATUS.APPROVED);
    expect((await rowOf())?.actions).toEqual(expect.arrayContaining(['pay', 'payment']));
    expect((await step('sjz_admin', living.id, 'pay')).status).toBe(APPLY_STATUS.PAID);
  });
});
