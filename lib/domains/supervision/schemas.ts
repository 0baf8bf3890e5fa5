// 督导（督导任务、督导意见、对机构的评价、考试异常记录、报送全国网的材料）的输入模式（中文消息，前后端共用）、常量与返回类型。
import { z } from 'zod';
import { datePartProblem, flag, id, ids, optionalId, optionalText, required } from '@/lib/platform/validation/fields';
import { NETWORK_FILE_STATUS_LABEL } from './transitions';

// ---------- 常量 ----------

/** 督导意见的结论 */
export const OPINION_CONCLUSION = { COMPLIANT: 1, MOSTLY: 2, NONCOMPLIANT: 3 } as const;
export const OPINION_CONCLUSION_LABEL: Record<number, string> = { 1: '规范', 2: '基本规范', 3: '不规范' };

/** 对评价机构的评价 */
export const ORG_RATING_LABEL: Record<number, string> = { 1: '优秀', 2: '合格', 3: '不合格' };

/** 考试异常的类别 */
export const ABNORMAL_KIND = { VIOLATION: 1, CHEATING: 2, ABSENT: 3, EQUIPMENT: 4, EMERGENCY: 5, OTHER: 6 } as const;
export const ABNORMAL_KIND_LABEL: Record<number, string> = { 1: '违纪', 2: '作弊', 3: '缺考', 4: '设备故障', 5: '突发事件', 6: '其他' };

/** 报送全国网的材料类别与状态 */
export const NETWORK_FILE_TYPE_LABEL: Record<number, string> = { 1: '督导报告', 2: '现场照片', 3: '考场视频', 4: '其他材料' };
export { NETWORK_FILE_STATUS, NETWORK_FILE_STATUS_COLOR, NETWORK_FILE_STATUS_LABEL } from './transitions';

/** 一条记录最多的佐证材料 */
export const MAX_EVIDENCE = 9;

/** 督导任务的进度（按场次的时间算出） */
export const TASK_PHASE_LABEL: Record<string, string> = { upcoming: '未开始', ongoing: '进行中', finished: '已结束' };

// ---------- 输入 ----------

const codeOf = (label: string, map: Record<number, string>) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int(`${label}不正确`)
    .refine((v) => v in map, `${label}不正确`)
    // 取值表写进 JSON Schema（OpenAPI），与检查同一张表
    .meta({
      description: `${label}：${Object.entries(map)
        .map(([k, v]) => `${k} ${v}`)
        .join(' ')}`,
      enum: Object.keys(map).map(Number),
    });

const planId = id('考试计划', '请选择考试计划');
const evidence = z
  .array(z.string().trim().max(300, '文件地址最多 300 个字符'), { error: '佐证材料不正确' })
  .max(MAX_EVIDENCE, `佐证材料最多 ${MAX_EVIDENCE} 个`)
  .default([])
  .describe('佐证材料：经 /uploadMulti（用途 attachment）上传得到的地址');
const BEIJING_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([zZ]|[+-]\d{2}:?\d{2})$/;
/** 时刻：北京时间 YYYY-MM-DD HH:mm（可带 :ss；Excel 的日期时间即此形），或带时区的 ISO 8601（表单的日期时间控件） */
const datetime = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .refine((v) => BEIJING_TEXT.test(v) || ISO_WITH_ZONE.test(v), `${label}格式应为 YYYY-MM-DD HH:mm`)
    // 2 月 30 日之类会被 Date 顺延成 3 月：先查日期部分存在
    .superRefine((v, ctx) => {
      const problem = datePartProblem(label, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => new Date(BEIJING_TEXT.test(v) ? `${v.replace(' ', 'T').slice(0, 19).padEnd(19, ':00').slice(0, 19)}+08:00` : v))
    .refine((d) => !Number.isNaN(d.getTime()), `${label}不正确`)
    .describe(`${label}（北京时间 YYYY-MM-DD HH:mm，或带时区的 ISO 8601）`);

export const TaskListInput = z.object({
  keyword: optionalText('计划名称或编号', 64),
  phase: z.enum(['upcoming', 'ongoing', 'finished'], { error: '进度不正确' }).optional().describe('upcoming 未开始 / ongoing 进行中 / finished 已结束'),
  open: flag('只看可填写督导记录的').optional().describe('true：只看计划在考务安排或成绩管理步骤的场次'),
});

export const OpinionAddInput = z.object({
  planId,
  sessionId: optionalId('场次').describe('督导的场次；不填为整个计划'),
  conclusion: codeOf('督导结论', OPINION_CONCLUSION_LABEL),
  content: required('督导意见', 2000),
  files: evidence,
});
export const OpinionListInput = z.object({ planCode: optionalText('计划编号', 32), planId: optionalId('考试计划'), conclusion: codeOf('督导结论', OPINION_CONCLUSION_LABEL).optional() });

export const OrgOpinionAddInput = z.object({
  planId,
  rating: codeOf('评价', ORG_RATING_LABEL),
  content: required('评价意见', 2000),
  suggestion: optionalText('整改建议', 1000),
});
export const OrgOpinionListInput = z.object({ planId: optionalId('考试计划'), planCode: optionalText('计划编号', 32) });

const abnormalFields = {
  sessionId: id('场次', '请选择场次'),
  roomId: optionalId('考场'),
  ticketNo: optionalText('准考证号', 32).describe('涉及的考生（准考证号）'),
  kind: codeOf('异常类别', ABNORMAL_KIND_LABEL),
  occurredAt: datetime('发生时间'),
  description: required('情况说明', 1000),
  handling: optionalText('处理结果', 500),
  files: evidence,
};
export const AbnormalAddInput = z.object(abnormalFields);
export const AbnormalUpdateInput = z.object({ id: id('异常记录'), ...abnormalFields });
export const AbnormalListInput = z.object({
  planId: optionalId('考试计划'),
  planCode: optionalText('计划编号', 32),
  sessionId: optionalId('场次'),
  kind: codeOf('异常类别', ABNORMAL_KIND_LABEL).optional(),
});
export const IdsInput = z.object({ ids: ids('记录') });
export const IdInput = z.object({ id: id('记录') });

/** 异常记录导入的一行（exceptionImport） */
export const AbnormalImportRow = z.object({
  planCode: required('计划编号', 32),
  sessionName: required('场次名称', 64),
  roomName: optionalText('考场名称', 64),
  ticketNo: optionalText('准考证号', 32),
  kind: z
    .string({ error: '请填写异常类别' })
    .trim()
    .refine((v) => Object.values(ABNORMAL_KIND_LABEL).includes(v), `异常类别须是${Object.values(ABNORMAL_KIND_LABEL).join('、')}之一`)
    .transform((v) => Number(Object.entries(ABNORMAL_KIND_LABEL).find(([, label]) => label === v)![0])),
  occurredAt: datetime('发生时间'),
  description: required('情况说明', 1000),
  handling: optionalText('处理结果', 500),
});

export const NetworkFileAddInput = z.object({
  planId,
  name: required('材料名称', 128),
  fileType: codeOf('材料类别', NETWORK_FILE_TYPE_LABEL),
  url: required('材料文件', 300).describe('经 /uploadMulti 上传得到的地址'),
});
export const NetworkFileListInput = z.object({ planId: optionalId('考试计划'), status: codeOf('状态', NETWORK_FILE_STATUS_LABEL).optional() });
export const NetworkCommitInput = z.object({ planId });

export type OpinionAdd = z.output<typeof OpinionAddInput>;
export type AbnormalAdd = z.output<typeof AbnormalAddInput>;
export type AbnormalImport = z.output<typeof AbnormalImportRow>;

// ---------- 返回类型 ----------

export type TaskAction = 'opinion' | 'abnormal' | 'orgOpinion' | 'networkFile';

export interface TaskItem {
  /** 场次 id */
  id: number;
  planId: number;
  planCode: string;
  planName: string;
  orgName: string;
  positionName: string;
  sessionName: string;
  subjectName: string;
  timeText: string;
  phase: string;
  phaseName: string;
  /** 下拉选项的文字：计划编号 场次（时间） */
  label: string;
  rooms: string;
  examinees: number;
  supervisors: string;
  opinions: number;
  abnormals: number;
  actions: TaskAction[];
}

export interface OpinionItem {
  id: number;
  planId: number;
  planCode: string;
  planName: string;
  orgName: string;
  sessionId: number | null;
  sessionName: string | null;
  authorName: string;
  conclusion: number;
  conclusionName: string;
  content: string;
  files: string[];
  createTime: string;
}

export interface OrgOpinionItem {
  id: number;
  planId: number;
  planCode: string;
  planName: string;
  orgName: string;
  authorName: string;
  rating: number;
  ratingName: string;
  content: string;
  suggestion: string | null;
  updateTime: string;
}

export interface AbnormalItem {
  id: number;
  planId: number;
  planCode: string;
  planName: string;
  sessionId: number;
  sessionName: string;
  roomId: number | null;
  roomName: string | null;
  examineeName: string | null;
  ticketNo: string | null;
  kind: number;
  kindName: string;
  /** 北京时间 YYYY-MM-DD HH:mm */
  occurredAt: string;
  /** ISO 8601（编辑表单的日期时间控件） */
  occurredAtIso: string;
  description: string;
  handling: string | null;
  files: string[];
  reporterName: string;
  createTime: string;
  actions: ('edit' | 'delete')[];
}

export interface NetworkFileItem {
  id: number;
  planId: number;
  planCode: string;
  planName: string;
  name: string;
  fileType: number;
  fileTypeName: string;
  url: string;
  status: number;
  statusName: string;
  statusColor: string;
  createdByName: string;
  createTime: string;
  committedAt: string | null;
  /** commit（提交本计划的材料）、delete */
  actions: string[];
}
