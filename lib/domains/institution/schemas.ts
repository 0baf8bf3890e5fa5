// 培训机构与企业（SPEC §3 Organisation）的输入模式：入驻资料的每个字段、审核、评价；前后端共用，中文消息。
import { z } from 'zod';
import { blankToUndefined, flag, id as idOf, ids, int, nullableText, text } from '@/lib/platform/validation/fields';
import { checkIdNumber, MOBILE_PATTERN, usccSchema } from '@/lib/platform/identity';
import { ORG_KIND, SETTLE_STATUS } from './transitions';
import { fullOnly, orMasked } from '@/lib/platform/identity/masked-input';
import { UnmaskFields } from '../privacy/schemas';

export { idOf };

export const ORG_MESSAGES = {
  name: '请输入单位名称',
  master: '请输入法定代表人',
  masterIdCard: '请输入正确的法定代表人身份证号',
  masterIdCardFull: '请输入完整的法定代表人身份证号',
  phone: '请输入正确的联系电话（手机号或带区号的固定电话）',
  taxpayer: '纳税人识别号为 15 至 20 位数字或大写字母',
  bank: '请输入开户银行',
  bankAccount: '银行账号为 8 至 32 位数字',
  bankAccountFull: '请输入完整的银行账号',
  region: '请选择行政区划',
  address: '请输入详细地址',
  trainRange: '请输入培训范围',
  permitCode: '请输入办学许可证编号',
  permit: '请上传办学许可证',
  idFront: '请上传法定代表人身份证正面',
  idBack: '请上传法定代表人身份证反面',
  licence: '请上传营业执照',
  introduce: '请输入单位简介',
  orgType: '请选择单位类型',
} as const;

const must = (message: string, label: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: message }).trim().min(1, message).max(max, `${label}最多 ${max} 个字`)).describe(label);

const optionalNumber = (label: string, max: number) => z.preprocess(blankToUndefined, int(label, 0, max).optional()).transform((v) => v ?? null);

const areaCode = z.coerce.number({ error: ORG_MESSAGES.region }).int(ORG_MESSAGES.region).min(100000, ORG_MESSAGES.region).max(999999, ORG_MESSAGES.region);

/** 所在区划 [省, 市, 县区|null]：至少到市 */
/** 区划的两种写法：[省, 市, 县区] 或最具体一级的代码（列表框架的区划字段提交的形式） */
function regionTuple(v: unknown): unknown {
  if (Array.isArray(v)) return [v[0] ?? null, v[1] ?? null, v[2] ?? null];
  const code = typeof v === 'string' && /^\d{6}$/.test(v) ? Number(v) : v;
  if (typeof code !== 'number' || !Number.isInteger(code)) return v;
  const province = Math.floor(code / 10000) * 10000;
  const city = Math.floor(code / 100) * 100;
  return code === province ? [province, null, null] : code === city ? [province, city, null] : [province, city, code];
}

export const orgRegionSchema = z
  .preprocess(regionTuple, z.tuple([areaCode, areaCode.nullable(), areaCode.nullable()], { error: ORG_MESSAGES.region }))
  .refine((r) => r[1] !== null, ORG_MESSAGES.region)
  .describe('所在区划 [省, 市, 县区]（至少到市）');

/** 18 位居民身份证号的形状（空白忽略，末位可为 x） */
const ID18_PATTERN = '^\\s*(?:\\d\\s*){17}[\\dXx]\\s*$';

const masterIdCard = z
  .preprocess((v) => (v === null || v === undefined ? '' : v), z.string())
  .transform((value, ctx) => {
    const r = checkIdNumber(value, { residentOnly: true });
    if (r.ok && r.value.kind === 'resident18') return r.value.normalised;
    ctx.addIssue({ code: 'custom', message: ORG_MESSAGES.masterIdCard });
    return z.NEVER;
  })
  // 形状写进 JSON Schema（空白忽略）；校验位与出生日期由上面的检查判断
  .meta({ description: '法定代表人身份证号（18 位）', type: 'string', pattern: ID18_PATTERN });

const phone = must(ORG_MESSAGES.phone, '联系电话', 20)
  .refine((v) => MOBILE_PATTERN.test(v) || /^0\d{2,3}-?\d{7,8}$/.test(v), ORG_MESSAGES.phone)
  .describe('联系电话（手机号或带区号的固定电话）');

const taxpayer = z
  .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), nullableText('纳税人识别号', 20))
  .refine((v) => v === null || /^[0-9A-Z]{15,20}$/.test(v), ORG_MESSAGES.taxpayer)
  .describe('纳税人识别号（15–20 位）');

const bankAccount = must(ORG_MESSAGES.bankAccount, '银行账号', 32)
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{8,32}$/.test(v), ORG_MESSAGES.bankAccount)
  // 与上面同一条规则：去掉空白后 8 至 32 位数字
  .meta({ description: '银行账号', pattern: '^\\s*(?:\\d\\s*){8,32}$' });

const image = (message: string, label: string) => must(message, label, 300);
const optionalImage = (label: string) => nullableText(label, 300);

/**
 * 入驻资料的字段（SPEC §3 Organisation）。定点培训机构（TYPE_PXJG）另须培训范围、办学许可证编号与许可证图片。
 * 单位名称、信用代码、法定代表人、联系电话、地址写到 organisation；其余写到 org_profile。
 */
export const OrgProfileFields = z.object({
  orgType: z.enum([ORG_KIND.TYPE_PXJG, ORG_KIND.TYPE_QY], { error: ORG_MESSAGES.orgType }).describe('单位类型：TYPE_PXJG 定点培训机构，TYPE_QY 企业'),
  agentName: must(ORG_MESSAGES.name, '单位名称', 128),
  agentAbbreviated: nullableText('单位简称', 64),
  unifiedSocialCreditCode: usccSchema,
  master: must(ORG_MESSAGES.master, '法定代表人', 64),
  // 管理员修改时详情里是脱敏值：未改的原样传回（服务端保留库里的值；新登记须是完整号码）
  masterIdCard: orMasked(masterIdCard).describe('法定代表人身份证号（18 位；修改时未改可传回脱敏值）'),
  phone,
  contactName: nullableText('联系人', 64),
  taxpayerDistinguish: taxpayer,
  bankOfDeposit: must(ORG_MESSAGES.bank, '开户银行', 100),
  bankAccount: orMasked(bankAccount).describe('银行账号（修改时未改可传回脱敏值）'),
  teachersNumber: optionalNumber('师资人数', 100_000),
  orgArea: optionalNumber('场地面积', 10_000_000),
  region: orgRegionSchema,
  orgAddress: must(ORG_MESSAGES.address, '详细地址', 200),
  trainRange: nullableText('培训范围', 500),
  schoolPermitCode: nullableText('办学许可证编号', 64),
  permitUrl: optionalImage('办学许可证'),
  idFrontUrl: image(ORG_MESSAGES.idFront, '法定代表人身份证正面'),
  idBackUrl: image(ORG_MESSAGES.idBack, '法定代表人身份证反面'),
  licenceUrl: image(ORG_MESSAGES.licence, '营业执照'),
  logoUrl: optionalImage('单位标志'),
  orgIntroduce: must(ORG_MESSAGES.introduce, '单位简介', 2000),
  bizDesc: nullableText('业务说明', 1000),
});

type ProfileValue = z.output<typeof OrgProfileFields>;

/** 定点培训机构的额外必填项 */
export function institutionRules(v: Pick<ProfileValue, 'orgType' | 'trainRange' | 'schoolPermitCode' | 'permitUrl'>, addIssue: (path: string, message: string) => void): void {
  if (v.orgType !== ORG_KIND.TYPE_PXJG) return;
  if (!v.trainRange) addIssue('trainRange', ORG_MESSAGES.trainRange);
  if (!v.schoolPermitCode) addIssue('schoolPermitCode', ORG_MESSAGES.permitCode);
  if (!v.permitUrl) addIssue('permitUrl', ORG_MESSAGES.permit);
}

const refined = <T extends z.ZodType<ProfileValue>>(schema: T) => schema.superRefine((v, ctx) => institutionRules(v, (path, message) => ctx.addIssue({ code: 'custom', path: [path], message })));

/** 新增：没有库里的旧值可保留，身份证号与银行账号须是完整号码 */
export const OrgProfileAddInput = refined(
  OrgProfileFields.extend({
    masterIdCard: fullOnly(masterIdCard, ORG_MESSAGES.masterIdCardFull),
    bankAccount: fullOnly(bankAccount, ORG_MESSAGES.bankAccountFull),
  }),
);
export const OrgProfileUpdateInput = refined(OrgProfileFields.extend({ id: idOf('入驻资料') }));
export type OrgProfileValue = ProfileValue;

export const ProfileIdInput = z.object({ id: idOf('入驻资料') });
/** 单位详情：unmask 时法定代表人身份证号、银行账号与主账号手机号为全号（settleInAudit.unmask） */
export const ProfileDetailInput = ProfileIdInput.extend(UnmaskFields);
export const ProfileIdsInput = z.object({ ids: ids('入驻资料') });

const STATUS_VALUES = Object.values(SETTLE_STATUS) as number[];

export const ProfileListInput = z.object({
  agentName: text('单位名称', 64).optional(),
  unifiedSocialCreditCode: text('统一社会信用代码', 18).optional(),
  orgType: z.preprocess(blankToUndefined, z.enum([ORG_KIND.TYPE_PXJG, ORG_KIND.TYPE_QY], { error: '单位类型不正确' }).optional()).describe('单位类型'),
  settleStatus: z.preprocess(blankToUndefined, z.coerce.number().int().refine((v) => STATUS_VALUES.includes(v), '入驻状态不正确').optional()).describe('入驻状态 0–6'),
  cityId: z.preprocess(blankToUndefined, z.coerce.number().int().min(100000, '所在市不正确').max(999999, '所在市不正确').optional()).describe('所在市'),
  pendingOnly: flag('只列待我审核的').optional(),
});

/** 审核：通过或驳回（市级或省级按资料的当前状态），驳回须填意见 */
export const ProfileAuditInput = z.object({
  id: idOf('入驻资料'),
  result: z.enum(['pass', 'reject'], { error: '请选择审核结果' }).describe('审核结果'),
  opinion: nullableText('审核意见', 500),
});

export const ProfileOpinionInput = z.object({
  id: idOf('入驻资料'),
  opinion: nullableText('意见', 500),
});

export const SyncByCodeInput = z.object({ code: must('请指定单位编码', '单位编码', 32) });

export const DesignatedInput = z.object({
  cityId: z.preprocess(blankToUndefined, z.coerce.number().int().min(100000, '所在市不正确').max(999999, '所在市不正确').optional()).describe('所在市（不给为全部可见的市）'),
});

// ---------- 评价 ----------

export const EvaluationListInput = z.object({
  agentName: text('单位名称', 64).optional(),
  year: z.preprocess(blankToUndefined, int('年度', 2000, 2100).optional()),
});

export const EvaluationSaveInput = z.object({
  id: z.preprocess(blankToUndefined, idOf('评价').optional()),
  orgId: idOf('单位', '请选择单位'),
  year: int('年度', 2000, 2100),
  score: int('评分', 0, 100),
  content: must('请输入评价内容', '评价内容', 1000),
});

export const EvaluationIdsInput = z.object({ ids: ids('评价') });

// ---------- 返回类型 ----------

export interface ProfileItem {
  id: number;
  orgId: number;
  agentCode: string;
  agentName: string;
  orgType: string;
  orgTypeName: string;
  unifiedSocialCreditCode: string | null;
  master: string | null;
  phone: string | null;
  cityName: string | null;
  districtName: string | null;
  settleStatus: number;
  settleStatusName: string;
  lastOpinion: string | null;
  updateTime: string;
  actions: string[];
}

export interface ProfileDetail extends ProfileItem {
  agentAbbreviated: string | null;
  masterIdCard: string | null;
  contactName: string | null;
  taxpayerDistinguish: string | null;
  bankOfDeposit: string | null;
  bankAccount: string | null;
  teachersNumber: number | null;
  orgArea: number | null;
  region: [number, number | null, number | null];
  provinceName: string | null;
  orgAddress: string | null;
  trainRange: string | null;
  schoolPermitCode: string | null;
  permitUrl: string | null;
  idFrontUrl: string | null;
  idBackUrl: string | null;
  licenceUrl: string | null;
  logoUrl: string | null;
  orgIntroduce: string | null;
  bizDesc: string | null;
  /** 单位的主账号（SPEC §3 baseUser） */
  baseUser: { userAccount: string; mobile: string | null; nickName: string } | null;
  settledAt: string | null;
  pushedAt: string | null;
  evaluations: { year: number; score: number; grade: string; content: string }[];
}
