// 考务安排（/exaAff，第 4 步）的输入模式（中文消息，前后端共用）、常量与返回类型。
import { z } from 'zod';
import { id, ids, optionalId, optionalText, required } from '@/lib/platform/validation/fields';
import { mobileSchema } from '@/lib/platform/identity';
import { StaffSaveInput, STAFF_ROLES } from '../examSite/schemas';
import type { RenderedPaper } from '../questionBank/render';

// ---------- 常量 ----------

/** 场次考场的试卷来源：1 题库试卷 2 离线试卷（上传的文件） */
export const PAPER_SOURCE = { BANK: 1, OFFLINE: 2 } as const;
export const PAPER_SOURCE_LABEL: Record<number, string> = { [PAPER_SOURCE.BANK]: '题库组卷', [PAPER_SOURCE.OFFLINE]: '离线试卷' };

/** 考务附件的类别 */
export const ATTACH_KINDS = ['signIn', 'photo', 'other'] as const;
export type AttachKind = (typeof ATTACH_KINDS)[number];
export const ATTACH_KIND_LABEL: Record<AttachKind, string> = { signIn: '签到表', photo: '现场照片', other: '其他材料' };

/** 一个计划最多的考务附件 */
export const MAX_ATTACHES_PER_PLAN = 200;
/** 一次批量上传的离线试卷最多几个 */
export const MAX_BATCH_PAPERS = 20;

/** 操作（按计划与当前用户算出，界面按它显示按钮） */
export type AffairsAction = 'office' | 'staff' | 'paper' | 'attach';

// ---------- 输入 ----------

const planId = id('考试计划', '请选择考试计划');
const sessionId = id('场次', '请选择场次');
const subjectField = z.coerce
  .number({ error: '科目不正确' })
  .int('科目不正确')
  .refine((v) => [1, 2, 3].includes(v), '科目不正确')
  .describe('适用科目：1 理论 2 实操 3 答辩');

export const PlanIdInput = z.object({ planId });
export const IdInput = z.object({ id: id('记录') });
export const PlanPickInput = z.object({ keyword: optionalText('计划名称或编号', 64) });

export const OfficeSaveInput = z.object({
  planId,
  place: required('考务办公室地点', 200),
  contactName: required('联系人', 64),
  contactPhone: mobileSchema.describe('联系电话'),
  staffIds: z.array(id('办公室人员'), { error: '请选择办公室人员' }).max(50, '考务办公室最多 50 名人员').default([]).describe('办公室人员（人员库 id）'),
  remark: optionalText('备注', 500),
});

export const StaffQueryInput = z.object({ planId, sessionId: optionalId('场次'), role: z.enum(STAFF_ROLES, { error: '人员角色不正确' }).optional() });
export const CandidateQueryInput = z.object({ sessionId, name: optionalText('姓名', 32) });
export const DistributePersonInput = StaffSaveInput;

export const PaperListInput = z.object({ planId, sessionId: optionalId('场次') });
export const BankPaperInput = z.object({ sessionId });
export const DistributePaperInput = z.object({
  sessionId,
  paperId: id('试卷', '请选择试卷'),
  roomIds: z.array(id('考场'), { error: '考场不正确' }).max(200, '一次最多 200 个考场').optional().describe('考场；不填为该场次全部有考生的考场'),
});
export const MatchPlacesInput = z.object({
  offlinePaperId: id('离线试卷', '请选择离线试卷'),
  sessionId,
  roomIds: z.array(id('考场'), { error: '考场不正确' }).max(200, '一次最多 200 个考场').optional().describe('考场；不填为该场次全部有考生的考场'),
});
export const OfflinePaperInput = z.object({
  planId,
  name: required('试卷名称', 128),
  subject: subjectField.optional(),
  url: required('试卷文件', 300).describe('经 /uploadMulti（用途 attachment）上传得到的 PDF 地址'),
});
export const OfflinePaperListInput = z.object({ planId });
const pdfFile = z.instanceof(Blob, { message: '请选择试卷文件（PDF）' }).describe('试卷文件（PDF）');
export const UploadPaperInput = z.object({ planId, name: optionalText('试卷名称', 128), subject: subjectField.optional(), file: pdfFile });
export const BatchUploadPaperInput = z.object({
  planId,
  subject: subjectField.optional(),
  file: z.union([pdfFile, z.array(pdfFile).min(1, '请选择试卷文件（PDF）').max(MAX_BATCH_PAPERS, `一次最多上传 ${MAX_BATCH_PAPERS} 份试卷`)]).describe('试卷文件（PDF），可多个'),
});
export const RoomPaperInput = z.object({ id: id('试卷安排') });
export const RoomPaperIdsInput = z.object({ ids: ids('试卷安排') });

const kindField = z.enum(ATTACH_KINDS, { error: '附件类别不正确' }).describe('signIn 签到表 / photo 现场照片 / other 其他材料');
export const AttachListInput = z.object({ planId, sessionId: optionalId('场次'), kind: kindField.optional() });
export const AttachInput = z.object({
  planId,
  sessionId: optionalId('场次'),
  roomId: optionalId('考场'),
  kind: kindField,
  name: optionalText('附件名称', 200),
  url: required('附件地址', 300).describe('经 /uploadMulti（用途 attachment）上传得到的地址'),
});
export const UploadAttachInput = z.object({
  planId,
  sessionId: optionalId('场次'),
  roomId: optionalId('考场'),
  kind: kindField,
  file: z.instanceof(Blob, { message: '请选择附件文件' }).describe('附件文件（图片或文档）'),
});

export type OfficeSave = z.output<typeof OfficeSaveInput>;

// ---------- 返回类型 ----------

export interface AffairsPlanPick {
  id: number;
  code: string;
  name: string;
  orgName: string;
  positionName: string;
  examStartDate: string;
  examEndDate: string;
  /** 当前用户此刻可做的考务安排操作（第 4 步、本机构、有权限） */
  actions: AffairsAction[];
  label: string;
}

export interface OfficeView {
  id: number;
  place: string;
  contactName: string;
  contactPhone: string;
  remark: string | null;
  staff: { personId: number; name: string; mobile: string; library: string }[];
}

export interface AffairsOverview {
  plan: AffairsPlanPick;
  office: OfficeView | null;
  sessions: number;
  /** 有考生的 (场次, 考场) 数与其中已有试卷的数 */
  slots: number;
  slotsWithPaper: number;
  offlinePapers: number;
  attaches: number;
  /** 第 4 → 5 步还缺的（为空即满足） */
  missing: string[];
}

export interface RoomPaperItem {
  /** 行键：`${sessionId}-${roomId}` */
  key: string;
  planId: number;
  sessionId: number;
  sessionName: string;
  subjectName: string;
  timeText: string;
  roomId: number;
  roomName: string;
  siteName: string;
  seats: number;
  assessors: string;
  /** 试卷安排 id（没有试卷时为空） */
  roomPaperId: number | null;
  source: number | null;
  sourceName: string | null;
  paperName: string | null;
  /** 开考时间（北京时间 YYYY-MM-DD HH:mm），之前试卷不可读取 */
  opensAt: string;
  released: boolean;
  actions: ('distribute' | 'cancel' | 'preview')[];
}

export interface OfflinePaperItem {
  id: number;
  planId: number;
  name: string;
  subject: number | null;
  subjectName: string | null;
  fileName: string;
  size: number;
  /** 已分发到的场次考场数 */
  used: number;
  createTime: string;
  actions: ('match' | 'delete')[];
}

export interface AttachItem {
  id: number;
  planId: number;
  sessionId: number | null;
  sessionName: string | null;
  roomId: number | null;
  roomName: string | null;
  kind: AttachKind;
  kindName: string;
  name: string;
  url: string;
  size: number;
  createdByName: string | null;
  createTime: string;
  actions: 'delete'[];
}

/** 开考后查看的试卷：题库试卷给出题目（不带答案），离线试卷给出文件的读取地址 */
export type PaperPreview =
  | { source: typeof PAPER_SOURCE.BANK; name: string; paper: RenderedPaper }
  | { source: typeof PAPER_SOURCE.OFFLINE; name: string; fileName: string; fileUrl: string };
