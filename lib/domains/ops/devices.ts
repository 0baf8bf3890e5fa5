// 设备管理：按所属机构限定范围（省级全部、市级本市机构的设备、机构用户本机构的设备）。
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { SessionUser } from '@/lib/platform/auth/session';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page } from '@/lib/platform/api/paging';
import { assertInScope, inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { organisations } from '../org/tables';
import { devices } from './tables';
import { DEVICE_STATUS_NAMES, DEVICE_TYPE_NAMES, type DeviceFilter, type DeviceSaveInput } from './schemas';
import { escapeLike } from '@/lib/platform/db/like';


const scope = (user: SessionUser) => scopeWhere(user, { cityId: organisations.cityId, orgId: devices.orgId });

const columns = {
  id: devices.id,
  code: devices.code,
  name: devices.name,
  type: devices.type,
  orgId: devices.orgId,
  orgName: organisations.name,
  cityId: organisations.cityId,
  location: devices.location,
  ip: devices.ip,
  status: devices.status,
  remark: devices.remark,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};

type DeviceRow = { type: string; status: string };
const withNames = <T extends DeviceRow>(r: T) => ({
  ...r,
  typeName: DEVICE_TYPE_NAMES[r.type as keyof typeof DEVICE_TYPE_NAMES] ?? r.type,
  statusName: DEVICE_STATUS_NAMES[r.status as keyof typeof DEVICE_STATUS_NAMES] ?? r.status,
});

export async function listDevices(db: Db, user: SessionUser, f: z.output<typeof DeviceFilter>, page: Page) {
  const where = and(
    scope(user),
    f.keyword ? or(ilike(devices.name, `%${escapeLike(f.keyword)}%`), ilike(devices.code, `%${escapeLike(f.keyword)}%`)) : undefined,
    f.type ? eq(devices.type, f.type) : undefined,
    f.status ? eq(devices.status, f.status) : undefined,
    f.orgId ? eq(devices.orgId, f.orgId) : undefined,
  );
  return fetchPage(
    page,
    db.select(columns).from(devices).innerJoin(organisations, eq(organisations.id, devices.orgId)).where(where).orderBy(desc(devices.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(devices).innerJoin(organisations, eq(organisations.id, devices.orgId)).where(where),
    (rows) => rows.map(withNames),
  );
}

async function scopedDevice(db: Db, user: SessionUser, id: number) {
  const [row] = await db.select(columns).from(devices).innerJoin(organisations, eq(organisations.id, devices.orgId)).where(eq(devices.id, id));
  return assertInScope(user, row, '设备');
}

export async function saveDevice(db: Db, session: Session, input: z.output<typeof DeviceSaveInput>, audit: Audit) {
  const user = session.user;
  const [org] = await db.select({ id: organisations.id, cityId: organisations.cityId, name: organisations.name }).from(organisations).where(eq(organisations.id, input.orgId));
  if (!org || !inScope(user, { cityId: org.cityId, orgId: org.id })) throw ApiError.badRequest('所属机构不存在或不在您的管辖范围内', { orgId: '所属机构不存在或不在您的管辖范围内' });
  const before = input.id ? await scopedDevice(db, user, input.id) : null;
  const [dup] = await db.select({ id: devices.id }).from(devices).where(eq(devices.code, input.code));
  if (dup && dup.id !== input.id) throw ApiError.conflict(`设备编号 ${input.code} 已存在`);
  const values = {
    code: input.code,
    name: input.name,
    type: input.type,
    orgId: org.id,
    location: input.location ?? null,
    ip: input.ip ?? null,
    status: input.status,
    remark: input.remark ?? null,
    updatedAt: new Date(),
  };
  let id: number;
  if (before) {
    await db.update(devices).set(values).where(eq(devices.id, before.id));
    id = before.id;
  } else {
    // 并发新增同一编号时由唯一约束兜底
    const [row] = await db.insert(devices).values(values).onConflictDoNothing({ target: devices.code }).returning({ id: devices.id });
    if (!row) throw ApiError.conflict(`设备编号 ${input.code} 已存在`);
    id = row.id;
  }
  const after = await scopedDevice(db, user, id);
  audit({ entity: 'device', entityId: id, before, after, detail: `${before ? '修改' : '新增'}设备 ${after.name}（${after.code}）` });
  return withNames(after);
}

/** 删除一台或多台；任一台不存在或不在范围内则整批不删（404） */
export async function deleteDevices(db: Db, session: Session, ids: number[], audit: Audit) {
  const user = session.user;
  const unique = [...new Set(ids)];
  const rows = await db.select(columns).from(devices).innerJoin(organisations, eq(organisations.id, devices.orgId)).where(inArray(devices.id, unique));
  for (const id of unique) assertInScope(user, rows.find((r) => r.id === id), '设备');
  await db.delete(devices).where(inArray(devices.id, unique));
  for (const r of rows) audit({ entity: 'device', entityId: r.id, before: r, after: null, detail: `删除设备 ${r.name}（${r.code}）` });
  return { deleted: rows.length };
}
