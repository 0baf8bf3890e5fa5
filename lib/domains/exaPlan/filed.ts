// 机构已完成的备案覆盖的工种与等级：制定计划时只能选这些，离开第 0 步前再核对一次（备案可能已作废或缩减）。
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { LEVEL_NAMES } from '../catalog/schemas';
import { filingIncrements, filings, filingWorks } from '../filing/tables';
import { FILING_IN_FORCE, FILING_STATUS } from '../filing/transitions';

export type Filing = typeof filings.$inferSelect;

/** 机构某类别有效的备案（审核完成、作废在审、作废被驳回）；没有则为空 */
export async function filingInForce(db: Db, orgId: number, kind: number): Promise<Filing | undefined> {
  const [f] = await db
    .select()
    .from(filings)
    .where(and(eq(filings.orgId, orgId), eq(filings.kind, kind), inArray(filings.status, FILING_IN_FORCE)))
    .orderBy(desc(filings.id))
    .limit(1);
  return f;
}

export interface FiledWork {
  workCode: string;
  workName: string;
  levels: number[];
}

/** 备案已生效的工种与等级：主备案的工种，加上审核完成的增量里的工种（在审的增量不算） */
export async function filedWorks(db: Db, filingId: number): Promise<FiledWork[]> {
  const rows = await db
    .select({ workCode: filingWorks.workCode, workName: filingWorks.workName, levels: filingWorks.levels, incrementId: filingWorks.incrementId, incStatus: filingIncrements.status })
    .from(filingWorks)
    .leftJoin(filingIncrements, eq(filingIncrements.id, filingWorks.incrementId))
    .where(eq(filingWorks.filingId, filingId))
    .orderBy(filingWorks.workCode);
  return rows
    .filter((r) => r.incrementId === null || r.incStatus === FILING_STATUS.COMPLETED)
    .map((r) => ({ workCode: r.workCode, workName: r.workName, levels: [...r.levels].sort((a, b) => b - a) }));
}

/** 计划的工种与等级中不在已备案范围内的第一项的说法；都在则为空 */
export function uncoveredWork(wanted: readonly { workCode: string; workName?: string; level: number }[], filed: readonly FiledWork[], kindName: string): string | null {
  const byCode = new Map(filed.map((w) => [w.workCode, w]));
  for (const w of wanted) {
    const f = byCode.get(w.workCode);
    if (!f) return `工种「${w.workName ?? w.workCode}」不在本机构已完成的${kindName}备案内`;
    if (!f.levels.includes(w.level)) return `工种「${f.workName}」的${LEVEL_NAMES[w.level] ?? w.level}不在本机构已完成的${kindName}备案内`;
  }
  return null;
}
