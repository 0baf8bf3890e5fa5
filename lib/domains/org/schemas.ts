import { z } from 'zod';

export const ORG_CATEGORIES = { eval: '评价机构', train: '培训机构', enterprise: '企业', admin: '管理单位' } as const;
export type OrgCategory = keyof typeof ORG_CATEGORIES;

/** SPEC §3 机构类型（备案） */
export const ORG_TYPES: Record<number, string> = {
  0: '企业/用人单位',
  1: '央企分支机构',
  2: '技工院校',
  3: '社会培训评价组织',
  100: '社会鉴定机构',
  101: '国家统一鉴定机构',
  102: '国际合作鉴定机构',
  103: '民办职业培训机构',
};

export const ORG_STATUS: Record<number, string> = { 0: '正常', 1: '停用', 2: '待审核' };

const cityId = z.coerce
  .number({ error: '所在市必须是区划代码' })
  .int('所在市必须是区划代码')
  .min(100000, '区划代码为 6 位数字')
  .max(999999, '区划代码为 6 位数字');

export const OrgListInput = z.object({
  name: z.string().trim().max(64, '机构名称最多 64 个字').optional().describe('机构名称'),
  category: z.enum(Object.keys(ORG_CATEGORIES) as [OrgCategory, ...OrgCategory[]], { error: '机构类别只能是 eval、train、enterprise 或 admin' }).optional().describe('机构类别'),
  cityId: cityId.optional().describe('所在市'),
});

export const OrgDetailInput = z.object({
  code: z.string({ error: '请指定机构编码' }).trim().min(1, '请指定机构编码').max(32, '机构编码最多 32 位').describe('机构编码'),
});

export interface OrgItem {
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
  unifiedSocialCreditCode: string | null;
  status: number;
  statusName: string;
  /** YYYY-MM-DD HH:mm:ss（北京时间） */
  createTime: string;
}
