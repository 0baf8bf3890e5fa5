import { z } from 'zod';
import { id, nullableText as optionalText } from '@/lib/platform/validation/fields';
import { RegionValue } from '@/lib/domains/area/schemas';
import { isMaskedValue, isUnifiedSocialCreditCode, MOBILE_PATTERN, USCC_PATTERN } from '@/lib/platform/identity';
import { DEPT_AUDIT_STATUS, ORG_CATEGORIES, ORG_STATUS, ORG_TYPES, type OrgCategory } from './codes';

export { ORG_CATEGORIES, ORG_TYPES, ORG_STATUS, DEPT_AUDIT_STATUS, type OrgCategory } from './codes';
const CATEGORY_KEYS = Object.keys(ORG_CATEGORIES) as [OrgCategory, ...OrgCategory[]];

const areaCode = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是区划代码` })
    .int(`${label}必须是区划代码`)
    .min(100000, '区划代码为 6 位数字')
    .max(999999, '区划代码为 6 位数字');

const ids = (label: string) =>
  z
    .array(id(label), { error: `请选择要删除的${label}` })
    .min(1, `请选择要删除的${label}`)
    .max(100, '一次最多删除 100 条')
    .describe(`${label} id 列表`);


const phone = z
  .string()
  .trim()
  .max(20, '联系电话最多 20 位')
  // 带 * 的是表单原样传回的脱敏值：服务端保留原号码（keepIfMasked）
  .refine((v) => v === '' || MOBILE_PATTERN.test(v) || /^0\d{2,3}-?\d{7,8}$/.test(v) || isMaskedValue(v), '联系电话应为手机号或带区号的固定电话')
  .nullish()
  .transform((v) => v || null)
  .describe('联系电话');

/** 区划：[省, 市|null, 县区|null]，或最具体一级的区划代码（列表界面的区划选择器提交的形式） */
const OrgRegion = z.preprocess((v) => {
  const code = typeof v === 'string' && /^\d{6}$/.test(v) ? Number(v) : v;
  if (typeof code !== 'number' || !Number.isInteger(code)) return v;
  const province = Math.floor(code / 10000) * 10000;
  const city = Math.floor(code / 100) * 100;
  return code === province ? [province, null, null] : code === city ? [province, city, null] : [province, city, code];
}, RegionValue);

const enumOf = <T extends string>(values: [T, ...T[]], message: string) => z.enum(values, { error: message });

export const OrgListInput = z.object({
  name: z.string().trim().max(64, '机构名称最多 64 个字').optional().describe('机构名称'),
  code: z.string().trim().max(32, '机构编码最多 32 位').optional().describe('机构编码'),
  category: enumOf(CATEGORY_KEYS, '机构类别只能是 eval、train、enterprise 或 admin').optional().describe('机构类别'),
  orgType: z.coerce
    .number({ error: '机构类型不正确' })
    .refine((v) => v in ORG_TYPES, '机构类型不正确')
    .optional()
    .describe('机构类型'),
  areaId: areaCode('区划').optional().describe('区划（省、市或县区；市按所在市、县区按所在县区筛选）'),
  cityId: areaCode('所在市').optional().describe('所在市'),
  status: z.coerce
    .number({ error: '状态不正确' })
    .refine((v) => v in ORG_STATUS, '状态只能是 0 正常、1 停用或 2 待审核')
    .optional()
    .describe('状态'),
  parentId: id('上级机构').optional(),
});

export const OrgDetailInput = z.object({
  code: z.string({ error: '请指定机构编码' }).trim().min(1, '请指定机构编码').max(32, '机构编码最多 32 位').describe('机构编码'),
});

export const OrgIdInput = z.object({ id: id('机构') });

/** 代码表的键：JSON Schema（OpenAPI）的 enum，与 refine 查的是同一张表 */
const codesOf = (table: Record<number, string>) => Object.keys(table).map(Number);

const creditCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || (v.length === 18 && isUnifiedSocialCreditCode(v)), '统一社会信用代码不正确，请核对（18 位）')
  .nullish()
  .transform((v) => v || null)
  // 空串表示没有；形状写进 JSON Schema，校验位由上面的检查判断
  .meta({ description: '统一社会信用代码', pattern: `^(?:${USCC_PATTERN.slice(1, -1)})?$` });

/** 机构的基本信息（机构用户维护本机构时可改的部分） */
const basicFields = {
  legalPerson: optionalText('法定代表人', 64),
  contactName: optionalText('联系人', 64),
  contactPhone: phone,
  address: optionalText('地址', 200),
  remark: optionalText('备注', 500),
};

const orgFields = {
  name: z.string({ error: '请输入机构名称' }).trim().min(2, '机构名称至少 2 个字').max(128, '机构名称最多 128 个字').describe('机构名称'),
  category: enumOf(CATEGORY_KEYS, '请选择机构类别').describe('机构类别'),
  orgType: z.coerce
    .number({ error: '请选择机构类型' })
    .refine((v) => v in ORG_TYPES, '机构类型不正确')
    .meta({ description: '机构类型', enum: codesOf(ORG_TYPES) }),
  region: OrgRegion,
  unifiedSocialCreditCode: creditCode,
  status: z.coerce
    .number()
    .refine((v) => v in ORG_STATUS, '状态只能是 0 正常、1 停用或 2 待审核')
    .meta({ enum: codesOf(ORG_STATUS) })
    .optional()
    .describe('状态（新增时默认正常；修改时不给则不变）'),
  parentId: id('上级机构').nullish().transform((v) => v ?? null),
  ...basicFields,
};

export const ORG_CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;
export const OrgSaveInput = z.object({
  code: z
    .string({ error: '请输入机构编码' })
    .trim()
    .min(1, '请输入机构编码')
    .regex(ORG_CODE_PATTERN, '机构编码为 2 到 32 位字母、数字、下划线或短横线')
    .describe('机构编码'),
  ...orgFields,
});

export const OrgUpdateInput = z.object({ id: id('机构'), ...orgFields });

export const OrgRemoveInput = z.object({ ids: ids('机构') });

export const MoveOrgInput = z.object({
  id: id('机构'),
  /** 空表示移为顶级机构 */
  parentId: id('上级机构').nullish().transform((v) => v ?? null),
  /** 同时迁到新的区划（可选）；不给则保持原区划，原区划须在新上级的区划之内 */
  region: OrgRegion.nullish(),
});

export const ChangeInput = z.object({ id: id('机构'), logId: id('变更记录').optional() });

export const WORK_CODE_PATTERN = /^[0-9A-Z][0-9A-Z-]{0,31}$/;
export const OrgWorkSaveInput = z.object({
  orgId: id('机构'),
  works: z
    .array(
      z.object({
        workCode: z
          .string({ error: '请输入工种编码' })
          .trim()
          .toUpperCase()
          .regex(WORK_CODE_PATTERN, '工种编码只能包含数字、大写字母和短横线，最多 32 位')
          .describe('工种编码'),
        workName: z.string({ error: '请输入工种名称' }).trim().min(1, '请输入工种名称').max(64, '工种名称最多 64 个字').describe('工种名称'),
      }),
      { error: '请提供工种列表' },
    )
    .max(500, '工种最多 500 个')
    .refine((list) => new Set(list.map((w) => w.workCode)).size === list.length, '工种编码重复')
    .describe('工种列表（整体替换）'),
});

export const UpdateOwnOrgInput = z.object(basicFields);

/* ---------- 常用机构 ---------- */

export const ChooseListInput = z.object({ name: z.string().trim().max(64, '机构名称最多 64 个字').optional().describe('机构名称') });
export const ChooseAddInput = z.object({
  orgId: id('机构'),
  remark: optionalText('备注名', 64),
  sort: z.coerce.number().int('排序须为整数').min(0, '排序不能小于 0').max(9999, '排序不能大于 9999').default(0).describe('排序'),
});
export const ChooseUpdateInput = z.object({
  id: id('常用机构'),
  remark: optionalText('备注名', 64),
  sort: z.coerce.number().int('排序须为整数').min(0, '排序不能小于 0').max(9999, '排序不能大于 9999').default(0).describe('排序'),
});
export const ChooseDelInput = z.object({ ids: ids('常用机构') });

/* ---------- 部门 ---------- */

const deptFields = {
  name: z.string({ error: '请输入部门名称' }).trim().min(2, '部门名称至少 2 个字').max(64, '部门名称最多 64 个字').describe('部门名称'),
  leader: optionalText('负责人', 64),
  phone,
  sort: z.coerce.number().int('排序须为整数').min(0, '排序不能小于 0').max(9999, '排序不能大于 9999').default(0).describe('排序'),
  remark: optionalText('备注', 500),
};

export const DeptSaveInput = z.object({
  orgId: id('所属机构'),
  code: z
    .string({ error: '请输入部门编码' })
    .trim()
    .min(1, '请输入部门编码')
    .regex(ORG_CODE_PATTERN, '部门编码为 2 到 32 位字母、数字、下划线或短横线')
    .describe('部门编码'),
  ...deptFields,
});
export const DeptUpdateInput = z.object({ id: id('部门'), ...deptFields });
export const DeptRemoveInput = z.object({ ids: ids('部门') });
export const DeptIdInput = z.object({ id: id('部门') });
export const DeptAuditInput = z
  .object({
    id: id('部门'),
    auditStatus: z.coerce
      .number({ error: '请选择审核结果' })
      .refine((v) => v === 1 || v === 2, '审核结果只能是 1 通过或 2 驳回')
      .describe('审核结果：1 通过 2 驳回'),
    auditOpinion: z.string().trim().max(500, '审核意见最多 500 个字').nullish().transform((v) => v ?? '').describe('审核意见'),
  })
  .refine((v) => v.auditStatus === 1 || v.auditOpinion.length > 0, { message: '请输入审核意见', path: ['auditOpinion'] });

export const DeptListInput = z.object({
  name: z.string().trim().max(64, '部门名称最多 64 个字').optional().describe('部门名称'),
  orgId: id('所属机构').optional(),
  orgName: z.string().trim().max(64, '机构名称最多 64 个字').optional().describe('所属机构名称'),
  auditStatus: z.coerce
    .number({ error: '审核状态不正确' })
    .refine((v) => v in DEPT_AUDIT_STATUS, '审核状态只能是 0 待审核、1 通过或 2 驳回')
    .meta({ enum: codesOf(DEPT_AUDIT_STATUS) })
    .optional()
    .describe('审核状态'),
  cityId: areaCode('所在市').optional().describe('所在市'),
});

/* ---------- 输出 ---------- */

export interface OrgItem {
  id: number;
  code: string;
  name: string;
  category: string;
  categoryName: string;
  orgType: number;
  orgTypeName: string;
  areaId: number;
  areaName: string | null;
  cityId: number | null;
  cityName: string | null;
  /** [省, 市|null, 县区|null]，供区划选择器回显 */
  region: [number, number | null, number | null];
  parentId: number | null;
  parentName: string | null;
  unifiedSocialCreditCode: string | null;
  legalPerson: string | null;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
  remark: string | null;
  status: number;
  statusName: string;
  /** YYYY-MM-DD HH:mm:ss（北京时间） */
  createTime: string;
  updateTime: string;
}

export interface OrgDetail extends OrgItem {
  works: { workCode: string; workName: string }[];
  userCount: number;
  childCount: number;
}

export interface DeptItem {
  id: number;
  orgId: number;
  orgName: string;
  code: string;
  name: string;
  leader: string | null;
  phone: string | null;
  sort: number;
  remark: string | null;
  cityId: number | null;
  auditStatus: number;
  auditStatusName: string;
  /** 待审核：审核按钮按它显示（界面不比较状态号） */
  awaitingAudit: boolean;
  auditOpinion: string | null;
  auditorName: string | null;
  auditTime: string | null;
  createTime: string;
}
