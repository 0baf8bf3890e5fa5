// 场次工作人员（第 4 步的分派）：沿用考点考场域的人员规则（lib/domains/examSite/staff.ts：在岗、本机构或本市、
// 可考评工种、时间冲突、配比），这里只加上“考务安排只在第 4 步”的检查。
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { saveStaff } from '../examSite/staff';
import type { StaffEntry } from '../examSite/schemas';
import { loadSession, planForAffairs } from './context';

/** 分派场次的工作人员（distributePerson，整体替换）：计划须在第 4 步，改动后配比仍须满足 */
export async function distributePerson(db: Db, session: Session, input: { sessionId: number; staff: StaffEntry[] }, audit: Audit) {
  const target = await loadSession(db, session.user, input.sessionId);
  await planForAffairs(db, session.user, target.planId, '分派考务人员');
  return saveStaff(db, session, input, audit);
}
