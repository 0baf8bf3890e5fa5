// 职业工种目录的演示数据：按编码新增或更新，可重复执行；已有的等级申报条件不覆盖。
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { organisations, organisationWorks } from '../org/tables';
import { baseJobs, baseJobSpecialSkills, baseWorkLevels, baseWorks } from './tables';
import { defaultRestriction } from './service';
import { SEED_JOBS, SEED_ORG_WORKS, SEED_SPECIAL_SKILLS } from './seed-data';

export async function seedCatalog(db: Db): Promise<void> {
  const jobs = await db
    .insert(baseJobs)
    .values(SEED_JOBS.map((j) => ({ code: j.code, name: j.name, category: Number(j.code[0]) })))
    .onConflictDoUpdate({ target: baseJobs.code, set: { name: sql.raw('excluded.name'), category: sql.raw('excluded.category') } })
    .returning({ id: baseJobs.id, code: baseJobs.code });
  const jobId = new Map(jobs.map((j) => [j.code, j.id]));

  const works = await db
    .insert(baseWorks)
    .values(SEED_JOBS.map((j) => ({ jobId: jobId.get(j.code)!, code: j.code, name: j.name })))
    .onConflictDoUpdate({
      target: baseWorks.code,
      set: { jobId: sql.raw('excluded.job_id'), name: sql.raw('excluded.name') },
    })
    .returning({ id: baseWorks.id, code: baseWorks.code });
  const workId = new Map(works.map((w) => [w.code, w.id]));

  await db
    .insert(baseWorkLevels)
    .values(
      SEED_JOBS.flatMap((j) => {
        const lowest = Math.max(...j.levels);
        return j.levels.map((levelCode) => ({ workId: workId.get(j.code)!, levelCode, ...defaultRestriction(levelCode, levelCode === lowest) }));
      }),
    )
    .onConflictDoNothing();

  await db
    .insert(baseJobSpecialSkills)
    .values(SEED_SPECIAL_SKILLS.map((s) => ({ code: s.code, name: s.name, description: s.description, jobId: s.jobCode ? jobId.get(s.jobCode)! : null })))
    .onConflictDoUpdate({
      target: baseJobSpecialSkills.code,
      set: { name: sql.raw('excluded.name'), description: sql.raw('excluded.description'), jobId: sql.raw('excluded.job_id') },
    });

  // 演示机构开展的工种：只给还没有任何工种的机构写入，不覆盖在界面上改过的
  const orgs = await db
    .select({ id: organisations.id, code: organisations.code })
    .from(organisations)
    .where(inArray(organisations.code, Object.keys(SEED_ORG_WORKS)));
  const withWorks = new Set(
    (
      await db
        .selectDistinct({ orgId: organisationWorks.orgId })
        .from(organisationWorks)
        .where(
          inArray(
            organisationWorks.orgId,
            orgs.map((o) => o.id),
          ),
        )
    ).map((r) => r.orgId),
  );
  const nameOf = new Map(SEED_JOBS.map((j) => [j.code, j.name]));
  const rows = orgs.filter((o) => !withWorks.has(o.id)).flatMap((o) => SEED_ORG_WORKS[o.code].map((code) => ({ orgId: o.id, workCode: code, workName: nameOf.get(code)! })));
  if (rows.length) await db.insert(organisationWorks).values(rows).onConflictDoNothing();
}
