// 两种 Excel 导入，都经通用的全有或全无导入（lib/platform/excel/import.ts：流式读取、逐行校验、一行出错整份不写并给错误工作簿）：
//
// 学员名单（uploadClassStudent）：与考生导入一样先预览再确认（共用机制在 lib/domains/file/staged-import.ts，这里只有学员的规则）——
//   1. 预览：解析、逐行校验（证件号、手机号、文件内不重复、不在本班名单中、不在日期重叠的别的班里），算出身份核验与培训资格，不写学员；
//      全部通过时文件经上传服务保存，记一行待确认的导入（挡住提交审核）；有错误时 400 与错误工作簿。
//   2. 确认：从存储里重新读取保存的文件，按当时的数据重新校验，全部通过才在一个事务里写入全部学员。
//   3. 放弃：不写学员，文件引用撤销。
// 线下课程（addBatchOfflineCourse）：一步导入，授课教师写姓名（本机构可排的教师），日期在班级日期内，教师与地点没有时间冲突（含文件内的课之间）。
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { defineImport, ERRORS_IN_ANSWER, importResponse, runImport, templateWorkbook, type ImportDef, type RowIssue } from '@/lib/platform/excel/import';
import { exportXlsx } from '@/lib/platform/excel/export';
import { isMaskedValue, maskIdNumber, parseIdNumber } from '@/lib/platform/identity';
import { blindIndex, seal } from '@/lib/platform/crypto/sealed';
import { fileNameOf, stagedImport } from '@/lib/domains/file/staged-import';
import { teacherOptions } from '@/lib/domains/teacher/assignable';
import { trainAttendanceImports, trainClassTeachers, trainLessons, trainStudentImports, trainStudents, type TrainClass } from './tables';
import { classForOperation, loadClass } from './access';
import { overlapMessage, screenPeople, type PersonCheck } from './checks';
import { batchClashes, beijingInstant, dateWithinMessage, placeKeyOf, type LessonSlot } from './curriculum';
import { runClassHook } from './hooks';
import { attendanceProblem, DUPLICATE_STUDENT, refreshStudentCount } from './roster';
import { pendingAttendanceImport, pendingStudentImport } from './load';
import { AttendanceImportRow, CHECK, COMPLETION, COMPLETION_LABEL, LessonImportRow, StudentImportRow, type AttendanceImport, type ImportPreview, type LessonImport, type StudentImport } from './schemas';

// ---------- 学员名单 ----------

interface StudentImportParams {
  cls: TrainClass;
  mode: 'preview' | 'commit';
  importId: number | null;
  userId: number;
  warnings: { row: number; column: string; message: string }[];
  warningCount: number;
  resolved: WeakMap<StudentImport, PersonCheck & { gender: string | null; birthDate: string | null }>;
  /** 导入开始时班里已有学员（没有时不必逐批查本班的重复） */
  classHadStudents: boolean;
}

type StudentKey = Extract<keyof StudentImport, string>;
const MAX_WARNINGS = 1000;

async function checkStudents(tx: Db, rows: { row: number; data: StudentImport }[], { params }: { params: StudentImportParams }): Promise<RowIssue<StudentKey>[]> {
  const issues: RowIssue<StudentKey>[] = [];
  const c = params.cls;
  const indexes = rows.map((r) => blindIndex('idNumber', r.data.idNumber));
  const people = rows.map(({ data }) => {
    const parsed = parseIdNumber(data.idNumber);
    return { idNumber: data.idNumber, birthDate: parsed?.birthDate ?? null, gender: parsed?.gender ?? null };
  });
  const [inClass, screened] = await Promise.all([
    params.classHadStudents
      ? tx
          .select({ idNumberIndex: trainStudents.idNumberIndex })
          .from(trainStudents)
          .where(and(eq(trainStudents.classId, c.id), sql`${trainStudents.idNumberIndex} = any(${sql.param(indexes)}::varchar[])`))
      : Promise.resolve([]),
    screenPeople(tx, c, people),
  ]);
  const existing = new Set(inClass.map((r) => r.idNumberIndex));
  const ok: { row: number; data: StudentImport; birthDate: string | null; gender: string | null; check: PersonCheck }[] = [];
  rows.forEach(({ row, data }, i) => {
    if (existing.has(indexes[i])) return void issues.push({ row, column: 'idNumber', message: DUPLICATE_STUDENT });
    const o = screened.overlaps.get(data.idNumber);
    if (o) return void issues.push({ row, column: 'idNumber', message: overlapMessage(o) });
    ok.push({ row, data, birthDate: people[i].birthDate, gender: people[i].gender, check: screened.checks[i] });
  });
  ok.forEach((r) => {
    const k = r.check;
    params.resolved.set(r.data, { ...k, gender: r.gender, birthDate: r.birthDate });
    const notes = [k.idCheck !== CHECK.OK ? `身份核验${k.idCheck === CHECK.REFUSED ? '不通过' : '提示'}：${k.idCheckReason}` : null, k.qualification !== CHECK.OK ? `培训资格${k.qualification === CHECK.REFUSED ? '不符合' : '提示'}：${k.qualificationReason}` : null].filter(Boolean);
    if (!notes.length) return;
    params.warningCount++;
    if (params.warnings.length < MAX_WARNINGS) params.warnings.push({ row: r.row, column: '', message: notes.join('；') });
  });
  return issues;
}

/** 写入一批：一条 insert … select from unnest(每列一个数组参数)；原生 sql 不经列类型，证件号与手机号在这里加密、算盲索引 */
async function commitStudents(tx: Db, rows: StudentImport[], { params }: { params: StudentImportParams }): Promise<void> {
  if (params.mode === 'preview' || !rows.length) return;
  const c = params.cls;
  const resolved = rows.map((d) => {
    const r = params.resolved.get(d);
    if (!r) throw ApiError.badRequest('学员未检查');
    return r;
  });
  const col = <T,>(pick: (d: StudentImport, r: (typeof resolved)[number]) => T) => sql.param(rows.map((d, i) => pick(d, resolved[i])));
  await tx.execute(sql`insert into ${trainStudents} (class_id, org_id, city_id, name, id_number, id_number_bidx, gender, birth_date, mobile, education, company, id_check, id_check_reason, qualification, qualification_reason, import_id, created_by)
    select ${c.id}::int, ${c.orgId}::int, ${c.cityId}::int, u.*, ${params.importId}::int, ${params.userId}::int
    from unnest(
      ${col((d) => d.name)}::varchar[], ${col((d) => seal(d.idNumber))}::text[], ${col((d) => blindIndex('idNumber', d.idNumber))}::varchar[], ${col((_d, r) => r.gender)}::varchar[], ${col((_d, r) => r.birthDate)}::date[],
      ${col((d) => seal(d.mobile))}::text[], ${col((d) => d.education)}::varchar[], ${col((d) => d.company)}::varchar[],
      ${col((_d, r) => r.idCheck)}::smallint[], ${col((_d, r) => r.idCheckReason)}::varchar[], ${col((_d, r) => r.qualification)}::smallint[], ${col((_d, r) => r.qualificationReason)}::varchar[]
    ) as u`);
}

export const studentImport: ImportDef<typeof StudentImportRow, StudentImportParams> = defineImport({
  name: 'train_student',
  title: '学员名单导入',
  columns: [
    { key: 'name', header: '姓名', example: '张三' },
    {
      key: 'idNumber',
      header: '身份证号',
      example: '130102199001011237',
      width: 22,
      note: '18 位居民身份证号（含校验位）或港澳台通行证号；本列须为“文本”格式，存成数字时 Excel 会丢掉末尾几位，该行将被拒绝',
    },
    { key: 'mobile', header: '手机号', example: '13812345678', width: 16 },
    { key: 'education', header: '学历', example: '高中', note: '博士研究生、硕士研究生、大学本科、大学专科、中专/技校、高中、初中及以下' },
    { key: 'company', header: '工作单位', width: 28 },
  ],
  row: StudentImportRow,
  textColumns: ['idNumber', 'mobile'],
  unique: ['idNumber'],
  check: checkStudents,
  commit: commitStudents,
  batchSize: 2000,
});

async function studentParams(db: Db, cls: TrainClass, userId: number, mode: 'preview' | 'commit', importId: number | null): Promise<StudentImportParams> {
  const [any] = await db.select({ id: trainStudents.id }).from(trainStudents).where(eq(trainStudents.classId, cls.id)).limit(1);
  return { cls, mode, importId, userId, warnings: [], warningCount: 0, resolved: new WeakMap(), classHadStudents: Boolean(any) };
}

function preview(row: typeof trainStudentImports.$inferSelect, p: StudentImportParams): ImportPreview {
  return { importId: row.id, fileName: row.fileName, status: row.status, total: row.total, warningCount: p.warningCount, warnings: p.warnings.slice(0, ERRORS_IN_ANSWER * 4) };
}

/** 预览 → 确认 / 放弃的共用机制（file/staged-import.ts）；这里只给出班级的检查（机构办理学员名单）、导入定义的参数与提示 */
const staged = stagedImport({
  table: trainStudentImports,
  entity: 'train_student_import',
  label: '学员导入',
  defaultFileName: '学员名单.xlsx',
  def: studentImport,
  owner: (db, session, classId) => classForOperation(db, session, classId, 'students'),
  ownerIdOf: (row) => row.classId,
  pending: (db, c) => pendingStudentImport(db, c.id),
  params: (db, session, c, mode, importId) => studentParams(db, c, session.user.id, mode, importId),
  ownerColumns: (c) => ({ classId: c.id, orgId: c.orgId, cityId: c.cityId }),
  warningCount: (p) => p.warningCount,
  failureData: (p) => ({ warningCount: p.warningCount }),
  afterCommit: async (tx, c) => {
    await refreshStudentCount(tx, c.id);
    // 进班即核销本人可用的培训券（docs/SUBSIDIES.md）
    await runClassHook(tx, 'rosterImported', { klass: c });
  },
  messages: {
    pending: (fileName) => `已有未确认的学员导入「${fileName}」，请先确认或放弃`,
    previewed: (c, fileName, total) => `预览培训班 ${c.code} 的学员导入「${fileName}」（${total} 行，待确认）`,
    committed: (c, row, total) => `确认学员导入「${row.fileName}」，写入 ${total} 名学员（${c.code}）`,
    discarded: (row) => `放弃学员导入「${row.fileName}」`,
  },
});

/** 预览（uploadClassStudent，multipart：classId、file）：只校验，不写学员；通过时保存文件并记一行待确认的导入 */
export async function previewStudentImport(db: Db, session: Session, input: { classId: number; file: Blob }, audit: Audit): Promise<ImportPreview> {
  const { row, params } = await staged.preview(db, session, { ownerId: input.classId, file: input.file }, audit);
  return preview(row, params);
}

/** 再看一次待确认导入的预览 */
export async function previewStoredStudents(db: Db, session: Session, importId: number): Promise<ImportPreview> {
  const { row, params } = await staged.previewStored(db, session, importId);
  return preview(row, params);
}

/** 确认：重新读取保存的文件、重新校验，全部通过才写入全部学员 */
export async function commitStudentImport(db: Db, session: Session, input: { importId: number }, audit: Audit): Promise<{ total: number; warningCount: number }> {
  const { total, params } = await staged.commit(db, session, input.importId, audit);
  return { total, warningCount: params.warningCount };
}

/** 确认改为后台任务（大文件）：答复 { taskId } */
export const startCommitStudentImport = (db: Db, session: Session, input: { importId: number }, audit: Audit) => staged.startCommit(db, session, input.importId, audit);

/** 放弃：不写学员，撤销文件引用 */
export const discardStudentImport = (db: Db, session: Session, input: { importId: number }, audit: Audit): Promise<{ discarded: true }> => staged.discard(db, session, input.importId, audit);

// ---------- 出勤与结业 ----------
//
// 出勤导入（uploadAttendance）与学员名单导入同一机制：预览只校验不写，确认时重新读取、重新校验，全部通过才在一个事务里写入；
// 有一行错就一行不写，给错误工作簿。每行按身份证号对上本班学员、核对姓名；出勤学时与结业情况按单个登记的同一规则检查
// （roster.ts 的 attendanceProblem）；不填的项不改。名单一次读入（一个班几百人），每批一条更新语句，不逐行查询。

interface AttendanceParams {
  cls: TrainClass;
  /** 本班学员：证件号的盲索引 → 学员 */
  roster: Map<string, AttendanceStudent>;
  /** 本班学员：脱敏的证件号 → 学员（预填的模板里证件号是脱敏的，按它与姓名对人） */
  masked: Map<string, AttendanceStudent[]>;
  resolved: WeakMap<AttendanceImport, number>;
}

type AttendanceKey = Extract<keyof AttendanceImport, string>;
type AttendanceStudent = { id: number; name: string; examine: number };

/** 一行对上的学员：完整证件号按盲索引；模板里的脱敏证件号按脱敏值与姓名 */
function attendanceStudent(params: AttendanceParams, data: AttendanceImport): AttendanceStudent | undefined {
  if (!isMaskedValue(data.idNumber)) return params.roster.get(blindIndex('idNumber', data.idNumber));
  const same = params.masked.get(data.idNumber) ?? [];
  return same.find((s) => s.name === data.name) ?? same[0];
}

async function checkAttendance(_tx: Db, rows: { row: number; data: AttendanceImport }[], { params }: { params: AttendanceParams }): Promise<RowIssue<AttendanceKey>[]> {
  const issues: RowIssue<AttendanceKey>[] = [];
  for (const { row, data } of rows) {
    const s = attendanceStudent(params, data);
    if (!s) {
      issues.push({ row, column: 'idNumber', message: '该身份证号不在本班学员名单中' });
      continue;
    }
    if (s.name !== data.name) {
      issues.push({ row, column: 'name', message: `姓名与名单不符（名单中为「${s.name}」）` });
      continue;
    }
    const problem = attendanceProblem(params.cls, s, data);
    if (problem) {
      issues.push({ row, column: problem.field, message: problem.message });
      continue;
    }
    params.resolved.set(data, s.id);
  }
  return issues;
}

/** 写入一批：一条 update … from unnest(每列一个数组参数)，不填的项（null）保持原值 */
async function commitAttendance(tx: Db, rows: AttendanceImport[], { params }: { params: AttendanceParams & { mode: 'preview' | 'commit' } }): Promise<void> {
  if (params.mode === 'preview' || !rows.length) return;
  const col = <T,>(pick: (d: AttendanceImport) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`update ${trainStudents} s set
      attended_hours = coalesce(u.hours, s.attended_hours),
      completion = coalesce(u.completion, s.completion),
      remark = coalesce(u.remark, s.remark),
      updated_at = now()
    from unnest(${col((d) => params.resolved.get(d) ?? 0)}::int[], ${col((d) => d.attendedHours ?? null)}::smallint[], ${col((d) => d.completion ?? null)}::smallint[], ${col((d) => d.remark ?? null)}::varchar[])
      as u(id, hours, completion, remark)
    where s.id = u.id and s.class_id = ${params.cls.id}`);
}

export const attendanceImport: ImportDef<typeof AttendanceImportRow, AttendanceParams & { mode: 'preview' | 'commit' }> = defineImport({
  name: 'train_attendance',
  title: '出勤与结业导入',
  columns: [
    { key: 'name', header: '姓名', example: '张三' },
    { key: 'idNumber', header: '身份证号', example: '130102199001011237', width: 22, note: '按身份证号对上本班学员（姓名须与名单一致）；可填完整号码或预填模板里的脱敏号码；本列须为“文本”格式' },
    { key: 'attendedHours', header: '出勤学时', example: '40', width: 10, note: '不超过班级学时；不填不改' },
    { key: 'completion', header: '结业情况', example: '结业', width: 10, note: '结业、未结业或未登记；审核不通过的学员不能填结业；不填不改' },
    { key: 'remark', header: '备注', width: 30, note: '不填不改' },
  ],
  row: AttendanceImportRow,
  textColumns: ['idNumber'],
  unique: ['idNumber'],
  check: checkAttendance,
  commit: commitAttendance,
  batchSize: 2000,
});

async function attendanceParams(db: Db, cls: TrainClass, mode: 'preview' | 'commit'): Promise<AttendanceParams & { mode: 'preview' | 'commit' }> {
  const rows = await db
    .select({ id: trainStudents.id, name: trainStudents.name, idNumber: trainStudents.idNumber, idNumberIndex: trainStudents.idNumberIndex, examine: trainStudents.examine })
    .from(trainStudents)
    .where(eq(trainStudents.classId, cls.id));
  const masked = new Map<string, AttendanceStudent[]>();
  for (const r of rows) {
    const key = maskIdNumber(r.idNumber);
    masked.set(key, [...(masked.get(key) ?? []), r]);
  }
  return { cls, mode, roster: new Map(rows.map((r) => [r.idNumberIndex ?? blindIndex('idNumber', r.idNumber), r])), masked, resolved: new WeakMap() };
}

const attendanceStaged = stagedImport({
  table: trainAttendanceImports,
  entity: 'train_attendance_import',
  label: '出勤导入',
  defaultFileName: '出勤与结业.xlsx',
  def: attendanceImport,
  owner: (db, session, classId) => classForOperation(db, session, classId, 'attendance'),
  ownerIdOf: (row) => row.classId,
  pending: (db, c) => pendingAttendanceImport(db, c.id),
  params: (db, _session, c, mode) => attendanceParams(db, c, mode),
  ownerColumns: (c) => ({ classId: c.id, orgId: c.orgId, cityId: c.cityId }),
  warningCount: () => 0,
  failureData: () => ({}),
  messages: {
    pending: (fileName) => `已有未确认的出勤导入「${fileName}」，请先确认或放弃`,
    previewed: (c, fileName, total) => `预览培训班 ${c.code} 的出勤导入「${fileName}」（${total} 行，待确认）`,
    committed: (c, row, total) => `确认出勤导入「${row.fileName}」，登记 ${total} 名学员的出勤与结业（${c.code}）`,
    discarded: (row) => `放弃出勤导入「${row.fileName}」`,
  },
});

const attendancePreview = (row: typeof trainAttendanceImports.$inferSelect): ImportPreview => ({ importId: row.id, fileName: row.fileName, status: row.status, total: row.total, warningCount: 0, warnings: [] });

/** 预览（uploadAttendance，multipart：classId、file）：只校验，不写；通过时保存文件并记一行待确认的导入 */
export async function previewAttendanceImport(db: Db, session: Session, input: { classId: number; file: Blob }, audit: Audit): Promise<ImportPreview> {
  return attendancePreview((await attendanceStaged.preview(db, session, { ownerId: input.classId, file: input.file }, audit)).row);
}

export async function previewStoredAttendance(db: Db, session: Session, importId: number): Promise<ImportPreview> {
  return attendancePreview((await attendanceStaged.previewStored(db, session, importId)).row);
}

/** 确认：重新读取保存的文件、重新校验，全部通过才在一个事务里写入 */
export async function commitAttendanceImport(db: Db, session: Session, input: { importId: number }, audit: Audit): Promise<{ total: number }> {
  const { total } = await attendanceStaged.commit(db, session, input.importId, audit);
  return { total };
}

export const startCommitAttendanceImport = (db: Db, session: Session, input: { importId: number }, audit: Audit) => attendanceStaged.startCommit(db, session, input.importId, audit);

export const discardAttendanceImport = (db: Db, session: Session, input: { importId: number }, audit: Audit): Promise<{ discarded: true }> => attendanceStaged.discard(db, session, input.importId, audit);

/**
 * 出勤导入的模板（attendanceTemplate）：给了班级时预填本班名单（姓名、脱敏的身份证号与已登记的出勤、结业、备注），填好即可导入
 * （导入时脱敏的证件号按脱敏值与姓名对上学员）；不给时为空白模板。
 */
export async function attendanceTemplate(db: Db, session: Session, input: { classId?: number }) {
  if (!input.classId) return templateWorkbook(attendanceImport);
  const c = await loadClass(db, session.user, input.classId);
  const rows = await db
    .select({ name: trainStudents.name, idNumber: trainStudents.idNumber, attendedHours: trainStudents.attendedHours, completion: trainStudents.completion, remark: trainStudents.remark })
    .from(trainStudents)
    .where(eq(trainStudents.classId, c.id))
    .orderBy(asc(trainStudents.id));
  return exportXlsx({
    sheetName: '出勤与结业',
    rows: rows.map((r) => ({ ...r, idNumber: maskIdNumber(r.idNumber) })),
    columns: [
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'idNumber', width: 22 },
      { header: '出勤学时', key: 'attendedHours', width: 10 },
      { header: '结业情况', key: 'completion', width: 10, format: (v) => (v === COMPLETION.NONE ? null : COMPLETION_LABEL[v as number]) },
      { header: '备注', key: 'remark', width: 30 },
    ],
  });
}

// ---------- 线下课程 ----------

interface LessonImportParams {
  cls: TrainClass;
  userId: number;
  /** 本机构可排的教师：姓名 → id（同名的记为 null） */
  teachers: Map<string, number | null>;
  resolved: WeakMap<LessonImport, LessonSlot>;
  /** 已读过的各行（文件内互相冲突） */
  seen: { row: number; slot: LessonSlot }[];
}

type LessonKey = Extract<keyof LessonImport, string>;

async function checkLessons(tx: Db, rows: { row: number; data: LessonImport }[], { params }: { params: LessonImportParams }): Promise<RowIssue<LessonKey>[]> {
  const issues: RowIssue<LessonKey>[] = [];
  const c = params.cls;
  const slots: { row: number; data: LessonImport; slot: LessonSlot }[] = [];
  for (const { row, data } of rows) {
    if (data.date < c.startDate || data.date > c.endDate) {
      issues.push({ row, column: 'date', message: dateWithinMessage(c) });
      continue;
    }
    const teacherId = params.teachers.get(data.teacher);
    if (teacherId === undefined) {
      issues.push({ row, column: 'teacher', message: `教师「${data.teacher}」不在本机构可排的教师中（须在师资库审核通过并在本机构上班）` });
      continue;
    }
    if (teacherId === null) {
      issues.push({ row, column: 'teacher', message: `本机构有多名教师叫「${data.teacher}」，请在页面上逐节添加` });
      continue;
    }
    const startAt = beijingInstant(data.date, data.startTime);
    const endAt = beijingInstant(data.date, data.endTime);
    if (data.hours * 45 > (endAt.getTime() - startAt.getTime()) / 60_000) {
      issues.push({ row, column: 'hours', message: '学时超过了上课时长（每学时 45 分钟）' });
      continue;
    }
    slots.push({ row, data, slot: { classId: c.id, orgId: c.orgId, teacherId, teacherName: data.teacher, place: data.place, placeKey: placeKeyOf(data.place), startAt, endAt } });
  }
  const all = [...params.seen, ...slots];
  const clashes = await batchClashes(
    tx,
    all.map((s) => s.slot),
    params.seen.length,
  );
  for (const [i, message] of clashes) {
    if (i < params.seen.length) continue;
    issues.push({ row: all[i].row, column: 'startTime', message });
  }
  const bad = new Set(issues.map((x) => x.row));
  for (const s of slots) {
    if (bad.has(s.row)) continue;
    params.resolved.set(s.data, s.slot);
    params.seen.push({ row: s.row, slot: s.slot });
  }
  return issues;
}

async function commitLessons(tx: Db, rows: LessonImport[], { params }: { params: LessonImportParams }): Promise<void> {
  const c = params.cls;
  const values = rows.map((d) => {
    const s = params.resolved.get(d)!;
    return { classId: c.id, orgId: c.orgId, cityId: c.cityId, name: d.name, startAt: s.startAt, endAt: s.endAt, place: d.place, placeKey: s.placeKey, teacherId: s.teacherId, teacherName: s.teacherName, hours: d.hours, content: d.content, createdBy: params.userId };
  });
  await tx.insert(trainLessons).values(values);
  const teacherIds = [...new Map(values.map((v) => [v.teacherId, v.teacherName])).entries()];
  await tx
    .insert(trainClassTeachers)
    .values(teacherIds.map(([teacherId, teacherName]) => ({ classId: c.id, teacherId, teacherName })))
    .onConflictDoNothing();
}

export const lessonImport: ImportDef<typeof LessonImportRow, LessonImportParams> = defineImport({
  name: 'train_lesson',
  title: '线下课程导入',
  columns: [
    { key: 'name', header: '课程名称', example: '安全用电基础' },
    { key: 'date', header: '上课日期', example: '2026-05-06', width: 14, note: '须在班级的开班日期与结业日期之间' },
    { key: 'startTime', header: '开始时间', example: '08:30', width: 12 },
    { key: 'endTime', header: '结束时间', example: '11:30', width: 12 },
    { key: 'hours', header: '学时', example: '4', width: 8, note: '每学时 45 分钟，不超过上课时长' },
    { key: 'place', header: '上课地点', example: '实训楼 201', width: 24 },
    { key: 'teacher', header: '授课教师', example: '张明远', width: 14, note: '教师姓名：须在师资库审核通过并在本机构上班' },
    { key: 'content', header: '授课内容', width: 40 },
  ],
  row: LessonImportRow,
  check: checkLessons,
  commit: commitLessons,
  batchSize: 500,
});

/** 批量导入线下课程（addBatchOfflineCourse，multipart：classId、file）：全部通过才写入 */
export async function importLessons(db: Db, session: Session, input: { classId: number; file: Blob }, audit: Audit) {
  const c = await classForOperation(db, session, input.classId, 'curriculum');
  const options = await teacherOptions(db, c.orgId, { limit: 1000 });
  const teachers = new Map<string, number | null>();
  for (const t of options) teachers.set(t.name, teachers.has(t.name) ? null : t.id);
  const params: LessonImportParams = { cls: c, userId: session.user.id, teachers, resolved: new WeakMap(), seen: [] };
  const answer = importResponse(await runImport(lessonImport, input.file, { db, userId: session.user.id, params }));
  audit({ entity: 'train_lesson', entityId: c.id, after: { total: answer.total }, detail: `导入培训班 ${c.code} 的线下课程 ${answer.total} 节（${fileNameOf(input.file, '课程.xlsx')}）` });
  return answer;
}
