// 试题导入（.xlsx）：列与导出相同；科目按名称、知识点按“上级/下级”路径（或末级名称，须唯一）对应本题库；
// 题型、难度认中文写法；选项与答案按题型检查（与保存同一个 normalizeQuestion）。全有或全无：任何一行出错一行也不写，给出错误工作簿。
import { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { defineImport, importResponse, runImport, type ImportDef, type RowIssue } from '@/lib/platform/excel/import';
import { eq } from 'drizzle-orm';
import { questions, questionSubjects, type QuestionBank } from './tables';
import { DIFFICULTY_LABEL, OPTION_KEYS, QUESTION_TYPE_LABEL, QUESTION_TYPES, type QuestionType } from './constants';
import { bankForChange } from './access';
import { knowledgeRows } from './banks';
import { kpPaths } from './questions';
import { normalizeQuestion } from './schemas';

/** 导入与导出的选项列：A–F */
const IMPORT_OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F'] as const satisfies readonly (typeof OPTION_KEYS)[number][];

const typeByLabel = new Map<string, QuestionType>(QUESTION_TYPES.flatMap((t) => [[t, t] as [string, QuestionType], [QUESTION_TYPE_LABEL[t], t], [QUESTION_TYPE_LABEL[t].replace(/题$/, ''), t]]));
typeByLabel.set('单选', 'single').set('单选题', 'single').set('多选', 'multiple').set('多选题', 'multiple');
const difficultyByLabel = new Map<string, number>(Object.entries(DIFFICULTY_LABEL).flatMap(([v, label]) => [[label, Number(v)] as [string, number], [v, Number(v)]]));

const cell = (label: string, max: number) => z.string({ error: `请填写${label}` }).trim().min(1, `请填写${label}`).max(max, `${label}最多 ${max} 个字`);
const optionalCell = (label: string, max: number) => z.string().trim().max(max, `${label}最多 ${max} 个字`).optional();

export const QuestionImportRow = z.object({
  subject: cell('科目', 64),
  kp: cell('知识点', 300),
  type: cell('题型', 16)
    .refine((v) => typeByLabel.has(v), '题型只能是单项选择题、多项选择题、判断题、填空题、简答题、实操题')
    .transform((v) => typeByLabel.get(v)!),
  difficulty: cell('难度', 8)
    .refine((v) => difficultyByLabel.has(v), '难度只能是易、较易、中等、较难、难（或 1–5）')
    .transform((v) => difficultyByLabel.get(v)!),
  stem: cell('题干', 2000),
  optionA: optionalCell('选项A', 500),
  optionB: optionalCell('选项B', 500),
  optionC: optionalCell('选项C', 500),
  optionD: optionalCell('选项D', 500),
  optionE: optionalCell('选项E', 500),
  optionF: optionalCell('选项F', 500),
  answer: optionalCell('答案', 2000),
  analysis: optionalCell('解析', 2000),
  score: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || (/^\d+(\.5|\.0)?$/.test(v) && Number(v) >= 0.5 && Number(v) <= 100), '分值应为 0.5–100 的整数或 0.5 分')
    .transform((v) => (v === undefined ? '1' : String(Number(v)))),
  status: z.string().trim().optional(),
});
type Row = z.output<typeof QuestionImportRow>;

interface Params {
  bank: QuestionBank;
  subjects: Map<string, number>;
  /** 路径或唯一的末级名称 → 知识点 id；末级名称重名时为 null */
  kps: Map<string, number | null>;
  resolved: Map<Row, { subjectId: number; kpId: number; answer: string; options: { key: string; text: string }[] }>;
}

const optionsOf = (r: Row) => IMPORT_OPTION_KEYS.map((key) => ({ key, text: r[`option${key}` as `option${(typeof IMPORT_OPTION_KEYS)[number]}`] ?? '' }));

function check(_tx: Db, rows: { row: number; data: Row }[], { params }: { params: Params }): Promise<RowIssue<keyof Row & string>[]> {
  const issues: RowIssue<keyof Row & string>[] = [];
  for (const { row, data } of rows) {
    const subjectId = params.subjects.get(data.subject);
    if (subjectId === undefined) issues.push({ row, column: 'subject', message: `题库里没有科目「${data.subject}」` });
    const path = data.kp.replace(/\s*[/／>]\s*/g, '/');
    const kpId = params.kps.get(path);
    if (kpId === undefined) issues.push({ row, column: 'kp', message: `知识点「${data.kp}」不存在，请先在知识点树中添加，或写成“上级/下级”的路径` });
    else if (kpId === null) issues.push({ row, column: 'kp', message: `有多个知识点名为「${data.kp}」，请写成“上级/下级”的路径` });
    const norm = normalizeQuestion({ type: data.type, options: optionsOf(data), answer: data.answer ?? '' });
    if (!norm.ok) issues.push({ row, column: norm.field === 'answer' ? 'answer' : 'optionA', message: norm.message });
    else if (subjectId !== undefined && kpId) params.resolved.set(data, { subjectId, kpId, answer: norm.answer, options: norm.options });
  }
  return Promise.resolve(issues);
}

async function commit(tx: Db, rows: Row[], { params, userId }: { params: Params; userId: number | null }): Promise<void> {
  const { bank } = params;
  await tx.insert(questions).values(
    rows.map((r) => {
      const x = params.resolved.get(r)!;
      return {
        bankId: bank.id,
        orgId: bank.orgId,
        cityId: bank.cityId,
        subjectId: x.subjectId,
        kpId: x.kpId,
        type: r.type,
        difficulty: r.difficulty,
        stem: r.stem,
        options: x.options,
        answer: x.answer,
        analysis: r.analysis ?? null,
        score: r.score,
        status: r.status === '停用' ? 1 : 0,
        createdBy: userId,
      };
    }),
  );
}

export const questionImport: ImportDef<typeof QuestionImportRow, Params> = defineImport({
  name: 'question',
  title: '试题导入',
  columns: [
    { key: 'subject', header: '科目', example: '理论知识', note: '本题库的科目名称' },
    { key: 'kp', header: '知识点', example: '安全用电/触电急救', width: 24, note: '“上级/下级”的路径；末级名称在本工种唯一时也可只写名称' },
    { key: 'type', header: '题型', example: '单项选择题', note: '单项选择题、多项选择题、判断题、填空题、简答题、实操题' },
    { key: 'difficulty', header: '难度', example: '中等', note: '易、较易、中等、较难、难（或 1–5）' },
    { key: 'stem', header: '题干', example: '发现有人触电，首先应当（　）。', width: 50 },
    ...IMPORT_OPTION_KEYS.map((k, i) => ({
      key: `option${k}` as const,
      header: `选项${k}`,
      width: 20,
      ...(i < 4 ? { example: ['切断电源', '拨打急救电话', '用手拉开触电者', '进行人工呼吸'][i] } : {}),
      ...(i === 0 ? { note: '单选、多选题至少两个选项；其他题型不填' } : {}),
    })),
    { key: 'answer', header: '答案', example: 'A', note: '选择题填选项字母（多选如 ABD）；判断题填“正确”或“错误”；其他题型填参考答案或评分要点' },
    { key: 'analysis', header: '解析', width: 40 },
    { key: 'score', header: '分值', example: '1', note: '建议分值，默认 1' },
    { key: 'status', header: '状态', note: '填“停用”则导入为停用，其余为启用' },
  ],
  row: QuestionImportRow,
  check,
  commit,
  batchSize: 1000,
});

/** 导入试题到题库（全部校验通过才写入；失败时返回错误工作簿） */
export async function importQuestions(db: Db, session: Session, input: { bankId: number; file: Blob }, audit: Audit) {
  const bank = await bankForChange(db, session, input.bankId, 'import', '导入试题');
  const subjects = await db.select({ id: questionSubjects.id, name: questionSubjects.name }).from(questionSubjects).where(eq(questionSubjects.bankId, bank.id));
  const rows = await knowledgeRows(db, bank.orgId, bank.workCode);
  const kps = new Map<string, number | null>();
  // 先按末级名称（重名为 null），再以完整路径覆盖（路径总是唯一的）
  for (const r of rows) kps.set(r.name, kps.has(r.name) ? null : r.id);
  for (const [id, path] of kpPaths(rows)) kps.set(path, id);
  const params: Params = { bank, subjects: new Map(subjects.map((s) => [s.name, s.id])), kps, resolved: new Map() };
  const answer = importResponse(await runImport(questionImport, input.file, { db, userId: session.user.id, params }));
  audit({ entity: 'question', detail: `导入试题 ${answer.total} 道到题库 ${bank.name}` });
  return answer;
}
