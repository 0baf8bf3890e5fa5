// 成绩（ScoreList；/exaAff/ 下的成绩端点）：可录入成绩的计划与合计、成绩单列表、一名考生的成绩表单（也可扫准考证二维码打开）、
// 录入与提交、已提交后的更正（须填原因，留更正历史）、缺考与违纪标记、导出。
// 谁可录入哪一科见 context.ts；合格规则见 rules.ts；每次成绩变动后重算该考生的结果（results.ts）。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { and, asc, desc, eq, gt, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing } from '@/lib/platform/time';
import { maskIdNumber } from '@/lib/platform/identity';
import { exportXlsx, keysetBatches, type ExportColumn } from '@/lib/platform/excel/export';
import { LEVEL_NAMES } from '../catalog/schemas';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examinees, type Examinee } from '../examinee/tables';
import { examSeats, examSessionStaff } from '../examSite/tables';
import { PLAN_STATE, PLAN_STEP, positionLabel } from '../exaPlan/transitions';
import { loadPlan } from '../exaPlan/access';
import { planActions as planActionsOf } from '../exaPlan/workflow';
import { QUALIFICATION } from '../examinee/schemas';
import { loadExaminee } from '../examinee/service';
import { planSubjects } from '../examSite/sessions';
import { timeText } from '../examSite/rules';
import { examResults, examScoreCorrections, examScores, scoreObjections, type ExamScore } from './tables';
import { assertNotRefused, closedMessage, entryMode, entryRefusal, entryRights, examineesByTicket, mayEnter, seatsOf, type EntryRights } from './context';
import { lockPlanScores, recomputeResults, scoreTotals } from './results';
import { MARK, MARK_HAS_SCORE, MARK_LABEL, RESULT, RESULT_LABEL, SCORE_STATUS, SCORE_STATUS_COLOR, SCORE_STATUS_LABEL, scoreText, SUBJECT_LABEL, SUBJECT_SHORT } from './rules';
import {
  OBJECTION_STATUS,
  type ScoreCell,
  type ScoreCorrectionItem,
  type ScoreForm,
  type ScoreFormSubject,
  type ScoreListFilter,
  type ScorePlanOption,
  type ScoreRow,
  type ScoreUpdate,
} from './schemas';
import { scoreTimeRefusal } from './time-gates';

const levelName = (l: number) => LEVEL_NAMES[l] ?? String(l);
const num = (v: string | null) => (v === null ? null : Number(v));
const actorName = (s: Session) => s.user.realName || s.user.nickName;

/** 计划的流程操作（考试计划状态机），与考试计划列表相同 */
export const planActions = (db: Db, session: Session, plans: readonly ExamPlan[]): Promise<Map<number, string[]>> => planActionsOf(db, session, plans);

// ---------- 计划 ----------

/** 成绩界面可选的计划：范围内已到“成绩管理”及以后、未取消的计划（带合计与可做的流程操作） */
export async function scorePlans(db: Db, session: Session, filter: { keyword?: string }): Promise<ScorePlanOption[]> {
  const kw = filter.keyword ? containsPattern(filter.keyword) : null;
  const plans = await db
    .select()
    .from(examPlans)
    .where(
      and(
        scopeWhere(session.user, { cityId: examPlans.cityId, orgId: examPlans.orgId }),
        sql`${examPlans.step} >= ${PLAN_STEP.SCORES}`,
        ne(examPlans.state, PLAN_STATE.CANCELLED),
        kw ? sql`(${ilike(examPlans.name, kw)} or ${ilike(examPlans.code, kw)})` : undefined,
      ),
    )
    .orderBy(asc(examPlans.step), desc(examPlans.examStartDate), desc(examPlans.id))
    .limit(200);
  const [totals, actions] = await Promise.all([scoreTotals(db, plans.map((p) => p.id)), planActions(db, session, plans)]);
  return plans.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    kind: p.kind,
    step: p.step,
    state: p.state,
    positionName: positionLabel(p),
    subjects: planSubjects(p),
    editable: entryMode(p) === 'entry',
    totals: totals.get(p.id)!,
    actions: actions.get(p.id) ?? [],
  }));
}

// ---------- 成绩单 ----------

function listWhere(plan: ExamPlan, f: ScoreListFilter, rights: EntryRights | null): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(examinees.planId, plan.id), ne(examinees.qualification, QUALIFICATION.REFUSED)];
  if (f.name) conds.push(ilike(examinees.name, containsPattern(f.name)));
  if (f.ticketNo) conds.push(ilike(examinees.ticketNo, containsPattern(f.ticketNo)));
  // 身份证号加密存放：按完整号码的盲索引精确查找
  if (f.idNumber) conds.push(eq(examinees.idNumberIndex, blindIndex('idNumber', f.idNumber)));
  if (f.result !== undefined) conds.push(f.result === RESULT.PENDING ? sql`coalesce(${examResults.result}, ${RESULT.PENDING}) = ${RESULT.PENDING}` : eq(examResults.result, f.result));
  if (f.mine && rights && !rights.orgStaff) {
    // 本人（考评员）分派到的场次与考场里的考生
    conds.push(
      rights.personId === null
        ? sql`false`
        : sql`exists (select 1 from ${examSeats} s join ${examSessionStaff} st on st.session_id = s.session_id
            where s.examinee_id = ${examinees.id} and st.person_id = ${rights.personId} and st.role = 'assessor' and (st.room_id is null or st.room_id = s.room_id))`,
    );
  }
  return and(...conds);
}

async function scoresByExaminee(db: Db, ids: readonly number[]): Promise<Map<number, ExamScore[]>> {
  const out = new Map<number, ExamScore[]>();
  if (!ids.length) return out;
  const rows = await db.select().from(examScores).where(inArray(examScores.examineeId, [...ids]));
  for (const r of rows) out.set(r.examineeId, [...(out.get(r.examineeId) ?? []), r]);
  return out;
}

const cellOf = (s: ExamScore): ScoreCell => ({ score: num(s.score), mark: s.mark, status: s.status, text: scoreText(s), submitted: s.status === SCORE_STATUS.SUBMITTED, marked: !MARK_HAS_SCORE[s.mark] });

/** 公示期内有待处理异议的考生 */
async function objectionExaminees(db: Db, planId: number, examineeIds?: readonly number[]): Promise<Map<number, { id: number; content: string }[]>> {
  const rows = await db
    .select({ id: scoreObjections.id, examineeId: scoreObjections.examineeId, content: scoreObjections.content })
    .from(scoreObjections)
    .where(
      and(
        eq(scoreObjections.planId, planId),
        eq(scoreObjections.status, OBJECTION_STATUS.OPEN),
        examineeIds ? inArray(scoreObjections.examineeId, examineeIds.length ? [...examineeIds] : [-1]) : undefined,
      ),
    )
    .orderBy(asc(scoreObjections.id));
  const out = new Map<number, { id: number; content: string }[]>();
  for (const r of rows) if (r.examineeId !== null) out.set(r.examineeId, [...(out.get(r.examineeId) ?? []), { id: r.id, content: r.content }]);
  return out;
}

/** 成绩单（selScoreList；审核端的 getStudentList 同此）：一名考生一行，各科成绩、结果；行上的 actions 说明当前用户可否录入 */
export async function listScores(db: Db, session: Session, filter: ScoreListFilter, page: Page): Promise<PageResult<ScoreRow>> {
  const plan = await loadPlan(db, session.user, filter.planId);
  const mode = entryMode(plan);
  const rights = await entryRights(db, session, plan);
  const where = listWhere(plan, filter, rights);
  const subjects = planSubjects(plan);
  return fetchPage(
    page,
    db
      .select({ e: examinees, result: examResults.result, reason: examResults.reason })
      .from(examinees)
      .leftJoin(examResults, eq(examResults.examineeId, examinees.id))
      .where(where)
      .orderBy(asc(examinees.id)),
    db.select({ total: sql<number>`count(*)` }).from(examinees).leftJoin(examResults, eq(examResults.examineeId, examinees.id)).where(where),
    async (rows) => {
      const ids = rows.map((r) => r.e.id);
      const [scores, seats, objections] = await Promise.all([
        scoresByExaminee(db, ids),
        seatsOf(db, ids),
        mode === 'objection' ? objectionExaminees(db, plan.id, ids) : Promise.resolve(new Map<number, unknown[]>()),
      ]);
      return rows.map(({ e, result, reason }) => {
        const own = scores.get(e.id) ?? [];
        const enterable =
          mode !== null &&
          (mode === 'entry' || objections.has(e.id)) &&
          subjects.some((s) => mayEnter(rights, s, seats.get(e.id)?.get(s) ?? []));
        return {
          examineeId: e.id,
          name: e.name,
          idNumber: maskIdNumber(e.idNumber),
          ticketNo: e.ticketNo,
          workName: e.workName,
          level: e.level,
          levelName: levelName(e.level),
          scores: Object.fromEntries(own.map((s) => [s.subject, cellOf(s)])),
          result: result ?? RESULT.PENDING,
          resultName: RESULT_LABEL[result ?? RESULT.PENDING],
          reason: reason ?? (own.length ? null : '尚未录入'),
          actions: enterable ? ['score'] : [],
        };
      });
    },
  );
}

// ---------- 一名考生的成绩表单 ----------

async function correctionsOf(db: Db, examineeId: number): Promise<ScoreCorrectionItem[]> {
  const rows = await db.select().from(examScoreCorrections).where(eq(examScoreCorrections.examineeId, examineeId)).orderBy(desc(examScoreCorrections.createdAt), desc(examScoreCorrections.id));
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    subjectName: SUBJECT_LABEL[r.subject],
    before: scoreText({ score: r.beforeScore, mark: r.beforeMark }),
    after: scoreText({ score: r.afterScore, mark: r.afterMark }),
    reason: r.reason,
    actorName: r.actorName,
    createdAt: formatBeijing(r.createdAt),
  }));
}

async function formOf(db: Db, session: Session, e: Examinee, plan: ExamPlan): Promise<ScoreForm> {
  const mode = entryMode(plan);
  const subjects = planSubjects(plan);
  const [rights, seats, scores, objections, corrections, [res]] = await Promise.all([
    entryRights(db, session, plan),
    seatsOf(db, [e.id]),
    scoresByExaminee(db, [e.id]),
    mode === 'objection' ? objectionExaminees(db, plan.id, [e.id]) : Promise.resolve(new Map<number, { id: number; content: string }[]>()),
    correctionsOf(db, e.id),
    db.select().from(examResults).where(eq(examResults.examineeId, e.id)),
  ]);
  const open = objections.get(e.id) ?? [];
  const own = new Map((scores.get(e.id) ?? []).map((s) => [s.subject, s]));
  const items: ScoreFormSubject[] = subjects.map((subject) => {
    const seat = seats.get(e.id)?.get(subject) ?? [];
    const s = own.get(subject);
    const allowed = mayEnter(rights, subject, seat);
    const submitted = s?.status === SCORE_STATUS.SUBMITTED;
    let locked: string | null = null;
    if (!mode) locked = closedMessage(plan);
    else if (!allowed) locked = entryRefusal(subject, seat);
    else if (mode === 'objection' && (!submitted || !open.length)) locked = '公示期内只能因待处理的异议更正已提交的成绩';
    const first = seat[0];
    return {
      subject,
      label: SUBJECT_LABEL[subject],
      sessionName: first?.sessionName ?? null,
      time: first ? timeText(first) : null,
      roomName: first?.roomName ?? null,
      seatNo: first?.seatNo ?? null,
      score: s ? num(s.score) : null,
      mark: s?.mark ?? MARK.NORMAL,
      status: s?.status ?? null,
      statusName: s ? SCORE_STATUS_LABEL[s.status] : '未录入',
      statusColor: s ? SCORE_STATUS_COLOR[s.status] : 'default',
      currentText: s ? scoreText(s) : '—',
      enteredByName: s?.enteredByName ?? null,
      submittedAt: s?.submittedAt ? formatBeijing(s.submittedAt) : null,
      editable: locked === null,
      needsReason: submitted,
      lockedReason: locked,
    };
  });
  const result = res?.result ?? RESULT.PENDING;
  return {
    examinee: { id: e.id, name: e.name, idNumber: maskIdNumber(e.idNumber), ticketNo: e.ticketNo, workName: e.workName, levelName: levelName(e.level), photoUrl: e.photoUrl, gender: e.gender },
    plan: { id: plan.id, code: plan.code, name: plan.name, positionName: positionLabel(plan) },
    subjects: items,
    result,
    resultName: RESULT_LABEL[result],
    reason: res?.reason ?? null,
    openObjections: open,
    corrections,
  };
}

/** 成绩表单（getFormTypeAndScoreDetail）：计划安排的各科（场次、考场、座号、成绩、状态、此刻可否录入）、结果、更正历史 */
export async function scoreForm(db: Db, session: Session, examineeId: number): Promise<ScoreForm> {
  const e = await loadExaminee(db, session.user, examineeId);
  assertNotRefused(e);
  return formOf(db, session, e, await loadPlan(db, session.user, e.planId));
}

/** 扫准考证二维码（byQrCodeScore）：二维码内容即准考证号（也接受扫码枪输入的文字），打开该考生的成绩表单 */
export async function scoreByQrCode(db: Db, session: Session, input: { code: string; planId?: number }): Promise<ScoreForm> {
  const code = input.code.trim().replace(/\s+/g, '');
  const found = await examineesByTicket(db, session.user, code, input.planId);
  if (!found.length) throw ApiError.notFound(`没有找到准考证号为「${code}」的考生`);
  if (found.length > 1) throw ApiError.badRequest('该准考证号对应多个计划的考生，请先选择考试计划');
  const e = found[0];
  assertNotRefused(e);
  return formOf(db, session, e, await loadPlan(db, session.user, e.planId));
}

// ---------- 录入、提交与更正 ----------

/** 分数与标记：正常须有 0–100 的分数，缺考、违纪不填分数 */
function valueOf(input: { score?: number; mark: number }): { score: string | null; mark: number } {
  if (input.mark === MARK.NORMAL) {
    if (input.score === undefined) throw ApiError.badRequest('请输入成绩', { score: '请输入成绩' });
    return { score: input.score.toFixed(1), mark: MARK.NORMAL };
  }
  if (input.score !== undefined) throw ApiError.badRequest(`标记为${MARK_LABEL[input.mark]}时不填成绩`, { score: `标记为${MARK_LABEL[input.mark]}时不填成绩` });
  return { score: null, mark: input.mark };
}

/** 考生（范围内），并锁住其计划的成绩写入（results.ts 的 lockPlanScores）；锁住之后再读计划与成绩 */
async function lockExaminee(tx: Db, session: Session, examineeId: number): Promise<Examinee> {
  const e = await loadExaminee(tx, session.user, examineeId);
  await lockPlanScores(tx, e.planId);
  assertNotRefused(e);
  return e;
}

export interface Written {
  examinee: Examinee;
  plan: ExamPlan;
  subject: number;
  before: ExamScore | undefined;
  after: { score: string | null; mark: number; status: number };
  corrected: boolean;
}

/**
 * 写一科成绩（录入、提交或更正）。已提交的成绩只能更正：须填原因，写一行更正历史；
 * 公示期内只能因该考生待处理的异议更正。actor 为 'entry'（考评员或考务人员，按 context.ts 的规则）或 'audit'（市级审核时标记）。
 */
async function writeScore(
  tx: Db,
  session: Session,
  input: { examinee: Examinee; plan: ExamPlan; subject: number; value: { score: string | null; mark: number }; submit: boolean; reason?: string; objectionId?: number },
): Promise<Written> {
  const { examinee: e, plan, subject, value } = input;
  if (!planSubjects(plan).includes(subject)) throw ApiError.badRequest(`本计划没有安排「${SUBJECT_LABEL[subject]}」`);
  const seats = (await seatsOf(tx, [e.id])).get(e.id)?.get(subject) ?? [];
  const [before] = await tx
    .select()
    .from(examScores)
    .where(and(eq(examScores.examineeId, e.id), eq(examScores.subject, subject)));
  const now = new Date();
  const by = { enteredBy: session.user.id, enteredByName: actorName(session), updatedAt: now };
  if (before?.status === SCORE_STATUS.SUBMITTED) {
    if (!input.reason) throw ApiError.badRequest('成绩已提交，修改须填写更正原因', { reason: '请填写更正原因' });
    if (entryMode(plan) === 'objection') {
      const [objection] = input.objectionId ? await tx.select().from(scoreObjections).where(eq(scoreObjections.id, input.objectionId)) : [];
      if (!objection || objection.planId !== plan.id || objection.examineeId !== e.id || objection.status !== OBJECTION_STATUS.OPEN) {
        throw ApiError.badRequest('公示期内只能因该考生待处理的异议更正成绩，请选择异议');
      }
    }
    if (before.mark === value.mark && num(before.score) === num(value.score)) throw ApiError.badRequest('成绩没有变化');
    await tx.update(examScores).set({ ...value, ...by }).where(eq(examScores.id, before.id));
    await tx.insert(examScoreCorrections).values({
      scoreId: before.id,
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      examineeId: e.id,
      subject,
      beforeScore: before.score,
      beforeMark: before.mark,
      afterScore: value.score,
      afterMark: value.mark,
      reason: input.reason,
      objectionId: entryMode(plan) === 'objection' ? (input.objectionId ?? null) : null,
      actorId: session.user.id,
      actorName: actorName(session),
      createdAt: now,
    });
    return { examinee: e, plan, subject, before, after: { ...value, status: SCORE_STATUS.SUBMITTED }, corrected: true };
  }
  if (entryMode(plan) === 'objection') throw ApiError.badRequest('公示期内只能因待处理的异议更正已提交的成绩');
  // 时间条件（time-gates.ts）：开考之前不能录入，考试结束之前不能提交
  const early = scoreTimeRefusal(seats, input.submit, now);
  if (early) throw ApiError.conflict(early);
  const status = input.submit ? SCORE_STATUS.SUBMITTED : SCORE_STATUS.ENTERED;
  await tx
    .insert(examScores)
    .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, examineeId: e.id, subject, sessionId: seats[0]?.sessionId ?? null, ...value, status, submittedAt: input.submit ? now : null, ...by })
    .onConflictDoUpdate({ target: [examScores.examineeId, examScores.subject], set: { ...value, status, submittedAt: input.submit ? now : null, sessionId: seats[0]?.sessionId ?? null, ...by } });
  return { examinee: e, plan, subject, before, after: { ...value, status }, corrected: false };
}

function auditWrite(audit: Audit, w: Written, reason?: string) {
  const { subject } = w;
  const text = (v: { score: string | null; mark: number } | undefined) => scoreText(v);
  audit({
    entity: 'exam_score',
    entityId: w.examinee.id,
    before: w.before ? { subject, score: w.before.score, mark: w.before.mark, status: w.before.status } : undefined,
    after: { subject, ...w.after, reason: reason ?? null },
    detail: `${w.corrected ? '更正' : w.after.status === SCORE_STATUS.SUBMITTED ? '提交' : '录入'}考生「${w.examinee.name}」的${SUBJECT_SHORT[subject]}成绩：${w.before ? `${text(w.before)} → ` : ''}${text(w.after)}${reason ? `（原因：${reason}）` : ''}（${w.plan.code}）`,
  });
}

/** 录入、提交或更正一科成绩（updateScore）：只有该科场次的考评员（理论也可由本机构考务人员）；返回更新后的表单 */
export async function updateScore(db: Db, session: Session, input: ScoreUpdate, audit: Audit): Promise<ScoreForm> {
  const written = await db.transaction(async (tx) => {
    const e = await lockExaminee(tx, session, input.examineeId);
    const plan = await loadPlan(tx, session.user, e.planId);
    if (!entryMode(plan)) throw ApiError.badRequest(closedMessage(plan));
    const seats = (await seatsOf(tx, [e.id])).get(e.id)?.get(input.subject) ?? [];
    if (planSubjects(plan).includes(input.subject) && !mayEnter(await entryRights(tx, session, plan), input.subject, seats)) {
      throw ApiError.forbidden(entryRefusal(input.subject, seats));
    }
    const w = await writeScore(tx, session, { examinee: e, plan, subject: input.subject, value: valueOf(input), submit: input.submit ?? false, reason: input.reason, objectionId: input.objectionId });
    await recomputeResults(tx, plan, [e.id]);
    return w;
  });
  auditWrite(audit, written, input.reason);
  return formOf(db, session, written.examinee, written.plan);
}

/** 标记人是计划所在市的市级审核员（审核中发现违纪时标记，不按场次查录入权限） */
export const isPlanAuditor = (session: Session, plan: ExamPlan): boolean =>
  session.user.level === 'city' && session.user.cityId === plan.cityId && can(session, 'exaPlanAudit.edit');

/**
 * 缺考、违纪标记（一名考生的几科或全部科目），在调用方的事务里：计划在“成绩管理”步骤；须填原因，已提交的成绩按更正记下历史。
 * 可标记的人：录入该科的人（同 updateScore，计划办理中或被驳回），或计划所在市的市级审核员（含待审核时）。
 */
export async function markExaminee(tx: Db, session: Session, input: { examineeId: number; subjects?: number[]; mark: number; reason: string }): Promise<Written[]> {
  const e = await lockExaminee(tx, session, input.examineeId);
  const plan = await loadPlan(tx, session.user, e.planId);
  const auditor = isPlanAuditor(session, plan);
  if (plan.step !== PLAN_STEP.SCORES || plan.state === PLAN_STATE.CANCELLED || (!auditor && entryMode(plan) !== 'entry')) throw ApiError.badRequest(closedMessage(plan));
  const rights = auditor ? null : await entryRights(tx, session, plan);
  const seats = (await seatsOf(tx, [e.id])).get(e.id);
  const out: Written[] = [];
  for (const subject of input.subjects ?? planSubjects(plan)) {
    const seat = seats?.get(subject) ?? [];
    if (rights && planSubjects(plan).includes(subject) && !mayEnter(rights, subject, seat)) throw ApiError.forbidden(entryRefusal(subject, seat));
    const [cur] = await tx
      .select({ mark: examScores.mark, status: examScores.status })
      .from(examScores)
      .where(and(eq(examScores.examineeId, e.id), eq(examScores.subject, subject)));
    if (cur?.mark === input.mark && cur.status === SCORE_STATUS.SUBMITTED) continue;
    out.push(await writeScore(tx, session, { examinee: e, plan, subject, value: { score: null, mark: input.mark }, submit: true, reason: input.reason }));
  }
  await recomputeResults(tx, plan, [e.id]);
  return out;
}

/** 缺考、违纪标记（updateScoreStatus） */
export async function updateScoreStatus(db: Db, session: Session, input: { examineeId: number; subjects?: number[]; mark: number; reason: string }, audit: Audit) {
  const results = await db.transaction((tx) => markExaminee(tx, session, input));
  for (const w of results) auditWrite(audit, w, input.reason);
  return { changed: results.length };
}

// ---------- 导出 ----------

type ExportRow = { id: number; ticketNo: string | null; name: string; idNumber: string; workName: string; level: number; result: number | null; reason: string | null; scores: Map<number, ExamScore> };

/** 导出成绩单（exportScoreList）：按筛选条件，按 id 键集每批 2000 行流式写出 */
export async function exportScores(db: Db, session: Session, filter: ScoreListFilter) {
  const plan = await loadPlan(db, session.user, filter.planId);
  const rights = await entryRights(db, session, plan);
  const where = listWhere(plan, filter, rights);
  const subjects = planSubjects(plan);
  const columns: ExportColumn<ExportRow>[] = [
    { header: '准考证号', key: 'ticketNo', width: 18 },
    { header: '姓名', key: 'name', width: 10 },
    { header: '身份证号', key: 'idNumber', width: 22 },
    { header: '工种', key: 'workName', width: 16 },
    { header: '等级', key: 'level', width: 14, format: (v) => levelName(v as number) },
    ...subjects.map((s): ExportColumn<ExportRow> => ({ header: SUBJECT_LABEL[s], width: 14, format: (_v, r) => scoreText(r.scores.get(s)) })),
    { header: '结果', key: 'result', width: 8, format: (v) => RESULT_LABEL[(v as number | null) ?? RESULT.PENDING] },
    { header: '说明', key: 'reason', width: 30 },
  ];
  return exportXlsx({
    sheetName: '成绩单',
    columns,
    rows: keysetBatches(
      async (lastId: number | null, limit: number) => {
        const rows = await db
          .select({ id: examinees.id, ticketNo: examinees.ticketNo, name: examinees.name, idNumber: examinees.idNumber, workName: examinees.workName, level: examinees.level, result: examResults.result, reason: examResults.reason })
          .from(examinees)
          .leftJoin(examResults, eq(examResults.examineeId, examinees.id))
          .where(lastId === null ? where : and(where, gt(examinees.id, lastId)))
          .orderBy(asc(examinees.id))
          .limit(limit);
        const scores = await scoresByExaminee(
          db,
          rows.map((r) => r.id),
        );
        // 成绩单导出只为核对成绩：身份证号脱敏
        return rows.map((r) => ({ ...r, idNumber: maskIdNumber(r.idNumber), scores: new Map((scores.get(r.id) ?? []).map((s) => [s.subject, s])) }));
      },
      (r) => r.id,
      2000,
    ),
  });
}

/**
 * 成绩录入表（exportScore）：当前用户可录入、尚未提交的各科一行（准考证号、姓名、科目、空白的成绩与标记），
 * 线下填好后经 importScore 导入（列与导入模板相同）。
 */
export async function exportScoreSheet(db: Db, session: Session, input: { planId: number }) {
  const plan = await loadPlan(db, session.user, input.planId);
  if (entryMode(plan) !== 'entry') throw ApiError.badRequest(closedMessage(plan));
  const rights = await entryRights(db, session, plan);
  const people = await db
    .select({ id: examinees.id, ticketNo: examinees.ticketNo, name: examinees.name })
    .from(examinees)
    .where(and(eq(examinees.planId, plan.id), ne(examinees.qualification, QUALIFICATION.REFUSED)))
    .orderBy(asc(examinees.ticketNo), asc(examinees.id));
  const ids = people.map((p) => p.id);
  const [seats, scores] = await Promise.all([seatsOf(db, ids), scoresByExaminee(db, ids)]);
  const rows: { ticketNo: string | null; name: string; subject: string }[] = [];
  for (const subject of planSubjects(plan)) {
    for (const p of people) {
      if (!mayEnter(rights, subject, seats.get(p.id)?.get(subject) ?? [])) continue;
      if ((scores.get(p.id) ?? []).some((s) => s.subject === subject && s.status === SCORE_STATUS.SUBMITTED)) continue;
      rows.push({ ticketNo: p.ticketNo, name: p.name, subject: SUBJECT_LABEL[subject] });
    }
  }
  if (!rows.length) throw ApiError.badRequest('没有您可录入且尚未提交的成绩');
  return exportXlsx({
    sheetName: '成绩录入',
    columns: [
      { header: '准考证号', key: 'ticketNo', width: 20 },
      { header: '姓名', key: 'name', width: 10 },
      { header: '科目', key: 'subject', width: 18 },
      { header: '成绩', width: 10, format: () => '' },
      { header: '标记', width: 10, format: () => '' },
    ],
    rows,
  });
}

