// 第 3 步（编排考场）→ 第 4 步的条件 roomsReady（plan-gates.ts 登记到考试计划的状态机）。
// 满足时返回 null，否则返回中文原因（点名前几个考生、考场或场次）。规则见 docs/EXAM_SITES.md：
// 1. 每个考场所在的考点仍是计划所属机构有效备案（审核完成、作废在审、作废被驳回）的考点；
// 2. 计划的每个考试安排科目（理论、实操、答辩；“不安排”除外）都有场次，且每名资格不是“不符合”的考生
//    在该科目的至少一个场次里有座位（同一科目可分几批场次，考生只需在其中一批）；
// 3. 每个有考生的场次满足工作人员配比规则（rules.ts 的 ratioProblems），没有停用的人员。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { type ExamPlan } from '../exaPlan/tables';
import { examSites } from './tables';
import { filedExamSites, loadLayout, qualifiedExaminees } from './context';
import { firstFew, ratioProblems } from './rules';
import { planSubjects } from './sessions';
import { loadStaff, ratioSeatsOf } from './staff';
import { SUBJECT_LABEL } from './schemas';

/** 最多列出几处配比问题 */
const MAX_RATIO_PROBLEMS = 3;

export async function roomsReady(db: Db, plan: ExamPlan): Promise<string | null> {
  const problems: string[] = [];
  const [layout, filed, sites, qualified, staff] = await Promise.all([
    loadLayout(db, plan.id),
    filedExamSites(db, plan.orgId),
    db.select().from(examSites).where(eq(examSites.planId, plan.id)),
    qualifiedExaminees(db, plan.id),
    loadStaff(db, plan.id),
  ]);

  const filedIds = new Set(filed.map((f) => f.id));
  const siteFiled = new Map(sites.map((s) => [s.id, filedIds.has(s.filingSiteId)]));
  const badRooms = layout.rooms.filter((r) => !siteFiled.get(r.siteId));
  if (badRooms.length) problems.push(`考场${firstFew(badRooms.map((r) => `「${r.siteName} ${r.name}」`), '间')}所在的考点不是本机构有效备案的考点`);

  for (const subject of planSubjects(plan)) {
    const ids = new Set(layout.sessions.filter((s) => s.subject === subject).map((s) => s.id));
    if (!ids.size) {
      problems.push(`尚未安排「${SUBJECT_LABEL[subject]}」的场次`);
      continue;
    }
    const seated = new Set(layout.seats.filter((s) => ids.has(s.sessionId)).map((s) => s.examineeId));
    const missing = qualified.filter((e) => !seated.has(e.id));
    if (missing.length) problems.push(`考生${firstFew(missing.map((e) => e.name))}尚未安排「${SUBJECT_LABEL[subject]}」的考场`);
  }

  const ratio = layout.sessions.flatMap((s) =>
    ratioProblems(
      s,
      ratioSeatsOf(layout, s.id),
      staff.filter((p) => p.sessionId === s.id),
    ),
  );
  problems.push(...ratio.slice(0, MAX_RATIO_PROBLEMS));
  if (ratio.length > MAX_RATIO_PROBLEMS) problems.push(`另有 ${ratio.length - MAX_RATIO_PROBLEMS} 处工作人员配比问题`);

  return problems.length ? problems.join('；') : null;
}
