// 账号管理的输入与行形状：服务端校验与前端表单共用（不引入任何服务端模块）。
import { z } from 'zod';
import { blankToUndefined, id, optionalId } from '@/lib/platform/validation/fields';
import { NewPassword } from '@/lib/platform/auth/password';
import { Mobile, NewAccount } from '../user/schemas';
import { USER_TYPES } from './constants';
import { mobileOrMaskedSchema } from '@/lib/platform/identity';
import { UnmaskFields } from '../privacy/schemas';

export * from './constants';

export const AccountId = id('用户 id');

/** id 列表：数组，或逗号分隔的字符串 */
export const AccountIds = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(/[,，]/).map((s) => s.trim()).filter(Boolean) : typeof v === 'number' ? [v] : v),
    z.array(AccountId, { error: '请选择账号' }).min(1, '请选择账号').max(500, '一次最多处理 500 个账号'),
  )
  .describe('用户 id 列表');

const RoleIds = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(/[,，]/).map((s) => s.trim()).filter(Boolean) : v),
    z.array(id('角色 id')).max(50, '角色过多'),
  )
  .describe('角色 id 列表');

const Email = z.string().trim().max(128, '邮箱最多 128 个字符').email('邮箱格式不正确');
const OptionalMobile = z.preprocess(blankToUndefined, Mobile.optional()).describe('手机号');
const OptionalEmail = z.preprocess(blankToUndefined, Email.optional()).describe('邮箱');
const NickName = z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名最多 64 个字').describe('用户名');
const RealName = z.preprocess(blankToUndefined, z.string().trim().max(64, '真实姓名最多 64 个字').optional()).describe('真实姓名');

export const AccountListInput = z.object({
  account: z.string().trim().max(64).optional().describe('账号（包含）'),
  name: z.string().trim().max(64).optional().describe('用户名或真实姓名（包含）'),
  mobile: z.string().trim().max(20).optional().describe('完整手机号（精确匹配：手机号加密存放，不能按片段查）'),
  status: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(3).optional()).describe('状态：0 正常 1 冻结 2 待审核 3 已驳回'),
  roleId: optionalId('角色'),
  orgId: optionalId('机构'),
  areaId: optionalId('区划').describe('区划：市代码含其下县区'),
});
export type AccountFilter = z.output<typeof AccountListInput>;
/** 列表与导出：筛选加上看全手机号的请求（unmask、理由） */
export const AccountListUnmaskInput = AccountListInput.extend(UnmaskFields);

/** 新建账号：area 与 org 决定层级与数据范围，都不填则与操作人相同 */
export const AccountAddInput = z.object({
  account: NewAccount,
  password: NewPassword.describe('初始密码'),
  nickName: NickName,
  realName: RealName,
  mobile: OptionalMobile,
  email: OptionalEmail,
  userType: z.preprocess(blankToUndefined, z.enum(Object.keys(USER_TYPES) as [string, ...string[]], { error: '用户类型不正确' }).optional()).describe('用户类型'),
  areaId: optionalId('所属区划'),
  orgId: optionalId('所属机构'),
  roleIds: RoleIds.default([]),
});

/** 子账号：层级、区划与机构取自操作人，请求里的一概不用 */
export const SubAccountAddInput = AccountAddInput.omit({ areaId: true, orgId: true, userType: true });

export const AccountUpdateInput = z.object({
  id: AccountId,
  /** 账号名不能修改：传了且与原值不同即拒绝 */
  account: z.string().trim().optional().describe('账号（不可修改）'),
  nickName: NickName.optional(),
  realName: z.string().trim().max(64, '真实姓名最多 64 个字').optional().describe('真实姓名（空串清空）'),
  mobile: z.union([z.literal(''), mobileOrMaskedSchema]).optional().describe('手机号（空串清空；详情里是脱敏值，未修改时原样传回）'),
  email: z.union([z.literal(''), Email]).optional().describe('邮箱（空串清空）'),
  roleIds: RoleIds.optional(),
});

export const AccountIdInput = z.object({ id: AccountId });
export const AccountIdsInput = z.object({ ids: AccountIds });

export const ResetPwdInput = z.object({ id: AccountId, password: NewPassword.describe('新密码') });

/**
 * 批量修改：status 0 解冻 / 1 冻结；roleIds 与 roleMode（replace 替换，add 追加，remove 移除）改角色。
 * 两者至少给一个；全部账号都在管辖范围内且全部合规才执行（全有或全无）。
 */
export const BatchUpdateInput = z
  .object({
    ids: AccountIds,
    status: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1, '状态只能是 0（正常）或 1（冻结）').optional()).describe('状态：0 正常 1 冻结'),
    roleIds: RoleIds.optional(),
    roleMode: z.enum(['replace', 'add', 'remove'], { error: '角色修改方式应为 replace、add 或 remove' }).default('replace').describe('角色修改方式'),
  })
  .refine((v) => v.status !== undefined || v.roleIds !== undefined, { message: '请指定要修改的状态或角色', path: ['status'] });

export const OrgListInput = z.object({
  name: z.string().trim().max(128).optional().describe('机构名称（包含）'),
  cityId: optionalId('市'),
});

/** 导入的一行（列见 import.ts） */
export const AccountImportRow = z.object({
  account: NewAccount,
  realName: z.string({ error: '请填写姓名' }).trim().min(1, '请填写姓名').max(64, '姓名最多 64 个字'),
  mobile: z.preprocess(blankToUndefined, Mobile.optional()),
  email: z.preprocess(blankToUndefined, Email.optional()),
  password: NewPassword,
  roleCodes: z
    .string({ error: '请填写角色编码' })
    .trim()
    .min(1, '请填写角色编码')
    .transform((s) => [...new Set(s.split(/[,，、;；\s]+/).map((c) => c.trim().toUpperCase()).filter(Boolean))]),
  orgCode: z.preprocess(blankToUndefined, z.string().trim().max(32).optional()),
  areaId: z.preprocess(blankToUndefined, z.coerce.number({ error: '区划代码为 6 位数字' }).int().min(100000, '区划代码为 6 位数字').max(999999, '区划代码为 6 位数字').optional()),
});

/** 列表行（/account/listUsers 与导出共用） */
export interface AccountRow {
  id: number;
  account: string;
  nickName: string;
  realName: string | null;
  mobile: string | null;
  email: string | null;
  userType: string;
  level: string;
  areaId: number | null;
  areaName: string | null;
  orgId: number | null;
  orgName: string | null;
  /** user/status.ts 的 USER_STATUS */
  status: number;
  roles: { id: number; name: string }[];
  createdAt: string;
  lastLoginAt: string | null;
  /** 列表行上当前用户可做的状态操作（冻结、解冻），服务端算出 */
  actions?: ('freeze' | 'unfreeze')[];
}

export interface AccountDetail extends AccountRow {
  code: string;
  cityId: number | null;
  parentId: number | null;
  roleIds: number[];
}
