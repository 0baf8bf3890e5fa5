// 培训券（CouponList；student/couponStatus、student/comparisonCouponStatus）：市级发券给个人（面额、有效期），
// 本人进了该市的培训班，开班机构核销（一张券只能核销一次：引擎的条件更新，并发时只有一个成功）；与班级名单比对，列出每名学员的券。
// 核销、作废、恢复交给工作流引擎（声明在 coupon-transitions.ts）；进班、移出与班级作废时的成批核销与退回在下面（培训班模块在同一事务里调用）。
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { fetchPage } from '@/lib/platform/db/paged';
import { maskIdNumber } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { formatBeijing } from '@/lib/platform/time';
import { defineWorkflow } from '@/lib/platform/workflow';
import { trainClasses, trainStudents, type TrainClass } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import { trainingCouponHistory, trainingCoupons, type TrainingCoupon } from './tables';
import { COUPON_STATUS, COUPON_STATUS_LABEL, COUPON_TRANSITIONS, type CouponAction, type CouponActor } from './coupon-transitions';

export { COUPON_STATUS, COUPON_STATUS_LABEL } from './coupon-transitions';

/** 能把券核销进去的班：审批通过之后、未作废的班（学员已进班） */
const REDEEMABLE_CLASS_STATUSES: readonly number[] = [CLASS_STATUS.APPROVED, CLASS_STATUS.PUBLISHED, CLASS_STATUS.IN_TRAINING, CLASS_STATUS.FINISHED, CLASS_STATUS.ASSESSED];

async function loadCoupon(db: Db, user: SessionUser, id: number): Promise<TrainingCoupon> {
  const [row] = await db.select().from(trainingCoupons).where(eq(trainingCoupons.id, id));
  return assertInScope(user, row, '培训券');
}

export const couponWorkflow = defineWorkflow<TrainingCoupon, CouponAction, CouponActor, 'redeemable'>({
  key: 'coupon',
  label: '培训券',
  entity: 'training_coupon',
  table: trainingCoupons,
  id: trainingCoupons.id,
  position: { status: trainingCoupons.status },
  labels: { status: COUPON_STATUS_LABEL },
  actors: { org: '开班机构', city: '发券所在市的市级管理员' },
  actorLevels: { org: ['org'], city: ['city'] },
  // 核销时券先记下要兑付到的班与开班机构（同一事务），开班机构因此是这张券的办理方
  actorsOf: (user, c) => {
    if (user.level === 'org') return user.orgId !== null && user.orgId === c.orgId ? ['org'] : [];
    return user.level === 'city' && user.cityId === c.cityId ? ['city'] : [];
  },
  transitions: COUPON_TRANSITIONS,
  gates: {
    redeemable: {
      label: '券是该班所在市发的、属于该学员（证件号相同），有效期含开班日期',
      source: '培训券由发券地的培训机构为本人兑付（docs/SUBSIDIES.md 培训券）',
      check: async (db, c) => {
        const [klass] = c.classId === null ? [] : await db.select().from(trainClasses).where(eq(trainClasses.id, c.classId));
        const [s] = c.studentId === null ? [] : await db.select().from(trainStudents).where(eq(trainStudents.id, c.studentId));
        if (!klass || !s || s.classId !== klass.id) return '请选择要核销到的班级与学员';
        if (klass.cityId !== c.cityId) return `培训券 ${c.code} 不是本市发放的`;
        if (blindIndex('idNumber', c.idNumber) !== blindIndex('idNumber', s.idNumber)) return `培训券 ${c.code} 不属于学员「${s.name}」`;
        if (c.validFrom > klass.startDate || c.validTo < klass.startDate) return `培训券 ${c.code} 的有效期 ${c.validFrom} 至 ${c.validTo} 不含开班日期 ${klass.startDate}`;
        return null;
      },
    },
  },
  load: loadCoupon,
  describe: (c) => `培训券 ${c.code}`,
  history: { table: trainingCouponHistory, values: (c) => ({ couponId: c.id }) },
  effects: { use: (_tx, _c, { now }) => ({ redeemedAt: now }) },
});

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
  /** 当前用户此刻能做的（作废、恢复） */
  actions: CouponAction[];
}

const toItem = (c: TrainingCoupon, classCode: string | null, session: Session | null = null): CouponItem => ({
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
  actions: session ? couponWorkflow.availableActions(c, session) : [],
});

export async function listCoupons(db: Db, session: Session, f: { status?: number; idNumber?: string }, page: Page): Promise<PageResult<CouponItem>> {
  const user = session.user;
  const where = and(scopeWhere(user, { cityId: trainingCoupons.cityId, orgId: trainingCoupons.orgId }), f.status !== undefined ? eq(trainingCoupons.status, f.status) : undefined, f.idNumber ? eq(trainingCoupons.idNumberIndex, blindIndex('idNumber', f.idNumber)) : undefined);
  return fetchPage(
    page,
    db.select({ c: trainingCoupons, classCode: trainClasses.code }).from(trainingCoupons).leftJoin(trainClasses, eq(trainClasses.id, trainingCoupons.classId)).where(where).orderBy(desc(trainingCoupons.id)),
    db.select({ total: count() }).from(trainingCoupons).where(where),
    (rows) => rows.map((r) => toItem(r.c, r.classCode, session)),
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
  // 证件号码（已是规范写法）与日期先后由 CouponIssueInput 校验
  const { idNumber } = input;
  return db.transaction(async (tx) => {
    // 券号 PXQ + 年份 + 8 位序号（序号取自主键）
    const id = await nextId(tx, trainingCoupons);
    const [row] = await tx
      .insert(trainingCoupons)
      .values({ id, code: businessCode({ prefix: 'PXQ', year: input.validFrom.slice(0, 4), serial: id, width: 8 }), cityId, name: input.name, idNumber, idNumberIndex: blindIndex('idNumber', idNumber), faceValue: input.faceValue, validFrom: input.validFrom, validTo: input.validTo, createdBy: u.id })
      .returning();
    audit({ entity: 'training_coupon', entityId: row.id, after: { ...row, idNumber: maskIdNumber(row.idNumber) }, detail: `发放培训券 ${row.code}（${input.faceValue} 元）` });
    return { id: row.id, code: row.code };
  });
}

/** 作废一张未使用的券、恢复一张已作废的券（已使用的不能作废）：发券所在市的市级管理员 */
export async function toggleCoupon(db: Db, session: Session, input: { id: number; enable: boolean; opinion?: string | null }, audit: Audit) {
  const r = await couponWorkflow.apply(db, session, { id: input.id, action: input.enable ? 'enable' : 'disable', opinion: input.opinion }, audit);
  return { id: r.id, status: r.to.status };
}

/** 开班机构能把券核销进去的本机构班级（培训券界面的“核销培训券”；不是开班机构时为空，界面据此不给按钮） */
export async function redeemableClasses(db: Db, user: SessionUser) {
  if (user.level !== 'org' || user.orgId === null) return [];
  const rows = await db
    .select({ id: trainClasses.id, code: trainClasses.code, name: trainClasses.name, startDate: trainClasses.startDate })
    .from(trainClasses)
    .where(and(eq(trainClasses.orgId, user.orgId), inArray(trainClasses.status, [...REDEEMABLE_CLASS_STATUSES])))
    .orderBy(desc(trainClasses.startDate))
    .limit(200);
  return rows.map((r) => ({ ...r, label: `${r.code} ${r.name}（${r.startDate} 开班）` }));
}

/** student/couponStatus：一个人（证件号）在某班所在市可用的券与已用的券 */
export async function couponStatus(db: Db, user: SessionUser, f: { classId: number; idNumber: string }) {
  const [c] = await db.select().from(trainClasses).where(eq(trainClasses.id, f.classId));
  const klass = assertInScope(user, c, '培训班');
  const rows = await db.select({ c: trainingCoupons, classCode: trainClasses.code }).from(trainingCoupons).leftJoin(trainClasses, eq(trainClasses.id, trainingCoupons.classId)).where(and(eq(trainingCoupons.idNumberIndex, blindIndex('idNumber', f.idNumber)), eq(trainingCoupons.cityId, klass.cityId ?? -1)));
  return rows.map((r) => ({ ...toItem(r.c, r.classCode), usable: r.c.status === COUPON_STATUS.UNUSED && r.c.validFrom <= klass.startDate && r.c.validTo >= klass.startDate }));
}

/** student/comparisonCouponStatus：班级名单与培训券比对，每名学员：本班已核销的券、可核销的券 */
export async function compareCoupons(db: Db, user: SessionUser, f: { classId: number }) {
  const [c] = await db.select().from(trainClasses).where(eq(trainClasses.id, f.classId));
  const klass = assertInScope(user, c, '培训班');
  const students = await db.select({ id: trainStudents.id, name: trainStudents.name, idNumber: trainStudents.idNumber, idNumberIndex: trainStudents.idNumberIndex }).from(trainStudents).where(eq(trainStudents.classId, klass.id)).orderBy(trainStudents.id);
  const indexes = students.map((s) => s.idNumberIndex).filter((x): x is string => !!x);
  const coupons = indexes.length ? await db.select().from(trainingCoupons).where(and(inArray(trainingCoupons.idNumberIndex, indexes), eq(trainingCoupons.cityId, klass.cityId ?? -1))) : [];
  return students.map((s) => {
    const mine = coupons.filter((x) => x.idNumberIndex === s.idNumberIndex);
    const redeemed = mine.find((x) => x.status === COUPON_STATUS.USED && x.classId === klass.id);
    const usable = mine.filter((x) => x.status === COUPON_STATUS.UNUSED && x.validFrom <= klass.startDate && x.validTo >= klass.startDate);
    return { studentId: s.id, name: s.name, idNumber: maskIdNumber(s.idNumber), redeemedCode: redeemed?.code ?? null, usableCodes: usable.map((x) => x.code) };
  });
}

/**
 * 核销：开班机构把学员本人的一张可用券兑付到本班（一张券只核销一次）。不给学员时按券上的证件号在本班找。
 * 先在未使用的券上记下班级、学员与机构（同一事务），再交引擎办理“核销”（条件、条件更新、历史、操作日志）。
 */
export async function redeemCoupon(db: Db, session: Session, input: { classId: number; studentId?: number; code: string }, audit: Audit) {
  const u = session.user;
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(trainClasses).where(eq(trainClasses.id, input.classId));
    const klass = assertInScope(u, c, '培训班');
    if (u.level !== 'org' || u.orgId !== klass.orgId) throw ApiError.forbidden('培训券由开班的机构核销');
    const [coupon] = await tx.select().from(trainingCoupons).where(eq(trainingCoupons.code, input.code)).for('update');
    if (!coupon || coupon.cityId !== klass.cityId) throw ApiError.notFound(`培训券 ${input.code} 不存在或不是本市发放的`);
    const [s] = await tx
      .select()
      .from(trainStudents)
      .where(and(eq(trainStudents.classId, klass.id), input.studentId ? eq(trainStudents.id, input.studentId) : eq(trainStudents.idNumberIndex, coupon.idNumberIndex ?? blindIndex('idNumber', coupon.idNumber))))
      .limit(1);
    if (!s) throw input.studentId ? ApiError.notFound('学员不在本班') : ApiError.badRequest(`培训券 ${input.code} 的持有人不在本班`);
    if (coupon.status === COUPON_STATUS.USED) {
      const [used] = coupon.classId === null ? [] : await tx.select({ code: trainClasses.code }).from(trainClasses).where(eq(trainClasses.id, coupon.classId));
      throw ApiError.conflict(`培训券 ${input.code} 已在班级 ${used?.code ?? ''} 核销过，一张券只能核销一次`);
    }
    if (coupon.status === COUPON_STATUS.VOID) throw ApiError.conflict(`培训券 ${input.code} 已作废`);
    await tx.update(trainingCoupons).set({ classId: klass.id, studentId: s.id, orgId: klass.orgId }).where(and(eq(trainingCoupons.id, coupon.id), eq(trainingCoupons.status, COUPON_STATUS.UNUSED)));
    await couponWorkflow.applyIn(tx, session, { id: coupon.id, action: 'use' }, audit);
    return { id: coupon.id, code: coupon.code };
  });
}

/**
 * 学员进入培训班时（单个新增与名单导入，同一事务），以及财务审批通过一份培训补贴申请时（workflow.ts，同一事务）：
 * 学员在本市还有可用的培训券（未使用、有效期含开班日期）而本班还没有核销过他的券的，自动核销其中最早到期的一张到本班。
 * 条件更新（status = 0 → 1），与手工核销并发时各券仍只核销一次。返回核销的券号。
 */
export async function redeemForClass(tx: Db, klass: TrainClass, students: { studentId: number; idNumber: string }[]): Promise<string[]> {
  if (!students.length || klass.cityId === null) return [];
  const indexOf = new Map(students.map((s) => [s.studentId, blindIndex('idNumber', s.idNumber)]));
  const coupons = await tx
    .select()
    .from(trainingCoupons)
    .where(and(eq(trainingCoupons.cityId, klass.cityId), inArray(trainingCoupons.idNumberIndex, [...new Set(indexOf.values())])))
    .orderBy(asc(trainingCoupons.validTo), asc(trainingCoupons.id));
  const picks: { id: number; studentId: number }[] = [];
  for (const s of students) {
    const mine = coupons.filter((c) => c.idNumberIndex === indexOf.get(s.studentId));
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
 * 一条语句按证件号的盲索引连接学员与券（training_coupon_person_idx），不把全班名单取回应用。
 */
export async function redeemForRoster(tx: Db, klass: TrainClass): Promise<string[]> {
  if (klass.cityId === null) return [];
  const rows = await tx.execute(sql`
    update ${trainingCoupons} as c set status = ${COUPON_STATUS.USED}, class_id = ${klass.id}, student_id = p.student_id, org_id = ${klass.orgId}, redeemed_at = now()
    from (
      select distinct on (s.id) s.id as student_id, tc.id as coupon_id
      from ${trainStudents} s
      join ${trainingCoupons} tc on tc.id_number_bidx = s.id_number_bidx and tc.status = ${COUPON_STATUS.UNUSED} and tc.city_id = ${klass.cityId}
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
