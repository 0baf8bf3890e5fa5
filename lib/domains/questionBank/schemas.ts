// 题库、科目、知识点、试题与试卷的输入模式（中文消息，前后端共用）与返回类型。
import { z } from 'zod';
import { blankToUndefined, flag, id, ids, int, nullableText, optionalId, optionalText, required, text } from '@/lib/platform/validation/fields';
import { CHOICE_TYPES, DIFFICULTY_LABEL, JUDGE_ANSWERS, MAX_PAPER_QUESTIONS, OPTION_KEYS, QUESTION_TYPE_LABEL, QUESTION_TYPES, type QuestionType } from './constants';

export const bankKindSchema = z.coerce
  .number({ error: '请选择题库类别' })
  .int()
  .min(0, '题库类别不正确')
  .max(3, '题库类别不正确')
  .describe('题库类别：0 技能等级认定 1 职业资格 2 专项能力 3 机关工勤');

const levelSchema = z.coerce.number({ error: '请选择等级' }).int('等级不正确').min(1, '等级不正确').max(5, '等级不正确').describe('等级：5 五级/初级工 … 1 一级/高级技师');
const optionalLevel = z.preprocess(blankToUndefined, levelSchema.optional()).describe('等级');
const statusSchema = z.coerce.number({ error: '请选择状态' }).int().min(0, '状态不正确').max(1, '状态不正确').describe('状态：0 启用 1 停用');
const optionalStatus = z.preprocess(blankToUndefined, statusSchema.optional()).describe('状态：0 启用 1 停用');

export const questionTypeSchema = z.enum(QUESTION_TYPES, { error: '题型不正确' }).describe('题型：single 单选 multiple 多选 judge 判断 fill 填空 short 简答 task 实操');
const optionalType = z.preprocess(blankToUndefined, questionTypeSchema.optional()).describe('题型');
export const difficultySchema = z.coerce.number({ error: '请选择难度' }).int('难度不正确').min(1, '难度不正确').max(5, '难度不正确').describe('难度：1 易 2 较易 3 中等 4 较难 5 难');
const optionalDifficulty = z.preprocess(blankToUndefined, difficultySchema.optional()).describe('难度');
const scoreSchema = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .min(0.5, `${label}不能小于 0.5`)
    .max(100, `${label}不能大于 100`)
    .refine((v) => Number.isInteger(v * 2), `${label}只能是整数或 0.5 分`)
    .describe(label);

// ---------- 题库 ----------

export const BankListInput = z.object({
  kind: bankKindSchema,
  orgName: optionalText('机构名称', 64),
  workName: optionalText('工种', 64),
  level: optionalLevel,
  status: optionalStatus,
});

export const BankSaveInput = z.object({
  id: id('题库').optional(),
  kind: bankKindSchema,
  workCode: required('工种', 32),
  level: levelSchema,
  name: required('题库名称', 128),
  remark: nullableText('备注', 500),
});

export const IdInput = z.object({ id: id('记录') });
export const BankIdInput = z.object({ bankId: id('题库', '请选择题库') });
export const StatusInput = z.object({ id: id('记录'), status: statusSchema });
export const IdsStatusInput = z.object({ ids: ids('试题'), status: statusSchema });
export const IdsInput = z.object({ ids: ids('试题') });
export const KindInput = z.object({ kind: bankKindSchema });

// ---------- 科目与知识点 ----------

export const SubjectSaveInput = z.object({
  id: id('科目').optional(),
  bankId: id('题库', '请选择题库'),
  name: required('科目名称', 64),
  sort: z.preprocess(blankToUndefined, int('排序', 0, 999).default(0)),
});

export const KnowledgeSaveInput = z.object({
  id: id('知识点').optional(),
  bankId: id('题库', '请选择题库'),
  parentId: z.preprocess(blankToUndefined, z.coerce.number({ error: '上级知识点不正确' }).int().min(0, '上级知识点不正确').max(2_147_483_647, '上级知识点不正确').default(0)).describe('上级知识点，0 为根'),
  name: required('知识点名称', 100),
  sort: z.preprocess(blankToUndefined, int('排序', 0, 999).default(0)),
});

// ---------- 试题 ----------

export interface QuestionBody {
  type: QuestionType;
  options: { key: string; text: string }[];
  answer: string;
}

const judgeAlias: Record<string, string> = { 正确: JUDGE_ANSWERS.TRUE, 对: JUDGE_ANSWERS.TRUE, '√': JUDGE_ANSWERS.TRUE, T: JUDGE_ANSWERS.TRUE, TRUE: JUDGE_ANSWERS.TRUE, 错误: JUDGE_ANSWERS.FALSE, 错: JUDGE_ANSWERS.FALSE, '×': JUDGE_ANSWERS.FALSE, F: JUDGE_ANSWERS.FALSE, FALSE: JUDGE_ANSWERS.FALSE };

/**
 * 按题型规整与检查答案和选项（保存与导入共用）：单选 2–8 个选项、答案是其中一个；多选答案是其中至少两个（按字母排序）；
 * 判断题答案“正确”或“错误”（也认 对/错/√/×）；其余题型答案必填、没有选项。返回 [字段, 消息] 或规整后的答案。
 */
export function normalizeQuestion(q: QuestionBody): { ok: true; answer: string; options: { key: string; text: string }[] } | { ok: false; field: 'options' | 'answer'; message: string } {
  const answer = q.answer.trim();
  if (CHOICE_TYPES.includes(q.type)) {
    const options = q.options.filter((o) => o.text.trim() !== '').map((o) => ({ key: o.key.trim().toUpperCase(), text: o.text.trim() }));
    if (options.length < 2) return { ok: false, field: 'options', message: `${QUESTION_TYPE_LABEL[q.type]}至少要有 2 个选项` };
    const keys = options.map((o) => o.key);
    if (new Set(keys).size !== keys.length) return { ok: false, field: 'options', message: '选项字母重复' };
    const chosen = [...new Set(answer.toUpperCase().replace(/[\s,，、]/g, '').split(''))].sort();
    if (!chosen.length) return { ok: false, field: 'answer', message: '请填写答案' };
    const missing = chosen.find((k) => !keys.includes(k));
    if (missing) return { ok: false, field: 'answer', message: `答案「${missing}」不在选项中` };
    if (q.type === 'single' && chosen.length !== 1) return { ok: false, field: 'answer', message: '单项选择题的答案只能是一个选项' };
    if (q.type === 'multiple' && chosen.length < 2) return { ok: false, field: 'answer', message: '多项选择题的答案至少两个选项' };
    return { ok: true, answer: chosen.join(''), options };
  }
  if (q.type === 'judge') {
    const v = judgeAlias[answer.toUpperCase()];
    if (!v) return { ok: false, field: 'answer', message: '判断题的答案只能是“正确”或“错误”' };
    return { ok: true, answer: v, options: [] };
  }
  if (!answer) return { ok: false, field: 'answer', message: '请填写答案（参考答案或评分要点）' };
  return { ok: true, answer, options: [] };
}

const optionSchema = z.object({
  key: z.enum(OPTION_KEYS, { error: '选项字母只能是 A–H' }),
  text: text('选项内容', 500),
});

export const QuestionSaveInput = z
  .object({
    id: id('试题').optional(),
    bankId: id('题库', '请选择题库'),
    subjectId: id('科目', '请选择科目'),
    kpId: id('知识点', '请选择知识点'),
    type: questionTypeSchema,
    difficulty: difficultySchema,
    stem: required('题干', 2000),
    options: z.array(optionSchema).max(OPTION_KEYS.length, `最多 ${OPTION_KEYS.length} 个选项`).default([]).describe('选项（单选、多选）'),
    answer: text('答案', 2000).default(''),
    analysis: nullableText('解析', 2000),
    score: scoreSchema('分值').default(1),
  })
  .superRefine((v, ctx) => {
    const r = normalizeQuestion(v);
    if (!r.ok) ctx.addIssue({ code: 'custom', path: [r.field], message: r.message });
  });
export type QuestionSave = z.output<typeof QuestionSaveInput>;

export const QuestionFilterInput = z.object({
  bankId: id('题库', '请选择题库'),
  subjectId: optionalId('科目'),
  kpId: optionalId('知识点'),
  type: optionalType,
  difficulty: optionalDifficulty,
  status: optionalStatus,
  keyword: optionalText('题干关键字', 64),
});
export type QuestionFilter = z.output<typeof QuestionFilterInput>;

// ---------- 试卷 ----------

const durationSchema = z.preprocess(blankToUndefined, int('考试时长（分钟）', 10, 600).nullish().transform((v) => v ?? null)).describe('考试时长（分钟）');

const PaperBase = {
  id: id('试卷').optional(),
  bankId: id('题库', '请选择题库'),
  subjectId: id('科目', '请选择科目'),
  name: required('试卷名称', 128),
  durationMinutes: durationSchema,
  remark: nullableText('备注', 500),
};

export const PaperManualInput = z.object({
  ...PaperBase,
  questions: z
    .array(z.object({ questionId: id('试题'), score: scoreSchema('分值') }), { error: '请选择试题' })
    .min(1, '请至少选择一道试题')
    .max(MAX_PAPER_QUESTIONS, `一份试卷最多 ${MAX_PAPER_QUESTIONS} 道题`)
    .describe('试题与分值（按题型分大题，同题型按给出的顺序）'),
});
export type PaperManual = z.output<typeof PaperManualInput>;

export const PaperRule = z.object({
  type: questionTypeSchema,
  kpId: z.preprocess(blankToUndefined, id('知识点').nullish().transform((v) => v ?? null)).describe('知识点（含下级）；空为不限'),
  difficulty: z.preprocess(blankToUndefined, difficultySchema.nullish().transform((v) => v ?? null)).describe('难度；空为不限'),
  count: int('题数', 1, MAX_PAPER_QUESTIONS),
  score: scoreSchema('每题分值'),
});
export type PaperRule = z.output<typeof PaperRule>;

export const SEED_PATTERN = /^[0-9A-Za-z_-]{1,32}$/;

export const PaperComposeInput = z.object({
  ...PaperBase,
  rules: z.array(PaperRule, { error: '请填写组卷规则' }).min(1, '请至少填写一条组卷规则').max(100, '组卷规则最多 100 条').describe('组卷规则：题型 × 知识点 × 难度的题数与每题分值'),
  seed: z
    .preprocess(blankToUndefined, z.string().trim().regex(SEED_PATTERN, '抽题种子只能是 1–32 位字母、数字、下划线或连字符').optional())
    .describe('抽题种子：同一种子、同一题库抽出同一份试卷；不填则随机生成'),
});
export type PaperCompose = z.output<typeof PaperComposeInput>;

export const PaperListInput = z.object({
  kind: z.preprocess(blankToUndefined, bankKindSchema.optional()),
  name: optionalText('试卷名称', 64),
  workName: optionalText('工种', 64),
  orgName: optionalText('机构名称', 64),
  mode: z.preprocess(blankToUndefined, z.coerce.number().int().min(1, '组卷方式不正确').max(2, '组卷方式不正确').optional()).describe('组卷方式：1 手工 2 按规则'),
  status: optionalStatus,
});
export type PaperFilter = z.output<typeof PaperListInput>;

export const PaperViewInput = z.object({ id: id('试卷'), withAnswers: flag('带答案').default(false) });

export const DIFFICULTY_OPTIONS = Object.entries(DIFFICULTY_LABEL).map(([value, label]) => ({ value: Number(value), label }));
export const TYPE_OPTIONS = QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABEL[value] }));

// ---------- 返回类型 ----------

export type BankAction = 'edit' | 'delete' | 'enable' | 'disable';

export interface BankItem {
  id: number;
  kind: number;
  orgId: number;
  orgName: string;
  name: string;
  workCode: string;
  workName: string;
  level: number;
  levelName: string;
  status: number;
  statusName: string;
  questionCount: number;
  remark: string | null;
  createTime: string;
  actions: BankAction[];
}

export interface QuestionItem {
  id: number;
  bankId: number;
  subjectId: number;
  subjectName: string;
  kpId: number;
  kpName: string;
  type: QuestionType;
  typeName: string;
  difficulty: number;
  difficultyName: string;
  stem: string;
  options: { key: string; text: string }[];
  answer: string;
  analysis: string | null;
  score: number;
  status: number;
  statusName: string;
  actions: BankAction[];
}

export type PaperAction = 'edit' | 'delete' | 'enable' | 'disable';

export interface PaperItem {
  id: number;
  kind: number;
  orgName: string;
  bankId: number;
  subjectId: number;
  subjectName: string;
  name: string;
  workCode: string;
  workName: string;
  level: number;
  levelName: string;
  mode: number;
  modeName: string;
  seed: string | null;
  questionCount: number;
  totalScore: number;
  durationMinutes: number | null;
  status: number;
  statusName: string;
  usedCount: number;
  createTime: string;
  actions: PaperAction[];
}

export interface KnowledgeNode {
  id: number;
  parentId: number;
  name: string;
  sort: number;
  /** 本题库中挂在该知识点（不含下级）的题数 */
  questionCount: number;
  children?: KnowledgeNode[];
}

/** 试卷的呈现（预览、考务分发）：按题型分大题、连续编号；不带答案时没有 answer 与 analysis */
export interface RenderedQuestion {
  no: number;
  id: number;
  stem: string;
  options: { key: string; text: string }[];
  score: number;
  answer?: string;
  analysis?: string;
}

export interface RenderedPaper {
  id: number;
  title: string;
  totalScore: number;
  durationMinutes: number | null;
  sections: { type: string; typeLabel: string; questions: RenderedQuestion[] }[];
}

/** 试卷的一次使用：考试计划的场次（与考场；roomId 为空即整个场次） */
export interface PaperUsage {
  planId: number;
  planCode: string;
  sessionId: number;
  sessionName: string;
  roomId: number | null;
  roomName: string | null;
}
