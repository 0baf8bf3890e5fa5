// 身份域的输入：服务端校验与前端表单共用同一份 zod（不引入任何服务端模块）。
import { z } from 'zod';
import { NewPassword, passwordStrength, STRONG, PASSWORD_WEAK_MESSAGE } from '@/lib/platform/auth/password';
import { RegionValue } from '@/lib/domains/area/schemas';
import { isUnifiedSocialCreditCode, mobileOrMaskedSchema, mobileSchema } from '@/lib/platform/identity';

/** SPEC §5：11 位，1 开头，第二位 3–9（规则在 lib/platform/identity，唯一的一处） */
export { MOBILE_PATTERN, MOBILE_MESSAGE } from '@/lib/platform/identity';
export const Mobile = mobileSchema;

export const SmsCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .regex(/^\d{6}$/, '验证码为 6 位数字')
  .describe('验证码');

/** 账号：4–32 位字母、数字或下划线 */
export const ACCOUNT_PATTERN = /^\w{4,32}$/;
export const NewAccount = z
  .string({ error: '请输入账号' })
  .trim()
  .min(1, '请输入账号')
  .regex(ACCOUNT_PATTERN, '账号为 4 到 32 位字母、数字或下划线')
  .describe('账号');

const loginAccount = z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号最多 64 位').describe('账号');
const loginPassword = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长').describe('密码');

export const LoginInput = z.object({ account: loginAccount, password: loginPassword });

export const SmsLoginInput = z.object({ mobile: Mobile, smsCode: SmsCode });

export const CheckAccountInput = z.object({ account: loginAccount });

export const SMS_PURPOSES = ['login', 'register', 'resetPassword', 'updateMobile'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const SendVerCodeInput = z.object({
  mobile: Mobile,
  purpose: z.enum(['login', 'register', 'resetPassword'], { error: '验证码用途应为 login、register 或 resetPassword' }).default('login').describe('用途'),
});

export const SendUpdateMobileInput = z.object({ mobile: Mobile });
export const UpdateMobileInput = z.object({ mobile: Mobile, smsCode: SmsCode });

const Email = z.string().trim().max(128, '邮箱最多 128 个字符').email('邮箱格式不正确').describe('邮箱');

/** 资料修改：字段不传表示不改，传空串表示清空 */
export const UpdateUserInput = z.object({
  nickName: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名最多 64 个字').describe('用户名'),
  realName: z.string().trim().max(64, '真实姓名最多 64 个字').optional().describe('真实姓名'),
  email: z.union([z.literal(''), Email]).optional().describe('邮箱'),
  avatar: z.string().trim().max(500, '头像地址过长').optional().describe('头像'),
});

/** 改密与找回密码的新密码：SPEC §5 的规则，且强度须为"强"，否则下次登录又会被强制改密 */
export const StrongNewPassword = NewPassword.refine((pw) => passwordStrength(pw) === STRONG, PASSWORD_WEAK_MESSAGE).describe('新密码');

export const ResetPasswordInput = z
  .object({
    code: z.string({ error: '缺少用户编码' }).trim().min(1, '缺少用户编码').describe('用户编码'),
    oldPassword: z.string({ error: '请输入旧密码' }).min(1, '请输入旧密码').max(128, '密码过长').describe('旧密码'),
    password: StrongNewPassword,
    confirmPassword: z.string().optional().describe('确认密码'),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: '两次输入密码不一致',
    path: ['confirmPassword'],
  });

export const RecoverPasswordInput = z
  .object({
    account: loginAccount,
    mobile: Mobile,
    smsCode: SmsCode,
    password: StrongNewPassword,
    confirmPassword: z.string({ error: '请再次输入密码' }).min(1, '请再次输入密码').describe('确认密码'),
  })
  .refine((v) => v.confirmPassword === v.password, { message: '两次输入密码不一致', path: ['confirmPassword'] });

/** GB 32100-2015 统一社会信用代码：唯一的一份在 lib/platform/identity/uscc.ts */
export { isUnifiedSocialCreditCode };

export const ORG_CATEGORIES = ['eval', 'train', 'enterprise'] as const;
export type RegisterCategory = (typeof ORG_CATEGORIES)[number];
export const CATEGORY_LABEL: Record<RegisterCategory, string> = { eval: '评价机构', train: '培训机构', enterprise: '企业' };

export const RegisterInput = z
  .object({
    category: z.enum(ORG_CATEGORIES, { error: '请选择注册类型（评价机构、培训机构或企业）' }).describe('注册类型'),
    orgName: z.string({ error: '请输入单位名称' }).trim().min(2, '请输入单位名称').max(128, '单位名称最多 128 个字').describe('单位名称'),
    unifiedSocialCreditCode: z
      .string({ error: '请输入统一社会信用代码' })
      .trim()
      .toUpperCase()
      .length(18, '统一社会信用代码为 18 位')
      .refine(isUnifiedSocialCreditCode, '统一社会信用代码不正确，请核对')
      .describe('统一社会信用代码'),
    region: RegionValue.refine((r) => r[1] !== null, '请选择行政区划（至少选到市）'),
    contactName: z.string({ error: '请输入联系人姓名' }).trim().min(1, '请输入联系人姓名').max(64, '联系人姓名最多 64 个字').describe('联系人'),
    mobile: Mobile,
    smsCode: SmsCode,
    account: NewAccount,
    password: NewPassword.describe('密码'),
    confirmPassword: z.string().optional().describe('确认密码'),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: '两次输入密码不一致',
    path: ['confirmPassword'],
  });

export const AuditRegisterInput = z
  .object({
    code: z.string({ error: '缺少用户编码' }).trim().min(1, '缺少用户编码').describe('用户编码'),
    pass: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: '请选择审核结果' })).describe('是否通过'),
    opinion: z.string().trim().max(500, '审核意见最多 500 个字').optional().default('').describe('审核意见'),
  })
  .refine((v) => v.pass || v.opinion.length > 0, { message: '请输入审核意见', path: ['opinion'] });

export const PendingRegistersInput = z.object({
  orgName: z.string().trim().max(128).optional().describe('单位名称'),
  category: z.enum(ORG_CATEGORIES).optional().describe('注册类型'),
});

export const SsoLoginInput = z.object({
  code: z.string({ error: '缺少授权码' }).trim().min(1, '缺少授权码').max(2000).describe('授权码'),
  redirectUri: z.string({ error: '缺少回调地址' }).trim().url('回调地址格式不正确').describe('回调地址'),
  state: z.string().trim().max(200).optional().describe('state'),
  iss: z.string().trim().max(500).optional().describe('身份源在回调中给出的签发方（RFC 9207）'),
});

export const OnePlatformLoginInput = z
  .object({
    code: z.string().trim().max(2000).optional().describe('授权码'),
    ticket: z.string().trim().max(2000).optional().describe('票据'),
    redirectUri: z.string({ error: '缺少回调地址' }).trim().url('回调地址格式不正确').describe('回调地址'),
    state: z.string().trim().max(200).optional().describe('state'),
    iss: z.string().trim().max(500).optional().describe('身份源在回调中给出的签发方（RFC 9207）'),
  })
  .refine((v) => Boolean(v.code || v.ticket), { message: '缺少授权码', path: ['code'] });

export const SsoConfigInput = z.object({
  redirectUri: z.string().trim().url('回调地址格式不正确').optional().describe('回调地址'),
});

export const RealNameDescInput = z.object({
  realNameDesc: z.string({ error: '请输入实名说明' }).trim().max(200, '实名说明最多 200 个字').describe('实名说明'),
});

const statusFilter = z.coerce.number().int().min(0).max(3).optional().describe('状态');
export const UserListInput = z.object({
  account: z.string().trim().max(64).optional().describe('账号'),
  name: z.string().trim().max(64).optional().describe('姓名'),
  userType: z.string().trim().max(32).optional().describe('用户类型'),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), statusFilter),
});

export const UserUpdateInput = z.object({
  code: z.string({ error: '缺少用户编码' }).trim().min(1, '缺少用户编码').describe('用户编码'),
  nickName: z.string().trim().min(1, '请输入用户名').max(64, '用户名最多 64 个字').optional().describe('用户名'),
  realName: z.string().trim().max(64, '真实姓名最多 64 个字').optional().describe('真实姓名'),
  mobile: z.union([z.literal(''), mobileOrMaskedSchema]).optional().describe('手机号（列表里脱敏；未修改时原样传回）'),
  email: z.union([z.literal(''), Email]).optional().describe('邮箱'),
});

/** 用户类型（账号管理、人员绑定共用） */
export { USER_TYPES } from './constants';
