// 人员库（考评员、督导员、考务人员）的代码表、输入模式与返回类型。客户端界面也引用这里（不含服务端模块）。
import { z } from 'zod';
import { id, optionalDate, optionalText, text as plainText } from '@/lib/platform/validation/fields';
import { idNumberOrMaskedSchema, idNumberSchema, mobileOrMaskedSchema, mobileSchema } from '@/lib/platform/identity';
import { levelCodeOf, workCode } from '@/lib/domains/catalog/schemas';
import { UnmaskFields } from '@/lib/domains/privacy/schemas';
import type { Library, PersonAction } from './constants';

export * from './constants';

const text = (label: string, max: number) => plainText(label, max).optional();

export const levelCode = z.coerce
  .number({ error: '请选择等级' })
  .int()
  .min(1, '等级应为 1–5')
  .max(5, '等级应为 1–5')
  .describe('等级：5 五级/初级工 … 1 一级/高级技师');

export const PersonWorkInput = z.object({ workCode, levelCode });
export const PersonCertInput = z.object({
  certName: z.string({ error: '请输入证书名称' }).trim().min(1, '请输入证书名称').max(64, '证书名称最多 64 个字').describe('证书名称'),
  certNo: z.string({ error: '请输入证书编号' }).trim().min(1, '请输入证书编号').max(64, '证书编号最多 64 个字').describe('证书编号'),
  issuedBy: optionalText('发证机关', 128),
  issuedAt: optionalDate('发证日期'),
});

const personName = z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(32, '姓名最多 32 个字').describe('姓名');

/** 新增或修改（带 id 为修改）。性别与出生日期不收，由身份证号推出；机构用户的所属机构取自会话。 */
export const PersonSaveInput = z.object({
  id: id('人员').optional(),
  name: personName,
  idNumber: idNumberOrMaskedSchema,
  mobile: mobileOrMaskedSchema,
  orgId: id('所属机构').optional(),
  /** 督导员所在市（省级管理员新增时选择；市级取自会话） */
  cityId: id('所在市').optional(),
  workUnit: optionalText('工作单位', 128),
  post: optionalText('职务', 64),
  education: optionalText('学历', 16),
  title: optionalText('职称', 32),
  filingType: z.coerce.number().int().min(1).max(4).optional().describe('业务类型：1 技能等级认定 2 职业资格 3 专项能力 4 机关工勤'),
  remark: optionalText('备注', 500),
  works: z.array(PersonWorkInput).max(50, '工种最多 50 个').optional().describe('工种与等级（整体替换）'),
  certs: z.array(PersonCertInput).max(20, '证书最多 20 个').optional().describe('证书（整体替换）'),
});
export type PersonSave = z.output<typeof PersonSaveInput>;

export const PersonListInput = z.object({
  name: text('姓名', 32),
  idNumber: text('身份证号', 18),
  mobile: text('手机号', 11),
  orgId: id('所属机构').optional(),
  cityId: id('所在市').optional(),
  workCode: text('工种编码', 32),
  jobCode: text('职业编码', 16),
  status: z.coerce.number().int().min(0).max(1).optional().describe('0 在岗 1 停用'),
});
export type PersonFilter = z.output<typeof PersonListInput>;
/** 列表与导出的输入：筛选加上看全个人信息的请求（unmask、理由） */
export const PersonListUnmaskInput = PersonListInput.extend(UnmaskFields);

export const PersonIdInput = z.object({ id: id('人员') });
export const PersonIdsInput = z.object({
  ids: z.array(id('人员'), { error: '请选择人员' }).min(1, '请选择人员').max(500, '一次最多 500 人'),
});
export const StopInput = PersonIdsInput.extend({ reason: optionalText('停用原因', 200) });
export const WorkIdInput = z.object({ id: id('工种记录') });
export const CertIdInput = z.object({ id: id('证书记录') });
export const AssignableInput = z.object({
  name: text('姓名', 32),
  orgId: id('所属机构').optional(),
  workCode: text('工种编码', 32),
});
export const JobListInput = z.object({ keyword: text('关键字', 32) });

// ---------- 账号绑定（person.user_id，见 docs/SCORES.md“账号与人员”） ----------

export const BindAccountInput = z.object({ id: id('人员'), userId: id('登录账号', '请选择登录账号') });
export const AccountOptionsInput = z.object({ keyword: text('关键字', 64) });

/** 账号选择器的一项 */
export interface AccountOption {
  id: number;
  account: string;
  realName: string | null;
  nickName: string;
  mobile: string | null;
}
export const WorkListInput = z.object({ jobCode: text('职业编码', 16), keyword: text('关键字', 32) });

// ---------- 导入 ----------

const cell = (label: string, max: number) => z.string().trim().max(max, `${label}最多 ${max} 个字`).optional();
const levelCell = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return undefined;
    const code = levelCodeOf(v);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: '等级应为 1–5 或“三级/高级工”等写法' });
      return z.NEVER;
    }
    return code;
  });

/** 导入的一行（考评员与督导员共用列；各自的导入只挑用到的列） */
export const PersonImportRow = z.object({
  name: personName,
  idNumber: idNumberSchema,
  mobile: mobileSchema,
  orgName: cell('所属机构', 128),
  cityName: cell('所在市', 32),
  workUnit: cell('工作单位', 128),
  post: cell('职务', 64),
  education: cell('学历', 16),
  title: cell('职称', 32),
  workCode: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(workCode.optional()),
  levelCode: levelCell,
  certNo: cell('证书编号', 64),
  remark: cell('备注', 500),
});
export type PersonImport = z.output<typeof PersonImportRow>;

/** JSON 批量导入（superviseImport、examinerImport）：与 Excel 同样的行，全部通过才写入 */
export const PersonBatchInput = z.object({
  list: z.array(z.record(z.string(), z.unknown()), { error: '请提供导入数据 list' }).min(1, '导入数据不能为空').max(5000, '一次最多导入 5000 条'),
});

// ---------- 返回 ----------

export interface PersonWorkItem {
  id: number;
  workCode: string;
  workName: string;
  levelCode: number;
  levelName: string;
}

export interface PersonCertItem {
  id: number;
  certName: string;
  certNo: string;
  issuedBy: string | null;
  issuedAt: string | null;
}

export interface PersonItem {
  id: number;
  library: Library;
  name: string;
  /** 列表中脱敏显示；详情与导出为全号 */
  idNumber: string;
  gender: string | null;
  birthDate: string | null;
  age: number | null;
  mobile: string;
  orgId: number | null;
  orgName: string | null;
  cityId: number | null;
  cityName: string | null;
  workUnit: string | null;
  post: string | null;
  education: string | null;
  title: string | null;
  filingType: number | null;
  filingTypeName: string | null;
  status: number;
  statusName: string;
  stopReason: string | null;
  remark: string | null;
  hasPhoto: boolean;
  /** 工种与等级的简要文字，如“电工（三级/高级工）、焊工（四级/中级工）” */
  worksText: string;
  createTime: string;
  /** 绑定的登录账号（考评员、督导员本人以它登录）；未绑定为 null */
  userId: number | null;
  accountName: string | null;
  accountRealName: string | null;
  /** 此刻可做的行内操作 */
  actions: PersonAction[];
}

export interface PersonDetail extends PersonItem {
  works: PersonWorkItem[];
  certs: PersonCertItem[];
}

export interface AssignmentItem {
  id: number;
  planCode: string;
  planName: string;
  role: string;
  siteName: string | null;
  examDate: string | null;
  createTime: string;
}

export interface PhotoZipResult {
  /** 压缩包里的图片数 */
  total: number;
  matched: { fileName: string; idNumber: string; name: string }[];
  unmatched: { fileName: string; reason: string }[];
}
