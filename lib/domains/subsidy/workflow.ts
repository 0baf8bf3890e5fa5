// 补贴申请（培训补贴与生活交通补贴）：机构为已考核的班级申请（subsidy/saveClassSubside），金额与核查由服务端算出；
// 申请与逐人决定的状态变更交给工作流引擎（lib/platform/workflow）：声明在 transitions.ts，这里给表、读取（范围）、条件、附带动作、历史与通知。
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { fetchPage } from '@/lib/platform/db/paged';
import { exportXlsx } from '@/lib/platform/excel/export';
import { isMaskedValue, maskBankAccount, maskIdNumber } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { formatBeijing } from '@/lib/platform/time';
import { defineWorkflow, scopedActors, type TransitionRequest } from '@/lib/platform/workflow';
import { LEVEL_NAMES } from '@/lib/domains/catalog/schemas';
import { scopedNotice } from '@/lib/domains/message/workflow-notice';
import { organisations } from '@/lib/domains/org/tables';
import { trainClasses, trainStudents, type TrainClass } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS, classStatusLabel } from '@/lib/domains/trainClass/transitions';
import { COMPLETION_LABEL, EXAMINE } from '@/lib/domains/trainClass/schemas';
import { subsidyApplies, subsidyHistory, subsidyItemHistory, subsidyItems, type CheckFlag, type SubsidyApply, type SubsidyItem } from './tables';
import { computeItems, crossCheck, type ItemChoice } from './compute';
import { lockAccount, balanceOf, moveForApply, overdrawMessage } from './fund';
import { redeemForClass } from './coupons';
import { canUnmask, unmaskedView } from '@/lib/domains/privacy/service';
import { ACCESS_ACTION, type AccessAction, type UnmaskRequest } from '@/lib/domains/privacy/schemas';
import { classColumns, classNameFilters, type ClassColumns } from './class-columns';
import {
  ACTOR_LABEL,
  AFTER_CITY_STATUSES,
  APPLY_OPERATIONS,
  APPLY_STATUS,
  APPLY_STATUS_LABEL,
  applyStatusLabel,
  DECISION,
  DECISION_LABEL,
  DECISION_TRANSITIONS,
  PUBLIC_STATUSES,
  RESOURCES,
  SUBSIDY_KIND_LABEL,
  TRANSITIONS,
  type Actor,
  type ApplyAction,
  type DecisionLike,
  type SubsidyKind,
  type TransitionAction,
} from './transitions';
import { ASSESS_LABEL, type ApplyItem, type ApplyStep, type ApplyStudent, type SaveClassSubside } from './schemas';

const S = APPLY_STATUS;

async function loadApply(db: Db, user: SessionUser, id: number, lock = false): Promise<SubsidyApply> {
  const q = db.select().from(subsidyApplies).where(eq(subsidyApplies.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return assertInScope(user, row, '补贴申请');
}

async function classOf(db: Db, id: number): Promise<TrainClass> {
  const [c] = await db.select().from(trainClasses).where(eq(trainClasses.id, id));
  return c;
}

// ---------- 申请 ----------

/** 本机构已考核的班级（申请界面的“选择班级”；一个班可分批申请） */
export async function eligibleClasses(db: Db, user: SessionUser) {
  // 一个班可分批申请：培训补贴与生活交通补贴都列出本机构全部已考核的班
  if (user.level !== 'org' || user.orgId === null) return [];
  const rows = await db
    .select({ id: trainClasses.id, code: trainClasses.code, name: trainClasses.name, endDate: trainClasses.endDate, studentCount: trainClasses.studentCount })
    .from(trainClasses)
    .where(
      and(
        eq(trainClasses.orgId, user.orgId),
        eq(trainClasses.status, CLASS_STATUS.ASSESSED),
      ),
    )
    .orderBy(desc(trainClasses.endDate))
    .limit(200);
  return rows.map((r) => ({ ...r, label: `${r.code} ${r.name}（${r.endDate} 结业，${r.studentCount} 人）` }));
}

/** 一个班可以申请的学员（审核未被否决的），申请表单用 */
export async function classStudentsForApply(db: Db, user: SessionUser, f: { classId: number }) {
  const [c] = await db.select().from(trainClasses).where(eq(trainClasses.id, f.classId));
  assertInScope(user, c, '培训班');
  const rows = await db.select().from(trainStudents).where(and(eq(trainStudents.classId, c.id), sql`${trainStudents.examine} <> ${EXAMINE.REJECTED}`)).orderBy(asc(trainStudents.id));
  // 开班机构填表时带出各人此前给过的银行信息（只给本机构；账号脱敏，原样提交时保存库里的全号，见 saveClassSubside）
  const banks = user.level === 'org' ? await lastBankDetails(db, user, rows.map((s) => s.idNumber)) : new Map<string, BankDetails>();
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    idNumber: maskIdNumber(s.idNumber),
    attendedHours: s.attendedHours,
    completion: s.completion,
    completionName: COMPLETION_LABEL[s.completion],
    lastBank: maskedBank(banks.get(s.idNumber)),
  }));
}

const maskedBank = (b: BankDetails | undefined): BankDetails | null => (b ? { ...b, bankAccount: maskBankAccount(b.bankAccount) } : null);

export interface BankDetails {
  bankName: string | null;
  bankAccount: string;
  /** 取自哪份申请 */
  applyCode: string;
}

/**
 * 每个证件号最近一次在补贴申请里给过的银行信息（培训补贴或生活交通补贴，任何状态），只在调用者的范围内找（机构只看本机构的申请）。
 * 一条语句取全班（distinct on 证件号的盲索引，subsidy_item_person_idx），不逐人查。账号是全号（调用方决定是否脱敏）；键为调用方给的证件号。
 */
export async function lastBankDetails(db: Db, user: SessionUser, idNumbers: string[]): Promise<Map<string, BankDetails>> {
  if (!idNumbers.length) return new Map();
  const indexes = [...new Set(idNumbers.map((v) => blindIndex('idNumber', v)))];
  const rows = await db
    .selectDistinctOn([subsidyItems.idNumberIndex], { idNumberIndex: subsidyItems.idNumberIndex, bankName: subsidyItems.bankName, bankAccount: subsidyItems.bankAccount, applyCode: subsidyApplies.code })
    .from(subsidyItems)
    .innerJoin(subsidyApplies, eq(subsidyApplies.id, subsidyItems.applyId))
    .where(and(inArray(subsidyItems.idNumberIndex, indexes), sql`${subsidyItems.bankAccount} is not null and ${subsidyItems.bankAccount} <> ''`, scopeWhere(user, { cityId: subsidyItems.cityId, orgId: subsidyItems.orgId })))
    .orderBy(subsidyItems.idNumberIndex, desc(subsidyItems.id));
  const byIndex = new Map(rows.map((r) => [r.idNumberIndex, { bankName: r.bankName, bankAccount: r.bankAccount!, applyCode: r.applyCode }]));
  const out = new Map<string, BankDetails>();
  for (const v of idNumbers) {
    const b = byIndex.get(blindIndex('idNumber', v));
    if (b) out.set(v, b);
  }
  return out;
}

/**
 * 表单里的银行账号是脱敏的（修改时的原值、带出的上次账号）：原样提交时换回库里的全号——同一名学员在本申请里原来的账号，
 * 或他最近一次申请里的账号，脱敏后须与提交的一致；对不上的要求填完整账号。
 */
async function resolveMaskedAccounts(tx: Db, user: SessionUser, items: ItemChoice[], students: { id: number; name: string; idNumber: string }[], existingId: number | undefined): Promise<ItemChoice[]> {
  const masked = items.filter((i) => i.bankAccount && isMaskedValue(i.bankAccount));
  if (!masked.length) return items;
  const before = existingId ? await tx.select({ studentId: subsidyItems.studentId, bankAccount: subsidyItems.bankAccount }).from(subsidyItems).where(eq(subsidyItems.applyId, existingId)) : [];
  const last = await lastBankDetails(
    tx,
    user,
    students.map((s) => s.idNumber),
  );
  return items.map((i) => {
    if (!i.bankAccount || !isMaskedValue(i.bankAccount)) return i;
    const s = students.find((x) => x.id === i.studentId)!;
    const candidates = [before.find((b) => b.studentId === i.studentId)?.bankAccount, last.get(s.idNumber)?.bankAccount];
    const full = candidates.find((v) => v && maskBankAccount(v) === i.bankAccount);
    if (!full) throw ApiError.badRequest(`请填写学员「${s.name}」完整的银行账号`);
    return { ...i, bankAccount: full };
  });
}

/** 重算一份申请的金额（recompute）与核查，写回学员行与汇总 */
async function refresh(tx: Db, a: SubsidyApply, c: TrainClass, opts: { recompute: boolean }) {
  const items = await tx.select().from(subsidyItems).where(eq(subsidyItems.applyId, a.id));
  let computed = items.map((i) => ({ ...i }));
  if (opts.recompute) {
    const students = await tx.select().from(trainStudents).where(inArray(trainStudents.id, items.map((i) => i.studentId)));
    const choices = new Map<number, ItemChoice>(items.map((i) => [i.studentId, { studentId: i.studentId, certNo: i.certNo, bankName: i.bankName, bankAccount: i.bankAccount ?? undefined, groupCode: i.groupCode ?? undefined }]));
    const fresh = await computeItems(tx, a.kind as SubsidyKind, c, students, choices);
    computed = items.map((i) => ({ ...i, ...fresh.find((x) => x.studentId === i.studentId)! }));
  }
  const flags = await crossCheck(tx, { applyId: a.id, kind: a.kind as SubsidyKind, year: a.year, klass: c }, computed);
  // 一条语句写回全部学员行（不逐行更新）
  const rows = computed.map((i) => ({
    id: i.id,
    flags: flags.get(i.studentId) ?? [],
    amount: i.amount,
    ineligible: i.ineligible,
    standard_id: i.standardId,
    days: i.days,
    daily_rate: i.dailyRate,
    attended_hours: i.attendedHours,
    completion: i.completion,
    assess_result: i.assessResult,
  }));
  if (rows.length) {
    const recompute = opts.recompute;
    await tx.execute(sql`
      update ${subsidyItems} as i set
        flags = v.flags,
        amount = case when ${recompute} then v.amount else i.amount end,
        ineligible = case when ${recompute} then v.ineligible else i.ineligible end,
        standard_id = case when ${recompute} then v.standard_id else i.standard_id end,
        days = case when ${recompute} then v.days else i.days end,
        daily_rate = case when ${recompute} then v.daily_rate else i.daily_rate end,
        attended_hours = case when ${recompute} then v.attended_hours else i.attended_hours end,
        completion = case when ${recompute} then v.completion else i.completion end,
        assess_result = case when ${recompute} then v.assess_result else i.assess_result end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, flags jsonb, amount int, ineligible varchar, standard_id int, days smallint, daily_rate int, attended_hours smallint, completion smallint, assess_result smallint)
      where i.id = v.id`);
  }
  const summary = summarise(computed.map((i) => ({ amount: i.amount, flags: flags.get(i.studentId) ?? [] })));
  await tx.update(subsidyApplies).set(summary).where(eq(subsidyApplies.id, a.id));
  return { items: computed.map((i) => ({ ...i, flags: flags.get(i.studentId) ?? [] })), ...summary };
}

function summarise(items: { amount: number; flags: CheckFlag[] }[]) {
  return {
    studentCount: items.length,
    claimedAmount: items.reduce((s, i) => s + i.amount, 0),
    blockedCount: items.filter((i) => i.flags.some((f) => f.block)).length,
    flaggedCount: items.filter((i) => i.flags.length > 0).length,
  };
}

/**
 * subsidy/saveClassSubside：为一个已考核的班申请一种补贴（新建，或草稿、退回修改时整份替换学员名单）。
 * 每名学员只收学员 id、证书编号、银行账户与人员类别；金额由服务端算出（送来的 amount 不收）。
 */
export async function saveClassSubside(db: Db, session: Session, input: SaveClassSubside, audit: Audit) {
  const { user } = session;
  const r = RESOURCES[input.kind];
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(trainClasses).where(eq(trainClasses.id, input.classId)).for('update');
    const c = assertInScope(user, found, '培训班');
    if (!scopedActors(user, c).includes('org')) throw ApiError.forbidden('补贴由开班的机构申请');
    if (c.status !== CLASS_STATUS.ASSESSED) throw ApiError.badRequest(`班级当前为「${classStatusLabel(c.status)}」，须在考核确认之后申请补贴`);
    let existing: SubsidyApply | undefined;
    if (input.id) {
      existing = await loadApply(tx, user, input.id, true);
      if (existing.classId !== c.id || existing.kind !== input.kind) throw ApiError.badRequest('申请与班级、补贴种类不符');
    }
    if (!can(session, `${r.apply}.${existing ? 'edit' : 'add'}`)) throw ApiError.forbidden(`没有${existing ? '修改' : '新增'}${SUBSIDY_KIND_LABEL[input.kind]}申请的权限`);
    if (existing) applyWorkflow.assertOperation(existing, session, 'edit');
    const studentIds = input.items.map((i) => i.studentId);
    if (new Set(studentIds).size !== studentIds.length) throw ApiError.badRequest('同一名学员选了两次');
    const students = await tx.select().from(trainStudents).where(and(eq(trainStudents.classId, c.id), inArray(trainStudents.id, studentIds)));
    const missing = studentIds.filter((id) => !students.some((s) => s.id === id));
    if (missing.length) throw ApiError.badRequest(`有 ${missing.length} 名学员不在本班`);
    const refusedStudent = students.find((s) => s.examine === EXAMINE.REJECTED);
    if (refusedStudent) throw ApiError.badRequest(`学员「${refusedStudent.name}」在开班审核中未通过，不能申请补贴`);
    if (input.kind === 'living') {
      const noGroup = input.items.find((i) => !i.groupCode);
      if (noGroup) throw ApiError.badRequest(`请选择学员「${students.find((s) => s.id === noGroup.studentId)!.name}」的人员类别`);
    }
    const noAccount = input.items.find((i) => !i.bankAccount);
    if (noAccount) throw ApiError.badRequest(`请填写学员「${students.find((s) => s.id === noAccount.studentId)!.name}」的银行账号（拨付用）`);
    const resolved = await resolveMaskedAccounts(tx, user, input.items, students, existing?.id);
    const choices = new Map<number, ItemChoice>(resolved.map((i) => [i.studentId, i]));
    const computed = await computeItems(tx, input.kind, c, students, choices);
    const year = Number(c.endDate.slice(0, 4));
    const now = new Date();
    let apply: SubsidyApply;
    if (existing) {
      apply = existing;
      await tx.delete(subsidyItems).where(eq(subsidyItems.applyId, existing.id));
    } else {
      // 编号 BT + 年份 + 6 位序号（序号取自主键）
      const id = await nextId(tx, subsidyApplies);
      [apply] = await tx
        .insert(subsidyApplies)
        .values({ id, code: businessCode({ prefix: 'BT', year, serial: id }), kind: input.kind, classId: c.id, orgId: c.orgId, cityId: c.cityId, countyId: c.countyId, year, status: S.DRAFT, createdBy: user.id })
        .returning();
    }
    await tx.insert(subsidyItems).values(computed.map((i) => ({ ...i, applyId: apply.id, orgId: c.orgId, cityId: c.cityId })));
    const result = await refresh(tx, apply, c, { recompute: false });
    await tx.update(subsidyApplies).set({ updatedAt: now }).where(eq(subsidyApplies.id, apply.id));
    audit({
      entity: 'subsidy_apply',
      entityId: apply.id,
      before: existing ? { claimedAmount: existing.claimedAmount, studentCount: existing.studentCount } : undefined,
      after: { claimedAmount: result.claimedAmount, studentCount: result.studentCount },
      detail: `${existing ? '修改' : '新建'}${SUBSIDY_KIND_LABEL[input.kind]}申请 ${apply.code}（班级 ${c.code}，${result.studentCount} 人，${result.claimedAmount} 元）`,
    });
    return { id: apply.id, code: apply.code, studentCount: result.studentCount, claimedAmount: result.claimedAmount, blockedCount: result.blockedCount };
  });
}

export async function deleteApply(db: Db, session: Session, input: { id: number }, audit: Audit) {
  return db.transaction(async (tx) => {
    const a = await loadApply(tx, session.user, input.id, true);
    applyWorkflow.assertOperation(a, session, 'delete');
    await tx.delete(subsidyApplies).where(eq(subsidyApplies.id, a.id));
    audit({ entity: 'subsidy_apply', entityId: a.id, before: a, detail: `删除补贴申请 ${a.code}` });
    return { id: a.id };
  });
}

// ---------- 申请的状态机 ----------

const PATHS: Record<SubsidyKind, { apply: string; audit: string; review: string; finance: string }> = {
  train: { apply: '/subsidy/train/apply', audit: '/subsidy/train/approve', review: '/subsidy/train/review', finance: '/subsidy/train/finance' },
  living: { apply: '/subsidy/living/apply', audit: '/subsidy/living/approve', review: '/subsidy/living/review', finance: '/subsidy/train/finance' },
};

const kindOf = (a: { kind: string }) => a.kind as SubsidyKind;

/** 通知里的链接：各办理方看的界面 */
function linkOf(a: SubsidyApply, actor: Actor | 'owner'): string {
  const p = PATHS[kindOf(a)];
  const path = actor === 'city' ? (a.status === S.CITY_PENDING ? p.audit : p.finance) : actor === 'province' ? p.review : p.apply;
  return `${path}?code=${encodeURIComponent(a.code)}`;
}

export const applyWorkflow = defineWorkflow<SubsidyApply, TransitionAction, Actor, 'hasItems' | 'recheck' | 'blockedDecided' | 'someApproved' | 'fund', keyof typeof APPLY_OPERATIONS>({
  key: 'subsidyApply',
  label: '补贴申请',
  entity: 'subsidy_apply',
  table: subsidyApplies,
  id: subsidyApplies.id,
  position: { status: subsidyApplies.status },
  updatedAt: subsidyApplies.updatedAt,
  labels: { status: APPLY_STATUS_LABEL },
  actors: ACTOR_LABEL,
  actorLevels: { org: ['org'], city: ['city'], province: ['province'] },
  actorsOf: scopedActors,
  transitions: TRANSITIONS,
  operations: APPLY_OPERATIONS,
  gates: {
    hasItems: { label: '至少有一名学员', source: '补贴按人申请（docs/SUBSIDIES.md）', check: (_db, a) => (a.studentCount === 0 ? '还没有学员' : null) },
    recheck: {
      label: '按实际数据重算金额（提交时）与核查',
      source: '金额由服务端算出，核查在提交与市级审核时重做（docs/SUBSIDIES.md 核查）',
      check: async (db, a, { action }) => {
        await refresh(db, a, await classOf(db, a.classId), { recompute: action === 'submit' });
        return null;
      },
    },
    blockedDecided: {
      label: '有阻断性核查问题的学员都已逐人不同意',
      source: '重复享受、日期重叠等不得补贴（docs/SUBSIDIES.md 核查）',
      check: async (db, a) => {
        const items = await db.select().from(subsidyItems).where(eq(subsidyItems.applyId, a.id));
        const open = items.filter((i) => i.flags.some((f) => f.block) && i.decision !== DECISION.REJECTED);
        return open.length ? `学员${open.map((i) => `「${i.name}」`).join('')}有阻断性核查问题，须先逐人选择不同意并写明原因` : null;
      },
    },
    someApproved: {
      label: '至少一名学员可以同意补贴',
      source: '没有可补贴的学员时应“不予补贴”（docs/SUBSIDIES.md）',
      check: async (db, a) => {
        const [row] = await db
          .select({ n: count() })
          .from(subsidyItems)
          .where(and(eq(subsidyItems.applyId, a.id), sql`${subsidyItems.decision} <> ${DECISION.REJECTED}`, sql`${subsidyItems.ineligible} is null`, sql`${subsidyItems.amount} > 0`));
        return Number(row?.n ?? 0) === 0 ? '没有可以同意补贴的学员，请选择“不予补贴”' : null;
      },
    },
    fund: {
      label: '本市本年度资金账户的可用余额足以批准',
      source: '资金账户不得透支（docs/SUBSIDIES.md 资金账户）',
      // 锁住账户行再查余额：两笔审批不会同时通过而透支（附带动作在同一事务里记“批准占用”）
      check: async (db, a) => {
        const account = await lockAccount(db, a.cityId, a.year);
        if (!account) return `本市 ${a.year} 年度的资金账户尚未建立，请先在“资金账户”中建立并拨入资金`;
        const balance = await balanceOf(db, account.id);
        return a.approvedAmount > balance.available ? overdrawMessage(account, balance.available, a.approvedAmount, `批准申请 ${a.code} 的`) : null;
      },
    },
  },
  load: (db, user, id) => loadApply(db, user, id),
  describe: (a) => `${SUBSIDY_KIND_LABEL[kindOf(a)]}申请 ${a.code}`,
  history: { table: subsidyHistory, values: (a) => ({ applyId: a.id }) },
  effect: (_tx, _a, { action, opinion }) => (TRANSITIONS.find((t) => t.action === action)!.actor !== 'org' ? { lastOpinion: opinion } : {}),
  effects: {
    // 重新提交：清空上次的逐人决定与批准额
    submit: async (tx, a, { now }) => {
      await tx.update(subsidyItems).set({ decision: DECISION.PENDING, decisionReason: null }).where(eq(subsidyItems.applyId, a.id));
      return { submittedAt: now, approvedAmount: 0, lastOpinion: null };
    },
    // 未定的可享受学员视为同意、不享受的记为不同意（原因即不享受的原因）；批准额 = 同意的学员金额之和
    cityApprove: async (tx, a, { session }) => {
      await tx
        .update(subsidyItems)
        .set({ decision: DECISION.REJECTED, decisionReason: sql`${subsidyItems.ineligible}` })
        .where(and(eq(subsidyItems.applyId, a.id), sql`${subsidyItems.ineligible} is not null`, eq(subsidyItems.decision, DECISION.PENDING)));
      await tx.update(subsidyItems).set({ decision: DECISION.APPROVED }).where(and(eq(subsidyItems.applyId, a.id), eq(subsidyItems.decision, DECISION.PENDING)));
      const [{ total }] = await tx
        .select({ total: sql<number>`coalesce(sum(${subsidyItems.amount}), 0)::int` })
        .from(subsidyItems)
        .where(and(eq(subsidyItems.applyId, a.id), eq(subsidyItems.decision, DECISION.APPROVED)));
      return { approvedAmount: Number(total), cityApproverId: session.user.id };
    },
    financeApprove: async (tx, a, { session, now, opinion }) => {
      await moveForApply(tx, session.user, { kind: 'commit', cityId: a.cityId, year: a.year, amount: a.approvedAmount, applyId: a.id, code: a.code, note: opinion });
      return { approvedAt: now };
    },
    pay: async (tx, a, { session, now, opinion }) => {
      await moveForApply(tx, session.user, { kind: 'pay', cityId: a.cityId, year: a.year, amount: a.approvedAmount, applyId: a.id, code: a.code, note: opinion });
      return { paidAt: now };
    },
  },
  notice: scopedNotice<SubsidyApply, Actor>({ levels: { org: 'org', city: 'city', province: 'province' }, ownerActor: 'org', link: linkOf }),
});

export const applyActions = (session: Session, a: SubsidyApply): ApplyAction[] => applyWorkflow.availableActions(a, session);

/** 一步转换（提交、撤回、市级审核、退回、不予补贴、二级审批、财务审批、拨付） */
export async function applyTransition(db: Db, session: Session, req: TransitionRequest<TransitionAction>, audit: Audit) {
  return db.transaction(async (tx) => {
    const r = await applyWorkflow.applyIn(tx, session, req, audit);
    const [a] = await tx.select().from(subsidyApplies).where(eq(subsidyApplies.id, req.id));
    // 培训补贴财务审批通过：同意的学员在本市的可用培训券自动核销到本班（同一事务，见 coupons.ts）
    let couponsRedeemed: string[] = [];
    if (req.action === 'financeApprove' && a.kind === 'train') {
      const granted = await tx.select({ studentId: subsidyItems.studentId, idNumber: subsidyItems.idNumber }).from(subsidyItems).where(and(eq(subsidyItems.applyId, a.id), eq(subsidyItems.decision, DECISION.APPROVED)));
      couponsRedeemed = await redeemForClass(tx, await classOf(tx, a.classId), granted);
      if (couponsRedeemed.length) audit({ entity: 'subsidy_apply', entityId: a.id, after: { couponsRedeemed }, detail: `补贴申请 ${a.code} 财务审批通过，自动核销培训券 ${couponsRedeemed.length} 张` });
    }
    return { id: a.id, status: a.status, statusName: r.positionName, approvedAmount: a.approvedAmount, couponsRedeemed };
  });
}

// ---------- 逐人决定的状态机 ----------

export type DecisionRow = SubsidyItem & DecisionLike & { code: string };

async function loadDecision(db: Db, user: SessionUser, itemId: number): Promise<DecisionRow> {
  const [i] = await db.select().from(subsidyItems).where(eq(subsidyItems.id, itemId));
  if (!i) throw ApiError.notFound('学员不在这份申请中');
  const a = await loadApply(db, user, i.applyId);
  return { ...i, kind: a.kind, orgId: a.orgId, cityId: a.cityId, applyStatus: a.status, code: a.code };
}

export const decisionWorkflow = defineWorkflow<DecisionRow, 'approve' | 'reject', 'city', 'notBlocked' | 'eligible'>({
  key: 'subsidyDecision',
  label: '逐人决定',
  entity: 'subsidy_item',
  table: subsidyItems,
  id: subsidyItems.id,
  position: { decision: subsidyItems.decision },
  labels: { decision: DECISION_LABEL },
  actors: { city: '市级管理员' },
  actorLevels: { city: ['city'] },
  actorsOf: (user, s) => scopedActors(user, s).filter((a): a is 'city' => a === 'city'),
  transitions: DECISION_TRANSITIONS,
  gates: {
    notBlocked: {
      label: '没有阻断性核查问题',
      source: '重复享受、日期重叠、证件号、出勤、证书问题不得补贴（docs/SUBSIDIES.md 核查）',
      check: (_db, i) => (i.flags.some((f) => f.block) ? `学员「${i.name}」有阻断性核查问题（${i.flags.filter((f) => f.block).map((f) => f.message).join('；')}），不能同意` : null),
    },
    eligible: {
      label: '符合补贴条件（金额不为“不享受”）',
      source: '标准、出勤与结业要求（docs/SUBSIDIES.md 补贴申请）',
      check: (_db, i) => (i.ineligible ? `学员「${i.name}」不符合补贴条件（${i.ineligible}），不能同意` : null),
    },
  },
  load: loadDecision,
  describe: (i) => `补贴申请 ${i.code} 的学员「${i.name}」`,
  history: { table: subsidyItemHistory, values: (i) => ({ itemId: i.id, applyId: i.applyId }), positionColumns: (from, to) => ({ fromStatus: from.decision, toStatus: to.decision }) },
  effect: (_tx, _i, { action, opinion }) => ({ decisionReason: action === 'reject' ? opinion : null }),
});

/** 市级审核时逐人同意或不同意（不同意须写原因）；已是所选决定的学员不再办理 */
export async function decideItems(db: Db, session: Session, input: { id: number; itemIds: number[]; decision: 'approve' | 'reject'; reason: string | null }, audit: Audit) {
  return db.transaction(async (tx) => {
    const a = await loadApply(tx, session.user, input.id, true);
    const items = await tx.select().from(subsidyItems).where(and(eq(subsidyItems.applyId, a.id), inArray(subsidyItems.id, input.itemIds)));
    if (items.length !== new Set(input.itemIds).size) throw ApiError.notFound('学员不在这份申请中');
    const target = input.decision === 'approve' ? DECISION.APPROVED : DECISION.REJECTED;
    for (const i of items) {
      // 已同意的再同意：权限、办理方与申请状态照样检查，只是不再记一步
      if (i.decision === target) {
        decisionWorkflow.check({ ...i, kind: a.kind, orgId: a.orgId, cityId: a.cityId, applyStatus: a.status, code: a.code, decision: DECISION.PENDING }, session, input.decision);
        continue;
      }
      await decisionWorkflow.applyIn(tx, session, { id: i.id, action: input.decision, opinion: input.reason }, audit);
    }
    return { count: items.length };
  });
}

// ---------- 查询 ----------

interface ListFilter {
  /** 不给时列出两种补贴（财务审批与查询：培训补贴与生活交通补贴共用本市的资金账户） */
  kind?: SubsidyKind;
  step: ApplyStep;
  pendingOnly?: boolean;
  status?: number;
  code?: string;
  className?: string;
  orgName?: string;
  year?: number;
}

/** 各审批步“待我办理”的筛选：该步办理方的这些转换能从哪些状态出发（由转换表推出） */
const STEP_ACTOR = { audit: 'city', review: 'province', finance: 'city' } as const;
const PENDING_ACTIONS: Record<keyof typeof STEP_ACTOR, TransitionAction[]> = { audit: ['cityApprove'], review: ['reviewApprove'], finance: ['financeApprove', 'pay'] };

function listWhere(user: SessionUser, f: ListFilter): SQL | undefined {
  const pending = f.pendingOnly && (f.step === 'audit' || f.step === 'review' || f.step === 'finance') ? applyWorkflow.pendingStatuses(STEP_ACTOR[f.step], PENDING_ACTIONS[f.step]) : null;
  return and(
    f.kind ? eq(subsidyApplies.kind, f.kind) : undefined,
    scopeWhere(user, { cityId: subsidyApplies.cityId, countyId: subsidyApplies.countyId, orgId: subsidyApplies.orgId }),
    // 二级审批与财务只看市级审核通过之后的申请
    f.step === 'review' || f.step === 'finance' ? inArray(subsidyApplies.status, [...AFTER_CITY_STATUSES]) : undefined,
    f.step === 'audit' ? sql`${subsidyApplies.status} <> ${S.DRAFT}` : undefined,
    pending ? inArray(subsidyApplies.status, pending) : undefined,
    f.status !== undefined ? eq(subsidyApplies.status, f.status) : undefined,
    f.code ? eq(subsidyApplies.code, f.code) : undefined,
    f.year ? eq(subsidyApplies.year, f.year) : undefined,
    ...classNameFilters(f),
  );
}

const listColumns = { a: subsidyApplies, ...classColumns };

type ListRow = { a: SubsidyApply } & ClassColumns;

function toItem(session: Session | null, r: ListRow): ApplyItem {
  const a = r.a;
  return {
    id: a.id,
    code: a.code,
    kind: a.kind as SubsidyKind,
    classId: a.classId,
    classCode: r.classCode,
    className: r.className,
    orgId: a.orgId,
    orgName: r.orgName ?? '',
    cityId: a.cityId,
    year: a.year,
    workName: r.workName,
    level: r.level,
    startDate: r.startDate,
    endDate: r.endDate,
    status: a.status,
    statusName: applyStatusLabel(a.status),
    studentCount: a.studentCount,
    claimedAmount: a.claimedAmount,
    approvedAmount: a.approvedAmount,
    blockedCount: a.blockedCount,
    flaggedCount: a.flaggedCount,
    lastOpinion: a.lastOpinion,
    submittedAt: a.submittedAt ? formatBeijing(a.submittedAt) : null,
    actions: session ? applyActions(session, a) : [],
  };
}

export async function listApplies(db: Db, session: Session, f: ListFilter, page: Page): Promise<PageResult<ApplyItem>> {
  const where = listWhere(session.user, f);
  return fetchPage(
    page,
    db.select(listColumns).from(subsidyApplies).innerJoin(trainClasses, eq(trainClasses.id, subsidyApplies.classId)).leftJoin(organisations, eq(organisations.id, subsidyApplies.orgId)).where(where).orderBy(desc(subsidyApplies.id)),
    db.select({ total: count() }).from(subsidyApplies).innerJoin(trainClasses, eq(trainClasses.id, subsidyApplies.classId)).leftJoin(organisations, eq(organisations.id, subsidyApplies.orgId)).where(where),
    (rows) => rows.map((r) => toItem(session, r)),
  );
}

export async function exportApplies(db: Db, session: Session, f: ListFilter) {
  const rows = await db
    .select(listColumns)
    .from(subsidyApplies)
    .innerJoin(trainClasses, eq(trainClasses.id, subsidyApplies.classId))
    .leftJoin(organisations, eq(organisations.id, subsidyApplies.orgId))
    .where(listWhere(session.user, f))
    .orderBy(desc(subsidyApplies.id))
    .limit(50_000);
  return exportXlsx({
    sheetName: f.kind ? SUBSIDY_KIND_LABEL[f.kind] : '补贴申请',
    columns: [
      { header: '申请编号', key: 'code', width: 18 },
      { header: '补贴种类', key: 'kind', width: 14, format: (v) => SUBSIDY_KIND_LABEL[v as SubsidyKind] ?? v },
      { header: '班级编号', key: 'classCode', width: 18 },
      { header: '班级名称', key: 'className', width: 30 },
      { header: '机构', key: 'orgName', width: 28 },
      { header: '工种', key: 'workName', width: 16 },
      { header: '等级', key: 'level', format: (v) => LEVEL_NAMES[v as number] ?? v },
      { header: '年度', key: 'year' },
      { header: '状态', key: 'statusName', width: 14 },
      { header: '人数', key: 'studentCount' },
      { header: '申请金额（元）', key: 'claimedAmount', width: 14 },
      { header: '批准金额（元）', key: 'approvedAmount', width: 14 },
      { header: '核查问题人数', key: 'flaggedCount', width: 12 },
      { header: '提交时间', key: 'submittedAt', width: 20 },
    ],
    rows: rows.map((r) => toItem(null, r)),
  });
}


/** 申请详情里看全证件号与银行账号的资源：市级审核（培训补贴 subsidyAudit，生活交通补贴 livingSubsidyAudit）的 unmask */
export const detailUnmaskResource = (kind: string) => RESOURCES[kind as SubsidyKind]?.audit ?? RESOURCES.train.audit;

/**
 * 申请详情（审批界面）：班级、汇总、每名学员的金额、核查结果与决定、当前用户能做的事。
 * 证件号与银行账号默认脱敏（本机构也一样：修改时原样传回的脱敏账号由 saveClassSubside 换回全号）；unmask 时经 unmaskedView 给全号。
 */
export async function applyDetail(db: Db, session: Session, f: { id: number; unmask?: boolean; ip?: string | null } & UnmaskRequest, audit: Audit) {
  const a = await loadApply(db, session.user, f.id);
  const [row] = await db.select(listColumns).from(subsidyApplies).innerJoin(trainClasses, eq(trainClasses.id, subsidyApplies.classId)).leftJoin(organisations, eq(organisations.id, subsidyApplies.orgId)).where(eq(subsidyApplies.id, a.id));
  const items = await db.select().from(subsidyItems).where(eq(subsidyItems.applyId, a.id)).orderBy(asc(subsidyItems.id));
  const resource = detailUnmaskResource(a.kind);
  const unmasked = Boolean(f.unmask);
  if (unmasked) {
    await unmaskedView(db, session, { resource, action: ACCESS_ACTION.VIEW, entity: 'subsidy_apply', entityId: a.id, detail: `补贴申请 ${a.code} 的学员`, recordIds: items.map((i) => i.id), reason: f.reason, reasonNote: f.reasonNote, ip: f.ip }, audit);
  }
  const decisionOf = (i: SubsidyItem): DecisionRow => ({ ...i, kind: a.kind, orgId: a.orgId, cityId: a.cityId, applyStatus: a.status, code: a.code });
  const students: ApplyStudent[] = items.map((i) => ({
    id: i.id,
    studentId: i.studentId,
    name: i.name,
    idNumber: unmasked ? i.idNumber : maskIdNumber(i.idNumber),
    attendedHours: i.attendedHours,
    classHours: i.classHours,
    completionName: COMPLETION_LABEL[i.completion] ?? '',
    assessName: ASSESS_LABEL[i.assessResult] ?? '',
    certNo: i.certNo,
    bankName: i.bankName,
    bankAccount: unmasked || !i.bankAccount ? i.bankAccount : maskBankAccount(i.bankAccount),
    groupCode: i.groupCode,
    days: i.days,
    dailyRate: i.dailyRate,
    amount: i.amount,
    ineligible: i.ineligible,
    flags: i.flags,
    decision: i.decision,
    decisionName: DECISION_LABEL[i.decision],
    decisionReason: i.decisionReason,
    blocked: i.flags.some((f) => f.block),
    actions: decisionWorkflow.availableActions(decisionOf(i), session),
  }));
  // 还没有逐人不同意的阻断学员（市级审核通过前须处理）
  const openBlocked = items.filter((i) => i.flags.some((f) => f.block) && i.decision !== DECISION.REJECTED).length;
  return { ...toItem(session, row), levelName: LEVEL_NAMES[row.level] ?? '', students, openBlocked, masked: !unmasked, canUnmask: canUnmask(session, resource) };
}

export async function applyHistory(db: Db, user: SessionUser, f: { id: number }) {
  const a = await loadApply(db, user, f.id);
  const rows = await db.select().from(subsidyHistory).where(eq(subsidyHistory.applyId, a.id)).orderBy(asc(subsidyHistory.createdAt), asc(subsidyHistory.id));
  const items = await db
    .select({ h: subsidyItemHistory, name: subsidyItems.name })
    .from(subsidyItemHistory)
    .innerJoin(subsidyItems, eq(subsidyItems.id, subsidyItemHistory.itemId))
    .where(eq(subsidyItemHistory.applyId, a.id))
    .orderBy(asc(subsidyItemHistory.createdAt), asc(subsidyItemHistory.id));
  // 早先的逐人决定记在申请的历史里（itemApprove / itemReject），之后的记在逐人决定自己的历史里
  const verb = (action: string) => (action === 'itemApprove' ? '逐人同意' : action === 'itemReject' ? '逐人不同意' : (TRANSITIONS.find((t) => t.action === action)?.verb ?? action));
  const entries = [
    ...rows.map((r) => ({
      id: r.id,
      action: r.action,
      actionName: verb(r.action),
      fromStatusName: r.fromStatus === null ? null : applyStatusLabel(r.fromStatus),
      toStatusName: r.toStatus === null ? null : applyStatusLabel(r.toStatus),
      opinion: r.opinion,
      actorName: r.actorName,
      at: r.createdAt,
    })),
    ...items.map(({ h, name }) => ({
      id: -h.id,
      action: h.action === 'approve' ? 'itemApprove' : 'itemReject',
      actionName: `逐人${DECISION_LABEL[h.toStatus]}：${name}`,
      fromStatusName: null,
      toStatusName: null,
      opinion: h.opinion,
      actorName: h.actorName,
      at: h.createdAt,
    })),
  ].sort((x, y) => x.at.getTime() - y.at.getTime());
  return entries.map(({ at, ...e }) => ({ ...e, createTime: formatBeijing(at) }));
}

/** 拨付名单的资源：看全证件号与银行账号要 subsidyFinance.unmask */
const PAYMENT_RESOURCE = 'subsidyFinance';

export interface PaymentListInput extends UnmaskRequest {
  id: number;
  /** 看全证件号（须有 subsidyFinance.unmask 并给出理由，记访问日志） */
  unmask?: boolean;
  /** 请求的来源地址（访问日志） */
  ip?: string | null;
}

/**
 * 拨付名单的行（已批准或已拨付的申请里同意补贴的学员）：默认证件号脱敏；unmask 时经 unmaskedView（权限、理由、访问日志）后给全号，
 * 日志与读取在同一事务里。
 */
async function paymentRows(db: Db, session: Session, input: PaymentListInput, action: AccessAction, audit: Audit) {
  return db.transaction(async (tx) => {
    const a = await loadApply(tx, session.user, input.id);
    if (session.user.level === 'org') throw ApiError.forbidden('拨付名单由财务导出');
    if (!PUBLIC_STATUSES.includes(a.status)) throw ApiError.badRequest(`申请当前为「${applyStatusLabel(a.status)}」，财务审批通过后才有拨付名单`);
    const items = await tx.select().from(subsidyItems).where(and(eq(subsidyItems.applyId, a.id), eq(subsidyItems.decision, DECISION.APPROVED))).orderBy(asc(subsidyItems.id));
    const unmasked = Boolean(input.unmask);
    if (unmasked) {
      await unmaskedView(
        tx,
        session,
        { resource: PAYMENT_RESOURCE, action, entity: 'subsidy_apply', entityId: a.id, detail: `拨付名单 ${a.code}`, recordIds: items.map((i) => i.id), reason: input.reason, reasonNote: input.reasonNote, ip: input.ip },
        audit,
      );
    }
    // 银行拨付文件要全号：只在 unmask（权限、理由、访问日志）时给；默认证件号 6+4、账号只留后 4 位
    const rows = items.map((i, n) => ({
      no: String(n + 1),
      name: i.name,
      idNumber: unmasked ? i.idNumber : maskIdNumber(i.idNumber),
      bankName: i.bankName ?? '',
      bankAccount: !i.bankAccount ? '' : unmasked ? i.bankAccount : maskBankAccount(i.bankAccount),
      amount: i.amount,
    }));
    return { a, rows, unmasked };
  });
}

/** 财务的拨付名单（界面）：默认证件号与银行账号脱敏；canUnmask 告诉界面能否请求看全 */
export async function paymentList(db: Db, session: Session, input: PaymentListInput, audit: Audit) {
  const { a, rows, unmasked } = await paymentRows(db, session, input, ACCESS_ACTION.VIEW, audit);
  return { id: a.id, code: a.code, statusName: applyStatusLabel(a.status), rows, total: rows.reduce((s, r) => s + r.amount, 0), masked: !unmasked, canUnmask: canUnmask(session, PAYMENT_RESOURCE) };
}

/** 拨付名单（Excel）：同意的学员姓名、证件号（默认脱敏；看全同上）、开户银行、银行账号、金额与合计 */
export async function exportPaymentList(db: Db, session: Session, input: PaymentListInput, audit: Audit) {
  const { rows } = await paymentRows(db, session, input, ACCESS_ACTION.EXPORT, audit);
  return exportXlsx({
    sheetName: '拨付名单',
    columns: [
      { header: '序号', key: 'no' as const },
      { header: '姓名', key: 'name' as const, width: 12 },
      { header: '证件号码', key: 'idNumber' as const, width: 22 },
      { header: '开户银行', key: 'bankName' as const, width: 20 },
      { header: '银行账号', key: 'bankAccount' as const, width: 26 },
      { header: '金额（元）', key: 'amount' as const, width: 12 },
    ],
    rows: [...rows, { no: '合计', name: '', idNumber: '', bankName: '', bankAccount: '', amount: rows.reduce((s, r) => s + r.amount, 0) }],
  });
}
