// 年度评价计划的输入模式与状态。
import { z } from 'zod';
import { id as idOf, ids, int, nullableText, required, text } from '@/lib/platform/validation/fields';

export { OFFICIAL_STATUS, OFFICIAL_STATUS_COLOR, OFFICIAL_STATUS_LABEL } from './constants';

const yearSchema = int('年度', 2000, 2100);

export const OfficialListInput = z.object({
  year: yearSchema.optional(),
  name: text('计划名称', 64).optional(),
  status: z.coerce.number().int().min(0, '状态不正确').max(1, '状态不正确').optional().describe('0 草稿 1 已发布'),
});

export const OfficialSaveInput = z.object({
  id: idOf('年度评价计划').optional(),
  year: yearSchema,
  name: required('计划名称', 128),
  remark: nullableText('备注', 500),
});

export const OfficialIdInput = z.object({ id: idOf('年度评价计划') });
export const OfficialPlanIdInput = z.object({ planId: idOf('年度评价计划') });
export const OfficialSearchInput = z.object({ planId: idOf('年度评价计划').optional(), name: text('名称', 64).optional() });
export const OfficialWorksInput = z.object({ jobCode: text('职业编码', 16).optional(), name: text('工种名称', 64).optional() });
export const OfficialWorkLevelsInput = z.object({ workCode: required('工种编码', 32) });

const levelSchema = z.coerce.number({ error: '请选择等级' }).int().min(1, '等级不正确').max(5, '等级不正确');

export const OfficialJobsInput = z.object({
  planId: idOf('年度评价计划'),
  jobs: z
    .array(z.object({ workCode: required('工种编码', 32), levels: z.array(levelSchema, { error: '请选择等级' }).min(1, '请至少选择一个等级').max(5, '等级不正确') }), { error: '请选择工种' })
    .min(1, '请选择工种')
    .max(200, '一次最多 200 个工种'),
});

export const OfficialOrgsInput = z.object({ planId: idOf('年度评价计划'), orgIds: ids('机构', 200) });
export const OfficialItemInput = z.object({ planId: idOf('年度评价计划'), id: idOf('记录') });
