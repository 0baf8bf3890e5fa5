// 读培训班（范围外 404）与状态机要的附带数据（待审核的申请种类、未确认的导入）。只读表：状态机（workflow.ts）与
// 服务（access.ts 及其后）都从这里读，彼此不循环引用。
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { assertInScope } from '@/lib/platform/auth/scope';
import type { SessionUser } from '@/lib/platform/auth/session';
import { trainAttendanceImports, trainClasses, trainClassRequests, trainStudentImports, type TrainClass } from './tables';
import { REQUEST_STATUS, type ClassSubject, type RequestKind } from './transitions';
import { IMPORT_STATUS } from './schemas';

/** 状态机看到的班级：班级行加待审核的附带申请种类 */
export type ClassRow = TrainClass & ClassSubject;

/** 范围内的班级；范围外或不存在 404 */
export async function loadClass(db: Db, user: SessionUser, id: number): Promise<TrainClass> {
  const [row] = await db.select().from(trainClasses).where(eq(trainClasses.id, id));
  return assertInScope(user, row, '培训班');
}

/** 各班级待审核的附带申请种类 */
export async function pendingKindsOf(db: Db, classIds: number[]): Promise<Map<number, RequestKind[]>> {
  const out = new Map<number, RequestKind[]>();
  if (!classIds.length) return out;
  const rows = await db
    .select({ classId: trainClassRequests.classId, kind: trainClassRequests.kind })
    .from(trainClassRequests)
    .where(and(inArray(trainClassRequests.classId, classIds), eq(trainClassRequests.status, REQUEST_STATUS.PENDING)));
  for (const r of rows) out.set(r.classId, [...(out.get(r.classId) ?? []), r.kind as RequestKind]);
  return out;
}

/** 范围内的班级与其待审核的申请种类（状态机的 load） */
export async function loadClassSubject(db: Db, user: SessionUser, id: number): Promise<ClassRow> {
  const c = await loadClass(db, user, id);
  return { ...c, pendingKinds: (await pendingKindsOf(db, [c.id])).get(c.id) ?? [] };
}

/** 班级未确认的学员导入（挡住提交审核） */
export async function pendingStudentImport(db: Db, classId: number) {
  const [row] = await db
    .select()
    .from(trainStudentImports)
    .where(and(eq(trainStudentImports.classId, classId), eq(trainStudentImports.status, IMPORT_STATUS.PENDING)))
    .limit(1);
  return row ?? null;
}

/** 班级未确认的出勤导入（挡住结业提交） */
export async function pendingAttendanceImport(db: Db, classId: number) {
  const [row] = await db
    .select()
    .from(trainAttendanceImports)
    .where(and(eq(trainAttendanceImports.classId, classId), eq(trainAttendanceImports.status, IMPORT_STATUS.PENDING)))
    .limit(1);
  return row ?? null;
}
