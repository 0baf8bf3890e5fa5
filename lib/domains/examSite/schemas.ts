// 考点、考场、场次、座位、工作人员、准考证与视频监控的输入模式（中文消息，前后端共用）、常量与返回类型。
import { z } from 'zod';
import { date, flag, id, ids, int, nullableText, optionalDate, optionalId, optionalText, required, text } from '@/lib/platform/validation/fields';
import { mobileSchema } from '@/lib/platform/identity';
import { SUBJECTS } from './constants';

// ---------- 常量 ----------

export { SUBJECT, SUBJECT_LABEL, SUBJECTS } from './constants';

/** 考场类型：1 理论 2 实操 3 答辩；场次只用与其科目同类型的考场 */
export const ROOM_TYPE_LABEL: Record<number, string> = { 1: '理论考场', 2: '实操考场', 3: '答辩考场' };

/** 场次工作人员的角色（= 人员库） */
export const STAFF_ROLES = ['assessor', 'supervisor', 'examStaff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABEL: Record<StaffRole, string> = { assessor: '考评员', supervisor: '督导员', examStaff: '考务人员' };

/**
 * 配比规则（docs/EXAM_SITES.md）：场次有考生时才要求。
 * - 每个场次至少 1 名督导员；
 * - 理论知识考试：每 30 名考生至少 1 名考务人员（向上取整）；
 * - 操作技能考核：每个有考生的考场至少 2 名考评员；综合评审（答辩）：每个有考生的考场至少 3 名考评员；
 * - 考评员的可考评工种须包含其考场内全部考生的工种；停用的人员不算数。
 */
export const RATIO = {
  SUPERVISORS_PER_SESSION: 1,
  EXAMINEES_PER_EXAM_STAFF: 30,
  ASSESSORS_PER_ROOM: { 2: 2, 3: 3 } as Record<number, number>,
} as const;

/** 考生资格：2 不符合（不能安排考场） */
export const QUALIFICATION_REFUSED = 2;

/** 摄像头状态 */
export const CAMERA_STATUS = { ENABLED: 0, DISABLED: 1 } as const;
export const CAMERA_STATUS_LABEL: Record<number, string> = { 0: '启用', 1: '停用' };
/** 拉流地址允许的协议 */
export const STREAM_SCHEMES = ['http', 'https', 'rtmp', 'rtsp', 'webrtc'] as const;

// ---------- 字段 ----------

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const timeField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(TIME, `${label}格式应为 HH:mm`)
    .describe(`${label}（HH:mm，24 小时制）`);

const subjectField = z.coerce
  .number({ error: '请选择科目' })
  .int('科目不正确')
  .refine((v) => SUBJECTS.includes(v), '科目不正确')
  // 取值表写进 JSON Schema（OpenAPI），与检查同一张表
  .meta({ description: '科目：1 理论知识考试 2 操作技能考核 3 综合评审（答辩）', enum: [...SUBJECTS] });

const roomTypeField = z.coerce
  .number({ error: '请选择考场类型' })
  .int('考场类型不正确')
  .refine((v) => v in ROOM_TYPE_LABEL, '考场类型不正确')
  .meta({ description: '考场类型：1 理论 2 实操 3 答辩', enum: Object.keys(ROOM_TYPE_LABEL).map(Number) });

const planId = id('考试计划', '请选择考试计划');

// ---------- 输入 ----------

export const PlanPickInput = z.object({ keyword: optionalText('计划名称或编号', 64) });
export const PlanIdInput = z.object({ planId });
export const IdInput = z.object({ id: id('记录') });

export const SiteSaveInput = z.object({
  id: optionalId('考点'),
  planId,
  filingSiteId: id('备案考点', '请选择备案考点'),
  contactName: nullableText('考点联系人', 64),
  contactPhone: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), mobileSchema.optional())
    .describe('考点联系电话'),
});

export const RoomListInput = z.object({ planId, siteId: optionalId('考点'), roomType: roomTypeField.optional() });

export const RoomSaveInput = z.object({
  id: optionalId('考场'),
  siteId: id('考点', '请选择考点'),
  name: required('考场名称', 64),
  roomType: roomTypeField,
  capacity: int('容量（座位数）', 1, 500),
});

const sessionFields = {
  name: required('场次名称', 64),
  subject: subjectField,
  workCode: optionalText('工种编码', 32).describe('工种编码；不填表示计划内所有工种'),
  examDate: date('考试日期'),
  startTime: timeField('开始时间'),
  endTime: timeField('结束时间'),
};
const timeOrder = { message: '结束时间须晚于开始时间', path: ['endTime'] };

export const SessionAddInput = z.object({ planId, ...sessionFields }).refine((v) => v.endTime > v.startTime, timeOrder);
export const SessionUpdateInput = z.object({ id: id('场次'), ...sessionFields }).refine((v) => v.endTime > v.startTime, timeOrder);
export const SessionByWorkInput = z
  .object({ planId, subject: subjectField, examDate: date('考试日期'), startTime: timeField('开始时间'), endTime: timeField('结束时间') })
  .refine((v) => v.endTime > v.startTime, timeOrder);
export const SessionListInput = z.object({ planId, examDate: optionalDate('考试日期'), subject: subjectField.optional() });

export const StaffEntryInput = z.object({
  personId: id('人员'),
  role: z.enum(STAFF_ROLES, { error: '人员角色不正确' }).describe('assessor 考评员 / supervisor 督导员 / examStaff 考务人员'),
  roomId: optionalId('考场').describe('负责的考场（考评员必填；督导员负责整个场次，不填）'),
});
export const StaffSaveInput = z.object({
  sessionId: id('场次', '请选择场次'),
  staff: z.array(StaffEntryInput, { error: '请选择工作人员' }).max(200, '一个场次最多 200 名工作人员').describe('该场次的全部工作人员（整体替换）'),
});
export const StaffListInput = z.object({ planId, sessionId: optionalId('场次'), role: z.enum(STAFF_ROLES, { error: '人员角色不正确' }).optional() });
export const CandidateInput = z.object({
  sessionId: id('场次', '请选择场次'),
  role: z.enum(STAFF_ROLES, { error: '人员角色不正确' }).describe('assessor 考评员 / supervisor 督导员 / examStaff 考务人员'),
  name: optionalText('姓名', 32),
});

export const SeatListInput = z.object({
  sessionId: id('场次', '请选择场次'),
  roomId: optionalId('考场'),
  unseated: flag('只列未安排座位的考生').optional(),
  name: optionalText('姓名或准考证号', 32),
});
export const AutoSeatInput = z.object({ planId, sessionId: optionalId('场次').describe('不填则依次编排计划的全部场次') });
export const MoveSeatInput = z.object({
  sessionId: id('场次', '请选择场次'),
  examineeId: id('考生', '请选择考生'),
  roomId: id('考场', '请选择考场'),
  seatNo: z.preprocess((v) => (v === '' || v === null ? undefined : v), int('座号', 1, 500).optional()).describe('座号；不填取该考场第一个空座'),
});
export const RemoveSeatInput = z.object({ sessionId: id('场次', '请选择场次'), examineeId: id('考生', '请选择考生') });
export const TicketInput = z
  .object({ examineeId: optionalId('考生'), roomId: optionalId('考场'), sessionId: optionalId('场次') })
  .refine((v) => v.examineeId !== undefined || (v.roomId !== undefined && v.sessionId !== undefined), { message: '请指定考生，或同时指定考场与场次', path: ['examineeId'] });

const streamUrl = z
  .string({ error: '请输入拉流地址' })
  .trim()
  .min(1, '请输入拉流地址')
  .max(500, '拉流地址最多 500 个字')
  .refine((v) => {
    const m = /^([a-z]+):\/\/[^\s/?#]+[^\s]*$/i.exec(v);
    if (!m || !(STREAM_SCHEMES as readonly string[]).includes(m[1].toLowerCase())) return false;
    try {
      return Boolean(new URL(v).host);
    } catch {
      return false;
    }
  }, '拉流地址须以 http://、https://、rtmp://、rtsp:// 或 webrtc:// 开头，且带主机名')
  .describe('拉流地址（http、https、rtmp、rtsp、webrtc）');

export const CameraListInput = z.object({ planId: optionalId('考试计划'), roomId: optionalId('考场'), name: optionalText('名称', 64) });
export const CameraSaveInput = z.object({
  id: optionalId('摄像头'),
  roomId: id('考场', '请选择考场'),
  name: required('摄像头名称', 64),
  streamUrl,
  status: z.coerce
    .number({ error: '状态不正确' })
    .int('状态不正确')
    .refine((v) => v in CAMERA_STATUS_LABEL, '状态不正确')
    .meta({ enum: Object.keys(CAMERA_STATUS_LABEL).map(Number) })
    .default(CAMERA_STATUS.ENABLED)
    .describe('0 启用 1 停用'),
});
export const CameraDelInput = z.object({ ids: ids('摄像头') });
export const MonitorTreeInput = z.object({ planId: optionalId('考试计划') });

export const SiteNameText = text('考点名称', 128);

export type SessionAdd = z.output<typeof SessionAddInput>;
export type SessionUpdate = z.output<typeof SessionUpdateInput>;
export type StaffEntry = z.output<typeof StaffEntryInput>;

// ---------- 返回类型 ----------

export interface ExamPlanPick {
  id: number;
  code: string;
  name: string;
  kind: number;
  orgName: string;
  positionName: string;
  examStartDate: string;
  examEndDate: string;
  /** 考点、考场、场次、座位可改（第 3 步编排考场，本机构办理中或被驳回） */
  editable: boolean;
  /** 工作人员可改（第 3、4 步） */
  staffEditable: boolean;
  label: string;
}

export interface SiteItem {
  id: number;
  planId: number;
  filingSiteId: number;
  name: string;
  address: string;
  contactName: string | null;
  contactPhone: string | null;
  roomCount: number;
  capacity: number;
  /** 仍是本机构有效备案的考点 */
  filed: boolean;
  editable: boolean;
}

export interface RoomItem {
  id: number;
  planId: number;
  siteId: number;
  siteName: string;
  name: string;
  roomType: number;
  roomTypeName: string;
  capacity: number;
  /** 各场次中已坐的最多人数 */
  used: number;
  editable: boolean;
}

export interface SessionItem {
  id: number;
  planId: number;
  name: string;
  subject: number;
  subjectName: string;
  workCode: string | null;
  workName: string | null;
  examDate: string;
  startTime: string;
  endTime: string;
  timeText: string;
  seated: number;
  /** 适用于该场次、尚未安排同科目座位的考生数 */
  unseated: number;
  staffText: string;
  /** 配比规则的问题（为空即满足） */
  problems: string[];
  editable: boolean;
  staffEditable: boolean;
}

export interface SeatItem {
  /** 座位 id；未安排时为考生 id 的负数（行键） */
  key: number;
  examineeId: number;
  name: string;
  idNumber: string;
  workCode: string;
  workName: string;
  level: number;
  ticketNo: string | null;
  roomId: number | null;
  roomName: string | null;
  seatNo: number | null;
  editable: boolean;
}

export interface StaffItem {
  id: number;
  sessionId: number;
  sessionName: string;
  timeText: string;
  roomId: number | null;
  roomName: string | null;
  personId: number;
  name: string;
  mobile: string;
  role: StaffRole;
  roleName: string;
  stopped: boolean;
}

export interface CandidateItem {
  id: number;
  name: string;
  mobile: string;
  /** 可考评的工种编码 */
  works: string[];
  /** 可考评的工种名称（“、”分隔），选择框里显示 */
  worksText: string;
  /** 与本场次时间冲突的安排（为空即可分派） */
  busy: string | null;
}

export interface CameraItem {
  id: number;
  planId: number;
  planName: string;
  roomId: number;
  roomName: string;
  siteName: string;
  name: string;
  streamUrl: string;
  status: number;
  statusName: string;
  editable: boolean;
}
