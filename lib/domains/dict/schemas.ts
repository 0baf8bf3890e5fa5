// 字典、通用查询与流程规则的输入校验（中文消息）。
import { z } from 'zod';
import { id, required as text, nullableText as optionalText } from '@/lib/platform/validation/fields';

const status = z.coerce.number({ error: '状态只能是 0（启用）或 1（停用）' }).int().pipe(z.union([z.literal(0), z.literal(1)], { error: '状态只能是 0（启用）或 1（停用）' }));

const dicType = z.string({ error: '请指定字典类型' }).trim().min(1, '请指定字典类型').max(64, '字典类型最多 64 位');

/** 编辑用的选填关键字 */
const keyword = (label: string) => z.string().trim().max(64, `${label}最多 64 个字`).optional();

export const DictListInput = z.object({
  dicType: dicType.optional().describe('字典类型编码；不传则列出字典类型'),
  keyword: keyword('关键字').describe('按名称/标签或编码/取值模糊查询'),
});

export const DicTypeInput = z.object({ dicType: dicType.describe('字典类型编码，如 JOB_DUTY') });

export const DictTypeListInput = z.object({ keyword: keyword('关键字').describe('按编码或名称模糊查询') });

export const DictItemListInput = z.object({
  dicType: dicType.describe('字典类型编码'),
  label: keyword('标签').describe('按标签模糊查询'),
  value: keyword('取值').describe('按取值模糊查询'),
  status: status.optional().describe('0 启用 1 停用'),
});

export const DictTypeSaveInput = z.object({
  id: id('字典类型').optional().describe('编辑时传入'),
  code: z
    .string({ error: '请输入字典编码' })
    .trim()
    .min(1, '请输入字典编码')
    .max(64, '字典编码最多 64 位')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '字典编码只能由字母、数字和下划线组成，并以字母开头')
    .describe('字典编码（新增后不可修改）'),
  name: text('字典名称', 64).describe('字典名称'),
  status: status.default(0).describe('0 启用 1 停用'),
  remark: optionalText('备注', 200).describe('备注'),
});

export const DictItemSaveInput = z.object({
  id: id('字典项').optional().describe('编辑时传入'),
  typeCode: dicType.describe('所属字典类型编码'),
  label: text('字典标签', 100).describe('显示文字'),
  value: text('字典取值', 64).describe('取值（同一字典内唯一）'),
  sort: z.coerce.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于 0').max(99999, '排序不能大于 99999').default(0).describe('排序，小的在前'),
  status: status.default(0).describe('0 启用 1 停用'),
  remark: optionalText('备注', 200).describe('备注'),
});

export const IdInput = z.object({ id: id('记录').describe('主键') });

export const IdsInput = z
  .object({
    id: id('记录').optional().describe('单条删除'),
    ids: z.array(id('记录'), { error: '请选择要删除的记录' }).max(500, '一次最多删除 500 条').optional().describe('批量删除'),
  })
  .refine((v) => v.id !== undefined || (v.ids && v.ids.length > 0), { message: '请选择要删除的记录', path: ['ids'] });

export const DictExportInput = z.object({ dicType: dicType.optional().describe('只导出该字典；不传则导出全部字典项') });

export const OrgLookupInput = z.object({ orgName: z.string().trim().max(64, '机构名称最多 64 个字').optional().describe('机构名称（模糊）') });

// ---------- 流程规则 ----------

export const REVIEWER_LEVELS = { province: '省级', city: '市级', county: '县级', org: '机构' } as const;
export type ReviewerLevel = keyof typeof REVIEWER_LEVELS;

export const ProcessStepInput = z.object({
  order: z.coerce.number({ error: '环节顺序必须是数字' }).int('环节顺序必须是整数').min(1, '环节顺序从 1 开始').max(99, '环节顺序最大 99'),
  name: text('环节名称', 32),
  reviewerLevel: z.enum(Object.keys(REVIEWER_LEVELS) as [ReviewerLevel, ...ReviewerLevel[]], { error: '审核层级只能是省级、市级、县级或机构' }),
  roleCode: z.string().trim().max(64, '审核角色编码最多 64 位').optional().nullable().transform((v) => (v ? v : null)),
  opinionRequired: z.coerce.boolean().default(false),
});

const processRuleFields = {
  processType: z.string({ error: '请选择流程类型' }).trim().min(1, '请选择流程类型').max(32, '流程类型最多 32 位').describe('流程类型（字典 PROCESS_RULE_TYPE）'),
  name: text('规则名称', 64).describe('规则名称'),
  areaId: z.coerce.number({ error: '请选择适用区划' }).int('适用区划无效').min(100000, '适用区划无效').max(999999, '适用区划无效').describe('适用区划代码'),
  steps: z
    .array(ProcessStepInput, { error: '请至少设置一个审核环节' })
    .min(1, '请至少设置一个审核环节')
    .max(20, '审核环节最多 20 个')
    .refine((steps) => new Set(steps.map((s) => s.order)).size === steps.length, '审核环节的顺序不能重复')
    .describe('审核环节（按 order 顺序执行）'),
  status: status.default(0).describe('0 启用 1 停用'),
  remark: optionalText('备注', 200).describe('备注'),
};

export const ProcessRuleAddInput = z.object(processRuleFields);
export const ProcessRuleUpdateInput = z.object({ id: id('流程规则').describe('主键'), ...processRuleFields });

export const ProcessRuleListInput = z.object({
  processType: z.string().trim().max(32).optional().describe('流程类型'),
  name: keyword('规则名称').describe('规则名称（模糊）'),
  status: status.optional().describe('0 启用 1 停用'),
});

export const ProcessStatusListInput = z.object({ processType: z.string().trim().max(32).optional().describe('流程类型') });

export const ProcessStatusUpdateInput = z.object({ id: id('状态'), label: text('状态名称', 100) });

export { DICT_STATUS, DICT_STATUS_TAG } from './constants';
