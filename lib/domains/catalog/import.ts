// 职业工种的两个导入（/job/impJob、/job/impWorkRequire），经共用导入管线：全部行通过才写入，否则一行不写并给出错误工作簿。
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { defineImport, type RowIssue } from '@/lib/platform/excel/import';
import { baseJobs, baseWorkLevels, baseWorks } from './tables';
import { JobImportRow, LEVEL_NAMES, WorkRequireImportRow } from './schemas';
import { defaultRestriction } from './service';

/** 写入结果（记操作日志用） */
export interface CatalogImportParams {
  written: string[];
}
export const catalogImportParams = (): CatalogImportParams => ({ written: [] });

type JobRow = z.output<typeof JobImportRow>;

export const jobImport = defineImport<typeof JobImportRow, CatalogImportParams>({
  name: 'baseJob',
  title: '职业工种导入',
  row: JobImportRow,
  columns: [
    { key: 'jobCode', header: '职业编码', example: '6-18-01-01', note: '《职业分类大典》细类编码，如 6-18-01-01；职业不存在时新建', width: 14 },
    { key: 'jobName', header: '职业名称', example: '车工', note: '已有职业须与现有名称一致', width: 16 },
    { key: 'workCode', header: '工种编码', example: '6-18-01-01', note: '与职业编码相同，或职业编码后加两位序号；不能与已有工种重复', width: 16 },
    { key: 'workName', header: '工种名称', example: '车工', width: 16 },
    { key: 'levels', header: '等级', example: '五级,四级,三级,二级,一级', note: '多个等级用逗号分隔，可写 五级、初级工 或 5', width: 26 },
  ],
  unique: ['workCode'],
  async check(tx, batch) {
    const issues: RowIssue<keyof JobRow & string>[] = [];
    const rows = batch.map((b) => b.data);
    const [jobs, works] = await Promise.all([
      tx
        .select({ code: baseJobs.code, name: baseJobs.name })
        .from(baseJobs)
        .where(
          inArray(
            baseJobs.code,
            rows.map((r) => r.jobCode),
          ),
        ),
      tx
        .select({ code: baseWorks.code })
        .from(baseWorks)
        .where(
          inArray(
            baseWorks.code,
            rows.map((r) => r.workCode),
          ),
        ),
    ]);
    const jobName = new Map(jobs.map((j) => [j.code, j.name]));
    const takenWorks = new Set(works.map((w) => w.code));
    for (const { row, data } of batch) {
      const known = jobName.get(data.jobCode);
      if (known !== undefined && known !== data.jobName) issues.push({ row, column: 'jobName', message: `职业编码 ${data.jobCode} 已存在，名称为「${known}」` });
      if (known === undefined) jobName.set(data.jobCode, data.jobName);
      if (data.workCode !== data.jobCode && !data.workCode.startsWith(data.jobCode + '-'))
        issues.push({ row, column: 'workCode', message: `工种编码须以职业编码 ${data.jobCode} 开头` });
      if (takenWorks.has(data.workCode)) issues.push({ row, column: 'workCode', message: '工种编码已存在' });
    }
    return issues;
  },
  async commit(tx, rows, { params }) {
    const newJobs = [...new Map(rows.map((r) => [r.jobCode, r.jobName])).entries()];
    await tx
      .insert(baseJobs)
      .values(newJobs.map(([code, name]) => ({ code, name, category: Number(code[0]) })))
      .onConflictDoNothing();
    const jobs = await tx
      .select({ id: baseJobs.id, code: baseJobs.code })
      .from(baseJobs)
      .where(
        inArray(
          baseJobs.code,
          newJobs.map(([c]) => c),
        ),
      );
    const jobId = new Map(jobs.map((j) => [j.code, j.id]));
    const works = await tx
      .insert(baseWorks)
      .values(rows.map((r) => ({ jobId: jobId.get(r.jobCode)!, code: r.workCode, name: r.workName })))
      .returning({ id: baseWorks.id, code: baseWorks.code });
    const workId = new Map(works.map((w) => [w.code, w.id]));
    await tx.insert(baseWorkLevels).values(
      rows.flatMap((r) => {
        const lowest = Math.max(...r.levels);
        return r.levels.map((levelCode) => ({ workId: workId.get(r.workCode)!, levelCode, ...defaultRestriction(levelCode, levelCode === lowest) }));
      }),
    );
    params.written.push(...rows.map((r) => r.workCode));
  },
});

type RequireRow = z.output<typeof WorkRequireImportRow>;

export const workRequireImport = defineImport<typeof WorkRequireImportRow, CatalogImportParams>({
  name: 'baseWorkRequire',
  title: '等级申报条件导入',
  row: WorkRequireImportRow,
  columns: [
    { key: 'workCode', header: '工种编码', example: '6-31-01-03', note: '须为已有工种', width: 16 },
    { key: 'level', header: '等级', example: '四级', note: '五级/初级工、四级/中级工、三级/高级工、二级/技师、一级/高级技师，或 5 到 1；须为该工种已开设的等级', width: 14 },
    { key: 'minYears', header: '累计从业年限', example: '6', note: '累计从事本职业或相关职业满多少年可申报；与持证年限都不填表示不限制', width: 14 },
    { key: 'prereqYears', header: '持低一级证书后年限', example: '4', note: '取得低一级证书后满多少年可申报（五级不填）', width: 18 },
    { key: 'requirement', header: '申报条件', example: '取得本职业五级/初级工证书后，累计从事本职业工作 4 年（含）以上；或累计从事本职业工作 6 年（含）以上。', width: 60 },
  ],
  async check(tx, batch) {
    const issues: RowIssue<keyof RequireRow & string>[] = [];
    const codes = [...new Set(batch.map((b) => b.data.workCode))];
    const levels = await tx
      .select({ code: baseWorks.code, levelCode: baseWorkLevels.levelCode })
      .from(baseWorks)
      .leftJoin(baseWorkLevels, eq(baseWorkLevels.workId, baseWorks.id))
      .where(inArray(baseWorks.code, codes));
    const known = new Set(levels.map((l) => l.code));
    const open = new Set(levels.map((l) => `${l.code}:${l.levelCode}`));
    const seen = new Map<string, number>();
    for (const { row, data } of batch) {
      if (!known.has(data.workCode)) {
        issues.push({ row, column: 'workCode', message: '工种不存在' });
        continue;
      }
      const key = `${data.workCode}:${data.level}`;
      if (!open.has(key)) issues.push({ row, column: 'level', message: `该工种没有开设${LEVEL_NAMES[data.level]}` });
      if (seen.has(key)) issues.push({ row, column: 'level', message: `与第 ${seen.get(key)} 行重复` });
      else seen.set(key, row);
      if (data.level === 5 && data.prereqYears !== undefined) issues.push({ row, column: 'prereqYears', message: '五级没有更低的等级，不填持证年限' });
    }
    return issues;
  },
  async commit(tx, rows, { params }) {
    const works = await tx
      .select({ id: baseWorks.id, code: baseWorks.code })
      .from(baseWorks)
      .where(
        inArray(
          baseWorks.code,
          rows.map((r) => r.workCode),
        ),
      );
    const workId = new Map(works.map((w) => [w.code, w.id]));
    for (const r of rows) {
      const limitType = r.prereqYears !== undefined ? 2 : r.minYears !== undefined ? 1 : 0;
      await tx
        .update(baseWorkLevels)
        .set({
          limitType,
          minYears: r.minYears ?? null,
          prereqLevel: limitType === 2 ? r.level + 1 : null,
          prereqYears: r.prereqYears ?? null,
          requirement: r.requirement ?? null,
          updatedAt: new Date(),
        })
        .where(and(eq(baseWorkLevels.workId, workId.get(r.workCode)!), eq(baseWorkLevels.levelCode, r.level)));
      params.written.push(`${r.workCode} ${LEVEL_NAMES[r.level]}`);
    }
  },
});
