// 补贴测试的共用件：明德培训学校（train_org）已考核的演示班、班里还没被演示批次用过的学员（第 70 名之后，每个测试各取各的）。
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { organisations } from '@/lib/domains/org/tables';
import { trainClasses, trainStudents, type TrainClass, type TrainStudent } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import { MAIN_ORG_CODE, SEEDED_STUDENTS } from '@/lib/domains/subsidy/seed';
import { ok } from '../trainClass/helpers';

export async function mainClass(db: Db): Promise<{ klass: TrainClass; free: TrainStudent[] }> {
  const [org] = await db.select().from(organisations).where(eq(organisations.code, MAIN_ORG_CODE));
  const [klass] = await db.select().from(trainClasses).where(and(eq(trainClasses.orgId, org.id), eq(trainClasses.status, CLASS_STATUS.ASSESSED)));
  const students = await db.select().from(trainStudents).where(eq(trainStudents.classId, klass.id)).orderBy(asc(trainStudents.id));
  // 可享受的学员：结业、出勤足够
  const free = students.slice(SEEDED_STUDENTS).filter((s) => s.completion === 1 && s.attendedHours !== null && s.attendedHours >= klass.hours);
  return { klass, free };
}

/** 取 n 名未用过的学员（同一文件内不重复） */
export function picker(free: TrainStudent[]) {
  let next = 0;
  return (n: number) => {
    const out = free.slice(next, next + n);
    next += n;
    if (out.length < n) throw new Error('演示班的学员不够用');
    return out;
  };
}

export const itemOf = (s: TrainStudent, over: Record<string, unknown> = {}) => ({ studentId: s.id, bankName: '中国银行', bankAccount: `6217${String(s.id).padStart(12, '0')}`, ...over });

export interface Saved {
  id: number;
  code: string;
  studentCount: number;
  claimedAmount: number;
  blockedCount: number;
}

export async function apply(classId: number, students: TrainStudent[], over: Record<string, unknown> = {}): Promise<Saved> {
  return ok<Saved>('train_org', '/subsidy/saveClassSubside', { classId, kind: 'train', items: students.map((s) => itemOf(s)), ...over });
}

export const step = (account: string, id: number, action: string, opinion?: string) => ok<{ status: number; approvedAmount: number }>(account, '/subsidy/updateApplyStatus', { id, action, opinion });
