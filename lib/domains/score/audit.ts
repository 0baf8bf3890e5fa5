// 成绩审核（/exaPlanAudit/…）：审核端的计划列表（带成绩合计与当前用户可做的流程操作）、计划的考务与成绩概况、
// 合格考生（证书名单）与导出、市级派出督导员。审核通过、驳回、撤回与退回仍是 exaPlan 的 auditExaPlan 等（同一张转换表）。
import { ACCESS_ACTION, type AccessAction, type UnmaskRequest } from '@/lib/domains/privacy/schemas';
import { canUnmask, unmaskedView } from '@/lib/domains/privacy/service';
import { maskMobile } from '@/lib/platform/identity/mask';
import { maskIdNumber } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { and, asc, count, desc, eq, gt, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing } from '@/lib/platform/time';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { LEVEL_NAMES } from '../catalog/schemas';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { examSeats, examSessions, examSessionStaff } from '../examSite/tables';
import { loadPlan } from '../exaPlan/access';
import { actorOf } from '../exaPlan/service';
import { PLAN_KINDS, PLAN_STATE, PLAN_STEP, pendingStates, positionLabel } from '../exaPlan/transitions';
import { people } from '../personnel/tables';
import { assertAssignable, assignPerson } from '../personnel/service';
import { loadSession } from '../examSite/context';
import { personClashes } from '../examSite/staff';
import { timeText } from '../examSite/rules';
import { planSubjects } from '../examSite/sessions';
import { examResults, examScoreCorrections, examScores, scorePublicities } from './tables';
import { MARK, PASS_SCORE, RESULT, SCORE_STATUS, scoreText, SUBJECT_LABEL } from './rules';
import { planActions } from './service';
import { scoreTotals } from './results';
import { publicityStatus, PUBLIC_PATH } from './publicity';
import { PUBLICITY_STATUS_LABEL, type PlanScoreItem } from './schemas';

// ---------- 计划列表 ----------

/** 审核端的计划列表（selectPlanScoreList）：范围内已到“成绩管理”及以后的计划；pendingOnly 只列待本人审核的第 5 步 */
export async function listPlanScores(db: Db, session: Session, filter: { kind?: number; code?: string; name?: string; step?: number; pendingOnly?: boolean }, page: Page): Promise<PageResult<PlanScoreItem>> {
  const conds: (SQL | undefined)[] = [
    scopeWhere(session.user, { cityId: examPlans.cityId, orgId: examPlans.orgId }),
    sql`${examPlans.step} >= ${PLAN_STEP.SCORES}`,
    ne(examPlans.state, PLAN_STATE.CANCELLED),
  ];
  if (filter.kind !== undefined) conds.push(eq(examPlans.kind, filter.kind));
  if (filter.code) conds.push(ilike(examPlans.code, containsPattern(filter.code)));
  if (filter.name) conds.push(ilike(examPlans.name, containsPattern(filter.name)));
  if (filter.step !== undefined) conds.push(eq(examPlans.step, filter.step));
  if (filter.pendingOnly) {
    const actor = actorOf(session.user);
    const states = actor && actor !== 'org' ? pendingStates(actor) : [];
    conds.push(states.length ? and(eq(examPlans.step, PLAN_STEP.SCORES), inArray(examPlans.state, states)) : sql`false`);
  }
  const where = and(...conds);
  return fetchPage(
    page,
    db
      .select({ plan: examPlans, orgName: organisations.name, cityName: areas.name })
      .from(examPlans)
      .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
      .leftJoin(areas, eq(areas.id, examPlans.cityId))
      .where(where)
      .orderBy(asc(examPlans.step), desc(examPlans.updatedAt), desc(examPlans.id)),
    db.select({ total: count() }).from(examPlans).where(where),
    async (rows) => {
      const plans = rows.map((r) => r.plan);
      const [totals, actions] = await Promise.all([
        scoreTotals(
          db,
          plans.map((p) => p.id),
        ),
        planActions(db, session, plans),
      ]);
      return rows.map(({ plan, orgName, cityName }) => ({
        id: plan.id,
        code: plan.code,
        name: plan.name,
        kind: plan.kind,
        kindName: PLAN_KINDS[plan.kind],
        orgName,
        cityName,
        step: plan.step,
        state: plan.state,
        positionName: positionLabel(plan),
        examStartDate: plan.examStartDate,
        subjects: planSubjects(plan),
        totals: totals.get(plan.id)!,
        actions: actions.get(plan.id) ?? [],
      }));
    },
  );
}

// ---------- 概况 ----------

/** 计划的考务与成绩概况（getExaExamaffVo）：场次（考场数、考生数、考评员与督导员）、各科统计、合计、公示、最近的更正 */
export async function examaffVo(db: Db, session: Session, planId: number) {
  const plan = await loadPlan(db, session.user, planId);
  const [[org], sessions, seated, staff, stats, totals, [pub], corrections] = await Promise.all([
    db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, plan.orgId)),
    db.select().from(examSessions).where(eq(examSessions.planId, plan.id)).orderBy(asc(examSessions.examDate), asc(examSessions.startTime), asc(examSessions.id)),
    db
      .select({ sessionId: examSeats.sessionId, rooms: sql<number>`count(distinct ${examSeats.roomId})`, n: count() })
      .from(examSeats)
      .innerJoin(examSessions, eq(examSessions.id, examSeats.sessionId))
      .where(eq(examSessions.planId, plan.id))
      .groupBy(examSeats.sessionId),
    db
      .select({ sessionId: examSessionStaff.sessionId, role: examSessionStaff.role, name: people.name })
      .from(examSessionStaff)
      .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
      .innerJoin(people, eq(people.id, examSessionStaff.personId))
      .where(eq(examSessions.planId, plan.id))
      .orderBy(asc(examSessionStaff.id)),
    db
      .select({
        subject: examScores.subject,
        submitted: sql<number>`count(*) filter (where ${examScores.status} = ${SCORE_STATUS.SUBMITTED})`,
        average: sql<string | null>`round(avg(${examScores.score}) filter (where ${examScores.status} = ${SCORE_STATUS.SUBMITTED} and ${examScores.mark} = ${MARK.NORMAL}), 1)`,
        passed: sql<number>`count(*) filter (where ${examScores.status} = ${SCORE_STATUS.SUBMITTED} and ${examScores.mark} = ${MARK.NORMAL} and ${examScores.score} >= ${PASS_SCORE})`,
        absent: sql<number>`count(*) filter (where ${examScores.mark} = ${MARK.ABSENT})`,
        cheating: sql<number>`count(*) filter (where ${examScores.mark} = ${MARK.CHEATING})`,
      })
      .from(examScores)
      .where(eq(examScores.planId, plan.id))
      .groupBy(examScores.subject),
    scoreTotals(db, [plan.id]),
    db.select().from(scorePublicities).where(eq(scorePublicities.planId, plan.id)),
    db
      .select({ c: examScoreCorrections, name: examinees.name })
      .from(examScoreCorrections)
      .innerJoin(examinees, eq(examinees.id, examScoreCorrections.examineeId))
      .where(eq(examScoreCorrections.planId, plan.id))
      .orderBy(desc(examScoreCorrections.createdAt), desc(examScoreCorrections.id))
      .limit(20),
  ]);
  const status = pub ? publicityStatus(pub) : null;
  return {
    plan: {
      id: plan.id,
      code: plan.code,
      name: plan.name,
      kindName: PLAN_KINDS[plan.kind],
      orgName: org?.name ?? '',
      positionName: positionLabel(plan),
      examStartDate: plan.examStartDate,
      examEndDate: plan.examEndDate,
      subjects: planSubjects(plan).map((s) => ({ subject: s, label: SUBJECT_LABEL[s] })),
    },
    sessions: sessions.map((s) => {
      const seat = seated.find((x) => x.sessionId === s.id);
      const names = (role: string) => staff.filter((x) => x.sessionId === s.id && x.role === role).map((x) => x.name);
      return {
        id: s.id,
        name: s.name,
        subjectName: SUBJECT_LABEL[s.subject],
        time: timeText(s),
        rooms: Number(seat?.rooms ?? 0),
        examinees: Number(seat?.n ?? 0),
        assessors: names('assessor'),
        supervisors: names('supervisor'),
      };
    }),
    subjects: planSubjects(plan).map((subject) => {
      const s = stats.find((x) => x.subject === subject);
      return {
        subject,
        label: SUBJECT_LABEL[subject],
        submitted: Number(s?.submitted ?? 0),
        average: s?.average === null || s?.average === undefined ? null : Number(s.average),
        passed: Number(s?.passed ?? 0),
        absent: Number(s?.absent ?? 0),
        cheating: Number(s?.cheating ?? 0),
      };
    }),
    totals: totals.get(plan.id)!,
    publicity:
      pub && status !== null
        ? { status, statusName: PUBLICITY_STATUS_LABEL[status], startsAt: formatBeijing(pub.startsAt), endsAt: formatBeijing(pub.endsAt), workingDays: pub.workingDays, publicPath: `${PUBLIC_PATH}?code=${pub.publicCode}` }
        : null,
    corrections: corrections.map(({ c, name }) => ({
      id: c.id,
      examineeName: name,
      subjectName: SUBJECT_LABEL[c.subject],
      before: scoreText({ score: c.beforeScore, mark: c.beforeMark }),
      after: scoreText({ score: c.afterScore, mark: c.afterMark }),
      reason: c.reason,
      actorName: c.actorName,
      createdAt: formatBeijing(c.createdAt),
    })),
  };
}

// ---------- 合格考生（证书名单） ----------

function certificateWhere(plan: ExamPlan, f: { name?: string; idNumber?: string }) {
  return and(
    eq(examResults.planId, plan.id),
    eq(examResults.result, RESULT.PASS),
    f.name ? ilike(examinees.name, containsPattern(f.name)) : undefined,
    // 身份证号加密存放：按完整号码的盲索引精确查找
    f.idNumber ? eq(examinees.idNumberIndex, blindIndex('idNumber', f.idNumber)) : undefined,
  );
}

const certificateColumns = { id: examinees.id, name: examinees.name, idNumber: examinees.idNumber, gender: examinees.gender, workCode: examinees.workCode, workName: examinees.workName, level: examinees.level, ticketNo: examinees.ticketNo, mobile: examinees.mobile };

/** 合格考生名单看全身份证号、手机号的资源：exaPlanAudit.unmask */
export const CERTIFICATE_LIST_RESOURCE = 'exaPlanAudit';

type CertificateListFilter = { planId: number; name?: string; idNumber?: string } & UnmaskRequest & { unmask?: boolean; ip?: string | null };

/** 看全之前：权限、理由与访问日志（记不下就不给数据）；recordIds 为看到的考生（查看时为这一页的，导出时为全部筛选到的） */
async function unmaskList(db: Db, session: Session, plan: ExamPlan, f: CertificateListFilter, action: AccessAction, recordIds: number[], audit: Audit) {
  await unmaskedView(
    db,
    session,
    { resource: CERTIFICATE_LIST_RESOURCE, action, entity: 'exam_plan', entityId: plan.id, detail: `合格考生名单 ${plan.name}`, recordIds, reason: f.reason, reasonNote: f.reasonNote, ip: f.ip },
    audit,
  );
}

const maskRow = <R extends { idNumber: string; mobile: string }>(r: R): R => ({ ...r, idNumber: maskIdNumber(r.idNumber), mobile: maskMobile(r.mobile) });

/** 合格考生（getcertificateList）：结果为合格的考生，颁证用；身份证号、手机号默认脱敏，unmask 时全号（exaPlanAudit.unmask，记访问日志） */
export async function certificateList(db: Db, session: Session, filter: CertificateListFilter, page: Page, audit: Audit = () => {}) {
  const plan = await loadPlan(db, session.user, filter.planId);
  const where = certificateWhere(plan, filter);
  const unmasked = Boolean(filter.unmask);
  const result = await fetchPage(
    page,
    db.select(certificateColumns).from(examResults).innerJoin(examinees, eq(examinees.id, examResults.examineeId)).where(where).orderBy(asc(examinees.id)),
    db.select({ total: count() }).from(examResults).innerJoin(examinees, eq(examinees.id, examResults.examineeId)).where(where),
    async (rows) => {
      // 看全：先过权限与理由、记下这一页的考生，才给全号
      if (unmasked) await unmaskList(db, session, plan, filter, ACCESS_ACTION.VIEW, rows.map((r) => r.id), audit);
      return rows.map((r) => ({ ...(unmasked ? r : maskRow(r)), levelName: LEVEL_NAMES[r.level] ?? String(r.level) }));
    },
  );
  return { ...result, masked: !unmasked, canUnmask: canUnmask(session, CERTIFICATE_LIST_RESOURCE) };
}

/** 合格考生导出（planCertificateExport）：默认脱敏，unmask 同上（访问日志记为导出） */
export async function exportCertificates(db: Db, session: Session, filter: CertificateListFilter, audit: Audit = () => {}) {
  const plan = await loadPlan(db, session.user, filter.planId);
  const where = certificateWhere(plan, filter);
  if (filter.unmask) {
    const ids = await db.select({ id: examinees.id }).from(examResults).innerJoin(examinees, eq(examinees.id, examResults.examineeId)).where(where).orderBy(asc(examinees.id));
    await unmaskList(db, session, plan, filter, ACCESS_ACTION.EXPORT, ids.map((r) => r.id), audit);
  }
  type Row = Awaited<ReturnType<typeof batch>>[number];
  const batch = (lastId: number | null, limit: number) =>
    db
      .select(certificateColumns)
      .from(examResults)
      .innerJoin(examinees, eq(examinees.id, examResults.examineeId))
      .where(lastId === null ? where : and(where, gt(examinees.id, lastId)))
      .orderBy(asc(examinees.id))
      .limit(limit);
  return exportXlsx<Row>({
    sheetName: '合格考生',
    columns: [
      { header: '准考证号', key: 'ticketNo', width: 18 },
      { header: '姓名', key: 'name', width: 10 },
      { header: '性别', key: 'gender', width: 6 },
      { header: '身份证号', key: 'idNumber', width: 22 },
      { header: '手机号', key: 'mobile', width: 14 },
      { header: '工种编码', key: 'workCode', width: 14 },
      { header: '工种', key: 'workName', width: 16 },
      { header: '等级', key: 'level', width: 14, format: (v) => LEVEL_NAMES[v as number] ?? '' },
    ],
    rows: keysetBatches(filter.unmask ? batch : async (lastId: number | null, limit: number) => (await batch(lastId, limit)).map(maskRow), (r) => r.id, 2000),
  });
}

// ---------- 派出督导员 ----------

/**
 * 市级派出督导员（savePerSupervisor）：计划所在市的市级管理员为一个场次指定督导员（整体替换该场次的督导员），
 * 考试之前（编排考场、考务安排步骤）；督导员须在岗、属于计划所在市，不能与时间重叠的场次冲突。
 */
export async function saveSupervisors(db: Db, session: Session, input: { sessionId: number; personIds: number[] }, audit: Audit) {
  const { user } = session;
  const target = await loadSession(db, user, input.sessionId);
  const plan = await loadPlan(db, user, target.planId);
  if (!((user.level === 'city' && user.cityId === plan.cityId) || user.level === 'province') || !can(session, 'exaPlanAudit.edit')) {
    throw ApiError.forbidden('只有计划所在市的市级管理员可以派出督导员');
  }
  if (plan.state === PLAN_STATE.CANCELLED || (plan.step !== PLAN_STEP.ARRANGE_ROOMS && plan.step !== PLAN_STEP.EXAM_AFFAIRS)) {
    throw ApiError.badRequest(`计划当前处于「${positionLabel(plan)}」，派出督导员须在考试之前（编排考场或考务安排步骤）`);
  }
  const ids = [...new Set(input.personIds)];
  const found = await db.select().from(people).where(inArray(people.id, ids));
  const entries: { personId: number; roomId: null; name: string; role: 'supervisor' }[] = [];
  for (const id of ids) {
    const p = found.find((x) => x.id === id);
    if (!p || p.library !== 'supervisor') throw ApiError.notFound('所选督导员不存在');
    await assertAssignable(db, 'supervisor', p.id);
    if (p.cityId !== plan.cityId) throw ApiError.badRequest(`督导员「${p.name}」不属于计划所在市，不能派出`);
    entries.push({ personId: p.id, roomId: null, name: p.name, role: 'supervisor' as const });
  }
  const clash = await personClashes(db, target, entries);
  if (clash) throw ApiError.badRequest(clash);
  const before = await db
    .select({ personId: examSessionStaff.personId })
    .from(examSessionStaff)
    .where(and(eq(examSessionStaff.sessionId, target.id), eq(examSessionStaff.role, 'supervisor')));
  await db.transaction(async (tx) => {
    await tx.delete(examSessionStaff).where(and(eq(examSessionStaff.sessionId, target.id), eq(examSessionStaff.role, 'supervisor')));
    // 同一人已以别的角色在本场次：唯一索引 (场次, 人员) 报重复
    const taken = await tx
      .select({ personId: examSessionStaff.personId })
      .from(examSessionStaff)
      .where(and(eq(examSessionStaff.sessionId, target.id), inArray(examSessionStaff.personId, ids)));
    if (taken.length) throw ApiError.badRequest(`督导员「${entries.find((e) => e.personId === taken[0].personId)!.name}」已是本场次的其他工作人员`);
    await tx.insert(examSessionStaff).values(entries.map((e) => ({ sessionId: target.id, roomId: null, personId: e.personId, role: 'supervisor' })));
    for (const e of entries) await assignPerson(tx, 'supervisor', e.personId, { planCode: plan.code, planName: plan.name, role: '督导员', examDate: target.examDate });
  });
  audit({
    entity: 'exam_session_staff',
    entityId: target.id,
    before: before.map((b) => b.personId),
    after: ids,
    detail: `派出督导员 ${entries.map((e) => e.name).join('、')} 到场次「${target.name}」（${plan.code}）`,
  });
  return { sessionId: target.id, supervisors: entries.map((e) => ({ personId: e.personId, name: e.name })) };
}
