// 演示数据：每个状态都有班，每班有课程与学员（共几千名），延期与更正申请各状态都有；种子里的课没有教师或地点冲突；可重复执行。
import { beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { trainClasses, trainClassRequests, trainLessons, trainStudents } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS, REQUEST_STATUS } from '@/lib/domains/trainClass/transitions';
import { seedTrainClasses } from '@/lib/domains/trainClass/seed';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
});

const rows = async <T,>(q: ReturnType<typeof sql>) => {
  const r = (await db.execute(q)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
};

describe('培训班演示数据', () => {
  it('每个状态都有班；每班都有课程与学员，人数与记下的人数一致；学员共几千名', async () => {
    const byStatus = await db.select({ status: trainClasses.status, n: count() }).from(trainClasses).groupBy(trainClasses.status);
    expect(byStatus.map((b) => b.status).sort((a, b) => a - b)).toEqual(Object.values(CLASS_STATUS));
    const [students] = await db.select({ n: count() }).from(trainStudents);
    expect(students.n).toBeGreaterThan(2000);
    const empty = await rows<{ id: number }>(sql`select c.id from ${trainClasses} c where not exists (select 1 from ${trainLessons} l where l.class_id = c.id) or c.student_count <> (select count(*) from ${trainStudents} s where s.class_id = c.id)`);
    expect(empty).toEqual([]);
  });

  it('延期与更正申请：待审核、已通过、已驳回、已撤回都有', async () => {
    const got = await db.select({ kind: trainClassRequests.kind, status: trainClassRequests.status }).from(trainClassRequests);
    for (const kind of ['postpone', 'correct']) expect(got.some((r) => r.kind === kind && r.status === REQUEST_STATUS.PENDING)).toBe(true);
    expect(new Set(got.map((r) => r.status))).toEqual(new Set(Object.values(REQUEST_STATUS)));
  });

  it('种子里的课：同一教师、同一机构的同一地点没有时间重叠的两节课', async () => {
    const clashes = await rows<{ a: number }>(sql`select a.id as a from ${trainLessons} a join ${trainLessons} b on a.id < b.id and a.start_at < b.end_at and b.start_at < a.end_at
      and (a.teacher_id = b.teacher_id or (a.org_id = b.org_id and a.place_key = b.place_key))`);
    expect(clashes).toEqual([]);
  });

  it('再运行一次不重复写入', async () => {
    const [before] = await db.select({ n: count() }).from(trainClasses);
    await seedTrainClasses(db);
    const [after] = await db.select({ n: count() }).from(trainClasses);
    expect(after.n).toBe(before.n);
  });
});
