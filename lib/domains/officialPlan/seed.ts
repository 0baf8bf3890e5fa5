// 演示年度评价计划：当年一份已发布的（有效备案的机构与其已备案工种，特意留出一个机构与一个工种不列入，审核时可见提示），
// 次年一份草稿。按（年度, 名称）幂等，已有的不动。
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { beijingDate } from '@/lib/platform/time';
import { filings, filingWorks } from '../filing/tables';
import { FILING_IN_FORCE } from '../filing/transitions';
import { officialPlanJobs, officialPlanOrgs, officialPlans } from './tables';
import { OFFICIAL_STATUS } from './schemas';

export async function seedOfficialPlans(db: Db): Promise<void> {
  const year = Number(beijingDate(new Date()).slice(0, 4));
  const inForce = await db
    .select({ orgId: filings.orgId, workCode: filingWorks.workCode, workName: filingWorks.workName, levels: filingWorks.levels })
    .from(filingWorks)
    .innerJoin(filings, eq(filings.id, filingWorks.filingId))
    .where(inArray(filings.status, FILING_IN_FORCE))
    .orderBy(asc(filingWorks.workCode), asc(filings.orgId));
  if (!inForce.length) return;
  const works = new Map<string, { workCode: string; workName: string; levels: Set<number> }>();
  for (const w of inForce) {
    const item = works.get(w.workCode) ?? { workCode: w.workCode, workName: w.workName, levels: new Set<number>() };
    w.levels.forEach((l) => item.levels.add(l));
    works.set(w.workCode, item);
  }
  const orgIds = [...new Set(inForce.map((w) => w.orgId))].sort((a, b) => a - b);
  // 最后一个工种与最后一个机构不列入：这些机构的考试计划审核时看到“不在年度评价计划内”的提示
  const jobs = [...works.values()].slice(0, -1);
  const orgs = orgIds.slice(0, -1);
  const demo = [
    { year, name: `${year} 年度职业技能评价计划`, status: OFFICIAL_STATUS.PUBLISHED, remark: '全省年度职业技能等级认定与专项能力考核计划', jobs, orgs },
    { year: year + 1, name: `${year + 1} 年度职业技能评价计划（征求意见稿）`, status: OFFICIAL_STATUS.DRAFT, remark: '草稿，待各市报送后发布', jobs: jobs.slice(0, 3), orgs: orgs.slice(0, 2) },
  ];
  for (const d of demo) {
    const [have] = await db
      .select({ id: officialPlans.id })
      .from(officialPlans)
      .where(and(eq(officialPlans.year, d.year), eq(officialPlans.name, d.name)));
    if (have) continue;
    const [p] = await db
      .insert(officialPlans)
      .values({ year: d.year, name: d.name, status: d.status, remark: d.remark, submittedAt: d.status === OFFICIAL_STATUS.PUBLISHED ? new Date(Date.now() - 30 * 24 * 3600 * 1000) : null })
      .returning();
    if (d.jobs.length) await db.insert(officialPlanJobs).values(d.jobs.map((j) => ({ planId: p.id, workCode: j.workCode, workName: j.workName, levels: [...j.levels].sort((a, b) => b - a) })));
    if (d.orgs.length) await db.insert(officialPlanOrgs).values(d.orgs.map((orgId) => ({ planId: p.id, orgId })));
  }
}
