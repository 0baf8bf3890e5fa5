// 考生测试的共用件：直接在库里建一份处于某一步的考试计划（计划的办理由 exaPlan 域测试），固定申报条件，生成身份证号与工作簿。
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '@/lib/platform/db/client';
import { idCheckChar } from '@/lib/platform/identity';
import { beijingDate } from '@/lib/platform/time';
import { organisations } from '@/lib/domains/org/tables';
import { filings } from '@/lib/domains/filing/tables';
import { baseWorkLevels, baseWorks } from '@/lib/domains/catalog/tables';
import { examPlans, examPlanWorks } from '@/lib/domains/exaPlan/tables';
import { call } from '../../helpers/api';

export const ELECTRICIAN = '6-31-01-03';

let seq = 0;

/** 一份计划：默认华元评价（石家庄）的技能等级认定，第 2 步办理中，电工四级与三级 */
export async function makePlan(db: Db, opts: { orgCode?: string; step?: number; state?: number; works?: [string, number][]; examStartDate?: string } = {}) {
  const [org] = await db.select().from(organisations).where(eq(organisations.code, opts.orgCode ?? 'ORG130102001'));
  const [filing] = await db.select().from(filings).where(eq(filings.orgId, org.id)).limit(1);
  const n = ++seq;
  const [plan] = await db
    .insert(examPlans)
    .values({
      code: `TEST-EX-${Date.now()}-${n}`,
      kind: 0,
      name: `考生测试计划${n}`,
      orgId: org.id,
      cityId: org.cityId,
      filingId: filing.id,
      step: opts.step ?? 2,
      state: opts.state ?? 0,
      arrangeTypes: [1, 2],
      examStartDate: opts.examStartDate ?? beijingDate(new Date(), 30),
      examEndDate: opts.examStartDate ?? beijingDate(new Date(), 31),
      expectedCount: 100,
      contactName: '陈静',
      contactPhone: '13831100004',
    })
    .returning();
  for (const [code, level] of opts.works ?? [
    [ELECTRICIAN, 4],
    [ELECTRICIAN, 3],
  ]) {
    const [w] = await db.select().from(baseWorks).where(eq(baseWorks.code, code));
    await db.insert(examPlanWorks).values({ planId: plan.id, workCode: code, workName: w.name, level });
  }
  return plan;
}

/** 固定电工四级、三级的申报条件：四级须从业 2 年；三级须持四级证书满 2 年或从业满 8 年 */
export async function fixRequirements(db: Db) {
  const [w] = await db.select().from(baseWorks).where(eq(baseWorks.code, ELECTRICIAN));
  await db
    .update(baseWorkLevels)
    .set({ limitType: 1, minYears: 2, prereqLevel: null, prereqYears: null })
    .where(and(eq(baseWorkLevels.workId, w.id), eq(baseWorkLevels.levelCode, 4)));
  await db
    .update(baseWorkLevels)
    .set({ limitType: 2, minYears: 8, prereqLevel: 4, prereqYears: 2 })
    .where(and(eq(baseWorkLevels.workId, w.id), eq(baseWorkLevels.levelCode, 3)));
}

/** 有效的 18 位身份证号：石家庄长安区，出生日期 birth（YYYYMMDD），顺序码 n */
export function idNo(n: number, birth = '19900101'): string {
  const body = `130102${birth}${String(n % 1000).padStart(3, '0')}`;
  return body + idCheckChar(body);
}

export const HEADER = ['姓名', '身份证号', '手机号', '工种', '等级', '学历', '从事本职业年限', '工作单位', '已有证书等级', '取得证书日期'];

/** 一行考生：电工四级，从业 5 年 */
export const person = (n: number, birthYear = 1980 + (n % 30)): (string | number | null)[] => [
  `考生${n}`,
  idNo(n, `${birthYear}0${1 + (n % 9)}1${n % 10}`),
  `139${String(10000000 + n).slice(-8)}`,
  '电工',
  '四级/中级工',
  '高中',
  '5',
  '石家庄恒瑞机械有限公司',
  null,
  null,
];

export async function workbook(rows: (ExcelJS.CellValue[] | null)[], opts: { title?: string; name?: string } = {}): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('考生');
  let r = 1;
  if (opts.title) ws.getCell(r++, 1).value = opts.title;
  for (const values of rows) {
    if (values) values.forEach((v, c) => v !== null && v !== undefined && (ws.getCell(r, c + 1).value = v));
    r++;
  }
  const bytes = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
  return new File([bytes], opts.name ?? '考生名单.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export async function upload<T = unknown>(headers: Record<string, string>, path: string, fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call<T>('POST', path, { headers, form });
}
