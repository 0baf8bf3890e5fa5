// 考试异常记录（exaExamAbnormalRecord）：某场次（可指明考场、考生）的异常事件、处理结果与佐证材料。
// 填写：督导员（分派到该计划的）或范围内有 abnormalRecord.add 的用户，计划在考务安排或成绩管理步骤；
// 督导员只能改、删本人填写的。Excel 导入（exceptionImport）全部校验通过才写入，任何一行有错一行不写并给出错误工作簿。
import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import { scopeWhere, inScope } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { formatBeijing } from '@/lib/platform/time';
import { exportXlsx, keysetBatches, type ExportColumn } from '@/lib/platform/excel/export';
import { defineImport, type ImportRow, type RowIssue } from '@/lib/platform/excel/import';
import { attachFiles, detachFiles } from '../file/service';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { examRooms, examSessions } from '../examSite/tables';
import { assignedSessionIds, assertSupervisionStep, loadSupervisedPlan, supervisedWhere, supervisionOf, supervisionOpen, type Supervision } from './access';
import { abnormalRecords, type AbnormalRecord } from './tables';
import { occurredOutside, sessionNotStarted } from './time-gates';
import { ABNORMAL_KIND_LABEL, AbnormalImportRow, type AbnormalAdd, type AbnormalImport, type AbnormalItem } from './schemas';

const ENTITY = 'abnormal_record';
const WHAT = '填写考试异常记录';

/** 督导员只改、删本人填写的；其他用户（省、市管理员）按范围 */
const mayChange = (row: Pick<AbnormalRecord, 'reporterId'>, session: Session, sup: Supervision): boolean => !sup.restricted || row.reporterId === session.user.id;

interface Resolved {
  plan: ExamPlan;
  sessionId: number;
  roomId: number | null;
  examineeId: number | null;
  examineeName: string | null;
  ticketNo: string | null;
}

/** 场次（及其计划：范围、督导员分派、步骤）、考场、考生（准考证号）都须属于同一计划 */
async function resolve(db: Db, session: Session, input: { sessionId: number; roomId?: number; ticketNo?: string; occurredAt: Date }, sup: Supervision): Promise<Resolved> {
  const [s] = await db.select().from(examSessions).where(eq(examSessions.id, input.sessionId));
  if (!s || !inScope(session.user, s)) throw ApiError.notFound('场次不存在或不在您的管辖范围内');
  const { plan } = await loadSupervisedPlan(db, session.user, s.planId, sup);
  assertSupervisionStep(plan, WHAT);
  // 时间条件（time-gates.ts）：场次已开考，发生时间在开考之后、此刻之前
  const early = sessionNotStarted(s, WHAT);
  if (early) throw ApiError.conflict(early);
  const outside = occurredOutside(s, input.occurredAt);
  if (outside) throw ApiError.badRequest(outside, { occurredAt: outside });
  let roomId: number | null = null;
  if (input.roomId !== undefined) {
    const [r] = await db.select({ planId: examRooms.planId }).from(examRooms).where(eq(examRooms.id, input.roomId));
    if (!r || r.planId !== plan.id) throw ApiError.badRequest('所选考场不属于该考试计划');
    roomId = input.roomId;
  }
  let examinee: { id: number; name: string } | undefined;
  if (input.ticketNo) {
    [examinee] = await db
      .select({ id: examinees.id, name: examinees.name })
      .from(examinees)
      .where(and(eq(examinees.planId, plan.id), eq(examinees.ticketNo, input.ticketNo)));
    if (!examinee) throw ApiError.badRequest(`准考证号「${input.ticketNo}」不是本计划的考生`, { ticketNo: '不是本计划的考生' });
  }
  return { plan, sessionId: s.id, roomId, examineeId: examinee?.id ?? null, examineeName: examinee?.name ?? null, ticketNo: input.ticketNo ?? null };
}

/** 新增与修改共用的列 */
const recordValues = (r: Resolved, input: AbnormalAdd) => ({
  sessionId: r.sessionId,
  roomId: r.roomId,
  examineeId: r.examineeId,
  examineeName: r.examineeName,
  ticketNo: r.ticketNo,
  kind: input.kind,
  occurredAt: input.occurredAt,
  description: input.description,
  handling: input.handling ?? null,
  files: input.files,
});

export async function addAbnormal(db: Db, session: Session, input: AbnormalAdd, audit: Audit) {
  const sup = await supervisionOf(db, session.user);
  const r = await resolve(db, session, input, sup);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(abnormalRecords)
      .values({
        planId: r.plan.id,
        orgId: r.plan.orgId,
        cityId: r.plan.cityId,
        ...recordValues(r, input),
        reporterId: session.user.id,
        reporterName: session.user.realName ?? session.user.nickName,
      })
      .returning();
    await attachFiles(tx, { entity: ENTITY, entityId: created.id }, input.files, { by: session.user });
    return created;
  });
  audit({ entity: ENTITY, entityId: row.id, after: row, detail: `填写考试异常记录（${ABNORMAL_KIND_LABEL[row.kind]}，计划 ${r.plan.code}）` });
  return { id: row.id };
}

async function loadRecord(db: Db, session: Session, id: number, sup: Supervision): Promise<AbnormalRecord> {
  const [row] = await db.select().from(abnormalRecords).where(eq(abnormalRecords.id, id));
  if (!row || !inScope(session.user, row)) throw ApiError.notFound('异常记录不存在或不在您的管辖范围内');
  await loadSupervisedPlan(db, session.user, row.planId, sup);
  return row;
}

export async function updateAbnormal(db: Db, session: Session, input: AbnormalAdd & { id: number }, audit: Audit) {
  const sup = await supervisionOf(db, session.user);
  const before = await loadRecord(db, session, input.id, sup);
  if (!mayChange(before, session, sup)) throw ApiError.forbidden('只能修改本人填写的异常记录');
  const r = await resolve(db, session, input, sup);
  if (r.plan.id !== before.planId) throw ApiError.badRequest('不能把异常记录改到其他考试计划');
  const [after] = await db.transaction(async (tx) => {
    const updated = await tx
      .update(abnormalRecords)
      .set({ ...recordValues(r, input), updatedAt: new Date() })
      .where(eq(abnormalRecords.id, before.id))
      .returning();
    await attachFiles(tx, { entity: ENTITY, entityId: before.id }, input.files, { by: session.user });
    return updated;
  });
  audit({ entity: ENTITY, entityId: before.id, before, after, detail: `修改考试异常记录（计划 ${r.plan.code}）` });
  return { id: before.id };
}

export async function deleteAbnormal(db: Db, session: Session, input: { ids: number[] }, audit: Audit) {
  const sup = await supervisionOf(db, session.user);
  const rows: AbnormalRecord[] = [];
  for (const id of [...new Set(input.ids)]) {
    const row = await loadRecord(db, session, id, sup);
    const [plan] = await db.select().from(examPlans).where(eq(examPlans.id, row.planId));
    assertSupervisionStep(plan, '删除考试异常记录');
    if (!mayChange(row, session, sup)) throw ApiError.forbidden('只能删除本人填写的异常记录');
    rows.push(row);
  }
  await db.transaction(async (tx) => {
    await tx.delete(abnormalRecords).where(
      inArray(
        abnormalRecords.id,
        rows.map((r) => r.id),
      ),
    );
    for (const r of rows) await detachFiles(tx, { entity: ENTITY, entityId: r.id });
  });
  for (const r of rows) audit({ entity: ENTITY, entityId: r.id, before: r, detail: '删除考试异常记录' });
  return { deleted: rows.length };
}

// ---------- 列表与导出 ----------

interface AbnormalFilter {
  planId?: number;
  planCode?: string;
  sessionId?: number;
  kind?: number;
}

async function listWhere(db: Db, session: Session, filter: AbnormalFilter) {
  const sup = await supervisionOf(db, session.user);
  const where = and(
    scopeWhere(session.user, { cityId: abnormalRecords.cityId, orgId: abnormalRecords.orgId }),
    supervisedWhere(sup, abnormalRecords.planId),
    filter.planId !== undefined ? eq(abnormalRecords.planId, filter.planId) : undefined,
    filter.planCode ? eq(examPlans.code, filter.planCode) : undefined,
    filter.sessionId !== undefined ? eq(abnormalRecords.sessionId, filter.sessionId) : undefined,
    filter.kind !== undefined ? eq(abnormalRecords.kind, filter.kind) : undefined,
  );
  return { sup, where };
}

function selectRows(db: Db) {
  return db
    .select({ a: abnormalRecords, planCode: examPlans.code, planName: examPlans.name, planStep: examPlans.step, planState: examPlans.state, sessionName: examSessions.name, roomName: examRooms.name })
    .from(abnormalRecords)
    .innerJoin(examPlans, eq(examPlans.id, abnormalRecords.planId))
    .innerJoin(examSessions, eq(examSessions.id, abnormalRecords.sessionId))
    .leftJoin(examRooms, eq(examRooms.id, abnormalRecords.roomId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

function toItem(r: Joined, session: Session, sup: Supervision): AbnormalItem {
  const a = r.a;
  const open = supervisionOpen({ step: r.planStep, state: r.planState }) && mayChange(a, session, sup);
  const actions: AbnormalItem['actions'] = [];
  if (open && can(session, 'abnormalRecord.edit')) actions.push('edit');
  if (open && can(session, 'abnormalRecord.delete')) actions.push('delete');
  return {
    id: a.id,
    planId: a.planId,
    planCode: r.planCode,
    planName: r.planName,
    sessionId: a.sessionId,
    sessionName: r.sessionName,
    roomId: a.roomId,
    roomName: r.roomName,
    examineeName: a.examineeName,
    ticketNo: a.ticketNo,
    kind: a.kind,
    kindName: ABNORMAL_KIND_LABEL[a.kind] ?? '',
    occurredAt: formatBeijing(a.occurredAt).slice(0, 16),
    occurredAtIso: a.occurredAt.toISOString(),
    description: a.description,
    handling: a.handling,
    files: a.files,
    reporterName: a.reporterName,
    createTime: formatBeijing(a.createdAt),
    actions,
  };
}

export async function listAbnormal(db: Db, session: Session, filter: AbnormalFilter, page: Page): Promise<PageResult<AbnormalItem>> {
  const { sup, where } = await listWhere(db, session, filter);
  return fetchPage(
    page,
    selectRows(db).where(where).orderBy(desc(abnormalRecords.occurredAt), desc(abnormalRecords.id)),
    db.select({ total: count() }).from(abnormalRecords).innerJoin(examPlans, eq(examPlans.id, abnormalRecords.planId)).where(where),
    (rows) => rows.map((r) => toItem(r, session, sup)),
  );
}

const EXPORT_COLUMNS: ExportColumn<AbnormalItem>[] = [
  { header: '计划编号', key: 'planCode', width: 20 },
  { header: '计划名称', key: 'planName', width: 30 },
  { header: '场次', key: 'sessionName', width: 20 },
  { header: '考场', key: 'roomName', width: 12 },
  { header: '考生', key: 'examineeName', width: 10 },
  { header: '准考证号', key: 'ticketNo', width: 20 },
  { header: '异常类别', key: 'kindName', width: 10 },
  { header: '发生时间', key: 'occurredAt', width: 18 },
  { header: '情况说明', key: 'description', width: 40 },
  { header: '处理结果', key: 'handling', width: 30 },
  { header: '佐证材料数', key: 'files', width: 10, format: (v) => (v as string[]).length },
  { header: '填写人', key: 'reporterName', width: 10 },
  { header: '填写时间', key: 'createTime', width: 20 },
];

/** 导出（按当前筛选；按 id 分批读取，流式写出） */
export async function exportAbnormal(db: Db, session: Session, filter: AbnormalFilter) {
  const { sup, where } = await listWhere(db, session, filter);
  return exportXlsx({
    columns: EXPORT_COLUMNS,
    sheetName: '考试异常记录',
    rows: keysetBatches(
      async (last: number | null, limit) =>
        (
          await selectRows(db)
            .where(and(where, last === null ? undefined : gt(abnormalRecords.id, last)))
            .orderBy(asc(abnormalRecords.id))
            .limit(limit)
        ).map((r) => toItem(r, session, sup)),
      (r) => r.id,
    ),
  });
}

// ---------- 导入 ----------

export interface ImportParams {
  session: Session;
}

interface Lookup {
  plans: Map<string, ExamPlan | string>;
  sessions: Map<string, number>;
  sessionTimes: Map<number, { name: string; examDate: string; startTime: string }>;
  rooms: Map<string, number>;
  tickets: Map<string, { id: number; name: string }>;
}

/** 一批行里的计划、场次、考场与考生：每张表一次查询 */
async function lookup(tx: Db, rows: ImportRow<AbnormalImport>[], session: Session, sup: Supervision): Promise<Lookup> {
  const codes = [...new Set(rows.map((r) => r.data.planCode))];
  const planRows = await tx.select().from(examPlans).where(inArray(examPlans.code, codes));
  const plans = new Map<string, ExamPlan | string>();
  for (const code of codes) {
    const p = planRows.find((x) => x.code === code);
    if (!p || !inScope(session.user, p)) {
      plans.set(code, '计划不存在或不在您的管辖范围内');
      continue;
    }
    if (sup.restricted && !(sup.person && (await assignedSessionIds(tx, sup.person.id, p.id)).length)) {
      plans.set(code, '计划不存在或不在您的管辖范围内');
      continue;
    }
    try {
      assertSupervisionStep(p, WHAT);
      plans.set(code, p);
    } catch (e) {
      plans.set(code, (e as Error).message);
    }
  }
  const planIds = [...plans.values()].filter((p): p is ExamPlan => typeof p !== 'string').map((p) => p.id);
  const [sessions, rooms, tickets] = planIds.length
    ? await Promise.all([
        tx
          .select({ id: examSessions.id, planId: examSessions.planId, name: examSessions.name, examDate: examSessions.examDate, startTime: examSessions.startTime })
          .from(examSessions)
          .where(inArray(examSessions.planId, planIds)),
        tx.select({ id: examRooms.id, planId: examRooms.planId, name: examRooms.name }).from(examRooms).where(inArray(examRooms.planId, planIds)),
        tx
          .select({ id: examinees.id, planId: examinees.planId, name: examinees.name, ticketNo: examinees.ticketNo })
          .from(examinees)
          .where(
            and(
              inArray(examinees.planId, planIds),
              inArray(
                examinees.ticketNo,
                rows.map((r) => r.data.ticketNo ?? '').filter(Boolean),
              ),
            ),
          ),
      ])
    : [[], [], []];
  return {
    plans,
    sessions: new Map(sessions.map((s) => [`${s.planId}:${s.name}`, s.id])),
    sessionTimes: new Map(sessions.map((s) => [s.id, s])),
    rooms: new Map(rooms.map((r) => [`${r.planId}:${r.name}`, r.id])),
    tickets: new Map(tickets.map((t) => [`${t.planId}:${t.ticketNo}`, { id: t.id, name: t.name }])),
  };
}

type Key = keyof AbnormalImport & string;

export const abnormalImport = defineImport<typeof AbnormalImportRow, ImportParams>({
  name: 'abnormalRecord',
  title: '考试异常记录导入',
  columns: [
    { key: 'planCode', header: '计划编号', example: 'JH2026030001', width: 20 },
    { key: 'sessionName', header: '场次名称', example: '理论知识考试', width: 20, note: '与考点管理中的场次名称一致' },
    { key: 'roomName', header: '考场名称', example: '理论考场01', width: 14 },
    { key: 'ticketNo', header: '准考证号', example: '', width: 20, note: '涉及考生时填写' },
    { key: 'kind', header: '异常类别', example: '违纪', width: 10, note: Object.values(ABNORMAL_KIND_LABEL).join('、') },
    { key: 'occurredAt', header: '发生时间', example: '2026-03-10 09:40', width: 18, note: '北京时间 YYYY-MM-DD HH:mm' },
    { key: 'description', header: '情况说明', example: '考生携带手机进入考场', width: 40 },
    { key: 'handling', header: '处理结果', example: '手机已暂扣，考后归还', width: 30 },
  ],
  row: AbnormalImportRow,
  textColumns: ['planCode', 'ticketNo'],
  check: async (tx, rows, ctx) => {
    const session = ctx.params.session;
    const sup = await supervisionOf(tx, session.user);
    const found = await lookup(tx, rows, session, sup);
    const issues: RowIssue<Key>[] = [];
    for (const r of rows) {
      const plan = found.plans.get(r.data.planCode);
      if (typeof plan === 'string' || !plan) {
        issues.push({ row: r.row, column: 'planCode', message: plan ?? '计划不存在或不在您的管辖范围内' });
        continue;
      }
      const sessionId = found.sessions.get(`${plan.id}:${r.data.sessionName}`);
      if (sessionId === undefined) issues.push({ row: r.row, column: 'sessionName', message: '本计划没有该场次' });
      else {
        // 时间条件（time-gates.ts）
        const s = found.sessionTimes.get(sessionId)!;
        const early = sessionNotStarted(s, WHAT);
        if (early) issues.push({ row: r.row, column: 'sessionName', message: early });
        else {
          const outside = occurredOutside(s, r.data.occurredAt);
          if (outside) issues.push({ row: r.row, column: 'occurredAt', message: outside });
        }
      }
      if (r.data.roomName && !found.rooms.has(`${plan.id}:${r.data.roomName}`)) issues.push({ row: r.row, column: 'roomName', message: '本计划没有该考场' });
      if (r.data.ticketNo && !found.tickets.has(`${plan.id}:${r.data.ticketNo}`)) issues.push({ row: r.row, column: 'ticketNo', message: '不是本计划的考生' });
    }
    return issues;
  },
  commit: async (tx, rows, ctx) => {
    const session = ctx.params.session;
    const sup = await supervisionOf(tx, session.user);
    const found = await lookup(
      tx,
      rows.map((data, i) => ({ row: i, data })),
      session,
      sup,
    );
    const reporterName = session.user.realName ?? session.user.nickName;
    await tx.insert(abnormalRecords).values(
      rows.map((d) => {
        const plan = found.plans.get(d.planCode) as ExamPlan;
        const examinee = d.ticketNo ? found.tickets.get(`${plan.id}:${d.ticketNo}`) : undefined;
        return {
          planId: plan.id,
          orgId: plan.orgId,
          cityId: plan.cityId,
          sessionId: found.sessions.get(`${plan.id}:${d.sessionName}`)!,
          roomId: d.roomName ? (found.rooms.get(`${plan.id}:${d.roomName}`) ?? null) : null,
          examineeId: examinee?.id ?? null,
          examineeName: examinee?.name ?? null,
          ticketNo: d.ticketNo ?? null,
          kind: d.kind,
          occurredAt: d.occurredAt,
          description: d.description,
          handling: d.handling ?? null,
          reporterId: session.user.id,
          reporterName,
        };
      }),
    );
  },
});
