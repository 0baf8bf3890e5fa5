// 培训工种补贴标准的 Excel 导入（/subsidy/importWorkStandard），经共用导入管线：全部行通过才写入，否则一行不写并给出错误工作簿。
// 每行：市（省级必填，名称或代码；市级只能是本市，可不填）、工种编码、等级、每人金额、出勤比例、生效与失效日期（同一年度）、备注。
// 与库中同一市同一工种 × 等级的各版本、与本文件前面的行，有效期都不得重叠；版本号接着该对象已有的最大版本。
import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionUser } from '@/lib/platform/auth/session';
import { defineImport, type RowIssue } from '@/lib/platform/excel/import';
import { int, nullableText, required } from '@/lib/platform/validation/fields';
import { areas } from '@/lib/domains/area/tables';
import { baseWorks } from '@/lib/domains/catalog/tables';
import { levelCodeOf } from '@/lib/domains/catalog/schemas';
import { dateText } from '@/lib/domains/trainClass/schemas';
import { subsidyStandards } from './tables';

export const WorkStandardImportRow = z.object({
  city: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined), z.string().max(32).optional()),
  workCode: required('工种编码', 32),
  level: z
    .string({ error: '请填写等级' })
    .trim()
    .min(1, '请填写等级')
    .transform((text, ctx) => {
      const code = levelCodeOf(text);
      if (code === null) {
        ctx.addIssue({ code: 'custom', message: `等级不认识：${text}（可写 五级、初级工 或 5）` });
        return z.NEVER;
      }
      return code;
    }),
  amount: int('补贴金额', 0, 100000),
  minAttendance: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v : undefined), int('出勤比例', 0, 100).optional()),
  validFrom: dateText('生效日期'),
  validTo: dateText('失效日期'),
  remark: nullableText('备注', 300),
});
type Row = z.output<typeof WorkStandardImportRow>;

/** 导入的上下文：谁在导入；各行定下的市、工种名称；本文件已通过的行（查文件内重叠）；写入条数 */
export interface WorkStandardImportParams {
  user: Pick<SessionUser, 'id' | 'level' | 'cityId'>;
  resolved: Map<Row, { cityId: number; workName: string }>;
  accepted: { cityId: number; subject: string; validFrom: string; validTo: string; row: number }[];
  written: number;
}

export const workStandardImportParams = (user: WorkStandardImportParams['user']): WorkStandardImportParams => ({ user, resolved: new Map(), accepted: [], written: 0 });

export const workStandardImport = defineImport<typeof WorkStandardImportRow, WorkStandardImportParams>({
  name: 'trainWorkSubsidy',
  title: '培训工种补贴标准导入',
  row: WorkStandardImportRow,
  columns: [
    { key: 'city', header: '市', example: '石家庄市', note: '省级管理员必填：市的名称或代码（如 石家庄市 或 130100）；市级管理员只能导入本市的，可不填', width: 14 },
    { key: 'workCode', header: '工种编码', example: '4-01-02-01', note: '职业目录里的工种编码', width: 16 },
    { key: 'level', header: '等级', example: '四级', note: '可写 五级、初级工 或 5', width: 10 },
    { key: 'amount', header: '每人金额（元）', example: '1500', note: '0–100000 的整数', width: 14 },
    { key: 'minAttendance', header: '出勤比例（%）', example: '80', note: '出勤学时不少于班级学时的百分之几，不填为 80', width: 14 },
    { key: 'validFrom', header: '生效日期', example: '2026-01-01', note: '与失效日期在同一年度内', width: 14 },
    { key: 'validTo', header: '失效日期', example: '2026-12-31', width: 14 },
    { key: 'remark', header: '备注', width: 24 },
  ],
  async check(tx, batch, { params }) {
    const issues: RowIssue<keyof Row & string>[] = [];
    const { user } = params;
    const names = [...new Set(batch.map((b) => b.data.city).filter((c): c is string => !!c))];
    const cityRows = names.length
      ? await tx
          .select({ id: areas.id, name: areas.name })
          .from(areas)
          .where(and(eq(areas.level, 2), or(inArray(areas.name, names), inArray(sql`${areas.id}::text`, names))))
      : [];
    const cityOf = (text: string) => cityRows.find((c) => c.name === text || String(c.id) === text)?.id;
    const works = await tx
      .select({ code: baseWorks.code, name: baseWorks.name })
      .from(baseWorks)
      .where(inArray(baseWorks.code, [...new Set(batch.map((b) => b.data.workCode))]));
    const workName = new Map(works.map((w) => [w.code, w.name]));
    const ok: { row: number; data: Row; cityId: number; subject: string }[] = [];
    for (const { row, data } of batch) {
      let cityId: number | undefined;
      if (user.level === 'city') {
        cityId = data.city ? cityOf(data.city) : (user.cityId ?? undefined);
        if (cityId !== user.cityId) {
          issues.push({ row, column: 'city', message: '市级管理员只能导入本市的补贴标准' });
          continue;
        }
      } else if (!data.city) {
        issues.push({ row, column: 'city', message: '请填写市' });
        continue;
      } else {
        cityId = cityOf(data.city);
        if (cityId === undefined) {
          issues.push({ row, column: 'city', message: `没有这个市：${data.city}` });
          continue;
        }
      }
      const name = workName.get(data.workCode);
      if (!name) {
        issues.push({ row, column: 'workCode', message: `工种 ${data.workCode} 不在职业目录中` });
        continue;
      }
      if (data.validTo < data.validFrom) {
        issues.push({ row, column: 'validTo', message: '失效日期不能早于生效日期' });
        continue;
      }
      if (data.validFrom.slice(0, 4) !== data.validTo.slice(0, 4)) {
        issues.push({ row, column: 'validTo', message: '须与生效日期在同一年度内' });
        continue;
      }
      const subject = `${data.workCode}:${data.level}`;
      const twin = params.accepted.find((a) => a.cityId === cityId && a.subject === subject && a.validFrom <= data.validTo && a.validTo >= data.validFrom);
      if (twin) {
        issues.push({ row, column: 'validFrom', message: `与第 ${twin.row} 行的有效期重叠` });
        continue;
      }
      params.resolved.set(data, { cityId: cityId!, workName: name });
      params.accepted.push({ cityId: cityId!, subject, validFrom: data.validFrom, validTo: data.validTo, row });
      ok.push({ row, data, cityId: cityId!, subject });
    }
    if (ok.length) {
      const existing = await tx
        .select()
        .from(subsidyStandards)
        .where(
          and(
            eq(subsidyStandards.kind, 'work'),
            inArray(subsidyStandards.cityId, [...new Set(ok.map((o) => o.cityId))]),
            inArray(subsidyStandards.subject, [...new Set(ok.map((o) => o.subject))]),
            lte(subsidyStandards.validFrom, ok.reduce((m, o) => (o.data.validTo > m ? o.data.validTo : m), '0000-00-00')),
            gte(subsidyStandards.validTo, ok.reduce((m, o) => (o.data.validFrom < m ? o.data.validFrom : m), '9999-99-99')),
          ),
        );
      for (const o of ok) {
        const other = existing.find((s) => s.cityId === o.cityId && s.subject === o.subject && s.validFrom <= o.data.validTo && s.validTo >= o.data.validFrom);
        if (other) issues.push({ row: o.row, column: 'validFrom', message: `与已有的第 ${other.version} 版（${other.validFrom} 至 ${other.validTo}）有效期重叠` });
      }
    }
    return issues;
  },
  async commit(tx, rows, { params }) {
    const values = rows.map((r) => ({ r, ...params.resolved.get(r)!, subject: `${r.workCode}:${r.level}` }));
    const versions = await tx
      .select({ cityId: subsidyStandards.cityId, subject: subsidyStandards.subject, v: sql<number>`max(${subsidyStandards.version})::int` })
      .from(subsidyStandards)
      .where(and(eq(subsidyStandards.kind, 'work'), inArray(subsidyStandards.subject, [...new Set(values.map((v) => v.subject))])))
      .groupBy(subsidyStandards.cityId, subsidyStandards.subject);
    const next = new Map(versions.map((v) => [`${v.cityId}|${v.subject}`, Number(v.v)]));
    await tx.insert(subsidyStandards).values(
      values.map(({ r, cityId, workName, subject }) => {
        const key = `${cityId}|${subject}`;
        const version = (next.get(key) ?? 0) + 1;
        next.set(key, version);
        return {
          kind: 'work',
          cityId,
          year: Number(r.validFrom.slice(0, 4)),
          subject,
          workCode: r.workCode,
          workName,
          level: r.level,
          amount: r.amount,
          minAttendance: r.minAttendance ?? 80,
          validFrom: r.validFrom,
          validTo: r.validTo,
          version,
          remark: r.remark,
          createdBy: params.user.id,
        };
      }),
    );
    params.written += rows.length;
  },
});
