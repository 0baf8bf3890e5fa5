// 试卷的使用（考务安排调用的公开接口）：把试卷放到考试的某场次（与考场）上、撤下、查谁在用，以及试卷的呈现与 PDF。
// 被使用的试卷不能修改或删除（service.ts 的 assertPaperUnused 用 paperUsages 说明被哪个计划、场次、考场使用）。
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { examPlans } from '../exaPlan/tables';
import { examRooms, examSessions } from '../examSite/tables';
import { papers, paperUses } from './tables';
import { BANK_STATUS } from './constants';
import type { PaperUsage } from './schemas';

export { renderPaper, paperPdf, type RenderedPaper } from './render';
export type { PaperUsage } from './schemas';

/** 试卷放到场次（与考场；roomId 为空即整个场次）上。同一 (场次, 考场) 再调用即换成这份试卷。试卷不存在、不属于该机构或已停用 400 */
export async function usePaper(db: Db, input: { paperId: number; orgId: number; planId: number; sessionId: number; roomId: number | null }): Promise<void> {
  const [paper] = await db.select({ id: papers.id, orgId: papers.orgId, cityId: papers.cityId, status: papers.status, name: papers.name }).from(papers).where(eq(papers.id, input.paperId));
  if (!paper || paper.orgId !== input.orgId) throw ApiError.badRequest('试卷不存在或不属于本机构');
  if (paper.status !== BANK_STATUS.ENABLED) throw ApiError.badRequest(`试卷「${paper.name}」已停用，不能用于考试`);
  await db.execute(sql`
    insert into ${paperUses} (paper_id, org_id, city_id, plan_id, session_id, room_id)
    values (${paper.id}, ${paper.orgId}, ${paper.cityId}, ${input.planId}, ${input.sessionId}, ${input.roomId})
    on conflict (session_id, coalesce(room_id, 0)) do update set paper_id = excluded.paper_id, plan_id = excluded.plan_id, org_id = excluded.org_id, city_id = excluded.city_id`);
}

/** 撤下场次（与考场）上的试卷；没有则什么也不做 */
export async function releasePaperUse(db: Db, input: { sessionId: number; roomId: number | null }): Promise<void> {
  await db.delete(paperUses).where(and(eq(paperUses.sessionId, input.sessionId), input.roomId === null ? isNull(paperUses.roomId) : eq(paperUses.roomId, input.roomId)));
}


/** 使用这份试卷的场次与考场 */
export async function paperUsages(db: Db, paperId: number): Promise<PaperUsage[]> {
  return db
    .select({
      planId: paperUses.planId,
      planCode: examPlans.code,
      sessionId: paperUses.sessionId,
      sessionName: examSessions.name,
      roomId: paperUses.roomId,
      roomName: examRooms.name,
    })
    .from(paperUses)
    .innerJoin(examPlans, eq(examPlans.id, paperUses.planId))
    .innerJoin(examSessions, eq(examSessions.id, paperUses.sessionId))
    .leftJoin(examRooms, eq(examRooms.id, paperUses.roomId))
    .where(eq(paperUses.paperId, paperId))
    .orderBy(asc(paperUses.id));
}

/** 一次使用的说法：“计划 P2025… 场次「理论知识」考场「第一考场」” */
export function usageText(u: PaperUsage): string {
  return `考试计划 ${u.planCode} 的场次「${u.sessionName}」${u.roomName ? `考场「${u.roomName}」` : '（全部考场）'}`;
}

/** 机构启用的试卷（考务安排选卷用），可按工种、等级筛选 */
export async function papersForOrg(db: Db, orgId: number, filter: { workCode?: string; level?: number }): Promise<{ id: number; name: string; workCode: string; level: number }[]> {
  return db
    .select({ id: papers.id, name: papers.name, workCode: papers.workCode, level: papers.level })
    .from(papers)
    .where(
      and(
        eq(papers.orgId, orgId),
        eq(papers.status, BANK_STATUS.ENABLED),
        filter.workCode !== undefined ? eq(papers.workCode, filter.workCode) : undefined,
        filter.level !== undefined ? eq(papers.level, filter.level) : undefined,
      ),
    )
    .orderBy(asc(papers.workCode), asc(papers.level), asc(papers.id));
}
