// 培训券（CouponList；student/couponStatus、student/comparisonCouponStatus）：市级发券给个人（面额、有效期），
// 本人进了该市的培训班，开班机构核销（一张券只能核销一次：条件更新，并发时只有一个成功）；与班级名单比对，列出每名学员的券。
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { fetchPage } from '@/lib/platform/db/paged';
import { checkIdNumber, maskIdNumber } from '@/lib/platform/identity';
import { formatBeijing } from '@/lib/platform/time';
import { trainClasses, trainStudents, type TrainClass } from '@/lib/domains/trainClass/tables';
import { trainingCoupons, type TrainingCoupon } from './tables';

export const COUPON_STATUS = { UNUSED: 0, USED: 1, VOID: 2 } as const;
export const COUPON_STATUS_LABEL: Record<number, string> = { 0: '未使用', 1: '已使用', 2: '已作废' };

export interface CouponItem {
  id: number;
  code: string;
  cityId: number;
  name: string;
  idNumber: string;
  faceValue: number;
  validFrom: string;
  validTo: string;
  status: number;
  statusName: string;
  classCode: string | null;
  redeemedAt: string | null;
}

const toItem = (c: TrainingCoupon, classCode: string | null): CouponItem => ({
  id: c.id,
  code: c.code,
  cityId: c.cityId,
  name: c.name,
  idNumber: maskIdNumber(c.idNumber),
  faceValue: c.faceValue,
  validFrom: c.validFrom,
  validTo: c.validTo,
  status: c.status,
  statusName: COUPON_STATUS_LABEL[c.status],
  classCode,
  redeemedAt: c.redeemedAt ? formatBeijing(c.redeemedAt) : null,
});

export async function listCoupons(db: Db, user: SessionUser, f: { status?: number; idNumber?: string }, page: Page): Promise<PageResult<CouponItem>> {
  const where = and(scopeWhere(user, { cityId: trainingCoupons.cityId, orgId: trainingCoupons.orgId }), f.status !== undefined ? eq(trainingCoupons.status, f.status) : undefined, f.idNumber ? eq(trainingCoupons.idNumber, f.idNumber) : undefined);
  return fetchPage(
    page,
    db.select({ c: trainingCoupons, classCode: trainClasses.code }).from(trainingCoupons).leftJoin(trainClasses, eq(trainClasses.id, trainingCoupons.classId)).where(where).orderBy(desc(trainingCoupons.id)),
    db.select({ total: count() }).from(trainingCoupons).where(where),
    (rows) => rows.map((r) => toItem(r.c, r.classCode)),
  );
}

/** 发券：市级发本市的，省级须选市 */
export async function issueCoupon(db: Db, session: Session, input: { cityId?: number; name: string; idNumber: string; faceValue: number; validFrom: string; validTo: string }, audit: Audit) {
  const u = session.user;
  let cityId: number;
  if (u.level === 'city') cityId = u.cityId!;
  else if (u.level === 'province' && input.cityId) cityId = input.cityId;
  else if (u.level === 'province') throw ApiError.badRequest('请选择市', { cityId: '请选择市' });
  else throw ApiError.forbidden('培训券由省级或市级管理员发放');
  const id = checkIdNumber(input.idNumber);
  if (!id.ok) throw ApiError.badRequest(id.message, { idNumber: id.message });
  if (input.validTo < input.validFrom) throw ApiError.badRequest('失效日期不能早于生效日期', { validTo: '失效日期不能早于生效日期' });
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(trainingCoupons)
      .values({ code: `T${Date.now()}${u.id}`.slice(0, 32), cityId, name: input.name, idNumber: input.idNumber, faceValue: input.faceValue, validFrom: input.validFrom, validTo: input.validTo, createdBy: u.id })
      .returning();
    const [row] = await tx.update(trainingCoupons).set({ code: `PXQ${input.validFrom.slice(0, 4)}${String(created.id).padStart(8, '0')}` }).where(eq(trainingCoupons.id, created.id)).returning();
    audit({ entity: 'training_coupon', entityId: row.id, after: { ...row, idNumber: maskIdNumber(row.idNumber) }, detail: `发放培训券 ${row.code}（${input.faceValue} 元）` });
    return { id: row.id, code: row.code };
  });
}

/** 作废或恢复一张未使用的券（已使用的不能作废） */
export async function toggleCoupon(db: Db, session: Session, input: { id: number; enable: boolean }, audit: Audit) {
  const u = session.user;
  if (u.level !== 'city' && u.level !== 'province') throw ApiError.forbidden('培训券由省级或市级管理员管理');
  const [found] = await db.select().from(trainingCoupons).where(eq(trainingCoupons.id, input.id));
  const c = assertInScope(u, found, '培训券');
  const from = input.enable ? COUPON_STATUS.VOID : COUPON_STATUS.UNUSED;
  const to = input.enable ? COUPON_STATUS.UNUSED : COUPON_STATUS.VOID;
  const [row] = await db.update(trainingCoupons).set({ status: to }).where(and(eq(trainingCoupons.id, c.id), eq(trainingCoupons.status, from))).returning();
  if (!row) throw ApiError.badRequest(`培训券 ${c.code} 当前为「${COUPON_STATUS_LABEL[c.status]}」，不能${input.enable ? '恢复' : '作废'}`);
  audit({ entity: 'training_coupon', entityId: c.id, before: { status: c.status }, after: { status: to }, detail: `${input.enable ? '恢复' : '作废'}培训券 ${c.code}` });
  return { id: c.id, status: to };
}

/** student/couponStatus：一个人（证件号）在某班所在市可用的券与已用的券 */
export async function couponStatus(db: Db, user: SessionUser, f: { classId: number; idNumber: string }) {
  const [c] = await db.select().from(trainClasses).where(eq(trainClasses.id, f.classId));
  const klass = assertInScope(user, c, '培训班');
  const rows = await db.select({ c: trainingCoupons, classCode: trainClasses.code }).from(trainingCoupons).leftJoin(trainClasses, eq(trainClasses.id, trainingCoupons.classId)).where(and(eq(trainingCoupons.idNumber, f.idNumber), eq(trainingCoupons.cityId, klass.cityId ?? -1)));
  return rows.map((r) => ({ ...toItem(r.c, r.classCode), usable: r.c.status === COUPON_STATUS.UNUSED && r.c.validFrom <= klass.startDate && r.c.validTo >= klass.startDate }));
}

/** student/comparisonCouponStatus：班级名单与培训券比对，每名学员：本班已核销的券、可核销的券 */
export async function compareCoupons(db: Db, user: SessionUser, f: { classId: number }) {
  const [c] = await db.select().from(trainClasses).where(eq(trainClasses.id, f.classId));
  const klass = assertInScope(user, c, '培训班');
  const students = await db.select({ id: trainStudents.id, name: trainStudents.name, idNumber: trainStudents.idNumber }).from(trainStudents).where(eq(trainStudents.classId, klass.id)).orderBy(trainStudents.id);
  const coupons = students.length
    ? await db.select().from(trainingCoupons).where(and(inArray(trainingCoupons.idNumber, students.map((s) => s.idNumber)), eq(trainingCoupons.cityId, klass.cityId ?? -1)))
    : [];
  return students.map((s) => {
    const mine = coupons.filter((x) => x.idNumber === s.idNumber);
    const redeemed = mine.find((x) => x.status === COUPON_STATUS.USED && x.classId === klass.id);
    const usable = mine.filter((x) => x.status === COUPON_STATUS.UNUSED && x.validFrom <= klass.startDate && x.validTo >= klass.startDate);
    return { studentId: s.id, name: s.name, idNumber: maskIdNumber(s.idNumber), redeemedCode: redeemed?.code ?? null, usableCodes: usable.map((x) => x.code) };
  });
}

/** 核销：开班机构把学员本人的一张可用券兑付到本班（一张券只核销一次） */
export async function redeemCoupon(db: Db, session: Session, input: { classId: number; studentId: number; code: string }, audit: Audit) {
  const u = session.user;
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(trainClasses).where(eq(trainClasses.id, input.classId));
    const klass = assertInScope(u, c, '培训班');
    if (u.level !== 'org' || u.orgId !== klass.orgId) throw ApiError.forbidden('培训券由开班的机构核销');
    const [s] = await tx.select().from(trainStudents).where(and(eq(trainStudents.id, input.studentId), eq(trainStudents.classId, klass.id)));
    if (!s) throw ApiError.notFound('学员不在本班');
    const [coupon] = await tx.select().from(trainingCoupons).where(eq(trainingCoupons.code, input.code));
    if (!coupon || coupon.cityId !== klass.cityId) throw ApiError.notFound(`培训券 ${input.code} 不存在或不是本市发放的`);
    if (coupon.idNumber !== s.idNumber) throw ApiError.badRequest(`培训券 ${input.code} 不属于学员「${s.name}」`);
    if (coupon.validFrom > klass.startDate || coupon.validTo < klass.startDate) throw ApiError.badRequest(`培训券 ${input.code} 的有效期 ${coupon.validFrom} 至 ${coupon.validTo} 不含开班日期 ${klass.startDate}`);
    const [row] = await tx
      .update(trainingCoupons)
      .set({ status: COUPON_STATUS.USED, classId: klass.id, studentId: s.id, orgId: klass.orgId, redeemedAt: new Date() })
      .where(and(eq(trainingCoupons.id, coupon.id), eq(trainingCoupons.status, COUPON_STATUS.UNUSED)))
      .returning();
    if (!row) {
      const [now] = await tx.select({ status: trainingCoupons.status, classCode: sql<string | null>`(select ${trainClasses.code} from ${trainClasses} where ${trainClasses.id} = ${trainingCoupons.classId})` }).from(trainingCoupons).where(eq(trainingCoupons.id, coupon.id));
      throw ApiError.badRequest(now.status === COUPON_STATUS.USED ? `培训券 ${input.code} 已在班级 ${now.classCode ?? ''} 核销过，一张券只能核销一次` : `培训券 ${input.code} 已作废`);
    }
    audit({ entity: 'training_coupon', entityId: row.id, before: { status: coupon.status }, after: { status: row.status, classId: klass.id }, detail: `培训券 ${row.code} 核销到班级 ${klass.code}` });
    return { id: row.id, code: row.code };
  });
}

/**
 * 学员进入培训班时（单个新增与名单导入，同一事务），以及财务审批通过一份培训补贴申请时（workflow.ts，同一事务）：
 * 学员在本市还有可用的培训券（未使用、有效期含开班日期）而本班还没有核销过他的券的，自动核销其中最早到期的一张到本班。
 * 条件更新（status = 0 → 1），与手工核销并发时各券仍只核销一次。返回核销的券号。
 */
export async function redeemForClass(tx: Db, klass: TrainClass, students: { studentId: number; idNumber: string }[]): Promise<string[]> {
  if (!students.length || klass.cityId === null) return [];
  const idNumbers = [...new Set(students.map((s) => s.idNumber))];
  const coupons = await tx
    .select()
    .from(trainingCoupons)
    .where(and(eq(trainingCoupons.cityId, klass.cityId), inArray(trainingCoupons.idNumber, idNumbers)))
    .orderBy(asc(trainingCoupons.validTo), asc(trainingCoupons.id));
  const picks: { id: number; studentId: number }[] = [];
  for (const s of students) {
    const mine = coupons.filter((c) => c.idNumber === s.idNumber);
    if (mine.some((c) => c.status === COUPON_STATUS.USED && c.classId === klass.id)) continue;
    const usable = mine.find((c) => c.status === COUPON_STATUS.UNUSED && c.validFrom <= klass.startDate && c.validTo >= klass.startDate && !picks.some((p) => p.id === c.id));
    if (usable) picks.push({ id: usable.id, studentId: s.studentId });
  }
  if (!picks.length) return [];
  const rows = await tx.execute(sql`
    update ${trainingCoupons} as c set status = ${COUPON_STATUS.USED}, class_id = ${klass.id}, student_id = v.student_id, org_id = ${klass.orgId}, redeemed_at = now()
    from jsonb_to_recordset(${JSON.stringify(picks.map((p) => ({ id: p.id, student_id: p.studentId })))}::jsonb) as v(id int, student_id int)
    where c.id = v.id and c.status = ${COUPON_STATUS.UNUSED}
    returning c.code`);
  return rowsOf<{ code: string }>(rows).map((r) => r.code);
}

/**
 * 名单导入确认写入后（同一事务）：全班每名还没有在本班核销过券的学员，按 redeemForClass 的同一规则核销一张。
 * 一条语句按证件号连接学员与券（training_coupon_person_idx），不把全班名单取回应用。
 */
export async function redeemForRoster(tx: Db, klass: TrainClass): Promise<string[]> {
  if (klass.cityId === null) return [];
  const rows = await tx.execute(sql`
    update ${trainingCoupons} as c set status = ${COUPON_STATUS.USED}, class_id = ${klass.id}, student_id = p.student_id, org_id = ${klass.orgId}, redeemed_at = now()
    from (
      select distinct on (s.id) s.id as student_id, tc.id as coupon_id
      from ${trainStudents} s
      join ${trainingCoupons} tc on tc.id_number = s.id_number and tc.status = ${COUPON_STATUS.UNUSED} and tc.city_id = ${klass.cityId}
        and tc.valid_from <= ${klass.startDate}::date and tc.valid_to >= ${klass.startDate}::date
      where s.class_id = ${klass.id}
        and not exists (select 1 from ${trainingCoupons} u where u.class_id = ${klass.id} and u.student_id = s.id and u.status = ${COUPON_STATUS.USED})
      order by s.id, tc.valid_to, tc.id
    ) as p
    where c.id = p.coupon_id and c.status = ${COUPON_STATUS.UNUSED}
    returning c.code`);
  return rowsOf<{ code: string }>(rows).map((r) => r.code);
}

/** 学员移出培训班（或改了证件号）时，退回在本班为他核销的券（恢复未使用），券仍可在别的班使用 */
export async function releaseForStudents(tx: Db, classId: number, studentIds: number[]): Promise<string[]> {
  if (!studentIds.length) return [];
  const rows = await tx
    .update(trainingCoupons)
    .set({ status: COUPON_STATUS.UNUSED, classId: null, studentId: null, orgId: null, redeemedAt: null })
    .where(and(eq(trainingCoupons.classId, classId), eq(trainingCoupons.status, COUPON_STATUS.USED), inArray(trainingCoupons.studentId, studentIds)))
    .returning({ code: trainingCoupons.code });
  return rows.map((r) => r.code);
}

/**
 * 班级作废生效或被删除时（同一事务），退回核销到这些班的全部券（恢复未使用）：作废的班不会开下去，券留给本人在别的班使用。
 */
export async function releaseForClasses(tx: Db, classIds: number[]): Promise<string[]> {
  if (!classIds.length) return [];
  const rows = await tx
    .update(trainingCoupons)
    .set({ status: COUPON_STATUS.UNUSED, classId: null, studentId: null, orgId: null, redeemedAt: null })
    .where(and(inArray(trainingCoupons.classId, classIds), eq(trainingCoupons.status, COUPON_STATUS.USED)))
    .returning({ code: trainingCoupons.code });
  return rows.map((r) => r.code);
}

/** db.execute 的结果：PGlite 与 node-postgres 都有 rows */
const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : ((res as { rows?: T[] }).rows ?? [])) as T[];
