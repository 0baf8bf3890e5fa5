// 考试计划的输入模式（中文消息，前后端共用）与返回类型。
import { z } from 'zod';
import { date, flag, id as idOf, int, nullableText, optionalDate, required, text } from '@/lib/platform/validation/fields';
import { mobileSchema } from '@/lib/platform/identity';
import { ARRANGE_TYPE, LAST_STEP, PLAN_STATE, type PlanAction } from './transitions';

export { idOf };

export const planKindSchema = z.coerce
  .number({ error: '请选择计划类型' })
  .int()
  .min(0, '计划类型不正确')
  .max(3, '计划类型不正确')
  .describe('计划类型：0 技能等级认定 1 职业资格 2 专项能力 3 机关工勤');

export const stepSchema = z.coerce.number({ error: '步骤不正确' }).int().min(0, '步骤不正确').max(LAST_STEP, '步骤不正确').describe('计划步骤 0–9');

const levelSchema = z.coerce.number({ error: '请选择等级' }).int().min(1, '等级不正确').max(5, '等级不正确');

export const PlanWorkInput = z.object({
  workCode: required('工种编码', 32),
  levels: z.array(levelSchema, { error: '请选择等级' }).min(1, '请至少选择一个等级').max(5, '等级不正确').describe('等级：5 五级/初级工 … 1 一级/高级技师'),
});

const ARRANGE_VALUES = Object.values(ARRANGE_TYPE) as number[];

export const PlanSaveInput = z
  .object({
    id: idOf('考试计划').optional(),
    kind: planKindSchema,
    name: required('计划名称', 128),
    works: z.array(PlanWorkInput, { error: '请选择计划的工种与等级' }).min(1, '请选择计划的工种与等级').max(50, '一个计划最多 50 个工种').describe('工种与等级'),
    arrangeTypes: z
      .array(z.coerce.number().int().refine((v) => ARRANGE_VALUES.includes(v), '考试安排类型不正确'), { error: '请选择考试安排类型' })
      .min(1, '请选择考试安排类型')
      .max(4, '考试安排类型不正确')
      .refine((v) => !(v.includes(ARRANGE_TYPE.NONE) && v.length > 1), '选择“不安排”时不能再选其他考试安排类型')
      .describe('考试安排类型：0 不安排 1 理论知识 2 操作技能 3 综合评审'),
    examStartDate: date('考试开始日期'),
    examEndDate: date('考试结束日期'),
    expectedCount: int('计划人数', 1, 100_000),
    fee: z.coerce
      .number({ error: '考试费必须是数字' })
      .min(0, '考试费不能小于 0')
      .max(100_000, '考试费不能大于 100000')
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), '考试费最多两位小数')
      .default(0)
      .describe('每人考试费（元）'),
    contactName: required('联系人', 64),
    contactPhone: mobileSchema.describe('联系电话'),
    remark: nullableText('备注', 500),
    attachments: z.array(text('附件地址', 300), { error: '附件不正确' }).max(10, '最多上传 10 个附件').default([]).describe('附件地址（经上传服务得到）'),
  })
  .refine((v) => v.examEndDate >= v.examStartDate, { message: '考试结束日期不能早于开始日期', path: ['examEndDate'] });

export const PlanListInput = z.object({
  kind: planKindSchema.optional(),
  name: text('计划名称', 64).optional(),
  code: text('计划编号', 32).optional(),
  orgName: text('机构名称', 64).optional(),
  step: stepSchema.optional(),
  state: z.coerce.number().int().refine((v) => (Object.values(PLAN_STATE) as number[]).includes(v), '办理状态不正确').optional().describe('步内状态 0 办理中 1 待市级审核 2 待省级审核 3 驳回 9 已取消'),
  dateStart: optionalDate('考试日期起'),
  dateEnd: optionalDate('考试日期止'),
  pendingOnly: flag('只列待本人审核的').optional(),
});

export const PlanIdInput = z.object({ id: idOf('考试计划') });
export const PlanOpinionInput = z.object({ id: idOf('考试计划'), opinion: nullableText('意见', 500) });
export const PlanReasonInput = z.object({ id: idOf('考试计划'), opinion: nullableText('取消原因', 500) });

export const PlanAuditInput = z.object({
  id: idOf('考试计划'),
  result: z.enum(['pass', 'reject'], { error: '请选择审核结果' }).describe('pass 通过 / reject 驳回（按计划当前的审核环节对应到市级或省级）'),
  opinion: nullableText('审核意见', 500),
});

export const FiledWorksInput = z.object({ kind: planKindSchema });

export const StepAuditListInput = z.object({ kind: planKindSchema.optional() });
export const StepAuditUpdateInput = z.object({
  kind: planKindSchema,
  steps: z
    .array(z.coerce.number().int().min(1, '只能设置第 1–8 步').max(8, '只能设置第 1–8 步'), { error: '请选择须审核的步骤' })
    .max(8, '只能设置第 1–8 步')
    .describe('须经市级审核的步骤（1–8，其余步骤不需审核）'),
});

// ---------- 返回类型 ----------

export interface PlanWorkItem {
  workCode: string;
  workName: string;
  levels: number[];
  levelNames: string[];
}

export interface PlanItem {
  id: number;
  code: string;
  kind: number;
  kindName: string;
  name: string;
  orgId: number;
  orgName: string;
  cityId: number | null;
  cityName: string | null;
  step: number;
  stepName: string;
  state: number;
  stateName: string;
  /** 位置的完整说法，如“导入考生 · 待市级审核” */
  positionName: string;
  /** 进度百分比：第 step 步（0–9）记为 (step + 1) × 10 */
  progress: number;
  arrangeTypes: number[];
  arrangeTypeNames: string[];
  examStartDate: string;
  examEndDate: string;
  expectedCount: number;
  fee: string;
  contactName: string;
  contactPhone: string;
  works: PlanWorkItem[];
  workSummary: string;
  lastOpinion: string | null;
  officialPlanWarning: string | null;
  /** 当前用户此刻可做的事（服务端按转换表、步骤审核配置与权限算出） */
  actions: PlanAction[];
  /** 已取消、本步审核被驳回（界面的标记，服务端算出） */
  cancelled: boolean;
  rejected: boolean;
  submitTime: string | null;
  approveTime: string | null;
  createTime: string;
}

export interface PlanHistoryItem {
  id: number;
  action: string;
  actionName: string;
  fromStep: number;
  toStep: number;
  fromState: number;
  toState: number;
  fromStatusName: string;
  toStatusName: string;
  /** 时间线的颜色：驳回或取消红色，进入下一步绿色，其余蓝色 */
  color: 'red' | 'green' | 'blue';
  opinion: string | null;
  actorName: string;
  createTime: string;
}
