// 教师的输入模式（SPEC §3 Teacher、Teacher certificate；§5 Teacher form 的中文消息原样）与代码表。
// 同一份 TeacherSaveInput 既是 teacher/save、teacher/update 的服务端校验，也是教师表单的前端校验（components/teacher/TeacherForm）。
import { z } from 'zod';
import { blankToUndefined, flag, id as idOf, ids, nullableText, text } from '@/lib/platform/validation/fields';
import { checkIdNumber, MOBILE_MESSAGE, MOBILE_PATTERN } from '@/lib/platform/identity';
import { orMasked } from '@/lib/platform/identity/masked-input';
import { UnmaskFields } from '../privacy/schemas';
import { TEACHER_AUDIT } from './transitions';
import { CERT_KIND, CERT_KIND_LABEL, CERT_LEVELS, PROOF_KIND_OF_USER_TYPE, TEACHER_MESSAGES, TEACHER_TYPE_LABEL, TITLE_CATEGORY_LABEL, TITLE_LEVEL_LABEL, USER_TYPE_LABEL, WORK_CERT_KINDS } from './constants';

export { idOf };

export * from './constants';

/** 必填文本：缺、空白都是同一句 SPEC 原文 */
const must = (message: string, label: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: message }).trim().min(1, message).max(max, `${label}最多 ${max} 个字`)).describe(label);

/** 必选的代码：缺、空串、不在表里都是同一句 */
const choice = (message: string, label: string, values: readonly number[]) =>
  z
    .preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message))
    .refine((v) => values.includes(v), message)
    // 取值表写进 JSON Schema（OpenAPI）：上面的检查与它是同一张表
    .meta({ description: label, enum: [...values] });

const codes = (table: Record<number, string>) => Object.keys(table).map(Number);

/** 身份证号：只收 18 位居民身份证（SPEC §5），任何不合格都是“请输入正确的身份证号” */
export const cardNoSchema = z
  .preprocess((v) => (v === null || v === undefined ? '' : v), z.string())
  .transform((value, ctx) => {
    const v = value.replace(/\s+/g, '').toUpperCase();
    const r = v.length === 18 ? checkIdNumber(v, { residentOnly: true }) : null;
    if (r?.ok) return r.value.normalised;
    ctx.addIssue({ code: 'custom', message: TEACHER_MESSAGES.cardNo });
    return z.NEVER;
  })
  .describe('身份证号（18 位）');

export const phoneSchema = z
  .preprocess((v) => (v === null || v === undefined ? '' : v), z.string())
  .pipe(z.string().trim().min(1, TEACHER_MESSAGES.phoneRequired).max(11, MOBILE_MESSAGE).regex(MOBILE_PATTERN, MOBILE_MESSAGE))
  .describe('手机号');

export const emailSchema = must(TEACHER_MESSAGES.email, '常用邮箱', 100)
  .pipe(z.email(TEACHER_MESSAGES.emailFormat))
  .meta({ description: '常用邮箱', format: 'email' });

const areaCode = z.coerce.number({ error: TEACHER_MESSAGES.region }).int(TEACHER_MESSAGES.region).min(100000, TEACHER_MESSAGES.region).max(999999, TEACHER_MESSAGES.region);

/** 行政区划 [省, 市, 县区|null]：至少选到省和市（SPEC §5） */
export const teacherRegionSchema = z
  .preprocess(
    (v) => (Array.isArray(v) ? [v[0] ?? null, v[1] ?? null, v[2] ?? null] : v),
    z.tuple([areaCode, areaCode.nullable(), areaCode.nullable()], { error: TEACHER_MESSAGES.region }),
  )
  .refine((r) => r[1] !== null, TEACHER_MESSAGES.region)
  .describe('行政区划 [省, 市, 县区]（至少到市）');

/** 上班单位：单位编码的数组，或逗号分隔的 createUserCode */
export const unitCodesSchema = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',') : v === null || v === undefined ? [] : v),
    z.array(z.string().trim().max(32, '单位编码不正确'), { error: TEACHER_MESSAGES.units }),
  )
  .transform((list) => [...new Set(list.filter(Boolean))])
  .refine((list) => list.length >= 1, TEACHER_MESSAGES.units)
  .refine((list) => list.length <= 20, '上班单位最多 20 个')
  .describe('上班单位编码（数组或逗号分隔）');

const urlOf = (message: string, label: string) => must(message, label, 300);

export const CertificateInput = z
  .object({
    certificateName: choice(TEACHER_MESSAGES.certName, '证书名称', codes(CERT_KIND_LABEL)),
    certificateCode: nullableText('证书编号', 64),
    wordId: nullableText('工种或职称类别', 32),
    typeLevel: z
      .preprocess((v) => (typeof v === 'number' ? String(v) : v), nullableText('等级', 32))
      .describe('等级：TYPE_PRIMARY…TYPE_SENIOR_ATTIFICER，职称为 0 助理工程师 1 工程师 2 高级工程师'),
    resStoreFile: urlOf(TEACHER_MESSAGES.certFile, '证书图片'),
    certificatePosterUrl: nullableText('证书海报', 300),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (WORK_CERT_KINDS.includes(c.certificateName)) {
      if (!c.certificateCode) issue('certificateCode', TEACHER_MESSAGES.certCode);
      if (!c.wordId) issue('wordId', TEACHER_MESSAGES.certWork);
      if (!c.typeLevel || !(CERT_LEVELS as readonly string[]).includes(c.typeLevel)) issue('typeLevel', TEACHER_MESSAGES.certLevel);
    } else if (c.certificateName === CERT_KIND.TITLE) {
      if (!c.certificateCode) issue('certificateCode', TEACHER_MESSAGES.certCode);
      if (!c.wordId || !(c.wordId in TITLE_CATEGORY_LABEL)) issue('wordId', TEACHER_MESSAGES.certTitleCategory);
      if (!c.typeLevel || !(c.typeLevel in TITLE_LEVEL_LABEL)) issue('typeLevel', TEACHER_MESSAGES.certTitleLevel);
    }
  });

export type CertificateValue = z.output<typeof CertificateInput>;

/** 表单的各项（前端逐项校验用它们的 shape；整体规则在 TeacherSaveInput 的 superRefine） */
export const TeacherFields = z.object({
  teacherTmg: urlOf(TEACHER_MESSAGES.avatar, '教师头像'),
  nickName: must(TEACHER_MESSAGES.nickName, '用户名', 64),
  realName: must(TEACHER_MESSAGES.realName, '真实姓名', 64),
  userType: choice(TEACHER_MESSAGES.userType, '教师类型：0 班主任 1 带头教师 2 职业院校讲师 3 企业师傅', codes(USER_TYPE_LABEL)),
  // 修改时表单显示脱敏的号码：未改的原样传回（服务端保留库里的值；新登记须是完整号码）
  cardNo: orMasked(cardNoSchema).describe('身份证号（18 位；修改时未改可传回脱敏值）'),
  userPhone: orMasked(phoneSchema).describe('手机号（修改时未改可传回脱敏值）'),
  userEmail: emailSchema,
  region: teacherRegionSchema,
  competentCode: must(TEACHER_MESSAGES.competent, '主管单位编码', 32),
  teacherType: choice(TEACHER_MESSAGES.teacherType, '师资类型：0 重点群体创业 1 重点群体就业 2 技能培训', codes(TEACHER_TYPE_LABEL)),
  teacherContent: must(TEACHER_MESSAGES.content, '简介描述', 2000),
  createUserCode: unitCodesSchema,
  sysTeacherCertificateList: z.array(CertificateInput, { error: '证书不正确' }).max(20, '证书最多 20 个').default([]).describe('证书'),
});

/** 教师类型 2、3 须有对应的证明（SPEC §4）；路径指向证书列表 */
export function certificateRules(v: { userType: number; sysTeacherCertificateList: readonly { certificateName: number }[] }, addIssue: (path: (string | number)[], message: string) => void): void {
  const proof = PROOF_KIND_OF_USER_TYPE[v.userType];
  if (proof === undefined) return;
  if (!v.sysTeacherCertificateList.some((c) => c.certificateName === proof)) {
    addIssue(['sysTeacherCertificateList'], proof === CERT_KIND.LECTURER_PROOF ? TEACHER_MESSAGES.lecturerProof : TEACHER_MESSAGES.masterProof);
  }
}

export const TeacherSaveInput = TeacherFields.superRefine((v, ctx) => certificateRules(v, (path, message) => ctx.addIssue({ code: 'custom', path, message })));
export const TeacherUpdateInput = TeacherFields.extend({ id: idOf('教师') }).superRefine((v, ctx) =>
  certificateRules(v, (path, message) => ctx.addIssue({ code: 'custom', path, message })),
);

export type TeacherSaveValue = z.output<typeof TeacherSaveInput>;

export const TeacherIdInput = z.object({ id: idOf('教师') });
export const TeacherIdsInput = z.object({ ids: ids('教师') });

const AUDIT_VALUES = Object.values(TEACHER_AUDIT) as number[];

export const TeacherListInput = z.object({
  realName: text('真实姓名', 64).optional(),
  cardNo: text('身份证号（完整号码）', 18).optional(),
  userPhone: text('手机号（完整号码）', 11).optional(),
  orgName: text('机构名称', 64).optional(),
  userType: z.preprocess(blankToUndefined, z.coerce.number().int().refine((v) => v in USER_TYPE_LABEL, '教师类型不正确').optional()).describe('教师类型'),
  teacherType: z.preprocess(blankToUndefined, z.coerce.number().int().refine((v) => v in TEACHER_TYPE_LABEL, '师资类型不正确').optional()).describe('师资类型'),
  auditStatus: z.preprocess(blankToUndefined, z.coerce.number().int().refine((v) => AUDIT_VALUES.includes(v), '审核状态不正确').optional()).describe('审核状态 0 待审核 1 通过 2 驳回'),
  expertOnly: flag('只看专家').optional(),
  ...UnmaskFields,
});

/** 审核（auditNew）：一批教师，目标状态 1 通过 / 2 驳回（已通过的改为驳回即撤销通过），意见必填 */
export const TeacherAuditInput = z.object({
  ids: ids('教师'),
  auditStatus: z.coerce
    .number({ error: '请选择审核结果' })
    .int('请选择审核结果')
    .refine((v) => v === TEACHER_AUDIT.APPROVED || v === TEACHER_AUDIT.REJECTED, '请选择审核结果')
    .describe('审核结果：1 通过 2 驳回'),
  auditOpinion: must(TEACHER_MESSAGES.opinion, '审核意见', 500),
});

export const CompetentInput = z.object({
  region: z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((x) => (x === '' || x === 'null' ? null : Number(x))) : v), teacherRegionSchema),
});

export const UnitOptionsInput = z.object({ keyword: text('单位名称', 64).optional() });

export const RelationListInput = z.object({
  realName: text('教师姓名', 64).optional(),
  orgName: text('单位名称', 64).optional(),
});

/** 关系管理：把一名已审核通过的教师登记为某单位的上班教师（机构用户为本单位；管理员指定范围内的单位） */
export const RelationAddInput = z.object({
  cardNo: cardNoSchema,
  realName: must(TEACHER_MESSAGES.realName, '真实姓名', 64),
  orgCode: z.preprocess(blankToUndefined, z.string().trim().max(32, '单位编码不正确').optional()).describe('上班单位编码（管理员登记时指定本辖区的单位）'),
});

export const RelationIdInput = z.object({ id: idOf('上班关系') });

export const ExpertSaveInput = z.object({
  id: idOf('教师'),
  expertField: must('请输入专长领域', '专长领域', 200),
});

export const TeacherOptionsInput = z.object({ keyword: text('关键字', 64).optional() });

// ---------- 返回类型 ----------

export interface CertificateItem {
  id: number;
  certificateName: number;
  certificateNameLabel: string;
  certificateCode: string | null;
  wordId: string | null;
  wordName: string | null;
  typeLevel: string | null;
  typeLevelLabel: string | null;
  resStoreFile: string;
  certificatePosterUrl: string | null;
}

export interface TeacherItem {
  id: number;
  bizCode: string;
  primaryId: number;
  nickName: string;
  realName: string;
  userType: number;
  userTypeName: string;
  cardNo: string;
  userPhone: string;
  userEmail: string;
  teacherType: number;
  teacherTypeName: string;
  orgId: number;
  orgName: string;
  cityName: string | null;
  competentName: string | null;
  teacherTmg: string;
  auditStatus: number;
  auditStatusName: string;
  auditOpinion: string | null;
  createUserCode: string;
  unitNames: string;
  expertField: string | null;
  isExpert: boolean;
  createTime: string;
  actions: string[];
}

export interface TeacherDetail extends TeacherItem {
  region: [number, number, number | null];
  regionName: string;
  competentCode: string;
  teacherContent: string;
  units: { code: string; name: string; own: boolean }[];
  sysTeacherCertificateList: CertificateItem[];
  /** 审核通过后不能再改的字段（表单据此禁用） */
  lockedFields: string[];
}
