// 考点与考场：计划的考点只能取自机构有效备案的考点（filing_site，examSite）；考场属于考点，有类型与容量。
// 改动只在计划第 3 步（编排考场）、由计划所属机构办理；范围外的计划、考点、考场一律 404。
import { and, asc, count, desc, eq, gte, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { fetchPage } from '@/lib/platform/db/paged';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { containsPattern } from '@/lib/platform/db/like';
import { scopeWhere } from '@/lib/platform/auth/scope';
import type { Session } from '@/lib/platform/auth/session';
import { organisations } from '../org/tables';
import { FILING_IN_FORCE } from '../filing/transitions';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examRooms, examSeats, examSessions, examSites } from './tables';
import { PLAN_STATE, PLAN_STEP, positionLabel } from '../exaPlan/transitions';
import { arrangeEditable, filedExamSites, loadPlan, loadRoom, loadSite, planForArrange, staffEditable } from './context';
import { ROOM_TYPE_LABEL, type ExamPlanPick, type RoomItem, type SiteItem } from './schemas';

// ---------- 计划下拉 ----------

/** 可编排考场的计划：范围内、已到第 3 步（编排考场）及以后、未取消 */
export async function pickPlans(db: Db, session: Session, filter: { keyword?: string }, page: Page): Promise<PageResult<ExamPlanPick>> {
  const where = and(
    scopeWhere(session.user, { cityId: examPlans.cityId, orgId: examPlans.orgId }),
    gte(examPlans.step, PLAN_STEP.ARRANGE_ROOMS),
    ne(examPlans.state, PLAN_STATE.CANCELLED),
    filter.keyword ? or(ilike(examPlans.name, containsPattern(filter.keyword)), ilike(examPlans.code, containsPattern(filter.keyword))) : undefined,
  );
  return fetchPage(
    page,
    db.select({ plan: examPlans, orgName: organisations.name }).from(examPlans).innerJoin(organisations, eq(organisations.id, examPlans.orgId)).where(where).orderBy(desc(examPlans.id)),
    db.select({ total: count() }).from(examPlans).innerJoin(organisations, eq(organisations.id, examPlans.orgId)).where(where),
    (rows) =>
      rows.map(({ plan, orgName }) => ({
        id: plan.id,
        code: plan.code,
        name: plan.name,
        kind: plan.kind,
        orgName,
        positionName: positionLabel(plan),
        examStartDate: plan.examStartDate,
        examEndDate: plan.examEndDate,
        editable: arrangeEditable(plan, session),
        staffEditable: staffEditable(plan, session),
        label: `${plan.code} ${plan.name}`,
      })),
  );
}

// ---------- 考点 ----------

/** 考点仍是计划所属机构有效备案的考点 */
const filedSql = (plan: ExamPlan) =>
  sql<boolean>`exists (select 1 from filing_site fs join filing f on f.id = fs.filing_id where fs.id = exam_site.filing_site_id and fs.site_type = 'examSite' and f.org_id = ${plan.orgId} and f.status in (${sql.join(
    FILING_IN_FORCE.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

async function siteItems(db: Db, session: Session, plan: ExamPlan, where: ReturnType<typeof eq>, page: Page): Promise<PageResult<SiteItem>> {
  const editable = arrangeEditable(plan, session);
  return fetchPage(
    page,
    db
      .select({
        site: examSites,
        roomCount: sql<number>`(select count(*) from exam_room r where r.site_id = exam_site.id)`,
        capacity: sql<number>`(select coalesce(sum(r.capacity), 0) from exam_room r where r.site_id = exam_site.id)`,
        filed: filedSql(plan),
      })
      .from(examSites)
      .where(where)
      .orderBy(asc(examSites.name), asc(examSites.id)),
    db.select({ total: count() }).from(examSites).where(where),
    (rows) =>
      rows.map(({ site, roomCount, capacity, filed }) => ({
        id: site.id,
        planId: site.planId,
        filingSiteId: site.filingSiteId,
        name: site.name,
        address: site.address,
        contactName: site.contactName,
        contactPhone: site.contactPhone,
        roomCount: Number(roomCount),
        capacity: Number(capacity),
        filed: Boolean(filed),
        editable,
      })),
  );
}

/** 计划的考点（带考场数、总容量、是否仍是有效备案的考点） */
export async function listSites(db: Db, session: Session, filter: { planId: number }, page: Page): Promise<PageResult<SiteItem>> {
  const plan = await loadPlan(db, session.user, filter.planId);
  return siteItems(db, session, plan, eq(examSites.planId, plan.id), page);
}

/** 一个考点与它的考场 */
export async function siteDetail(db: Db, session: Session, id: number) {
  const site = await loadSite(db, session.user, id);
  const plan = await loadPlan(db, session.user, site.planId);
  const { list } = await siteItems(db, session, plan, eq(examSites.id, id), { pageNo: 1, pageSize: 1, offset: 0 });
  const rooms = await roomItems(db, session, plan, { siteId: id });
  return { ...list[0], rooms };
}

/** 机构有效备案的考点（供选择），标出计划已添加的 */
export async function filedSiteChoices(db: Db, session: Session, planId: number) {
  const plan = await loadPlan(db, session.user, planId);
  const [filed, added] = await Promise.all([filedExamSites(db, plan.orgId), db.select({ filingSiteId: examSites.filingSiteId }).from(examSites).where(eq(examSites.planId, plan.id))]);
  const have = new Set(added.map((a) => a.filingSiteId));
  return filed.map((f) => ({ ...f, added: have.has(f.id), label: `${f.name}（${f.address}）` }));
}

async function filedSiteOf(db: Db, plan: ExamPlan, filingSiteId: number) {
  const site = (await filedExamSites(db, plan.orgId)).find((s) => s.id === filingSiteId);
  if (!site) throw ApiError.badRequest('所选考点不是本机构有效备案的考点，请先在机构备案中登记考点', { filingSiteId: '所选考点不是本机构有效备案的考点' });
  return site;
}

/** 新增（从备案考点添加）或修改考点的联系人；名称与地址随备案 */
export async function saveSite(
  db: Db,
  session: Session,
  input: { id?: number; planId: number; filingSiteId: number; contactName: string | null; contactPhone?: string },
  audit: Audit,
): Promise<SiteItem> {
  const user = session.user;
  const before = input.id ? await loadSite(db, user, input.id) : null;
  if (before && before.planId !== input.planId) throw ApiError.badRequest('考点不属于该考试计划');
  const plan = await planForArrange(db, user, input.planId);
  const filed = await filedSiteOf(db, plan, input.filingSiteId);
  const values = {
    filingSiteId: filed.id,
    name: filed.name,
    address: filed.address,
    contactName: input.contactName ?? filed.contactName,
    contactPhone: input.contactPhone ?? filed.contactPhone,
  };
  const row = await withUniqueMessage(`考点「${filed.name}」已在本计划中`, async () => {
    if (before) {
      const [r] = await db.update(examSites).set(values).where(eq(examSites.id, before.id)).returning();
      return r;
    }
    const [r] = await db
      .insert(examSites)
      .values({ ...values, planId: plan.id, orgId: plan.orgId, cityId: plan.cityId })
      .returning();
    return r;
  });
  audit({ entity: 'exam_site', entityId: row.id, before, after: row, detail: `${before ? '修改' : '添加'}考点 ${row.name}（计划 ${plan.code}）` });
  const { list } = await siteItems(db, session, plan, eq(examSites.id, row.id), { pageNo: 1, pageSize: 1, offset: 0 });
  return list[0];
}

/** 按备案同步：添加计划还没有的备案考点，已有的按备案刷新名称与地址；返回已不在有效备案中的考点名 */
export async function syncSites(db: Db, session: Session, input: { planId: number }, audit: Audit) {
  const plan = await planForArrange(db, session.user, input.planId);
  const filed = await filedExamSites(db, plan.orgId);
  const existing = await db.select().from(examSites).where(eq(examSites.planId, plan.id));
  const byFiling = new Map(existing.map((s) => [s.filingSiteId, s]));
  let added = 0;
  let updated = 0;
  for (const f of filed) {
    const have = byFiling.get(f.id);
    if (!have) {
      await db
        .insert(examSites)
        .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, filingSiteId: f.id, name: f.name, address: f.address, contactName: f.contactName, contactPhone: f.contactPhone })
        .onConflictDoNothing();
      added++;
    } else if (have.name !== f.name || have.address !== f.address) {
      await db.update(examSites).set({ name: f.name, address: f.address }).where(eq(examSites.id, have.id));
      updated++;
    }
  }
  const filedIds = new Set(filed.map((f) => f.id));
  const stale = existing.filter((s) => !filedIds.has(s.filingSiteId)).map((s) => s.name);
  audit({ entity: 'exam_site', entityId: plan.id, detail: `按备案同步考点（计划 ${plan.code}）：新增 ${added} 个，更新 ${updated} 个` });
  return { added, updated, stale };
}

async function seatedIn(db: Db, where: ReturnType<typeof eq>): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(examSeats).innerJoin(examRooms, eq(examRooms.id, examSeats.roomId)).where(where);
  return Number(n);
}

export async function deleteSite(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const site = await loadSite(db, session.user, input.id);
  const plan = await planForArrange(db, session.user, site.planId);
  const seated = await seatedIn(db, eq(examRooms.siteId, site.id));
  if (seated) throw ApiError.badRequest(`考点「${site.name}」的考场已安排 ${seated} 个座位，请先调出考生`);
  await db.delete(examSites).where(eq(examSites.id, site.id));
  audit({ entity: 'exam_site', entityId: site.id, before: site, detail: `删除考点 ${site.name}（计划 ${plan.code}）` });
  return { deleted: 1 };
}

// ---------- 考场 ----------

async function roomItems(db: Db, session: Session, plan: ExamPlan, filter: { siteId?: number; roomType?: number; id?: number }): Promise<RoomItem[]> {
  const rows = await db
    .select({
      room: examRooms,
      siteName: examSites.name,
      used: sql<number>`(select coalesce(max(c), 0) from (select count(*) as c from exam_seat s where s.room_id = exam_room.id group by s.session_id) x)`,
    })
    .from(examRooms)
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .where(
      and(
        eq(examRooms.planId, plan.id),
        filter.siteId !== undefined ? eq(examRooms.siteId, filter.siteId) : undefined,
        filter.roomType !== undefined ? eq(examRooms.roomType, filter.roomType) : undefined,
        filter.id !== undefined ? eq(examRooms.id, filter.id) : undefined,
      ),
    )
    .orderBy(asc(examSites.name), asc(examRooms.name), asc(examRooms.id));
  const editable = arrangeEditable(plan, session, 'examRoom');
  return rows.map(({ room, siteName, used }) => ({
    id: room.id,
    planId: room.planId,
    siteId: room.siteId,
    siteName,
    name: room.name,
    roomType: room.roomType,
    roomTypeName: ROOM_TYPE_LABEL[room.roomType],
    capacity: room.capacity,
    used: Number(used),
    editable,
  }));
}

/** 计划的考场（容量、已用）；考场数量不大（至多几百个），整份取出再分页 */
export async function listRooms(db: Db, session: Session, filter: { planId: number; siteId?: number; roomType?: number }, page: Page): Promise<PageResult<RoomItem>> {
  const plan = await loadPlan(db, session.user, filter.planId);
  const all = await roomItems(db, session, plan, filter);
  return { list: all.slice(page.offset, page.offset + page.pageSize), total: all.length };
}

/** 一个考场与它在各场次的座位数 */
export async function roomDetail(db: Db, session: Session, id: number) {
  const room = await loadRoom(db, session.user, id);
  const plan = await loadPlan(db, session.user, room.planId);
  const [item] = await roomItems(db, session, plan, { id });
  const sessions = await db
    .select({ id: examSessions.id, name: examSessions.name, examDate: examSessions.examDate, startTime: examSessions.startTime, endTime: examSessions.endTime, seated: count() })
    .from(examSeats)
    .innerJoin(examSessions, eq(examSessions.id, examSeats.sessionId))
    .where(eq(examSeats.roomId, id))
    .groupBy(examSessions.id)
    .orderBy(asc(examSessions.examDate), asc(examSessions.startTime));
  return { ...item, sessions: sessions.map((s) => ({ ...s, seated: Number(s.seated) })) };
}

export async function saveRoom(db: Db, session: Session, input: { id?: number; siteId: number; name: string; roomType: number; capacity: number }, audit: Audit): Promise<RoomItem> {
  const user = session.user;
  const site = await loadSite(db, user, input.siteId);
  const plan = await planForArrange(db, user, site.planId);
  const before = input.id ? await loadRoom(db, user, input.id) : null;
  if (before) {
    if (before.planId !== plan.id) throw ApiError.badRequest('考场不属于该考试计划');
    const [{ used }] = await db
      .select({ used: sql<number>`coalesce(max(c), 0)` })
      .from(sql`(select count(*) as c from ${examSeats} where ${examSeats.roomId} = ${before.id} group by ${examSeats.sessionId}) x`);
    if (Number(used) > input.capacity) throw ApiError.badRequest(`考场「${before.name}」在某个场次已安排 ${used} 名考生，容量不能小于 ${used}`, { capacity: `容量不能小于 ${used}` });
    if (before.roomType !== input.roomType && Number(used) > 0) throw ApiError.badRequest(`考场「${before.name}」已安排考生，不能修改考场类型`, { roomType: '已安排考生，不能修改考场类型' });
    const [{ maxSeat }] = await db.select({ maxSeat: sql<number>`coalesce(max(${examSeats.seatNo}), 0)` }).from(examSeats).where(eq(examSeats.roomId, before.id));
    if (Number(maxSeat) > input.capacity) throw ApiError.badRequest(`考场「${before.name}」已用到 ${maxSeat} 号座位，容量不能小于 ${maxSeat}`, { capacity: `容量不能小于 ${maxSeat}` });
  }
  const values = { siteId: site.id, name: input.name, roomType: input.roomType, capacity: input.capacity };
  const row = await withUniqueMessage(`考点「${site.name}」已有名为「${input.name}」的考场`, async () => {
    if (before) return (await db.update(examRooms).set(values).where(eq(examRooms.id, before.id)).returning())[0];
    return (
      await db
        .insert(examRooms)
        .values({ ...values, planId: plan.id, orgId: plan.orgId, cityId: plan.cityId })
        .returning()
    )[0];
  });
  audit({ entity: 'exam_room', entityId: row.id, before, after: row, detail: `${before ? '修改' : '新增'}考场 ${site.name} ${row.name}（计划 ${plan.code}）` });
  return (await roomItems(db, session, plan, { id: row.id }))[0];
}

export async function deleteRoom(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const room = await loadRoom(db, session.user, input.id);
  const plan = await planForArrange(db, session.user, room.planId);
  const seated = await seatedIn(db, eq(examRooms.id, room.id));
  if (seated) throw ApiError.badRequest(`考场「${room.name}」已安排 ${seated} 个座位，请先调出考生`);
  await db.delete(examRooms).where(eq(examRooms.id, room.id));
  audit({ entity: 'exam_room', entityId: room.id, before: room, detail: `删除考场 ${room.name}（计划 ${plan.code}）` });
  return { deleted: 1 };
}

/** 计划的考场下拉（可按类型） */
export async function roomOptions(db: Db, session: Session, filter: { planId: number; roomType?: number }) {
  const plan = await loadPlan(db, session.user, filter.planId);
  const rows = await roomItems(db, session, plan, filter);
  return rows.map((r) => ({ id: r.id, label: `${r.siteName} · ${r.name}（${r.roomTypeName}，${r.capacity} 座）`, roomType: r.roomType, capacity: r.capacity }));
}
