// 教师所授的班级（GET teacher/teacher_class）：教师担任班主任或授课的培训班。属于培训班一方（培训班引用师资，
// 师资不引用培训班）；端点在 trainClass/api.ts，路径仍是师资库的。
import { count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Session } from '@/lib/platform/auth/session';
import { organisations } from '@/lib/domains/org/tables';
import { loadTeacher } from '@/lib/domains/teacher/access';
import { trainClasses, trainClassTeachers } from './tables';
import { CLASS_STATUS_LABEL } from './transitions';


export interface TeacherClassItem {
  id: number;
  code: string;
  name: string;
  role: string;
  startDate: string;
  endDate: string;
  status: number;
  statusName: string;
  orgName: string;
}

/** GET teacher/teacher_class：教师担任班主任或授课的培训班（范围内的教师） */
export async function teacherClasses(db: Db, session: Session, id: number, page: Page): Promise<PageResult<TeacherClassItem>> {
  await loadTeacher(db, session.user, id);
  const teaches = sql`exists (select 1 from ${trainClassTeachers} where ${trainClassTeachers.classId} = ${trainClasses.id} and ${trainClassTeachers.teacherId} = ${id})`;
  const where = or(eq(trainClasses.headTeacherId, id), teaches)!;
  return fetchPage(
    page,
    db
      .select({ c: trainClasses, orgName: organisations.name })
      .from(trainClasses)
      .innerJoin(organisations, eq(organisations.id, trainClasses.orgId))
      .where(where)
      .orderBy(desc(trainClasses.startDate), desc(trainClasses.id)),
    db.select({ total: count() }).from(trainClasses).where(where),
    (rows) =>
      rows.map(({ c, orgName }) => ({
        id: c.id,
        code: c.code,
        name: c.name,
        role: c.headTeacherId === id ? '班主任' : '授课教师',
        startDate: c.startDate,
        endDate: c.endDate,
        status: c.status,
        statusName: CLASS_STATUS_LABEL[c.status] ?? String(c.status),
        orgName,
      })),
  );
}
