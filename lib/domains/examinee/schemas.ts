// 考生（SPEC §7 Examinees，/examaff/student/...）的输入与常量：表单、接口与 Excel 导入共用（前后端同一份）。
import { z } from 'zod';
import { halfWidth, id, ids, int, nullableLooseDate, nullableText, optionalId, required } from '@/lib/platform/validation/fields';
import { checkIdNumber, MOBILE_MESSAGE, MOBILE_PATTERN } from '@/lib/platform/identity';
import { levelCodeOf } from '@/lib/domains/catalog/constants';
import { EDUCATIONS } from './constants';
import { PagingInput } from '@/lib/platform/api/paging';
import { UnmaskFields } from '@/lib/domains/privacy/schemas';

export * from './constants';

// ---------- 单元格文本的规整（Excel 里常见的写法） ----------

/** 号码类单元格：半角、去掉所有空白（含不换行空格） */
export const compact = (v: unknown) => (typeof v === 'string' ? halfWidth(v).replace(/[\s\u00a0\u200b]+/g, '') : v);
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const SCIENTIFIC_ID_MESSAGE = '身份证号显示成了科学计数法（如 1.30102E+17），末尾几位已经丢失：请把「身份证号」列设置为“文本”格式后重新填写';

/** 证件号：半角、去空白；科学计数法的写法单独说明原因 */
export const idNumberField = z.preprocess(
  compact,
  z
    .string({ error: '请输入身份证号' })
    .min(1, '请输入身份证号')
    .transform((value, ctx) => {
      if (/^\d(\.\d+)?E\+?\d+$/i.test(value)) {
        ctx.addIssue({ code: 'custom', message: SCIENTIFIC_ID_MESSAGE });
        return z.NEVER;
      }
      const r = checkIdNumber(value);
      if (r.ok) return r.value.normalised;
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }),
).describe('身份证号');

export const mobileField = z
  .preprocess(compact, z.string({ error: '请输入手机号' }).min(1, '请输入手机号').regex(MOBILE_PATTERN, MOBILE_MESSAGE))
  // JSON Schema 的 pattern 是规整之后的形状：全角数字与空白先规整（compact），所以“１３８ 0013 8000”也收
  .describe('手机号');

/** 等级的写法 → 代码；导入时每行都要查，记住见过的写法（至多几百种） */
const levelMemo = new Map<string, number | null>();
function levelOfText(text: string): number | null {
  const hit = levelMemo.get(text);
  if (hit !== undefined) return hit;
  const code = levelCodeOf(halfWidth(text));
  if (levelMemo.size < 500) levelMemo.set(text, code);
  return code;
}

const levelField = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `请选择${label}` })
    .transform((v, ctx) => {
      const code = typeof v === 'number' ? (Number.isInteger(v) && v >= 1 && v <= 5 ? v : null) : levelOfText(v);
      if (code !== null) return code;
      ctx.addIssue({ code: 'custom', message: `${label}应为 1–5 或“三级/高级工”“高级工”等写法` });
      return z.NEVER;
    })
    .describe(label);

const optionalLevel = (label: string) => z.preprocess(blank, levelField(label).nullish()).transform((v) => v ?? null);
const yearsField = z
  .preprocess((v) => (typeof v === 'string' ? blank(compact(v)) : blank(v)), int('从事本职业年限', 0, 60).nullish())
  .transform((v) => v ?? null)
  .describe('从事本职业年限');

/**
 * 编辑表单原样传回的脱敏值（带 *）照样收下，由服务层换成库里的值（keepIfMasked）；其余按原字段校验。
 */
const orMasked = <T extends z.ZodType<string>>(field: T, label: string) =>
  z
    .unknown()
    .transform((v, ctx): string => {
      if (typeof v === 'string' && v.includes('*')) return v;
      const r = field.safeParse(v);
      if (r.success) return r.data;
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    })
    .meta({ type: 'string', description: `${label}（修改时可原样传回脱敏值，表示不改）` });

/** 考生的个人与报考信息（表单、接口、导入共用的字段） */
const examineeFields = {
  name: required('姓名', 32),
  idNumber: idNumberField,
  mobile: mobileField,
  education: z.preprocess(blank, z.enum(EDUCATIONS, { error: '学历请从列表中选择' }).nullish()).transform((v) => v ?? null).describe('学历'),
  workYears: yearsField,
  company: nullableText('工作单位', 128),
  priorLevel: optionalLevel('已有证书等级'),
  priorCertDate: nullableLooseDate('取得证书日期'),
};

/** 新增或修改考生（带 id 为修改）：工种与等级须是计划的工种等级 */
/** 编辑表单的身份证号、手机号：完整号码，或原样传回的脱敏值（表示不改） */
export const editIdNumberField = orMasked(idNumberField, '身份证号');
export const editMobileField = orMasked(mobileField, '手机号');

export const ExamineeSaveInput = z.object({
  id: optionalId('考生'),
  planId: id('考试计划', '请选择考试计划'),
  ...examineeFields,
  idNumber: editIdNumberField,
  mobile: editMobileField,
  workCode: required('工种', 32),
  level: levelField('等级'),
  photoUrl: nullableText('照片', 300),
});
export type ExamineeSave = z.output<typeof ExamineeSaveInput>;

/** 考生修改自己的个人信息（perStudentUpd）：不改工种等级 */
export const PersonalUpdateInput = z.object({
  id: id('考生'),
  name: examineeFields.name,
  mobile: editMobileField,
  education: examineeFields.education,
  company: examineeFields.company,
  photoUrl: nullableText('照片', 300),
});

/** Excel 导入的一行：单元格都是文本；工种写名称或编码 */
export const ExamineeImportRow = z.object({
  ...examineeFields,
  work: required('工种', 64),
  level: levelField('等级'),
});
export type ExamineeImport = z.output<typeof ExamineeImportRow>;

export const PlanIdInput = z.object({ planId: id('考试计划', '请选择考试计划') });
export const ExamineeIdInput = z.object({ id: id('考生') });
export const ExamineeIdsInput = z.object({ planId: id('考试计划', '请选择考试计划'), ids: ids('考生') });

const filterText = (label: string, max: number) => z.preprocess(blank, z.string().trim().max(max, `${label}最多 ${max} 个字`).optional()).describe(label);

/** 考生列表的筛选（列表与导出共用） */
export const ExamineeFilterInput = z.object({
  planId: id('考试计划', '请选择考试计划'),
  name: filterText('姓名', 32),
  idNumber: z.preprocess(compact, z.preprocess(blank, z.string().max(18, '身份证号最多 18 位').optional())).describe('身份证号（完整号码，精确查找）'),
  workCode: filterText('工种', 32),
  level: z.preprocess(blank, int('等级', 1, 5).optional()).describe('等级'),
  qualification: z.preprocess(blank, int('报考资格', 0, 2).optional()).describe('报考资格：0 符合 1 提示 2 不符合'),
});
export type ExamineeFilter = z.output<typeof ExamineeFilterInput>;

/** 分页：pageNo/pageSize，另可给 afterId（上一页最后一名考生的 id）按键集取下一页，不再数总数 */
export const ExamineeListInput = ExamineeFilterInput.extend({
  ...PagingInput.shape,
  ...UnmaskFields,
  afterId: z.preprocess(blank, id('上一页最后一名考生').optional()).describe('键集分页：上一页最后一行的 id；给出时按 id 向后取，不返回总数'),
});

/** 导出：筛选条件，另可请求看全（examinee.unmask） */
export const ExamineeExportInput = ExamineeFilterInput.extend(UnmaskFields);

/** 调整考生：移到计划的另一个工种等级（assignStudent） */
export const AssignInput = z.object({
  planId: id('考试计划', '请选择考试计划'),
  ids: ids('考生'),
  workCode: required('工种', 32),
  level: levelField('等级'),
});

export const AttachInput = z.object({ id: id('考生'), url: required('附件地址', 300) });

export interface ExamineeItem {
  id: number;
  planId: number;
  name: string;
  idNumber: string;
  gender: string | null;
  birthDate: string | null;
  mobile: string;
  workCode: string;
  workName: string;
  level: number;
  levelName: string;
  education: string | null;
  workYears: number | null;
  company: string | null;
  priorLevel: number | null;
  priorCertDate: string | null;
  photoUrl: string | null;
  qualification: number;
  qualificationName: string;
  qualificationReason: string | null;
  ticketNo: string | null;
  createTime: string;
  /** 当前用户此刻可做的事：edit、delete */
  actions: string[];
}

export interface PlanOption {
  id: number;
  code: string;
  name: string;
  kind: number;
  step: number;
  state: number;
  position: string;
  orgName: string;
  examStartDate: string;
  /** 计划正处于“导入考生”步骤且当前用户可修改考生 */
  editable: boolean;
  works: { workCode: string; workName: string; level: number; levelName: string }[];
}

export interface ImportIssueItem {
  row: number;
  column: string;
  message: string;
}

export interface ImportPreview {
  importId: number | null;
  fileName: string;
  status: number;
  total: number;
  errorCount: number;
  warningCount: number;
  refusedCount: number;
  errors: ImportIssueItem[];
  warnings: (ImportIssueItem & { qualification: number })[];
  errorFileUrl: string | null;
}

export interface PhotoZipOutcome {
  total: number;
  matched: { fileName: string; idNumber: string; name: string }[];
  unmatched: { fileName: string; reason: string }[];
}
