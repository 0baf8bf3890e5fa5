// 视频监控：考场的摄像头与拉流地址（http、https、rtmp、rtsp、webrtc）。范围同计划（机构看本机构、市看本市）；
// 督导员可查看。计划取消后不再增改摄像头。
import { and, asc, count, desc, eq, gte, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { examPlans } from '../exaPlan/tables';
import { examCameras, examRooms, examSites } from './tables';
import { PLAN_STATE, PLAN_STEP } from '../exaPlan/transitions';
import { loadPlan, loadRoom } from './context';
import { CAMERA_STATUS, CAMERA_STATUS_LABEL, ROOM_TYPE_LABEL, type CameraItem } from './schemas';

const cameraScope = (user: SessionUser) => scopeWhere(user, { cityId: examCameras.cityId, orgId: examCameras.orgId });

export async function listCameras(db: Db, session: Session, filter: { planId?: number; roomId?: number; name?: string }, page: Page): Promise<PageResult<CameraItem>> {
  const where = and(
    cameraScope(session.user),
    filter.planId !== undefined ? eq(examCameras.planId, filter.planId) : undefined,
    filter.roomId !== undefined ? eq(examCameras.roomId, filter.roomId) : undefined,
    filter.name ? ilike(examCameras.name, containsPattern(filter.name)) : undefined,
  );
  const mayEdit = can(session, 'camera.edit');
  return fetchPage(
    page,
    db
      .select({ camera: examCameras, planName: examPlans.name, planState: examPlans.state, roomName: examRooms.name, siteName: examSites.name })
      .from(examCameras)
      .innerJoin(examPlans, eq(examPlans.id, examCameras.planId))
      .innerJoin(examRooms, eq(examRooms.id, examCameras.roomId))
      .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
      .where(where)
      .orderBy(desc(examCameras.planId), asc(examSites.name), asc(examRooms.name), asc(examCameras.id)),
    db.select({ total: count() }).from(examCameras).where(where),
    (rows) =>
      rows.map(({ camera, planName, planState, roomName, siteName }) => ({
        id: camera.id,
        planId: camera.planId,
        planName,
        roomId: camera.roomId,
        roomName,
        siteName,
        name: camera.name,
        streamUrl: camera.streamUrl,
        status: camera.status,
        statusName: CAMERA_STATUS_LABEL[camera.status],
        editable: mayEdit && planState !== PLAN_STATE.CANCELLED,
      })),
  );
}

export async function saveCamera(db: Db, session: Session, input: { id?: number; roomId: number; name: string; streamUrl: string; status: number }, audit: Audit) {
  const user = session.user;
  const room = await loadRoom(db, user, input.roomId);
  const plan = await loadPlan(db, user, room.planId);
  if (plan.state === PLAN_STATE.CANCELLED) throw ApiError.badRequest('计划已取消，不能设置视频监控');
  let before: typeof examCameras.$inferSelect | null = null;
  if (input.id !== undefined) {
    [before] = await db
      .select()
      .from(examCameras)
      .where(and(eq(examCameras.id, input.id), cameraScope(user)));
    if (!before) throw ApiError.notFound('摄像头不存在或不在您的管辖范围内');
    if (before.planId !== plan.id) throw ApiError.badRequest('摄像头只能改到同一考试计划的考场');
  }
  const values = { roomId: room.id, name: input.name, streamUrl: input.streamUrl, status: input.status };
  const [row] = before
    ? await db.update(examCameras).set(values).where(eq(examCameras.id, before.id)).returning()
    : await db
        .insert(examCameras)
        .values({ ...values, planId: plan.id, orgId: plan.orgId, cityId: plan.cityId })
        .returning();
  audit({ entity: 'exam_camera', entityId: row.id, before, after: row, detail: `${before ? '修改' : '新增'}摄像头 ${row.name}（考场 ${room.name}，计划 ${plan.code}）` });
  return row;
}

export async function deleteCameras(db: Db, session: Session, input: { ids: number[] }, audit: Audit) {
  const rows = await db
    .select()
    .from(examCameras)
    .where(and(inArray(examCameras.id, input.ids), cameraScope(session.user)));
  if (rows.length !== new Set(input.ids).size) throw ApiError.notFound('所选摄像头不存在或不在您的管辖范围内');
  await db.delete(examCameras).where(inArray(examCameras.id, input.ids));
  for (const r of rows) audit({ entity: 'exam_camera', entityId: r.id, before: r, detail: `删除摄像头 ${r.name}` });
  return { deleted: rows.length };
}

/** 范围内已编排考场（第 3 步及以后、未取消）的计划，或指定的一个计划 */
async function monitoredPlans(db: Db, user: SessionUser, planId?: number) {
  if (planId !== undefined) return [await loadPlan(db, user, planId)];
  return db
    .select()
    .from(examPlans)
    .where(and(scopeWhere(user, { cityId: examPlans.cityId, orgId: examPlans.orgId }), gte(examPlans.step, PLAN_STEP.ARRANGE_ROOMS), ne(examPlans.state, PLAN_STATE.CANCELLED)))
    .orderBy(desc(examPlans.id))
    .limit(100);
}

/** 计划 → 考点 → 考场的树（考场带摄像头数），监控界面的左侧 */
export async function planSitePlaceTree(db: Db, user: SessionUser, filter: { planId?: number }) {
  const plans = await monitoredPlans(db, user, filter.planId);
  if (!plans.length) return [];
  const ids = plans.map((p) => p.id);
  const [sites, rooms] = await Promise.all([
    db.select().from(examSites).where(inArray(examSites.planId, ids)).orderBy(asc(examSites.name), asc(examSites.id)),
    db
      .select({ room: examRooms, cameras: sql<number>`(select count(*) from exam_camera c where c.room_id = exam_room.id)` })
      .from(examRooms)
      .where(inArray(examRooms.planId, ids))
      .orderBy(asc(examRooms.name), asc(examRooms.id)),
  ]);
  return plans.map((p) => ({
    key: `plan-${p.id}`,
    type: 'plan' as const,
    id: p.id,
    title: `${p.code} ${p.name}`,
    children: sites
      .filter((s) => s.planId === p.id)
      .map((s) => ({
        key: `site-${s.id}`,
        type: 'site' as const,
        id: s.id,
        title: s.name,
        address: s.address,
        children: rooms
          .filter((r) => r.room.siteId === s.id)
          .map(({ room, cameras }) => ({ key: `room-${room.id}`, type: 'room' as const, id: room.id, planId: p.id, title: `${room.name}（${ROOM_TYPE_LABEL[room.roomType]}）`, cameraCount: Number(cameras) })),
      })),
  }));
}

/** 监控概况：计划、考点、考场、摄像头（启用、停用）数 */
export async function monitorHead(db: Db, user: SessionUser, filter: { planId?: number }) {
  const plans = await monitoredPlans(db, user, filter.planId);
  const ids = plans.map((p) => p.id);
  if (!ids.length) return { plans: 0, sites: 0, rooms: 0, cameras: 0, enabled: 0, disabled: 0 };
  const [[sites], [rooms], cams] = await Promise.all([
    db.select({ n: count() }).from(examSites).where(inArray(examSites.planId, ids)),
    db.select({ n: count() }).from(examRooms).where(inArray(examRooms.planId, ids)),
    db.select({ status: examCameras.status, n: count() }).from(examCameras).where(and(inArray(examCameras.planId, ids), cameraScope(user))).groupBy(examCameras.status),
  ]);
  const n = (status: number) => Number(cams.find((c) => c.status === status)?.n ?? 0);
  return {
    plans: ids.length,
    sites: Number(sites.n),
    rooms: Number(rooms.n),
    cameras: n(CAMERA_STATUS.ENABLED) + n(CAMERA_STATUS.DISABLED),
    enabled: n(CAMERA_STATUS.ENABLED),
    disabled: n(CAMERA_STATUS.DISABLED),
  };
}
