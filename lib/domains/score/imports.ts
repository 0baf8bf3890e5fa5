// 成绩 Excel 导入（importScore）与缺考/违纪标记导入（batchImportScoreStatus）：经通用的全有或全无导入
// （lib/platform/excel/import.ts，流式读取、逐行校验、错误工作簿）。任何一行有错，一行也不写。
//
// 成绩导入的一行：准考证号、姓名（填了就核对）、科目（名称、短名或 1–3）、成绩或标记。导入即提交（status 已提交）。
// 每行的检查：准考证号是本计划的考生（资格不是“不符合”）、计划安排了该科目、导入人可录入该科（context.ts 的规则）、
// 该科成绩尚未提交（已提交的只能在成绩单上逐条更正并填原因）、文件内同一考生同一科目只出现一次。
// 按批检查用数组参数一次查出（考生、座位、已有成绩）；写入是一条 insert … select from unnest(…) 的 upsert，之后重算这批考生的结果。
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { defineImport, importResponse, runImport, type ImportDef, type RowIssue } from '@/lib/platform/excel/import';
import { type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { examRooms, examSeats, examSessions } from '../examSite/tables';
import { loadPlan } from '../exaPlan/access';
import { PLAN_STATE, PLAN_STEP } from '../exaPlan/transitions';
import { QUALIFICATION } from '../examinee/schemas';
import { planSubjects } from '../examSite/sessions';
import { closedMessage, entryMode, entryRefusal, entryRights, mayEnter, type EntryRights, type SeatInfo } from './context';
import { lockPlanScores } from './results';
import { isPlanAuditor, markExaminee } from './service';
import { examResults, examScores } from './tables';
import { judge, MARK, MARK_LABEL, MAX_SCORE, SCORE_STATUS, SUBJECT_LABEL, SUBJECT_SHORT, type SubjectScore } from './rules';
import { MarkImportRow, ScoreImportRow, type MarkImport, type ScoreImport } from './schemas';
import { scoreTimeRefusal } from './time-gates';

/** 科目的写法：全称、短名、数字 */
const SUBJECT_WORDS = new Map<string, number>([
  ...Object.entries(SUBJECT_LABEL).map(([k, v]) => [v, Number(k)] as [string, number]),
  ...Object.entries(SUBJECT_SHORT).map(([k, v]) => [v, Number(k)] as [string, number]),
  ['理论知识', 1],
  ['操作技能', 2],
  ['综合评审', 3],
  ['1', 1],
  ['2', 2],
  ['3', 3],
]);
/** 标记的写法 */
const MARK_WORDS = new Map<string, number>([
  ['', MARK.NORMAL],
  ['正常', MARK.NORMAL],
  ['缺考', MARK.ABSENT],
  ['违纪', MARK.CHEATING],
  ['作弊', MARK.CHEATING],
]);
const SCORE_PATTERN = /^\d{1,3}(\.\d)?$/;

interface Resolved {
  examineeId: number;
  subject: number;
  sessionId: number | null;
  score: string | null;
  mark: number;
}

export interface ScoreImportParams {
  plan: ExamPlan;
  subjects: number[];
  rights: EntryRights;
  user: SessionUser;
  actorName: string;
  /** 文件内“准考证号|科目” → 首次出现的行号 */
  seen: Map<string, number>;
  resolved: WeakMap<object, Resolved>;
  /** 已取计划的成绩锁（导入事务内第一批检查时取） */
  locked?: boolean;
  /** 本批考生的等级与已有的各科成绩（检查时读出；持锁期间只有本次导入会改它们） */
  levels: Map<number, number>;
  existing: Map<number, (SubjectScore & { examineeId: number })[]>;
}

/** 导入事务里取一次计划的成绩锁，之后读到的已提交状态不会再被别人改 */
async function lockOnce(tx: Db, params: ScoreImportParams): Promise<void> {
  if (params.locked) return;
  await lockPlanScores(tx, params.plan.id);
  params.locked = true;
}

type Key = Extract<keyof ScoreImport, string>;

interface Candidate {
  row: number;
  data: { ticketNo: string; name?: string };
  subject: number;
}

/**
 * 一批行共用的查库（每条一个数组参数）：准考证号对应的考生与各科座位（场次、考场），这些考生已有的各科成绩。
 */
async function lookup(tx: Db, plan: ExamPlan, rows: readonly Candidate[]) {
  const tickets = [...new Set(rows.map((r) => r.data.ticketNo))];
  const found = await tx
    .select({
      id: examinees.id,
      ticketNo: examinees.ticketNo,
      name: examinees.name,
      qualification: examinees.qualification,
      level: examinees.level,
      subject: examSessions.subject,
      sessionId: examSeats.sessionId,
      roomId: examSeats.roomId,
      sessionName: examSessions.name,
      examDate: examSessions.examDate,
      startTime: examSessions.startTime,
      endTime: examSessions.endTime,
      roomName: examRooms.name,
    })
    .from(examinees)
    .leftJoin(examSeats, eq(examSeats.examineeId, examinees.id))
    .leftJoin(examSessions, eq(examSessions.id, examSeats.sessionId))
    .leftJoin(examRooms, eq(examRooms.id, examSeats.roomId))
    .where(sql`${examinees.planId} = ${plan.id} and ${examinees.ticketNo} = any(${sql.param(tickets)}::varchar[])`);
  const byTicket = new Map<string, { id: number; name: string; qualification: number; level: number }>();
  const seats = new Map<string, SeatInfo[]>();
  const done = new Set<string>();
  for (const r of found) {
    byTicket.set(r.ticketNo!, { id: r.id, name: r.name, qualification: r.qualification, level: r.level });
    if (r.subject === null || r.sessionId === null || r.roomId === null) continue;
    const key = `${r.id}|${r.subject}`;
    seats.set(key, [...(seats.get(key) ?? []), { sessionId: r.sessionId, roomId: r.roomId, sessionName: r.sessionName ?? '', examDate: r.examDate ?? '', startTime: r.startTime ?? '', endTime: r.endTime ?? '', roomName: r.roomName ?? '' } as SeatInfo]);
  }
  // 这些考生已有的各科成绩（已提交的不能经导入覆盖；写入时连同新成绩算出结果）
  const ids = [...new Set(found.map((r) => r.id))];
  const scored = ids.length
    ? await tx
        .select({ examineeId: examScores.examineeId, subject: examScores.subject, score: examScores.score, mark: examScores.mark, status: examScores.status })
        .from(examScores)
        .where(sql`${examScores.examineeId} = any(${sql.param(ids)}::int[])`)
    : [];
  const existing = new Map<number, (SubjectScore & { examineeId: number })[]>();
  for (const e of scored) {
    existing.set(e.examineeId, [...(existing.get(e.examineeId) ?? []), { ...e, score: e.score === null ? null : Number(e.score) }]);
    if (e.status === SCORE_STATUS.SUBMITTED) done.add(`${e.examineeId}|${e.subject}`);
  }
  const levels = new Map([...byTicket.values()].map((e) => [e.id, e.level]));
  return { byTicket, seats, done, existing, levels };
}

/** 一行的考生、座位与录入权限；有问题时返回问题（列 key 与中文原因） */
function resolveRow<K extends string>(
  c: Candidate,
  p: { plan: ExamPlan; subjects: number[]; rights: EntryRights | null },
  found: Awaited<ReturnType<typeof lookup>>,
  ticketKey: K,
  subjectKey: K,
): { issue: RowIssue<K> } | { examineeId: number; sessionId: number | null; submitted: boolean } {
  const e = found.byTicket.get(c.data.ticketNo);
  if (!e) return { issue: { row: c.row, column: ticketKey, message: '不是本计划考生的准考证号' } };
  if (c.data.name && c.data.name !== e.name) return { issue: { row: c.row, column: 'name' as K, message: `姓名与准考证号不符（准考证号对应「${e.name}」）` } };
  if (e.qualification === QUALIFICATION.REFUSED) return { issue: { row: c.row, column: ticketKey, message: '该考生报考资格不符合，没有成绩' } };
  if (!p.subjects.includes(c.subject)) return { issue: { row: c.row, column: subjectKey, message: `本计划没有安排「${SUBJECT_LABEL[c.subject]}」` } };
  const seat = found.seats.get(`${e.id}|${c.subject}`) ?? [];
  if (p.rights && !mayEnter(p.rights, c.subject, seat)) return { issue: { row: c.row, column: subjectKey, message: entryRefusal(c.subject, seat) } };
  // 导入的成绩即提交：考试结束之后才能导入（time-gates.ts）
  const early = scoreTimeRefusal(seat, true);
  if (early) return { issue: { row: c.row, column: subjectKey, message: early } };
  return { examineeId: e.id, sessionId: seat[0]?.sessionId ?? null, submitted: found.done.has(`${e.id}|${c.subject}`) };
}

async function check(tx: Db, rows: { row: number; data: ScoreImport }[], { params }: { params: ScoreImportParams }): Promise<RowIssue<Key>[]> {
  await lockOnce(tx, params);
  const issues: RowIssue<Key>[] = [];
  const ok: (Candidate & { data: ScoreImport; score: string | null; mark: number })[] = [];
  for (const { row, data } of rows) {
    const subject = SUBJECT_WORDS.get(data.subject.replace(/\s+/g, ''));
    if (subject === undefined) {
      issues.push({ row, column: 'subject', message: '科目应为 理论知识考试、操作技能考核、综合评审（答辩）（或 理论、实操、答辩）' });
      continue;
    }
    const mark = MARK_WORDS.get((data.mark ?? '').replace(/\s+/g, ''));
    if (mark === undefined) {
      issues.push({ row, column: 'mark', message: '标记应为空、正常、缺考或违纪' });
      continue;
    }
    let score: string | null = null;
    if (mark === MARK.NORMAL) {
      if (data.score === undefined) {
        issues.push({ row, column: 'score', message: '请填写成绩（缺考、违纪时在“标记”列注明）' });
        continue;
      }
      const n = Number(data.score);
      if (!SCORE_PATTERN.test(data.score) || !(n >= 0 && n <= MAX_SCORE)) {
        issues.push({ row, column: 'score', message: `成绩应为 0–${MAX_SCORE} 的数，最多一位小数` });
        continue;
      }
      score = n.toFixed(1);
    } else if (data.score !== undefined) {
      issues.push({ row, column: 'score', message: `标记为${MARK_LABEL[mark]}时不填成绩` });
      continue;
    }
    const k = `${data.ticketNo}|${subject}`;
    const first = params.seen.get(k);
    if (first !== undefined) {
      issues.push({ row, column: 'ticketNo', message: `与第 ${first} 行重复（同一考生同一科目只能有一行）` });
      continue;
    }
    params.seen.set(k, row);
    ok.push({ row, data, subject, score, mark });
  }
  if (!ok.length) return issues;
  const found = await lookup(tx, params.plan, ok);
  for (const c of ok) {
    const r = resolveRow<Key>(c, params, found, 'ticketNo', 'subject');
    if ('issue' in r) {
      issues.push(r.issue);
      continue;
    }
    if (r.submitted) {
      issues.push({ row: c.row, column: 'subject', message: '该科成绩已提交，修改须在成绩单上逐条更正并填写原因' });
      continue;
    }
    params.resolved.set(c.data, { examineeId: r.examineeId, subject: c.subject, sessionId: r.sessionId, score: c.score, mark: c.mark });
  }
  // 写入时连同这批考生已有的成绩一起算出结果（一条语句写成绩与结果）
  params.levels = found.levels;
  params.existing = found.existing;
  return issues;
}

/**
 * 写入一批（导入事务已在第一批检查时取了计划的成绩锁）：按检查时读出的已有成绩加上本批的新成绩算出结果（rules.ts 的 judge），
 * 一条语句写入成绩（upsert，只覆盖未提交的）与结果（每列一个数组参数）；成绩有没写入的（已被提交）→ 报错，按行重试时点名。
 */
async function commit(tx: Db, rows: ScoreImport[], { params }: { params: ScoreImportParams }): Promise<void> {
  const { plan } = params;
  const list = rows.map((d) => {
    const r = params.resolved.get(d);
    if (!r) throw ApiError.badRequest('行未解析');
    return r;
  });
  const fresh = new Map<number, Resolved[]>();
  for (const r of list) fresh.set(r.examineeId, [...(fresh.get(r.examineeId) ?? []), r]);
  const subjects = planSubjects(plan);
  const judged = [...fresh].map(([id, news]) => {
    const written = new Set(news.map((n) => n.subject));
    const scores: SubjectScore[] = [
      ...(params.existing.get(id) ?? []).filter((s) => !written.has(s.subject)),
      ...news.map((n) => ({ subject: n.subject, score: n.score === null ? null : Number(n.score), mark: n.mark, status: SCORE_STATUS.SUBMITTED })),
    ];
    return { id, ...judge(params.levels.get(id) ?? 0, subjects, scores) };
  });
  const col = <T,>(pick: (r: Resolved) => T) => sql.param(list.map(pick));
  const result = await tx.execute(sql`with up as (
      insert into ${examScores} (plan_id, org_id, city_id, examinee_id, subject, session_id, score, mark, status, entered_by, entered_by_name, submitted_at, updated_at)
      select ${plan.id}::int, ${plan.orgId}::int, ${plan.cityId}::int, u.examinee_id, u.subject, u.session_id, u.score, u.mark, ${SCORE_STATUS.SUBMITTED}::smallint, ${params.user.id}::int, ${params.actorName}::varchar, now(), now()
      from unnest(${col((r) => r.examineeId)}::int[], ${col((r) => r.subject)}::smallint[], ${col((r) => r.sessionId)}::int[], ${col((r) => r.score)}::numeric[], ${col((r) => r.mark)}::smallint[])
        as u(examinee_id, subject, session_id, score, mark)
      on conflict (examinee_id, subject) do update set score = excluded.score, mark = excluded.mark, status = excluded.status, session_id = excluded.session_id,
        entered_by = excluded.entered_by, entered_by_name = excluded.entered_by_name, submitted_at = excluded.submitted_at, updated_at = excluded.updated_at
        where ${examScores}.status = ${SCORE_STATUS.ENTERED}
      returning 1),
    res as (
      insert into ${examResults} (examinee_id, plan_id, org_id, city_id, result, reason, updated_at)
      select u.id, ${plan.id}::int, ${plan.orgId}::int, ${plan.cityId}::int, u.result, u.reason, now()
      from unnest(${sql.param(judged.map((j) => j.id))}::int[], ${sql.param(judged.map((j) => j.result))}::smallint[], ${sql.param(judged.map((j) => j.reason))}::varchar[]) as u(id, result, reason)
      on conflict (examinee_id) do update set result = excluded.result, reason = excluded.reason, updated_at = excluded.updated_at
      returning 1)
    select (select count(*) from up)::int as written, (select count(*) from res)::int as results`);
  const [counts] = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as { written: number }[];
  if (Number(counts?.written) !== list.length) throw ApiError.badRequest('该科成绩已被他人提交，修改须在成绩单上逐条更正并填写原因');
}

export const scoreImport: ImportDef<typeof ScoreImportRow, ScoreImportParams> = defineImport({
  name: 'score',
  title: '成绩导入',
  columns: [
    { key: 'ticketNo', header: '准考证号', example: 'JH20260000008001', width: 20, note: '准考证上的号码（即二维码的内容）' },
    { key: 'name', header: '姓名', example: '张三', note: '填写时与准考证号核对' },
    { key: 'subject', header: '科目', example: '操作技能考核', width: 18, note: '理论知识考试、操作技能考核、综合评审（答辩），或 理论、实操、答辩' },
    { key: 'score', header: '成绩', example: '86.5', note: `0–${MAX_SCORE}，最多一位小数；缺考、违纪时不填` },
    { key: 'mark', header: '标记', example: '', note: '空（正常）、缺考或违纪' },
  ],
  row: ScoreImportRow,
  textColumns: ['ticketNo'],
  check,
  commit,
  batchSize: 5000,
});

async function importParams(db: Db, session: Session, planId: number): Promise<ScoreImportParams> {
  const plan = await loadPlan(db, session.user, planId);
  if (entryMode(plan) !== 'entry') throw ApiError.badRequest(closedMessage(plan));
  return {
    plan,
    subjects: planSubjects(plan),
    rights: await entryRights(db, session, plan),
    user: session.user,
    actorName: session.user.realName || session.user.nickName,
    seen: new Map(),
    resolved: new WeakMap(),
    levels: new Map(),
    existing: new Map(),
  };
}

/** 成绩导入（importScore）：全部校验通过才在一个事务里写入（即提交），否则一行不写并给出错误工作簿 */
export async function importScores(db: Db, session: Session, input: { planId: number; file: Blob }, audit: Audit): Promise<{ total: number }> {
  const params = await importParams(db, session, input.planId);
  const result = importResponse(await runImport(scoreImport, input.file, { db, userId: session.user.id, params }));
  audit({ entity: 'exam_score', entityId: params.plan.id, detail: `导入并提交 ${result.total} 条成绩（${params.plan.code}）` });
  return result;
}

// ---------- 缺考、违纪标记的导入 ----------

type MarkKey = Extract<keyof MarkImport, string>;

export interface MarkImportParams extends ScoreImportParams {
  /** 市级审核员：不按场次查录入权限 */
  auditor: boolean;
  session: Session;
  marks: WeakMap<object, { examineeId: number; subjects: number[]; mark: number; reason: string }>;
}

async function checkMarks(tx: Db, rows: { row: number; data: MarkImport }[], { params }: { params: MarkImportParams }): Promise<RowIssue<MarkKey>[]> {
  await lockOnce(tx, params);
  const issues: RowIssue<MarkKey>[] = [];
  const ok: (Candidate & { data: MarkImport; mark: number; all: boolean })[] = [];
  for (const { row, data } of rows) {
    const mark = MARK_WORDS.get(data.mark.replace(/\s+/g, ''));
    if (mark !== MARK.ABSENT && mark !== MARK.CHEATING) {
      issues.push({ row, column: 'mark', message: '标记应为缺考或违纪' });
      continue;
    }
    const subject = data.subject ? SUBJECT_WORDS.get(data.subject.replace(/\s+/g, '')) : undefined;
    if (data.subject && subject === undefined) {
      issues.push({ row, column: 'subject', message: '科目应为 理论知识考试、操作技能考核、综合评审（答辩）（或 理论、实操、答辩），空为全部科目' });
      continue;
    }
    for (const s of subject === undefined ? params.subjects : [subject]) {
      const k = `${data.ticketNo}|${s}`;
      const first = params.seen.get(k);
      if (first !== undefined) {
        issues.push({ row, column: 'ticketNo', message: `与第 ${first} 行重复（同一考生同一科目只能有一行）` });
        break;
      }
      params.seen.set(k, row);
      ok.push({ row, data, subject: s, mark, all: subject === undefined });
    }
  }
  if (!ok.length) return issues;
  const found = await lookup(tx, params.plan, ok);
  const bad = new Set(issues.map((i) => i.row));
  for (const c of ok) {
    if (bad.has(c.row)) continue;
    const r = resolveRow<MarkKey>(c, { ...params, rights: params.auditor ? null : params.rights }, found, 'ticketNo', 'subject');
    if ('issue' in r) {
      issues.push(r.issue);
      bad.add(c.row);
      continue;
    }
    const item = params.marks.get(c.data) ?? { examineeId: r.examineeId, subjects: [], mark: c.mark, reason: c.data.reason };
    item.subjects.push(c.subject);
    params.marks.set(c.data, item);
  }
  return issues;
}

async function commitMarks(tx: Db, rows: MarkImport[], { params }: { params: MarkImportParams }): Promise<void> {
  for (const d of rows) {
    const item = params.marks.get(d);
    if (!item) throw ApiError.badRequest('行未解析');
    await markExaminee(tx, params.session, item);
  }
}

export const markImport: ImportDef<typeof MarkImportRow, MarkImportParams> = defineImport({
  name: 'scoreMark',
  title: '缺考违纪导入',
  columns: [
    { key: 'ticketNo', header: '准考证号', width: 20 },
    { key: 'name', header: '姓名', note: '填写时与准考证号核对' },
    { key: 'subject', header: '科目', width: 18, note: '空为计划安排的全部科目' },
    { key: 'mark', header: '标记', example: '缺考', note: '缺考或违纪' },
    { key: 'reason', header: '原因', width: 30, example: '未到场' },
  ],
  row: MarkImportRow,
  textColumns: ['ticketNo'],
  check: checkMarks,
  commit: commitMarks,
  batchSize: 500,
});

/** 缺考、违纪标记的导入（batchImportScoreStatus）：每行按 updateScoreStatus 的规则办理，全部通过才写入 */
export async function importMarks(db: Db, session: Session, input: { planId: number; file: Blob }, audit: Audit): Promise<{ total: number }> {
  const { user } = session;
  const plan = await loadPlan(db, user, input.planId);
  const auditor = isPlanAuditor(session, plan);
  if (plan.step !== PLAN_STEP.SCORES || plan.state === PLAN_STATE.CANCELLED || (!auditor && entryMode(plan) !== 'entry')) throw ApiError.badRequest(closedMessage(plan));
  const params: MarkImportParams = {
    plan,
    subjects: planSubjects(plan),
    rights: await entryRights(db, session, plan),
    user,
    actorName: user.realName || user.nickName,
    seen: new Map(),
    resolved: new WeakMap(),
    levels: new Map(),
    existing: new Map(),
    auditor,
    session,
    marks: new WeakMap(),
  };
  const result = importResponse(await runImport(markImport, input.file, { db, userId: user.id, params }));
  audit({ entity: 'exam_score', entityId: plan.id, detail: `导入 ${result.total} 条缺考、违纪标记（${plan.code}）` });
  return result;
}
