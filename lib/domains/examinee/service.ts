// 考生（SPEC §7 Examinees）：计划的考生名单、新增与修改、删除、调整工种等级、报考资格、附件与照片。
// 读：计划在范围内即可看它的考生（范围外 404，lib/domains/exaPlan/access.ts 的 loadPlan）。
// 改：只在计划处于第 2 步“导入考生”、办理中或被驳回、由计划所属机构办理（loadPlanAtStep）。
import { and, asc, count, eq, gt, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { toPage, type Page } from '@/lib/platform/api/paging';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { containsPattern } from '@/lib/platform/db/like';
import { selectRows } from '@/lib/platform/db/prepared';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { formatBeijing } from '@/lib/platform/time';
import { maskIdNumber, parseIdNumber } from '@/lib/platform/identity';
import { keepIfMasked, maskMobile } from '@/lib/platform/identity/mask';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { canUnmask, unmaskedView } from '@/lib/domains/privacy/service';
import { ACCESS_ACTION, type AccessAction, type UnmaskRequest } from '@/lib/domains/privacy/schemas';
import { LEVEL_NAMES } from '@/lib/domains/catalog/schemas';
import { organisations } from '@/lib/domains/org/tables';
import { examPlans, examPlanWorks, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees, examineeImports, type Examinee } from './tables';
import { isWorkingOn, PLAN_STATE, PLAN_STEP, positionLabel } from '@/lib/domains/exaPlan/transitions';
import { loadPlan, loadPlanAtStep } from '@/lib/domains/exaPlan/access';
import { fileRefs, fileUploads } from '@/lib/domains/file/tables';
import { attachFiles, detachFiles, displayName, fileUrl, keyOfUrl } from '@/lib/domains/file/service';
import { qualificationChecker, recheckPlan } from './qualification';
import {
  IMPORT_STATUS,
  QUALIFICATION,
  QUALIFICATION_LABEL,
  type ExamineeFilter,
  type ExamineeItem,
  type ExamineeSave,
  type PlanOption,
} from './schemas';
import type { z } from 'zod';
import type { AssignInput, ExamineeListInput, PersonalUpdateInput } from './schemas';

export const RESOURCE = 'examinee';
/** 改动考生的动作名（loadPlanAtStep 的提示：“…，导入考生须在「导入考生」步骤办理”） */
export const CHANGE_WHAT = '导入考生';
export const DUPLICATE_MESSAGE = '该考生已报考本计划的这个工种（同一人在一个计划的一个工种只能报考一次）';
/** 照片与附件在上传服务里的引用名 */
export const PHOTO_ENTITY = 'examinee_photo';
export const ATTACH_ENTITY = 'examinee_attach';
const MAX_ATTACHES = 10;

// ---------- 计划与可改性 ----------

/** 当前用户此刻能否修改该计划的考生：计划在第 2 步办理中或被驳回、是计划所属机构的用户、有编辑权限 */
export function mayChange(session: Session, plan: ExamPlan, action: 'add' | 'edit' | 'delete' | 'import' = 'edit'): boolean {
  const u = session.user;
  return isWorkingOn(plan, PLAN_STEP.IMPORT_EXAMINEES) && u.level === 'org' && u.orgId === plan.orgId && can(session, `${RESOURCE}.${action}`);
}

/** 改动前的检查（范围 404、步骤与机构 400/403），再看有没有相应权限 */
export async function planForChange(db: Db, session: Session, planId: number, action: 'add' | 'edit' | 'delete' | 'import'): Promise<ExamPlan> {
  const plan = await loadPlanAtStep(db, session.user, planId, PLAN_STEP.IMPORT_EXAMINEES, CHANGE_WHAT);
  if (!can(session, `${RESOURCE}.${action}`)) throw ApiError.forbidden();
  return plan;
}

export async function planWorksOf(db: Db, planId: number) {
  return db.select().from(examPlanWorks).where(eq(examPlanWorks.planId, planId)).orderBy(asc(examPlanWorks.workCode), asc(examPlanWorks.level));
}

/** 考生界面可选的计划：范围内、未取消、已到第 2 步及以后；第 2 步的排在前面 */
export async function listExamPlans(db: Db, session: Session): Promise<PlanOption[]> {
  const rows = await db
    .select({ plan: examPlans, orgName: organisations.name })
    .from(examPlans)
    .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
    .where(and(scopeWhere(session.user, { cityId: examPlans.cityId, orgId: examPlans.orgId }), sql`${examPlans.step} >= ${PLAN_STEP.IMPORT_EXAMINEES}`, ne(examPlans.state, PLAN_STATE.CANCELLED)))
    .orderBy(sql`(${examPlans.step} = ${PLAN_STEP.IMPORT_EXAMINEES}) desc`, sql`${examPlans.id} desc`)
    .limit(200);
  const works = rows.length
    ? await db
        .select()
        .from(examPlanWorks)
        .where(
          inArray(
            examPlanWorks.planId,
            rows.map((r) => r.plan.id),
          ),
        )
        .orderBy(asc(examPlanWorks.workCode), asc(examPlanWorks.level))
    : [];
  return rows.map(({ plan, orgName }) => ({
    id: plan.id,
    code: plan.code,
    name: plan.name,
    kind: plan.kind,
    step: plan.step,
    state: plan.state,
    position: positionLabel(plan),
    orgName,
    examStartDate: plan.examStartDate,
    editable: mayChange(session, plan),
    works: works.filter((w) => w.planId === plan.id).map((w) => ({ workCode: w.workCode, workName: w.workName, level: w.level, levelName: LEVEL_NAMES[w.level] })),
  }));
}

// ---------- 列表 ----------

function filterWhere(f: ExamineeFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(examinees.planId, f.planId)];
  if (f.name) conds.push(ilike(examinees.name, containsPattern(f.name)));
  // 身份证号加密存放：只能按完整号码（盲索引）精确查找
  if (f.idNumber) conds.push(eq(examinees.idNumberIndex, blindIndex('idNumber', f.idNumber)));
  if (f.workCode) conds.push(eq(examinees.workCode, f.workCode));
  if (f.level !== undefined) conds.push(eq(examinees.level, f.level));
  if (f.qualification !== undefined) conds.push(eq(examinees.qualification, f.qualification));
  return and(...conds)!;
}

/** 导出只取写进工作簿的列（与键集分页的 id）：10 万行时每少一列就少 10 万次取值映射 */
const EXPORT_COLUMNS = {
  id: examinees.id,
  name: examinees.name,
  idNumber: examinees.idNumber,
  gender: examinees.gender,
  birthDate: examinees.birthDate,
  mobile: examinees.mobile,
  workCode: examinees.workCode,
  workName: examinees.workName,
  level: examinees.level,
  education: examinees.education,
  workYears: examinees.workYears,
  company: examinees.company,
  priorLevel: examinees.priorLevel,
  priorCertDate: examinees.priorCertDate,
  qualification: examinees.qualification,
  qualificationReason: examinees.qualificationReason,
  ticketNo: examinees.ticketNo,
};
/** 列表再多计划、照片与创建时间 */
const LIST_COLUMNS = { ...EXPORT_COLUMNS, planId: examinees.planId, photoUrl: examinees.photoUrl, createdAt: examinees.createdAt };
export type ListRow = Pick<Examinee, keyof typeof LIST_COLUMNS>;

export function toItem(r: ListRow, actions: string[], mask = true): ExamineeItem {
  return {
    id: r.id,
    planId: r.planId,
    name: r.name,
    idNumber: mask ? maskIdNumber(r.idNumber) : r.idNumber,
    gender: r.gender,
    birthDate: r.birthDate,
    mobile: mask ? maskMobile(r.mobile) : r.mobile,
    workCode: r.workCode,
    workName: r.workName,
    level: r.level,
    levelName: LEVEL_NAMES[r.level] ?? String(r.level),
    education: r.education,
    workYears: r.workYears,
    company: r.company,
    priorLevel: r.priorLevel,
    priorCertDate: r.priorCertDate,
    photoUrl: r.photoUrl,
    qualification: r.qualification,
    qualificationName: QUALIFICATION_LABEL[r.qualification],
    qualificationReason: r.qualificationReason,
    ticketNo: r.ticketNo,
    createTime: formatBeijing(r.createdAt),
    actions,
  };
}

export function rowActions(session: Session, plan: ExamPlan): string[] {
  return [...(mayChange(session, plan, 'edit') ? ['edit'] : []), ...(mayChange(session, plan, 'delete') ? ['delete'] : [])];
}

export interface ExamineePage {
  list: ExamineeItem[];
  /** 符合条件的总数；按键集取下一页（给了 afterId）时不数，为 null（客户端沿用第一页的总数） */
  total: number | null;
  pageNo: number;
  pageSize: number;
  /** 计划正处于“导入考生”步骤且当前用户可新增、导入、修改考生 */
  editable: boolean;
  plan: { id: number; name: string; step: number; state: number; position: string };
  /** 身份证号、手机号是否脱敏（默认脱敏；unmask 经权限、理由与访问日志后为全号） */
  masked: boolean;
  /** 当前用户能否请求看全（examinee.unmask）：界面据此给出“显示完整信息” */
  canUnmask: boolean;
}

/** 看全考生的身份证号、手机号：examinee.unmask，选理由，记访问日志（列表、详情与导出共用） */
export interface UnmaskInput extends UnmaskRequest {
  unmask?: boolean;
  /** 请求的来源地址（访问日志） */
  ip?: string | null;
}

async function logUnmasked(db: Db, session: Session, input: UnmaskInput, action: AccessAction, target: { planId: number; detail: string; recordIds: number[] }, audit: Audit) {
  await unmaskedView(
    db,
    session,
    { resource: RESOURCE, action, entity: 'exam_plan', entityId: target.planId, detail: target.detail, recordIds: target.recordIds, reason: input.reason, reasonNote: input.reasonNote, ip: input.ip },
    audit,
  );
}

/**
 * 列表的两条查询（基准 bench/cases.ts 也用它们取得与服务层相同的 SQL）：
 * 给了 afterId 时按键集 `id > afterId` 取下一页、不数总数；否则延迟关联——先在覆盖索引
 * (plan_id, work_code, level, id) 上只取本页的 id（limit/offset 只走索引），再按 id 取这些行。
 */
export function examineeListQueries(db: Db, filter: ExamineeFilter, page: Page, afterId?: number) {
  const where = filterWhere(filter);
  if (afterId !== undefined) {
    return { rows: db.select(LIST_COLUMNS).from(examinees).where(and(where, gt(examinees.id, afterId))).orderBy(asc(examinees.id)).limit(page.pageSize), total: null };
  }
  const ids = db.select({ id: examinees.id }).from(examinees).where(where).orderBy(asc(examinees.id)).limit(page.pageSize).offset(page.offset);
  return {
    rows: db.select(LIST_COLUMNS).from(examinees).where(inArray(examinees.id, ids)).orderBy(asc(examinees.id)),
    total: db.select({ total: count() }).from(examinees).where(where),
  };
}

/**
 * 计划的考生分页（selectExaPlanStudent），按 id（导入顺序）排序。
 * 深翻页不变慢：给了 afterId（上一页最后一行）时按键集 `id > afterId` 取下一页、不数总数；
 * 只给页码时用延迟关联——先在覆盖索引上只取本页的 id（limit/offset 只走索引），再取这些行。
 */
export async function listExaminees(db: Db, session: Session, input: z.output<typeof ExamineeListInput> & { ip?: string | null }, audit: Audit): Promise<ExamineePage> {
  const { afterId, planId, name, idNumber, workCode, level, qualification } = input;
  const filter: ExamineeFilter = { planId, name, idNumber, workCode, level, qualification };
  const page: Page = toPage(input, 100);
  const plan = await loadPlan(db, session.user, filter.planId);
  const q = examineeListQueries(db, filter, page, afterId);
  const unmasked = Boolean(input.unmask);
  // 看全：先检查权限与理由并记访问日志，记不下就不给数据
  if (unmasked) await logUnmasked(db, session, input, ACCESS_ACTION.VIEW, { planId: plan.id, detail: `考生名单 ${plan.name} 第 ${page.pageNo} 页`, recordIds: [] }, audit);
  const [rows, counted] = await Promise.all([q.rows, q.total]);
  const total = counted === null ? null : Number(counted[0]?.total ?? 0);
  const actions = rowActions(session, plan);
  return {
    list: rows.map((r) => toItem(r, actions, !unmasked)),
    total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    editable: mayChange(session, plan),
    plan: { id: plan.id, name: plan.name, step: plan.step, state: plan.state, position: positionLabel(plan) },
    masked: !unmasked,
    canUnmask: canUnmask(session, RESOURCE),
  };
}

/** 导出：按筛选条件、按 id 键集逐批读取（不用 OFFSET） */
export function exportBatch(db: Db, session: Session, filter: ExamineeFilter) {
  let checked = false;
  return async (lastId: number | null, limit: number) => {
    if (!checked) {
      await loadPlan(db, session.user, filter.planId);
      checked = true;
    }
    const where = filterWhere(filter);
    return selectRows(
      db
        .select(EXPORT_COLUMNS)
        .from(examinees)
        .where(lastId === null ? where : and(where, gt(examinees.id, lastId)))
        .orderBy(asc(examinees.id))
        .limit(limit),
    );
  };
}

/** 与 exportBatch 同样筛选的行数（后台导出任务的百分比；范围由 exportBatch 的第一批检查） */
export async function exportCount(db: Db, filter: ExamineeFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(examinees).where(filterWhere(filter));
  return row.n;
}

// ---------- 单个考生 ----------

/** 范围内的考生；范围外或不存在 404 */
export async function loadExaminee(db: Db, user: SessionUser, id: number): Promise<Examinee> {
  const [row] = await db.select().from(examinees).where(eq(examinees.id, id));
  return assertInScope(user, row, '考生');
}

/** 考生详情（selectStudentPer）：身份证号、手机号默认脱敏（编辑表单原样传回时保留库里的值），unmask 时全号并记访问日志；附件 */
export async function examineeDetail(db: Db, session: Session, input: { id: number } & UnmaskInput, audit: Audit = () => {}) {
  const { id } = input;
  const e = await loadExaminee(db, session.user, id);
  const plan = await loadPlan(db, session.user, e.planId);
  const unmasked = Boolean(input.unmask);
  if (unmasked) await logUnmasked(db, session, input, ACCESS_ACTION.VIEW, { planId: plan.id, detail: `考生 ${e.name}（${plan.name}）`, recordIds: [e.id] }, audit);
  return { ...toItem(e, rowActions(session, plan), !unmasked), planName: plan.name, attaches: await attachList(db, e.id), masked: !unmasked, canUnmask: canUnmask(session, RESOURCE) };
}

/** 同一人（同一身份证号）在范围内各计划的报考记录（byStudentList） */
export async function registrationsOf(db: Db, session: Session, id: number) {
  const e = await loadExaminee(db, session.user, id);
  const rows = await db
    .select({ e: examinees, planName: examPlans.name, planCode: examPlans.code, step: examPlans.step, state: examPlans.state })
    .from(examinees)
    .innerJoin(examPlans, eq(examPlans.id, examinees.planId))
    .where(and(eq(examinees.idNumberIndex, blindIndex('idNumber', e.idNumber)), scopeWhere(session.user, { cityId: examinees.cityId, orgId: examinees.orgId })))
    .orderBy(asc(examinees.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.e.id,
    planId: r.e.planId,
    planCode: r.planCode,
    planName: r.planName,
    position: positionLabel(r),
    workCode: r.e.workCode,
    workName: r.e.workName,
    level: r.e.level,
    levelName: LEVEL_NAMES[r.e.level],
    qualification: r.e.qualification,
    qualificationName: QUALIFICATION_LABEL[r.e.qualification],
    qualificationReason: r.e.qualificationReason,
    ticketNo: r.e.ticketNo,
  }));
}

/** 工种（编码或名称）与等级 → 计划的工种等级行；不在计划里时给出原因 */
export function resolveWork<W extends { workCode: string; workName: string; level: number }>(works: readonly W[], work: string, level: number): W | string {
  const matches = works.filter((w) => w.workCode === work || w.workName === work);
  if (!matches.length) return `工种「${work}」不在本计划中（本计划的工种：${[...new Set(works.map((w) => w.workName))].join('、') || '无'}）`;
  const hit = matches.find((w) => w.level === level);
  if (!hit) return `本计划的「${matches[0].workName}」没有${LEVEL_NAMES[level] ?? level}（可报：${matches.map((w) => LEVEL_NAMES[w.level]).join('、')}）`;
  return hit;
}

/** 新增或修改一名考生（saveStudent）：工种等级须是计划的，同一人同一工种只报一次，保存时检查报考资格 */
export async function saveExaminee(db: Db, session: Session, input: ExamineeSave, audit: Audit) {
  return db.transaction(async (tx) => {
    const plan = await planForChange(tx, session, input.planId, input.id === undefined ? 'add' : 'edit');
    const before = input.id === undefined ? undefined : await loadExaminee(tx, session.user, input.id);
    if (before && before.planId !== plan.id) throw ApiError.notFound('考生不存在或不在您的管辖范围内');
    const work = resolveWork(await planWorksOf(tx, plan.id), input.workCode, input.level);
    if (typeof work === 'string') throw ApiError.badRequest(work, { workCode: work });
    // 编辑表单显示的是脱敏值：没改时保留库里的号码；新增必须是完整号码
    const idNumber = keepIfMasked(input.idNumber, before?.idNumber ?? null);
    const mobile = keepIfMasked(input.mobile, before?.mobile ?? null);
    if (!idNumber) throw ApiError.badRequest('请输入完整身份证号', { idNumber: '请输入完整身份证号' });
    if (!mobile) throw ApiError.badRequest('请输入完整手机号', { mobile: '请输入完整手机号' });
    const parsed = parseIdNumber(idNumber);
    const subject = { idNumber, birthDate: parsed?.birthDate ?? null, workCode: work.workCode, level: work.level, workYears: input.workYears, priorLevel: input.priorLevel, priorCertDate: input.priorCertDate };
    const [q] = await (await qualificationChecker(tx, plan, [work.workCode]))(tx, [subject]);
    const values = {
      name: input.name,
      idNumber,
      idNumberIndex: blindIndex('idNumber', idNumber),
      gender: parsed?.gender ?? null,
      birthDate: parsed?.birthDate ?? null,
      mobile,
      workCode: work.workCode,
      workName: work.workName,
      level: work.level,
      education: input.education,
      workYears: input.workYears,
      company: input.company,
      priorLevel: input.priorLevel,
      priorCertDate: input.priorCertDate,
      photoUrl: input.photoUrl,
      qualification: q.qualification,
      qualificationReason: q.reason,
    };
    const row = await withUniqueMessage(DUPLICATE_MESSAGE, async () => {
      if (!before) {
        const [created] = await tx
          .insert(examinees)
          .values({ ...values, planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, createdBy: session.user.id })
          .returning();
        return created;
      }
      const [updated] = await tx
        .update(examinees)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(examinees.id, before.id))
        .returning();
      return updated;
    });
    await attachFiles(tx, { entity: PHOTO_ENTITY, entityId: row.id }, [row.photoUrl], { by: session.user });
    audit({ entity: 'examinee', entityId: row.id, before, after: row, detail: `${before ? '修改' : '新增'}考生 ${row.name}（${plan.name}）` });
    return toItem(row, rowActions(session, plan));
  });
}

/** 考生个人信息修改（perStudentUpd）：姓名、手机号、学历、工作单位、照片；不改报考的工种等级，同样只在第 2 步 */
export async function updatePersonal(db: Db, session: Session, input: z.output<typeof PersonalUpdateInput>, audit: Audit) {
  const before = await loadExaminee(db, session.user, input.id);
  const plan = await planForChange(db, session, before.planId, 'edit');
  const [row] = await db
    .update(examinees)
    .set({ name: input.name, mobile: keepIfMasked(input.mobile, before.mobile) ?? before.mobile, education: input.education, company: input.company, photoUrl: input.photoUrl, updatedAt: new Date() })
    .where(eq(examinees.id, before.id))
    .returning();
  await attachFiles(db, { entity: PHOTO_ENTITY, entityId: row.id }, [row.photoUrl], { by: session.user });
  audit({ entity: 'examinee', entityId: row.id, before, after: row, detail: `修改考生 ${row.name} 的个人信息（${plan.name}）` });
  return toItem(row, rowActions(session, plan));
}

/** 删除计划的考生（可批量）；照片与附件的引用随之撤销 */
export async function deleteExaminees(db: Db, session: Session, input: { planId: number; ids: number[] }, audit: Audit) {
  return db.transaction(async (tx) => {
    const plan = await planForChange(tx, session, input.planId, 'delete');
    const rows = await tx
      .delete(examinees)
      .where(and(eq(examinees.planId, plan.id), inArray(examinees.id, input.ids)))
      .returning();
    if (rows.length !== new Set(input.ids).size) throw ApiError.notFound('考生不存在或不在您的管辖范围内');
    await tx.delete(fileRefs).where(and(inArray(fileRefs.entity, [PHOTO_ENTITY, ATTACH_ENTITY]), inArray(fileRefs.entityId, input.ids)));
    for (const r of rows) audit({ entity: 'examinee', entityId: r.id, before: r, detail: `删除考生 ${r.name}（${plan.name}）` });
    return { deleted: rows.length };
  });
}

/**
 * 调整考生（assignStudent）：把计划里的若干考生移到本计划的另一个工种等级（报错了工种或等级时），重新检查报考资格。
 * 只在本计划内调整；要报考另一个计划，在那个计划里新增或导入。
 */
export async function assignExaminees(db: Db, session: Session, input: z.output<typeof AssignInput>, audit: Audit) {
  return db.transaction(async (tx) => {
    const plan = await planForChange(tx, session, input.planId, 'edit');
    const work = resolveWork(await planWorksOf(tx, plan.id), input.workCode, input.level);
    if (typeof work === 'string') throw ApiError.badRequest(work, { workCode: work });
    const rows = await tx
      .select()
      .from(examinees)
      .where(and(eq(examinees.planId, plan.id), inArray(examinees.id, input.ids)));
    if (rows.length !== new Set(input.ids).size) throw ApiError.notFound('考生不存在或不在您的管辖范围内');
    const results = await (await qualificationChecker(tx, plan, [work.workCode]))(tx, rows.map((r) => ({ ...r, workCode: work.workCode, level: work.level })));
    for (const [i, r] of rows.entries()) {
      const [after] = await withUniqueMessage(`考生 ${r.name} 已报考本计划的「${work.workName}」，不能重复`, () =>
        tx
          .update(examinees)
          .set({ workCode: work.workCode, workName: work.workName, level: work.level, qualification: results[i].qualification, qualificationReason: results[i].reason, updatedAt: new Date() })
          .where(eq(examinees.id, r.id))
          .returning(),
      );
      audit({ entity: 'examinee', entityId: r.id, before: r, after, detail: `调整考生 ${r.name} 为 ${work.workName}${LEVEL_NAMES[work.level]}` });
    }
    return { updated: rows.length };
  });
}

// ---------- 报考资格与提示 ----------

export interface QualificationSummary {
  planId: number;
  total: number;
  qualified: number;
  warning: number;
  refused: number;
  /** 未确认的导入 */
  pendingImport: { id: number; fileName: string; total: number; createdAt: string } | null;
  /** 提示与不符合的考生（最多 500 名，不符合的在前） */
  list: { id: number; name: string; idNumber: string; workName: string; levelName: string; qualification: number; qualificationName: string; reason: string | null }[];
  /** 一句话：机构提交前看到的提示 */
  messages: string[];
}

async function summary(db: Db, plan: ExamPlan, onlyId?: number): Promise<QualificationSummary> {
  const counts = await db
    .select({ q: examinees.qualification, n: count() })
    .from(examinees)
    .where(eq(examinees.planId, plan.id))
    .groupBy(examinees.qualification);
  const n = (q: number) => Number(counts.find((c) => c.q === q)?.n ?? 0);
  const [pending] = await db
    .select()
    .from(examineeImports)
    .where(and(eq(examineeImports.planId, plan.id), eq(examineeImports.status, IMPORT_STATUS.PENDING)))
    .limit(1);
  const rows = await db
    .select()
    .from(examinees)
    .where(and(eq(examinees.planId, plan.id), onlyId === undefined ? ne(examinees.qualification, QUALIFICATION.QUALIFIED) : eq(examinees.id, onlyId)))
    .orderBy(sql`${examinees.qualification} desc`, asc(examinees.id))
    .limit(500);
  const [qualified, warning, refused] = [n(QUALIFICATION.QUALIFIED), n(QUALIFICATION.WARNING), n(QUALIFICATION.REFUSED)];
  const messages: string[] = [];
  if (qualified + warning === 0) messages.push('计划还没有符合报考条件的考生');
  if (warning) messages.push(`有 ${warning} 名考生的报考资格需要审核时留意（提示）`);
  if (refused) messages.push(`有 ${refused} 名考生不符合报考条件，不能安排考场`);
  if (pending) messages.push(`有未确认的考生导入「${pending.fileName}」，请先确认或放弃`);
  return {
    planId: plan.id,
    total: qualified + warning + refused,
    qualified,
    warning,
    refused,
    pendingImport: pending ? { id: pending.id, fileName: pending.fileName, total: pending.total, createdAt: formatBeijing(pending.createdAt) } : null,
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      idNumber: maskIdNumber(r.idNumber),
      workName: r.workName,
      levelName: LEVEL_NAMES[r.level],
      qualification: r.qualification,
      qualificationName: QUALIFICATION_LABEL[r.qualification],
      reason: r.qualificationReason,
    })),
    messages,
  };
}

/** 计划的报考资格提示（warning）：各类人数、未确认的导入、提示与不符合的考生 */
export async function planWarnings(db: Db, session: Session, planId: number): Promise<QualificationSummary> {
  return summary(db, await loadPlan(db, session.user, planId));
}

/**
 * 报考资格检查结果（getPlanQualificationget）：计划可修改考生时先按当前的条件重新检查全部考生（写回结果），
 * 再返回与 warning 相同的汇总；给了考生 id 时 list 只含这名考生。
 */
export async function planQualification(db: Db, session: Session, input: { planId: number; id?: number }): Promise<QualificationSummary & { rechecked: number }> {
  const plan = await loadPlan(db, session.user, input.planId);
  const rechecked = mayChange(session, plan) ? await recheckPlan(db, plan) : 0;
  return { ...(await summary(db, plan, input.id)), rechecked };
}

// ---------- 附件 ----------

async function attachList(db: Db, examineeId: number) {
  const rows = await db
    .select({ key: fileUploads.storageKey, originalName: fileUploads.originalName, ext: fileUploads.ext, size: fileUploads.size, kind: fileUploads.kind })
    .from(fileRefs)
    .innerJoin(fileUploads, eq(fileUploads.id, fileRefs.fileId))
    .where(and(eq(fileRefs.entity, ATTACH_ENTITY), eq(fileRefs.entityId, examineeId)))
    .orderBy(asc(fileRefs.id));
  return rows.map((r) => ({ url: fileUrl(r.key), name: displayName(r), size: r.size, kind: r.kind }));
}

/** 考生的附件（getAttaches）：学历证明、从业证明等 */
export async function examineeAttaches(db: Db, session: Session, id: number) {
  const e = await loadExaminee(db, session.user, id);
  return attachList(db, e.id);
}

/** 加一个附件（uploadAttach）：文件先经上传服务（/uploadMulti，用途 attachment）得到地址 */
export async function addAttach(db: Db, session: Session, input: { id: number; url: string }, audit: Audit) {
  const e = await loadExaminee(db, session.user, input.id);
  await planForChange(db, session, e.planId, 'edit');
  const current = (await attachList(db, e.id)).map((a) => a.url);
  if (!keyOfUrl(input.url)) throw ApiError.badRequest('附件地址不正确（须是经本系统上传得到的地址）');
  if (!current.includes(input.url) && current.length >= MAX_ATTACHES) throw ApiError.badRequest(`每名考生最多 ${MAX_ATTACHES} 个附件`);
  await attachFiles(db, { entity: ATTACH_ENTITY, entityId: e.id }, [...current, input.url], { by: session.user });
  audit({ entity: 'examinee_attach', entityId: e.id, after: { url: input.url }, detail: `为考生 ${e.name} 上传附件` });
  return attachList(db, e.id);
}

/** 删除一个附件（deleteAttach） */
export async function removeAttach(db: Db, session: Session, input: { id: number; url: string }, audit: Audit) {
  const e = await loadExaminee(db, session.user, input.id);
  await planForChange(db, session, e.planId, 'edit');
  const current = (await attachList(db, e.id)).map((a) => a.url);
  if (!current.includes(input.url)) throw ApiError.notFound('附件不存在');
  const rest = current.filter((u) => u !== input.url);
  if (rest.length) await attachFiles(db, { entity: ATTACH_ENTITY, entityId: e.id }, rest, { by: session.user });
  else await detachFiles(db, { entity: ATTACH_ENTITY, entityId: e.id });
  audit({ entity: 'examinee_attach', entityId: e.id, before: { url: input.url }, detail: `删除考生 ${e.name} 的附件` });
  return attachList(db, e.id);
}

/** 照片压缩包：计划内按身份证号找考生（一人报多个工种时同一张照片都用上） */
export async function examineesByIdNumbers(db: Db, planId: number, idNumbers: string[]) {
  if (!idNumbers.length) return [];
  return db
    .select({ id: examinees.id, idNumber: examinees.idNumber, name: examinees.name, photoUrl: examinees.photoUrl })
    .from(examinees)
    .where(and(eq(examinees.planId, planId), inArray(examinees.idNumberIndex, idNumbers.map((v) => blindIndex('idNumber', v)))));
}

/** 第 2 步可改动时：有没有未确认的导入 */
export async function pendingImportOf(db: Db, planId: number) {
  const [row] = await db
    .select()
    .from(examineeImports)
    .where(and(eq(examineeImports.planId, planId), eq(examineeImports.status, IMPORT_STATUS.PENDING)))
    .limit(1);
  return row ?? null;
}

