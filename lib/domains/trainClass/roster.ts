// 学员名单（SPEC §7 Class students，/student/...；学员库 StudentList）：列表（一个班或范围内全部）、新增与修改、删除、身份证照片、
// 按证件号带出、检查（身份核验与培训资格）、出勤与结业、审核员对学员的审核、导出。
// 改名单只在班级为草稿或被驳回时由本机构办理；出勤与结业在培训中与已结业时登记；学员审核由班级所在市的市级管理员在审核期间办理。
import { and, asc, count, desc, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { MAX_PAGE_SIZE, toPage, type Page } from '@/lib/platform/api/paging';
import type { z } from 'zod';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { type Session, type SessionUser } from '@/lib/platform/auth/session';
import { containsPattern } from '@/lib/platform/db/like';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { selectRows } from '@/lib/platform/db/prepared';
import { keepIfMasked, isMaskedValue, maskIdNumber, maskMobile, parseIdNumber } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { canUnmask, unmaskedView } from '@/lib/domains/privacy/service';
import { ACCESS_ACTION, type AccessAction, type UnmaskRequest } from '@/lib/domains/privacy/schemas';
import { exportXlsx, keysetBatches, type ExportColumn } from '@/lib/platform/excel/export';
import { attachFiles, detachFiles, storeFile } from '@/lib/domains/file/service';
import { trainClasses, trainStudents, type TrainClass, type TrainStudent } from './tables';
import { assertOperation, classActions, classForOperation, loadClass } from './access';
import { checkPeople, overlapMessage, overlapsOf, recheckClass, studentOverlapMessage } from './checks';
import { classActorsOf, classStatusLabel, EDITABLE_STATUSES } from './transitions';
import { runClassHook } from './hooks';
import { pendingStudentImport } from './load';
import { CHECK, COMPLETION, COMPLETION_LABEL, EXAMINE, EXAMINE_LABEL, ID_CHECK_LABEL, QUALIFICATION_LABEL, type StudentFilter, type StudentItem, type StudentListInput, type StudentSave } from './schemas';

export const STUDENT_ENTITY = 'train_student';
export const DUPLICATE_STUDENT = '该学员已在本班名单中';

// ---------- 列表 ----------

function filterWhere(user: SessionUser, f: StudentFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [f.classId ? eq(trainStudents.classId, f.classId) : scopeWhere(user, { cityId: trainStudents.cityId, orgId: trainStudents.orgId })];
  if (f.name) conds.push(ilike(trainStudents.name, containsPattern(f.name)));
  // 证件号加密存放：只能按完整号码经盲索引查
  if (f.idNumber) conds.push(eq(trainStudents.idNumberIndex, blindIndex('idNumber', f.idNumber)));
  if (f.idCheck !== undefined) conds.push(eq(trainStudents.idCheck, f.idCheck));
  if (f.qualification !== undefined) conds.push(eq(trainStudents.qualification, f.qualification));
  if (f.examine !== undefined) conds.push(eq(trainStudents.examine, f.examine));
  if (f.completion !== undefined) conds.push(eq(trainStudents.completion, f.completion));
  return and(...conds);
}

const LIST_COLUMNS = {
  id: trainStudents.id,
  classId: trainStudents.classId,
  name: trainStudents.name,
  idNumber: trainStudents.idNumber,
  gender: trainStudents.gender,
  birthDate: trainStudents.birthDate,
  mobile: trainStudents.mobile,
  education: trainStudents.education,
  company: trainStudents.company,
  idCardFront: trainStudents.idCardFront,
  idCardBack: trainStudents.idCardBack,
  idCheck: trainStudents.idCheck,
  idCheckReason: trainStudents.idCheckReason,
  qualification: trainStudents.qualification,
  qualificationReason: trainStudents.qualificationReason,
  examine: trainStudents.examine,
  examineOpinion: trainStudents.examineOpinion,
  attendedHours: trainStudents.attendedHours,
  completion: trainStudents.completion,
  remark: trainStudents.remark,
};
export type StudentRow = Pick<TrainStudent, keyof typeof LIST_COLUMNS>;

/** 列表行另带所在班级（编号、名称，与算行上操作所需的状态、机构、市）：取本页时连表，不另查 */
const CLASS_COLUMNS = {
  classCode: sql<string>`${trainClasses.code}`.as('class_code'),
  className: sql<string>`${trainClasses.name}`.as('class_name'),
  classStatus: sql<number>`${trainClasses.status}`.as('class_status'),
  classOrgId: sql<number>`${trainClasses.orgId}`.as('class_org_id'),
  classCityId: sql<number | null>`${trainClasses.cityId}`.as('class_city_id'),
};
export type StudentListRow = StudentRow & { classCode: string; className: string; classStatus: number; classOrgId: number; classCityId: number | null };

const listRows = (db: Db) => db.select({ ...LIST_COLUMNS, ...CLASS_COLUMNS }).from(trainStudents).innerJoin(trainClasses, eq(trainClasses.id, trainStudents.classId));

/**
 * 列表的两条查询（基准 bench/train-class.ts 也用它们）：按 id 排序，本页的行连所在班级。给了 afterId 时按键集 `id > afterId` 取下一页、不数总数；
 * 否则延迟关联——先在索引 (class_id, id) 或 (city_id, id)/(org_id, id) 上只取本页的 id，再取这些行。
 */
export function studentListQueries(db: Db, user: SessionUser, filter: StudentFilter, page: Page, afterId?: number) {
  const where = filterWhere(user, filter);
  if (afterId !== undefined) {
    return { rows: listRows(db).where(and(where, gt(trainStudents.id, afterId))).orderBy(asc(trainStudents.id)).limit(page.pageSize), total: null };
  }
  const ids = db.select({ id: trainStudents.id }).from(trainStudents).where(where).orderBy(asc(trainStudents.id)).limit(page.pageSize).offset(page.offset);
  return {
    rows: listRows(db).where(inArray(trainStudents.id, ids)).orderBy(asc(trainStudents.id)),
    total: db.select({ total: count() }).from(trainStudents).where(where),
  };
}

export function toStudentItem(r: StudentRow, actions: string[]): StudentItem {
  return { ...r, actions };
}

/** 列表行 → 列表项：带班级编号与名称，行上的操作按所在班级算 */
export function toStudentListItem(session: Session, r: StudentListRow): StudentItem {
  const { classCode, className, classStatus, classOrgId, classCityId, ...student } = r;
  const c = { status: classStatus, orgId: classOrgId, cityId: classCityId } as TrainClass;
  return { ...toStudentItem(student, studentActions(session, c)), classCode, className };
}

/** 行上的操作：改名单（edit、delete、idCard）、登记出勤（attendance）、审核学员（examine） */
export function studentActions(session: Session, c: TrainClass): string[] {
  const ops = classActions(session, c);
  const out: string[] = [];
  if (ops.includes('students')) out.push('edit', 'delete', 'idCard');
  if (ops.includes('attendance')) out.push('attendance');
  if (ops.includes('examineStudents')) out.push('examine');
  return out;
}

/** 看全学员证件号与手机号的资源（学员库、班级名单、审核用的名单与导出都用它）：student.unmask */
export const STUDENT_UNMASK_RESOURCE = 'student';

/** 请求看全学员名单的输入（列表与导出） */
export interface StudentUnmask extends UnmaskRequest {
  unmask?: boolean;
  /** 请求的来源地址（访问日志） */
  ip?: string | null;
}

/** 学员的证件号与手机号默认脱敏（6+4、3+4） */
export function maskStudent<T extends { idNumber: string; mobile: string }>(r: T): T {
  return { ...r, idNumber: maskIdNumber(r.idNumber), mobile: maskMobile(r.mobile) };
}

/** 看全一批学员之前：权限（student.unmask）、理由与访问日志；没请求看全时什么也不做 */
async function unmaskStudents(db: Db, session: Session, req: StudentUnmask, action: AccessAction, scope: { classId?: number; className?: string }, ids: number[], audit: Audit): Promise<boolean> {
  if (!req.unmask) return false;
  await unmaskedView(
    db,
    session,
    {
      resource: STUDENT_UNMASK_RESOURCE,
      action,
      // 一个班的名单记在班级上；学员库（不限班级）记在第一名学员上，涉及的学员都在 recordIds 里
      entity: scope.classId ? 'train_class' : STUDENT_ENTITY,
      entityId: scope.classId ?? ids[0] ?? 0,
      detail: scope.classId ? `培训班 ${scope.className ?? scope.classId} 的学员名单` : '学员库',
      recordIds: ids,
      reason: req.reason,
      reasonNote: req.reasonNote,
      ip: req.ip,
    },
    audit,
  );
  return true;
}

/**
 * 学员分页（listClassStudent、studentExamine、学员库）：给 classId 时为该班（范围外 404），否则为范围内全部班级的学员（带班级编号与名称）。
 * 证件号与手机号默认脱敏；unmask 时经 unmaskedView（student.unmask、理由、访问日志）给全号。
 */
export async function listStudents(db: Db, session: Session, filter: StudentFilter & StudentUnmask & { afterId?: number }, page: Page, audit: Audit) {
  const { afterId, unmask, reason, reasonNote, ip, ...f } = filter;
  const q = studentListQueries(db, session.user, f, page, afterId);
  // 给了班级：班级（范围检查）、本页、总数与未确认的导入一起查，范围外时丢弃结果（404）
  const [cls, rows, counted, pending] = await Promise.all([
    f.classId ? db.select().from(trainClasses).where(eq(trainClasses.id, f.classId)) : null,
    q.rows,
    q.total,
    f.classId ? pendingStudentImport(db, f.classId) : null,
  ]);
  const c = cls ? assertInScope(session.user, cls[0], '培训班') : null;
  const unmasked = await unmaskStudents(db, session, { unmask, reason, reasonNote, ip }, ACCESS_ACTION.VIEW, { classId: c?.id, className: c?.code }, rows.map((r) => r.id), audit);
  return {
    list: rows.map((r) => toStudentListItem(session, unmasked ? (r as StudentListRow) : maskStudent(r as StudentListRow))),
    total: counted === null ? null : Number(counted[0]?.total ?? 0),
    editable: c ? classActions(session, c).includes('students') : false,
    pendingImport: pending ? { id: pending.id, fileName: pending.fileName, total: pending.total } : null,
    masked: !unmasked,
    canUnmask: canUnmask(session, STUDENT_UNMASK_RESOURCE),
  };
}


/** 学员分页的答复（listStudent、listClassStudent、studentExamine）：列表、总数（键集翻页时为 null）、页码、editable、未确认的导入与能否看全 */
export async function studentPage(db: Db, session: Session, input: z.output<typeof StudentListInput> & { ip?: string | null }, audit: Audit) {
  const { pageNo, pageSize, page: p, limit, ...filter } = input;
  const page = toPage({ pageNo, pageSize, page: p, limit }, MAX_PAGE_SIZE);
  return { ...(await listStudents(db, session, filter, page, audit)), pageNo: page.pageNo, pageSize: page.pageSize };
}

// ---------- 单个学员 ----------

export async function loadStudent(db: Db, user: SessionUser, id: number): Promise<TrainStudent> {
  const [row] = await db.select().from(trainStudents).where(eq(trainStudents.id, id));
  return assertInScope(user, row, '学员');
}

/** 学员表单资料（toSaveOrUpdate）：证件号与手机号脱敏（保存时原样传回即保留库里的值）、检查结果与所在班级 */
export async function studentForm(db: Db, session: Session, id: number) {
  const s = await loadStudent(db, session.user, id);
  const c = await loadClass(db, session.user, s.classId);
  return { ...toStudentItem(maskStudent(s), studentActions(session, c)), classCode: c.code, className: c.name, idCheckName: ID_CHECK_LABEL[s.idCheck], qualificationName: QUALIFICATION_LABEL[s.qualification] };
}

/**
 * 按证件号带出（getUserByCard）：性别与出生日期由号码推出；范围内此前登记过的学员带出姓名、手机号、学历与单位。
 * 手机号给全号：调用者录入的是这个人的完整证件号（正在为本机构登记他），表单要用这个号码保存。
 */
export async function personByCard(db: Db, session: Session, input: { idNumber: string }) {
  const idNumber = input.idNumber.toUpperCase();
  const parsed = parseIdNumber(idNumber);
  if (!parsed) throw ApiError.badRequest('身份证号格式不正确');
  // .at(0)：没登记过时是 undefined（解构 [last] 在类型里看不出来，答复的类型就会说这些字段总在）
  const last = (
    await db
      .select({ name: trainStudents.name, mobile: trainStudents.mobile, education: trainStudents.education, company: trainStudents.company })
      .from(trainStudents)
      .where(and(eq(trainStudents.idNumberIndex, blindIndex('idNumber', parsed.normalised)), scopeWhere(session.user, { cityId: trainStudents.cityId, orgId: trainStudents.orgId })))
      .orderBy(desc(trainStudents.id))
      .limit(1)
  ).at(0);
  return { idNumber: parsed.normalised, gender: parsed.gender, birthDate: parsed.birthDate, found: Boolean(last), ...(last ?? {}) };
}

async function refreshCount(db: Db, classId: number) {
  await db
    .update(trainClasses)
    .set({ studentCount: sql`(select count(*) from ${trainStudents} where ${trainStudents.classId} = ${classId})` })
    .where(eq(trainClasses.id, classId));
}

/**
 * 新增或修改学员（save）：班级为草稿或被驳回时由本机构办理。同一人不能在日期重叠的两个班里（拒绝并说明是哪个班）；
 * 身份核验与培训资格随之算出（不通过的学员可以录入，但班级提交审核前须移出）。
 */
export async function saveStudent(db: Db, session: Session, input: StudentSave, audit: Audit): Promise<StudentItem> {
  const c = await classForOperation(db, session, input.classId, 'students');
  const before = input.id ? await loadStudent(db, session.user, input.id) : null;
  if (before && before.classId !== c.id) throw ApiError.notFound('学员不存在或不在该班级');
  // 表单显示脱敏值：未改的原样传回时保留库里的号码；新增时必须是完整号码
  const idNumber = keepIfMasked(input.idNumber, before?.idNumber ?? null);
  const mobile = keepIfMasked(input.mobile, before?.mobile ?? null);
  if (!idNumber || isMaskedValue(idNumber)) throw ApiError.badRequest('请输入完整的身份证号', { idNumber: '请输入完整的身份证号' });
  if (!mobile || isMaskedValue(mobile)) throw ApiError.badRequest('请输入完整的手机号', { mobile: '请输入完整的手机号' });
  const overlap = (await overlapsOf(db, c, [idNumber])).get(idNumber);
  if (overlap) throw ApiError.badRequest(studentOverlapMessage(input.name, overlap), { idNumber: overlapMessage(overlap) });
  const parsed = parseIdNumber(idNumber);
  const [checks] = await checkPeople(db, c, [{ idNumber, birthDate: parsed?.birthDate ?? null }]);
  const fields = {
    name: input.name,
    idNumber,
    idNumberIndex: blindIndex('idNumber', idNumber),
    gender: parsed?.gender ?? null,
    birthDate: parsed?.birthDate ?? null,
    mobile,
    education: input.education,
    company: input.company,
    idCardFront: input.idCardFront,
    idCardBack: input.idCardBack,
    ...checks,
  };
  const saved = await withUniqueMessage(DUPLICATE_STUDENT, () =>
    db.transaction(async (tx) => {
      const [row] = before
        ? await tx.update(trainStudents).set({ ...fields, updatedAt: new Date() }).where(eq(trainStudents.id, before.id)).returning()
        : await tx.insert(trainStudents).values({ ...fields, classId: c.id, orgId: c.orgId, cityId: c.cityId, createdBy: session.user.id }).returning();
      await attachFiles(tx, { entity: STUDENT_ENTITY, entityId: row.id }, [row.idCardFront, row.idCardBack], { by: session.user });
      if (!before) await refreshCount(tx, c.id);
      // 进班即核销本人的培训券；改了证件号的先退回原来那人的券
      if (before && before.idNumber !== row.idNumber) await runClassHook(tx, 'studentsRemoved', { classId: c.id, studentIds: [row.id] });
      if (!before || before.idNumber !== row.idNumber) await runClassHook(tx, 'studentsAdded', { klass: c, students: [{ studentId: row.id, idNumber: row.idNumber }] });
      return row;
    }),
  );
  audit({ entity: STUDENT_ENTITY, entityId: saved.id, before, after: saved, detail: `${before ? '修改' : '新增'}培训班 ${c.code} 的学员 ${saved.name}` });
  return toStudentItem(maskStudent(saved), studentActions(session, c));
}

/** 移出学员（delClassStudent） */
export async function deleteStudents(db: Db, session: Session, input: { classId: number; ids: number[] }, audit: Audit): Promise<{ removed: number }> {
  const c = await classForOperation(db, session, input.classId, 'students');
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(trainStudents)
      .where(and(eq(trainStudents.classId, c.id), inArray(trainStudents.id, input.ids)))
      .returning();
    for (const r of rows) await detachFiles(tx, { entity: STUDENT_ENTITY, entityId: r.id });
    await runClassHook(tx, 'studentsRemoved', { classId: c.id, studentIds: rows.map((r) => r.id) });
    await refreshCount(tx, c.id);
    return rows;
  });
  if (!removed.length) throw ApiError.notFound('学员不存在或不在该班级');
  audit({ entity: STUDENT_ENTITY, entityId: c.id, before: removed.map((r) => ({ id: r.id, name: r.name })), detail: `培训班 ${c.code} 移出 ${removed.length} 名学员` });
  return { removed: removed.length };
}

const IMAGE_URL = /\.(jpg|png|gif|bmp|webp)$/i;

/** 身份证照片（uploadIdCard，multipart：id、front、back）：存进上传服务（私有），登记在学员上；只收图片 */
export async function uploadIdCard(db: Db, session: Session, input: { id: number; front?: Blob; back?: Blob }, audit: Audit) {
  const s = await loadStudent(db, session.user, input.id);
  const c = await loadClass(db, session.user, s.classId);
  assertOperation(session, c, 'students');
  if (!input.front && !input.back) throw ApiError.badRequest('请选择身份证照片');
  const store = async (file: Blob | undefined, side: string) => {
    if (!file) return undefined;
    const stored = await storeFile(db, session.user, { data: new Uint8Array(await file.arrayBuffer()), fileName: (file as File).name || `${side}.jpg`, purpose: 'attachment' });
    if (!IMAGE_URL.test(stored.url)) throw ApiError.badRequest(`${side}须是 jpg、png 等图片`);
    return stored.url;
  };
  const front = await store(input.front, '身份证人像面');
  const back = await store(input.back, '身份证国徽面');
  const [after] = await db
    .update(trainStudents)
    .set({ ...(front ? { idCardFront: front } : {}), ...(back ? { idCardBack: back } : {}), updatedAt: new Date() })
    .where(eq(trainStudents.id, s.id))
    .returning();
  await attachFiles(db, { entity: STUDENT_ENTITY, entityId: s.id }, [after.idCardFront, after.idCardBack]);
  audit({ entity: STUDENT_ENTITY, entityId: s.id, before: { idCardFront: s.idCardFront, idCardBack: s.idCardBack }, after: { idCardFront: after.idCardFront, idCardBack: after.idCardBack }, detail: `上传学员 ${s.name} 的身份证照片` });
  return { id: s.id, idCardFront: after.idCardFront, idCardBack: after.idCardBack };
}

/** 一次出勤与结业登记的内容：undefined 为不改 */
export interface AttendanceChange {
  attendedHours?: number | null;
  completion?: number;
  remark?: string | null;
}

/**
 * 出勤与结业的规则（单个登记、批量登记与出勤导入共用）：出勤学时不超过班级学时；审核不通过的学员不登记结业。
 * 返回第一条违反的规则（字段与消息），没有时为 null。
 */
export function attendanceProblem(c: Pick<TrainClass, 'hours'>, s: Pick<TrainStudent, 'name' | 'examine'>, change: AttendanceChange): { field: 'attendedHours' | 'completion'; message: string } | null {
  if (change.attendedHours != null && change.attendedHours > c.hours) return { field: 'attendedHours', message: `出勤学时不能超过班级学时 ${c.hours}` };
  if (change.completion === COMPLETION.COMPLETED && s.examine === EXAMINE.REJECTED) return { field: 'completion', message: `学员 ${s.name} 审核不通过，不能登记结业` };
  return null;
}

/** 出勤、结业与备注（saveRemark）：培训中与已结业时由本机构登记；出勤学时不超过班级学时；审核不通过的学员不登记结业 */
export async function saveRemark(db: Db, session: Session, input: { id: number; attendedHours: number | null; completion?: number; remark: string | null }, audit: Audit) {
  const s = await loadStudent(db, session.user, input.id);
  const c = await loadClass(db, session.user, s.classId);
  assertOperation(session, c, 'attendance');
  const problem = attendanceProblem(c, s, input);
  if (problem) throw ApiError.badRequest(problem.message, problem.field === 'attendedHours' ? { attendedHours: problem.message } : undefined);
  const [after] = await db
    .update(trainStudents)
    .set({ attendedHours: input.attendedHours, ...(input.completion !== undefined ? { completion: input.completion } : {}), remark: input.remark, updatedAt: new Date() })
    .where(eq(trainStudents.id, s.id))
    .returning();
  audit({ entity: STUDENT_ENTITY, entityId: s.id, before: { attendedHours: s.attendedHours, completion: s.completion, remark: s.remark }, after: { attendedHours: after.attendedHours, completion: after.completion, remark: after.remark }, detail: `登记学员 ${s.name} 的出勤与结业（${COMPLETION_LABEL[after.completion]}）` });
  return toStudentItem(maskStudent(after), studentActions(session, c));
}

/** 批量登记一次最多的学员数（一个班常有 300 人） */
export const MAX_BATCH_STUDENTS = 2000;

/**
 * 批量登记出勤与结业（saveRemarkBatch）：在名单里勾选多名学员，给出同一个出勤学时与（或）结业情况、备注，一次写入。
 * 规则与单个登记相同；有一名学员不符合就一名也不写（说出是谁）。一个事务、一条更新语句，不逐人查询。
 */
export async function saveRemarkBatch(db: Db, session: Session, input: { classId: number; ids: number[] } & AttendanceChange, audit: Audit) {
  const c = await classForOperation(db, session, input.classId, 'attendance');
  // 至少一项由 RemarkBatchInput 校验
  const ids = [...new Set(input.ids)];
  const set = {
    ...(input.attendedHours !== undefined ? { attendedHours: input.attendedHours } : {}),
    ...(input.completion !== undefined ? { completion: input.completion } : {}),
    ...(input.remark !== undefined ? { remark: input.remark } : {}),
    updatedAt: new Date(),
  };
  const rows = await db.transaction(async (tx) => {
    // 锁住这些学员行：同时另一次登记不会夹在检查与写入之间
    const found = await tx
      .select({ id: trainStudents.id, name: trainStudents.name, examine: trainStudents.examine })
      .from(trainStudents)
      .where(and(eq(trainStudents.classId, c.id), inArray(trainStudents.id, ids)))
      .for('update');
    if (found.length !== ids.length) throw ApiError.notFound(`有 ${ids.length - found.length} 名学员不存在或不在该班级`);
    const bad = found.filter((s) => attendanceProblem(c, s, input));
    if (bad.length) {
      const first = attendanceProblem(c, bad[0], input)!;
      if (first.field === 'attendedHours') throw ApiError.badRequest(first.message, { attendedHours: first.message });
      // 审核不通过的不止一名时一起说出（最多十个名字）
      const names = bad.length > 10 ? `${bad.slice(0, 10).map((s) => s.name).join('、')} 等 ${bad.length} 名` : bad.map((s) => s.name).join('、');
      throw ApiError.badRequest(`学员 ${names} 审核不通过，不能登记结业`);
    }
    return tx.update(trainStudents).set(set).where(and(eq(trainStudents.classId, c.id), inArray(trainStudents.id, ids))).returning({ id: trainStudents.id });
  });
  const what = [input.attendedHours !== undefined ? `出勤学时 ${input.attendedHours ?? '（清空）'}` : null, input.completion !== undefined ? `结业情况「${COMPLETION_LABEL[input.completion]}」` : null, input.remark !== undefined ? '备注' : null].filter(Boolean).join('、');
  audit({ entity: STUDENT_ENTITY, entityId: c.id, after: { ids, ...set }, detail: `批量登记培训班 ${c.code} 的 ${rows.length} 名学员：${what}` });
  return { updated: rows.length };
}

// ---------- 检查 ----------

/**
 * 检查全部学员（judgeStudent）：班级可改名单时按当前数据重新检查并写回；否则读出已记的结果。
 * 返回各类人数与需要关注的学员（不通过与提示）。
 */
export async function judgeStudents(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const c = await loadClass(db, session.user, input.id);
  const recheck = EDITABLE_STATUSES.includes(c.status) && classActorsOf(session.user, c).includes('org');
  if (recheck) {
    await recheckClass(db, c);
    audit({ entity: 'train_class', entityId: c.id, detail: `检查培训班 ${c.code} 的学员（身份核验与培训资格）` });
  }
  return qualificationOf(db, session, { classId: c.id });
}

/** 检查结果（getTrainQualificationget）：各类人数与需要关注的学员（给 id 时只含这名学员） */
export async function qualificationOf(db: Db, session: Session, input: { classId: number; id?: number }) {
  const c = await loadClass(db, session.user, input.classId);
  const where = and(eq(trainStudents.classId, c.id), input.id ? eq(trainStudents.id, input.id) : undefined);
  const [[summary], flagged] = await Promise.all([
    db
      .select({
        total: count(),
        idRefused: sql<number>`count(*) filter (where ${trainStudents.idCheck} = ${CHECK.REFUSED})::int`,
        idWarning: sql<number>`count(*) filter (where ${trainStudents.idCheck} = ${CHECK.WARNING})::int`,
        qualificationRefused: sql<number>`count(*) filter (where ${trainStudents.qualification} = ${CHECK.REFUSED})::int`,
        qualificationWarning: sql<number>`count(*) filter (where ${trainStudents.qualification} = ${CHECK.WARNING})::int`,
      })
      .from(trainStudents)
      .where(where),
    db
      .select(LIST_COLUMNS)
      .from(trainStudents)
      .where(and(where, input.id ? undefined : sql`(${trainStudents.idCheck} <> 0 or ${trainStudents.qualification} <> 0)`))
      .orderBy(desc(trainStudents.qualification), desc(trainStudents.idCheck), asc(trainStudents.id))
      .limit(200),
  ]);
  return {
    classId: c.id,
    status: c.status,
    statusName: classStatusLabel(c.status),
    total: Number(summary.total),
    idRefused: Number(summary.idRefused),
    idWarning: Number(summary.idWarning),
    qualificationRefused: Number(summary.qualificationRefused),
    qualificationWarning: Number(summary.qualificationWarning),
    students: flagged.map((s) => ({ ...toStudentItem(maskStudent(s), []), idCheckName: ID_CHECK_LABEL[s.idCheck], qualificationName: QUALIFICATION_LABEL[s.qualification] })),
  };
}

/** 审核员对学员的审核（submitStudentExamine）：班级待审核时由班级所在市的市级管理员办理；不通过须填意见 */
export async function examineStudents(db: Db, session: Session, input: { classId: number; items: { id: number; examine: number; opinion: string | null }[] }, audit: Audit) {
  const c = await loadClass(db, session.user, input.classId);
  assertOperation(session, c, 'examineStudents');
  for (const item of input.items) if (item.examine === EXAMINE.REJECTED && !item.opinion) throw ApiError.badRequest('审核不通过的学员请填写审核意见', { opinion: '请输入审核意见' });
  const ids = input.items.map((i) => i.id);
  const found = await db.select({ id: trainStudents.id }).from(trainStudents).where(and(eq(trainStudents.classId, c.id), inArray(trainStudents.id, ids)));
  if (found.length !== new Set(ids).size) throw ApiError.notFound('学员不存在或不在该班级');
  const col = <T,>(pick: (i: (typeof input.items)[number]) => T) => sql.param(input.items.map(pick));
  await db.execute(sql`update ${trainStudents} s set examine = u.examine, examine_opinion = u.opinion, updated_at = now()
    from unnest(${col((i) => i.id)}::int[], ${col((i) => i.examine)}::smallint[], ${col((i) => i.opinion)}::varchar[]) as u(id, examine, opinion)
    where s.id = u.id and s.class_id = ${c.id}`);
  const rejected = input.items.filter((i) => i.examine === EXAMINE.REJECTED).length;
  audit({ entity: 'train_class', entityId: c.id, after: input.items, detail: `审核培训班 ${c.code} 的 ${input.items.length} 名学员（不通过 ${rejected} 名）` });
  return { examined: input.items.length, rejected };
}

// ---------- 导出 ----------

const EXPORT_COLUMNS: ExportColumn<StudentRow>[] = [
  { header: '姓名', key: 'name', width: 10 },
  { header: '身份证号', key: 'idNumber', width: 22 },
  { header: '性别', key: 'gender', width: 6 },
  { header: '出生日期', key: 'birthDate', width: 12 },
  { header: '手机号', key: 'mobile', width: 14 },
  { header: '学历', key: 'education', width: 12 },
  { header: '工作单位', key: 'company', width: 28 },
  { header: '身份核验', key: 'idCheck', width: 10, format: (v) => ID_CHECK_LABEL[v as number] },
  { header: '培训资格', key: 'qualification', width: 10, format: (v) => QUALIFICATION_LABEL[v as number] },
  { header: '检查说明', width: 40, format: (_v, r) => [r.idCheckReason, r.qualificationReason].filter(Boolean).join('；') },
  { header: '审核', key: 'examine', width: 8, format: (v) => EXAMINE_LABEL[v as number] },
  { header: '出勤学时', key: 'attendedHours', width: 10 },
  { header: '结业情况', key: 'completion', width: 10, format: (v) => COMPLETION_LABEL[v as number] },
  { header: '备注', key: 'remark', width: 30 },
];

/**
 * 导出学员（exportStudentInfo）：按筛选条件、按 id 键集每批 5000 行流式写出。证件号与手机号脱敏；unmask 时为全号——
 * 先经 unmaskedView（student.unmask、理由）记一行访问日志（涉及的学员 id 在写出前查出，只取 id）。
 */
export async function exportStudents(db: Db, session: Session, input: StudentFilter & StudentUnmask, audit: Audit) {
  const { unmask, reason, reasonNote, ip, ...filter } = input;
  const c = filter.classId ? await loadClass(db, session.user, filter.classId) : null;
  const where = filterWhere(session.user, filter);
  let unmasked = false;
  if (unmask) {
    const ids = await db.select({ id: trainStudents.id }).from(trainStudents).where(where).orderBy(asc(trainStudents.id));
    unmasked = await unmaskStudents(db, session, { unmask, reason, reasonNote, ip }, ACCESS_ACTION.EXPORT, { classId: c?.id, className: c?.code }, ids.map((r) => r.id), audit);
  }
  return exportXlsx({
    sheetName: '学员名单',
    columns: EXPORT_COLUMNS,
    // 后台导出任务的百分比：同样的筛选与范围
    count: async () => (await db.select({ n: count() }).from(trainStudents).where(where))[0].n,
    rows: keysetBatches(
      async (lastId: number | null, limit: number) => {
        const rows = await selectRows(
          db
            .select(LIST_COLUMNS)
            .from(trainStudents)
            .where(lastId === null ? where : and(where, gt(trainStudents.id, lastId)))
            .orderBy(asc(trainStudents.id))
            .limit(limit),
        );
        return unmasked ? rows : rows.map(maskStudent);
      },
      (r) => r.id,
      5000,
    ),
  });
}

export { refreshCount as refreshStudentCount };
