// 备案与备案机构库的输入模式（中文消息）与返回类型。
import { z } from 'zod';
import { id as idOf, text, required, nullableText as optionalText } from '@/lib/platform/validation/fields';

export { idOf };
import { idNumberOrMaskedSchema, mobileOrMaskedSchema, mobileSchema } from '@/lib/platform/identity';
import { UnmaskFields } from '../privacy/schemas';
import { ORG_TYPES } from '../org/codes';
import { FILING_STATUS, REVIEW_ACTIONS, TRANSITION_ACTIONS, type FilingAction, type TransitionAction } from './transitions';


export const orgTypeSchema = z.coerce
  .number({ error: '请选择机构类型' })
  .int()
  .refine((v) => String(v) in ORG_TYPES, '机构类型不正确')
  .describe('机构类型（0、1、2、3、100–103）');

export const kindSchema = z.coerce
  .number({ error: '请选择备案类别' })
  .int()
  .min(0, '备案类别不正确')
  .max(3, '备案类别不正确')
  .describe('备案类别：0 技能等级认定 1 职业资格 2 专项能力 3 机关工勤');

const levelsSchema = z
  .array(z.coerce.number().int().min(1, '等级不正确').max(5, '等级不正确'), { error: '请选择等级' })
  .min(1, '请至少选择一个等级')
  .describe('等级：5 五级/初级工 … 1 一级/高级技师');

export const FilingWorkInput = z.object({
  workCode: required('工种编码', 32),
  levels: levelsSchema,
});

// ---------- 备案 ----------

export const FilingListInput = z.object({
  kind: kindSchema.optional(),
  status: z.coerce.number().int().min(FILING_STATUS.NOT_FILED).max(FILING_STATUS.COMPLETED).optional().describe('状态 −1…8'),
  orgName: text('机构名称', 64).optional(),
  code: text('备案编号', 32).optional(),
  /** 审核列表：只看待我审核的 */
  pendingOnly: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1')
    .describe('只列待本人审核的'),
});

export const FilingSaveInput = z.object({
  id: idOf('备案').optional(),
  kind: kindSchema,
  /** 只在管理员代录（/filling/saveFilling）时使用；机构用户一律取会话中的机构 */
  orgId: idOf('机构').optional(),
  orgType: orgTypeSchema,
  contactName: required('联系人', 64),
  contactPhone: mobileSchema.describe('联系电话'),
  address: optionalText('地址', 200),
  description: optionalText('备案说明', 1000),
  works: z.array(FilingWorkInput).max(200, '一次最多备案 200 个工种').optional().describe('备案工种与等级（给出即整体替换）'),
});

export const FilingIdInput = z.object({ id: idOf('备案') });

export const TransitionInput = z.object({
  id: idOf('备案'),
  incrementId: idOf('增量备案').optional(),
  action: z.enum(TRANSITION_ACTIONS, { error: '操作不正确' }).describe('操作：' + TRANSITION_ACTIONS.join('、')),
  opinion: optionalText('审核意见', 500),
});

/** 审核端点（/filInfoAudit/updateStatus）：pass/reject 按当前状态对应到初审、复审或作废审核 */
export const AuditInput = z.object({
  id: idOf('备案'),
  incrementId: idOf('增量备案').optional(),
  result: z.enum(['pass', 'reject'], { error: '请选择审核结果' }).optional().describe('pass 通过 / reject 驳回（按当前状态对应到具体的审核步骤）'),
  action: z
    .enum(REVIEW_ACTIONS, { error: '审核操作不正确' })
    .optional()
    .describe('直接指定审核步骤（与 result 二选一）'),
  opinion: optionalText('审核意见', 500),
}).refine((v) => v.result || v.action, { message: '请选择审核结果', path: ['result'] });

export const SubmitInput = z.object({ id: idOf('备案') });
export const VoidApplyInput = z.object({ id: idOf('备案'), opinion: optionalText('作废原因', 500) });

export const IncrementAddInput = z.object({
  id: idOf('备案'),
  works: z.array(FilingWorkInput, { error: '请选择要增加的工种' }).min(1, '请选择要增加的工种').max(200, '一次最多增加 200 个工种'),
});
export const IncrementIdInput = z.object({ id: idOf('备案'), incrementId: idOf('增量备案').optional() });

// ---------- 备案资料（场地、考点、工种、人员） ----------

export const SiteSaveInput = z.object({
  filingId: idOf('备案'),
  id: idOf('场地').optional(),
  name: required('名称', 128),
  address: required('地址', 200),
  area: z.coerce.number().int().min(1, '面积必须大于 0').max(1_000_000).optional().describe('面积（平方米）'),
  seats: z.coerce.number().int().min(1, '工位数必须大于 0').max(100_000).optional().describe('工位/座位数'),
  contactName: optionalText('联系人', 64),
  contactPhone: mobileOrMaskedSchema.optional().describe('联系电话（列表里脱敏；未修改时原样传回）'),
});

export const WorkSaveInput = FilingWorkInput.extend({ filingId: idOf('备案'), id: idOf('工种').optional() });

export const PersonSaveInput = z.object({
  filingId: idOf('备案'),
  id: idOf('人员').optional(),
  name: required('姓名', 64),
  idNumber: idNumberOrMaskedSchema,
  mobile: mobileOrMaskedSchema,
  title: optionalText('职称/职务', 64),
  certificateNo: optionalText('证书编号', 64),
  workCode: optionalText('工种编码', 32),
});

export const DataListInput = z.object({ filingId: idOf('备案') });
/** 资料列表：人员可请求看全（unmask、理由） */
export const DataListUnmaskInput = DataListInput.extend(UnmaskFields);
export const DataItemInput = z.object({ filingId: idOf('备案'), id: idOf('记录') });

// ---------- 备案机构库 ----------

export const RecordOrgListInput = z.object({
  name: text('机构名称', 64).optional(),
  orgType: orgTypeSchema.optional(),
  cityId: z.coerce.number().int().min(100000, '所在市不正确').max(999999, '所在市不正确').optional().describe('所在市（省级可选）'),
});

export const RecordOrgSaveInput = z.object({
  id: idOf('备案机构').optional(),
  name: required('机构名称', 128),
  unifiedSocialCreditCode: z
    .string({ error: '请输入统一社会信用代码' })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, '统一社会信用代码应为 18 位')
    .describe('统一社会信用代码'),
  orgType: orgTypeSchema,
  areaId: z.coerce.number({ error: '请选择所在区划' }).int().min(100000, '请选择所在区划').max(999999, '请选择所在区划').describe('所在区划（市或县区）'),
  superiorOrgId: idOf('上级主管单位').optional(),
  legalPerson: optionalText('法定代表人', 64),
  contactName: optionalText('联系人', 64),
  contactPhone: mobileOrMaskedSchema.optional().describe('联系电话（列表里脱敏；未修改时原样传回）'),
  address: optionalText('地址', 200),
  remark: optionalText('备注', 500),
});

export const IdsInput = z.object({
  ids: z.array(idOf('记录'), { error: '请选择记录' }).min(1, '请选择记录'),
});

// ---------- 返回类型 ----------

export interface FilingItem {
  id: number;
  code: string;
  /** 公示页 /institutionalFiling/filingRover/single?code= 的地址码（随机，不可猜） */
  /** 在效备案的公示页编号；其余为空 */
  publicCode: string | null;
  orgId: number;
  orgName: string;
  cityId: number | null;
  cityName: string | null;
  kind: number;
  kindName: string;
  status: number;
  statusName: string;
  orgType: number;
  orgTypeName: string;
  contactName: string;
  contactPhone: string;
  workCount: number;
  /** 进行中的增量备案状态（无则为空） */
  incrementStatus: number | null;
  /** 当前用户此刻对备案可做的事（服务端按 transitions.ts 的转换表与权限算出，界面只照此显示按钮） */
  actions: FilingAction[];
  /** 当前用户此刻对进行中的增量可做的转换 */
  incrementActions: TransitionAction[];
  lastOpinion: string | null;
  submitTime: string | null;
  completeTime: string | null;
  createTime: string;
}

/** 审核列表的一行：另标出当前用户此刻能否审核备案本身与其增量 */
export interface FilingAuditItem extends FilingItem {
  reviewable: boolean;
  incrementReviewable: boolean;
}

export interface FilingWorkItem {
  id: number;
  workCode: string;
  workName: string;
  levels: number[];
  levelNames: string[];
  incrementId: number | null;
  /** 已备案（主备案完成或所属增量完成） */
  filed: boolean;
}

export interface FilingHistoryItem {
  id: number;
  incrementId: number | null;
  action: string;
  actionName: string;
  fromStatus: number;
  fromStatusName: string;
  toStatus: number;
  toStatusName: string;
  opinion: string | null;
  actorName: string;
  createTime: string;
}
