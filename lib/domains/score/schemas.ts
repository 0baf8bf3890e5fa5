// 成绩、成绩审核与公示的输入模式（中文消息，前后端共用）与返回类型。
import { UnmaskFields } from '@/lib/domains/privacy/schemas';
import { z } from 'zod';
import { blankToUndefined, flag, id, ids, int, optionalId, optionalText, required } from '@/lib/platform/validation/fields';
import { MARK, MAX_SCORE } from './rules';

const subject = int('科目', 1, 3);
const mark = z.coerce
  .number({ error: '标记不正确' })
  .int('标记不正确')
  .refine((v) => Object.values(MARK).includes(v as 0), '标记不正确')
  .describe('标记（0 正常 1 缺考 2 违纪）');

/** 分数：0–100，最多一位小数；空串、null 为没有分数 */
export const scoreValue = z
  .preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: '成绩必须是数字' })
      .min(0, '成绩不能小于 0')
      .max(MAX_SCORE, `成绩不能大于 ${MAX_SCORE}`)
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, '成绩最多保留一位小数')
      .optional(),
  )
  .describe('成绩（0–100，最多一位小数）');

export const PlanIdInput = z.object({ planId: id('考试计划') });
export const ExamineeIdInput = z.object({ examineeId: id('考生') });

export const ScorePlansInput = z.object({ keyword: optionalText('关键字', 64) });

export const SCORE_FILTER_STATUS = ['missing', 'entered', 'submitted'] as const;

export const ScoreListInput = z.object({
  planId: id('考试计划'),
  name: optionalText('姓名', 32),
  ticketNo: optionalText('准考证号', 32),
  idNumber: optionalText('身份证号', 18),
  result: z.preprocess(blankToUndefined, int('结果', 0, 2).optional()),
  /** 只看本人可录入的考生 */
  mine: z.preprocess(blankToUndefined, flag('只看我可录入的').optional()),
});
export type ScoreListFilter = z.output<typeof ScoreListInput>;

export const QrCodeInput = z.object({
  code: required('二维码内容', 200),
  planId: optionalId('考试计划'),
});

export const ScoreUpdateInput = z.object({
  examineeId: id('考生'),
  subject,
  score: scoreValue,
  mark: mark.default(MARK.NORMAL),
  /** 提交（提交后只能更正）；不提交为暂存 */
  submit: z.preprocess(blankToUndefined, flag('提交').optional()),
  /** 更正已提交的成绩时必填 */
  reason: optionalText('更正原因', 500),
  /** 公示期内因异议更正时的异议 */
  objectionId: optionalId('异议'),
});
export type ScoreUpdate = z.output<typeof ScoreUpdateInput>;

export const ScoreStatusInput = z.object({
  examineeId: id('考生'),
  /** 不给则为计划安排的全部科目 */
  subjects: z.preprocess(blankToUndefined, z.array(subject).min(1).max(3).optional()),
  mark: z.coerce
    .number({ error: '标记不正确' })
    .int('标记不正确')
    .refine((v) => v === MARK.ABSENT || v === MARK.CHEATING, '标记只能是缺考或违纪')
    .describe('标记（1 缺考 2 违纪）'),
  reason: required('原因', 500),
});

/** 导入的一行：准考证号、姓名（可核对）、科目、成绩或标记 */
export const ScoreImportRow = z.object({
  ticketNo: required('准考证号', 32),
  name: optionalText('姓名', 32),
  subject: required('科目', 16),
  score: z.preprocess(blankToUndefined, z.string().trim().max(8, '成绩不正确').optional()),
  mark: optionalText('标记', 8),
});
export type ScoreImport = z.output<typeof ScoreImportRow>;

export const MarkImportRow = z.object({
  ticketNo: required('准考证号', 32),
  name: optionalText('姓名', 32),
  subject: optionalText('科目', 16),
  mark: required('标记', 8),
  reason: required('原因', 500),
});
export type MarkImport = z.output<typeof MarkImportRow>;

// ---------- 审核 ----------

export const PlanScoreListInput = z.object({
  kind: z.preprocess(blankToUndefined, int('计划类型', 0, 3).optional()),
  code: optionalText('计划编号', 32),
  name: optionalText('计划名称', 64),
  step: z.preprocess(blankToUndefined, int('步骤', 5, 9).optional()),
  pendingOnly: z.preprocess(blankToUndefined, flag('只看待我审核的').optional()),
});

export const CertificateListInput = z.object({
  planId: id('考试计划'),
  name: optionalText('姓名', 32),
  idNumber: optionalText('身份证号（完整号码）', 18),
  ...UnmaskFields,
});

export const PlanInput = z.object({ id: id('考试计划') });

export const SupervisorSaveInput = z.object({
  sessionId: id('场次'),
  personIds: ids('督导员', 20),
});

// ---------- 公示 ----------

export { PUBLICITY_STATUS, PUBLICITY_STATUS_COLOR, PUBLICITY_STATUS_LABEL } from './constants';

export const PublicityListInput = z.object({
  kind: z.preprocess(blankToUndefined, int('计划类型', 0, 3).optional()),
  code: optionalText('计划编号', 32),
  name: optionalText('计划名称', 64),
  status: z.preprocess(blankToUndefined, int('公示状态', 0, 2).optional()),
});

export { OBJECTION_STATUS, OBJECTION_STATUS_COLOR, OBJECTION_STATUS_LABEL } from './transitions';

export const ObjectionListInput = z.object({ planId: optionalId('考试计划'), status: z.preprocess(blankToUndefined, int('处理状态', 0, 1).optional()) });

export const ObjectionAddInput = z.object({
  planId: id('考试计划'),
  examineeId: optionalId('考生'),
  raisedBy: required('提出人', 64),
  contact: optionalText('联系电话', 20),
  content: required('异议内容', 500),
});

export const ObjectionResolveInput = z.object({ id: id('异议'), resolution: required('处理意见', 500) });

// ---------- 返回类型 ----------

export interface ScoreCell {
  score: number | null;
  mark: number;
  status: number;
  text: string;
  /** 已提交（未提交的标“未提交”） */
  submitted: boolean;
  /** 缺考或违纪（没有分数，text 为标记名） */
  marked: boolean;
}

export interface ScoreRow {
  examineeId: number;
  name: string;
  idNumber: string;
  ticketNo: string | null;
  workName: string;
  level: number;
  levelName: string;
  /** 科目 → 成绩（没有录入的科目没有键） */
  scores: Record<number, ScoreCell>;
  result: number;
  resultName: string;
  reason: string | null;
  /** score：当前用户可录入或更正至少一科 */
  actions: string[];
}

export interface ScorePlanOption {
  id: number;
  code: string;
  name: string;
  kind: number;
  step: number;
  state: number;
  positionName: string;
  subjects: number[];
  /** 计划在“成绩管理”步骤办理中或被驳回：可录入 */
  editable: boolean;
  totals: ScoreTotals;
  /** 当前用户对计划能做的流程操作（申请审核、进入下一步…，取自计划的转换表） */
  actions: string[];
}

export interface ScoreTotals {
  examinees: number;
  /** 各科已提交的成绩数（科目 → 数） */
  submitted: Record<number, number>;
  pending: number;
  passed: number;
  failed: number;
  absent: number;
  cheating: number;
  corrections: number;
}

export interface ScoreFormSubject {
  subject: number;
  label: string;
  sessionName: string | null;
  time: string | null;
  roomName: string | null;
  seatNo: number | null;
  score: number | null;
  mark: number;
  status: number | null;
  statusName: string;
  /** 状态标签的颜色：已提交 success、暂存 warning、未录入 default */
  statusColor: string;
  /** 当前成绩的文字：分数、缺考 / 违纪，未录入为 — */
  currentText: string;
  enteredByName: string | null;
  submittedAt: string | null;
  /** 当前用户此刻可录入（或更正）该科 */
  editable: boolean;
  /** 已提交：修改须填更正原因 */
  needsReason: boolean;
  /** 不能录入的原因（只读时） */
  lockedReason: string | null;
}

export interface ScoreForm {
  examinee: { id: number; name: string; idNumber: string; ticketNo: string | null; workName: string; levelName: string; photoUrl: string | null; gender: string | null };
  plan: { id: number; code: string; name: string; positionName: string };
  subjects: ScoreFormSubject[];
  result: number;
  resultName: string;
  reason: string | null;
  /** 公示期内该考生待处理的异议（更正时选） */
  openObjections: { id: number; content: string }[];
  corrections: ScoreCorrectionItem[];
}

export interface ScoreCorrectionItem {
  id: number;
  subject: number;
  subjectName: string;
  before: string;
  after: string;
  reason: string;
  actorName: string;
  createdAt: string;
}

export interface PlanScoreItem {
  id: number;
  code: string;
  name: string;
  kind: number;
  kindName: string;
  orgName: string;
  cityName: string | null;
  step: number;
  state: number;
  positionName: string;
  examStartDate: string;
  subjects: number[];
  totals: ScoreTotals;
  actions: string[];
}

export interface PublicityItem {
  planId: number;
  code: string;
  name: string;
  kind: number;
  kindName: string;
  orgName: string;
  step: number;
  state: number;
  positionName: string;
  publicityId: number | null;
  status: number;
  statusName: string;
  startsAt: string | null;
  endsAt: string | null;
  /** 公开页面的地址（公示开始后） */
  publicPath: string | null;
  workingDays: number | null;
  openObjections: number;
  objections: number;
  /** start：开始公示；objection：登记异议；advance / applyAudit：进入下一步（取自计划的转换表） */
  actions: string[];
}

export interface ObjectionItem {
  id: number;
  planId: number;
  planCode: string;
  examineeName: string | null;
  raisedBy: string;
  contact: string | null;
  content: string;
  status: number;
  statusName: string;
  statusColor: string;
  resolution: string | null;
  recordedByName: string;
  resolvedByName: string | null;
  createdAt: string;
  resolvedAt: string | null;
  actions: string[];
}

export interface PublicRow {
  key: number;
  name: string;
  idNumber: string;
  workName: string;
  levelName: string;
  scores: Record<number, string>;
  resultName: string;
}

export interface PublicPublicity {
  planName: string;
  planCode: string;
  orgName: string;
  kindName: string;
  subjects: number[];
  startsAt: string;
  endsAt: string;
  /** 结束时刻（毫秒），倒计时用 */
  endsAtMs: number;
  ended: boolean;
  workingDays: number;
  rows: PublicRow[];
  total: number;
}
