// 题库与试卷的端点（SPEC §7 Training exam /tes/...；路径 SPEC 未给出，按 /tes/<对象>/<动作> 命名）。
// 四类题库共用端点（anyKind），服务按题库的类别再查权限；试卷用菜单资源 paper。
import { z } from 'zod';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ImportFileInput, templateEndpoint } from '@/lib/platform/excel/import';
import { flag, id } from '@/lib/platform/validation/fields';
import { anyKind } from '../access/menu-tree';
import { LEVEL_NAMES } from '../catalog/schemas';
import {
  BankIdInput,
  BankListInput,
  BankSaveInput,
  DIFFICULTY_OPTIONS,
  IdInput,
  IdsInput,
  IdsStatusInput,
  KindInput,
  KnowledgeSaveInput,
  PaperComposeInput,
  PaperListInput,
  PaperManualInput,
  PaperViewInput,
  QuestionFilterInput,
  QuestionSaveInput,
  StatusInput,
  SubjectSaveInput,
  TYPE_OPTIONS,
} from './schemas';
import { BANK_KIND_LABEL, PAPER_MODE_LABEL, STATUS_LABEL } from './constants';
import { bankDetail, bankFiledWorks, deleteBank, deleteKnowledge, deleteSubject, knowledgeTree, listBanks, listSubjects, saveBank, saveKnowledge, saveSubject, setBankStatus } from './banks';
import { deleteQuestions, exportQuestions, listQuestions, questionDetail, saveQuestion, setQuestionStatus } from './questions';
import { importQuestions, questionImport } from './import';
import { checkUsePaper, composableBanks, composePaper, deletePaper, exportPapers, listPapers, paperDetail, paperPdfFile, previewPaper, saveManualPaper, setPaperStatus } from './papers';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

const BANK_VIEW: readonly MenuPermission[] = [...anyKind('questionBank', 'query'), 'paper.query'];
const BANK_GET: readonly MenuPermission[] = [...anyKind('questionBank', 'get'), 'paper.get'];
const BANK_SAVE: readonly MenuPermission[] = [...anyKind('questionBank', 'add'), ...anyKind('questionBank', 'edit')];
const BANK_EDIT: readonly MenuPermission[] = anyKind('questionBank', 'edit');

const options = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

const dictionaries = () => ({
  kinds: options(BANK_KIND_LABEL),
  types: TYPE_OPTIONS,
  difficulties: DIFFICULTY_OPTIONS,
  statuses: options(STATUS_LABEL),
  modes: options(PAPER_MODE_LABEL),
  levels: options(LEVEL_NAMES).sort((a, b) => b.value - a.value),
});

const KnowledgeDeleteInput = z.object({ id: id('知识点'), bankId: id('题库', '请选择题库') });
const QuestionImportInput = z.object({ bankId: id('题库', '请选择题库'), file: ImportFileInput });

export const questionBankApi = {
  'POST /tes/dict': endpoint({
    summary: '题库与试卷的字典：类别、题型、难度、状态、组卷方式、等级',
    permission: BANK_VIEW,
    handle: () => Promise.resolve(dictionaries()),
  }),

  // ---------- 题库 ----------
  'POST /tes/bank/list': endpoint({
    summary: '某类题库分页列表（机构、工种、等级、状态筛选；机构只看本机构，市级看本市，省级看全省）；每行带题数与当前用户可做的操作',
    permission: anyKind('questionBank', 'query'),
    input: BankListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listBanks(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /tes/bank/get': endpoint({
    summary: '题库详情：科目（含题数）与各题型题数',
    permission: BANK_GET,
    input: IdInput,
    handle: ({ id: bankId }, ctx) => bankDetail(ctx.db, sessionOf(ctx), bankId),
  }),
  'POST /tes/bank/filedWorks': endpoint({
    summary: '本机构该类有效备案里可以建题库的工种与等级（题库表单的选择范围）',
    permission: BANK_SAVE,
    input: KindInput,
    handle: ({ kind }, ctx) => bankFiledWorks(ctx.db, sessionOf(ctx), kind),
  }),
  'POST /tes/bank/save': endpoint({
    summary: '建立或修改题库（评价机构）：工种等级须在本机构该类有效备案内，同一工种等级一个题库；建立后工种等级不能修改；新题库带“理论知识”“操作技能”两个科目',
    permission: BANK_SAVE,
    input: BankSaveInput,
    handle: (input, ctx) => saveBank(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/bank/delete': endpoint({
    summary: '删除题库（连同试题与科目）：已组成试卷的题库不能删除',
    permission: anyKind('questionBank', 'delete'),
    input: IdInput,
    handle: (input, ctx) => deleteBank(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/bank/status': endpoint({
    summary: '启用或停用题库（status 0 启用 1 停用）：停用的题库不能组卷',
    permission: BANK_EDIT,
    input: StatusInput,
    handle: (input, ctx) => setBankStatus(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 科目 ----------
  'POST /tes/subject/list': endpoint({
    summary: '题库的科目（含题数）',
    permission: BANK_VIEW,
    input: BankIdInput,
    handle: (filter, ctx) => listSubjects(ctx.db, sessionOf(ctx), filter),
  }),
  'POST /tes/subject/save': endpoint({
    summary: '新增或修改科目（题库内名称唯一）',
    permission: BANK_EDIT,
    input: SubjectSaveInput,
    handle: (input, ctx) => saveSubject(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/subject/delete': endpoint({
    summary: '删除科目：有试题或试卷的不能删除',
    permission: BANK_EDIT,
    input: IdInput,
    handle: (input, ctx) => deleteSubject(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 知识点 ----------
  'POST /tes/knowledge/tree': endpoint({
    summary: '题库所属工种的知识点树（每个机构每个工种一棵，各等级共用），节点带本题库的题数',
    permission: BANK_VIEW,
    input: BankIdInput,
    handle: (filter, ctx) => knowledgeTree(ctx.db, sessionOf(ctx), filter),
  }),
  'POST /tes/knowledge/save': endpoint({
    summary: '新增或修改知识点（parentId 0 为根；同一上级下名称唯一；上级不能是自己或下级）',
    permission: BANK_EDIT,
    input: KnowledgeSaveInput,
    handle: (input, ctx) => saveKnowledge(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/knowledge/delete': endpoint({
    summary: '删除知识点：有下级或试题的不能删除',
    permission: BANK_EDIT,
    input: KnowledgeDeleteInput,
    handle: (input, ctx) => deleteKnowledge(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 试题 ----------
  'POST /tes/question/list': endpoint({
    summary: '题库的试题分页（科目、知识点（含下级）、题型、难度、状态、题干关键字筛选），新的在前',
    permission: BANK_VIEW,
    input: QuestionFilterInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listQuestions(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /tes/question/get': endpoint({
    summary: '试题详情',
    permission: BANK_GET,
    input: IdInput,
    handle: ({ id: questionId }, ctx) => questionDetail(ctx.db, sessionOf(ctx), questionId),
  }),
  'POST /tes/question/save': endpoint({
    summary: '新增或修改试题：单选 2–8 个选项且答案为其一，多选答案至少两个，判断题答案“正确”或“错误”，其余题型答案必填；所在试卷已被考试使用的不能修改',
    permission: [...anyKind('questionBank', 'add'), ...BANK_EDIT],
    input: QuestionSaveInput,
    handle: (input, ctx) => saveQuestion(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/question/delete': endpoint({
    summary: '删除试题（可批量）：已组入试卷的不能删除（可停用）',
    permission: anyKind('questionBank', 'delete'),
    input: IdsInput,
    handle: (input, ctx) => deleteQuestions(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/question/status': endpoint({
    summary: '启用或停用试题（可批量）：停用的试题不再被组卷抽到',
    permission: BANK_EDIT,
    input: IdsStatusInput,
    handle: (input, ctx) => setQuestionStatus(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/question/import': endpoint({
    asTask: 'import',
    summary: '导入试题（multipart：bankId、file）：全部校验通过才写入，任何一行有错一行也不写，返回错误工作簿',
    permission: anyKind('questionBank', 'import'),
    body: 'multipart',
    input: QuestionImportInput,
    handle: (input, ctx) => importQuestions(ctx.db, sessionOf(ctx), { bankId: input.bankId, file: input.file as Blob }, ctx.audit),
  }),
  'GET /tes/question/importTemplate': templateEndpoint(questionImport, { permission: anyKind('questionBank', 'import') }),
  'POST /tes/question/export': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出试题（.xlsx，流式；列与导入模板相同）',
    permission: anyKind('questionBank', 'export'),
    input: QuestionFilterInput,
    handle: (filter, ctx) => exportQuestions(ctx.db, sessionOf(ctx), filter),
  }),

  // ---------- 试卷 ----------
  'POST /tes/paper/list': endpoint({
    summary: '试卷分页列表（类别、名称、工种、机构、组卷方式、状态筛选）；每行带使用次数与当前用户可做的操作',
    permission: 'paper.query',
    input: PaperListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listPapers(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /tes/paper/get': endpoint({
    summary: '试卷详情：组卷规则与种子、试题与分值',
    permission: 'paper.get',
    input: IdInput,
    handle: ({ id: paperId }, ctx) => paperDetail(ctx.db, sessionOf(ctx), paperId),
  }),
  'POST /tes/paper/banks': endpoint({
    summary: '组卷可选的题库：本机构启用的题库及其科目',
    permission: ['paper.add', 'paper.edit'],
    handle: (_i, ctx) => composableBanks(ctx.db, sessionOf(ctx)),
  }),
  'POST /tes/paper/save': endpoint({
    summary: '手工组卷（新建或修改）：试题须是该题库该科目启用的、不重复，按题型分大题；被考试使用的试卷不能修改',
    permission: ['paper.add', 'paper.edit'],
    input: PaperManualInput,
    handle: (input, ctx) => saveManualPaper(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/paper/compose': endpoint({
    summary: '按规则组卷（新建或重新组卷）：题型 × 知识点 × 难度的题数与分值，按种子随机抽题不重复，同一种子同一题库抽出同一份；题不够时拒绝并指出规则。background: true 时发起后台任务，答复 { taskId }',
    permission: ['paper.add', 'paper.edit'],
    input: PaperComposeInput.extend({ background: flag('后台执行').optional().describe('true：发起后台任务，答复 { taskId }（结果见 /task/get）；不给则直接答复试卷') }),
    handle: (input, ctx) => composePaper(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/paper/delete': endpoint({
    summary: '删除试卷：被考试使用的不能删除（消息说明被哪个计划、场次、考场使用）',
    permission: 'paper.delete',
    input: IdInput,
    handle: (input, ctx) => deletePaper(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/paper/status': endpoint({
    summary: '启用或停用试卷（status 0 启用 1 停用）：停用的试卷不能再分发给考试',
    permission: 'paper.edit',
    input: StatusInput,
    handle: (input, ctx) => setPaperStatus(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /tes/paper/checkUsePaper': endpoint({
    summary: '试卷是否已被考试使用、被哪个计划的哪个场次与考场使用（被使用的试卷不能修改或删除）',
    permission: 'paper.get',
    input: IdInput,
    handle: ({ id: paperId }, ctx) => checkUsePaper(ctx.db, sessionOf(ctx), paperId),
  }),
  'POST /tes/paper/preview': endpoint({
    summary: '试卷预览：按题型分大题、连续编号；withAnswers 带答案与解析',
    permission: 'paper.get',
    input: PaperViewInput,
    handle: (input, ctx) => previewPaper(ctx.db, sessionOf(ctx), input),
  }),
  'POST /tes/paper/pdf': endpoint({
    produces: 'file',
    summary: '试卷 PDF（A4；withAnswers 带答案与解析）',
    permission: 'paper.get',
    input: PaperViewInput,
    handle: (input, ctx) => paperPdfFile(ctx.db, sessionOf(ctx), input),
  }),
  'POST /tes/paper/export': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出试卷清单（.xlsx，流式）',
    permission: 'paper.export',
    input: PaperListInput,
    handle: (filter, ctx) => exportPapers(ctx.db, sessionOf(ctx), filter),
  }),
} satisfies EndpointTable;
