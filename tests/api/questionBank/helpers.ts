// 题库测试的共用件：登录、取演示题库、建工作簿、上传。
import ExcelJS from 'exceljs';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { organisations } from '@/lib/domains/org/tables';
import { questionBanks, questionSubjects, knowledgePoints, type QuestionBank } from '@/lib/domains/questionBank/tables';
import { call } from '../../helpers/api';

export const HUAYUAN = 'ORG130102001';
export const BAODING_EVAL = 'ORG130606001';

export async function orgId(db: Db, code: string): Promise<number> {
  const [o] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code));
  return o.id;
}

/** 机构的第一个演示题库，及其科目（理论知识、操作技能）与末级知识点 */
export async function demoBank(db: Db, code = HUAYUAN): Promise<{ bank: QuestionBank; theory: number; skill: number; leaves: { id: number; name: string; parentId: number }[] }> {
  const [bank] = await db
    .select()
    .from(questionBanks)
    .where(eq(questionBanks.orgId, await orgId(db, code)))
    .orderBy(asc(questionBanks.id))
    .limit(1);
  const subjects = await db.select().from(questionSubjects).where(eq(questionSubjects.bankId, bank.id)).orderBy(asc(questionSubjects.sort));
  const kps = await db
    .select({ id: knowledgePoints.id, name: knowledgePoints.name, parentId: knowledgePoints.parentId })
    .from(knowledgePoints)
    .where(and(eq(knowledgePoints.orgId, bank.orgId), eq(knowledgePoints.workCode, bank.workCode)))
    .orderBy(asc(knowledgePoints.id));
  return { bank, theory: subjects[0].id, skill: subjects[1].id, leaves: kps.filter((k) => k.parentId !== 0) };
}

export const HEADER = ['科目', '知识点', '题型', '难度', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '答案', '解析', '分值', '状态'];

export async function workbook(rows: (ExcelJS.CellValue[] | null)[]): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('试题');
  rows.forEach((values, r) => values?.forEach((v, c) => v !== null && v !== undefined && (ws.getCell(r + 1, c + 1).value = v)));
  const bytes = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
  return new File([bytes], '试题.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export async function upload<T = unknown>(headers: Record<string, string>, path: string, fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call<T>('POST', path, { headers, form });
}

export const post = <T = unknown>(headers: Record<string, string>, path: string, json: unknown = {}) => call<T>('POST', path, { headers, json });
