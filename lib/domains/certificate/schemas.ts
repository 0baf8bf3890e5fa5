// 证书的输入（zod，前端表单同用）与列表项类型。
import { z } from 'zod';
import { id, ids, int, nullableText, optionalDate, optionalId, optionalText, required, text } from '@/lib/platform/validation/fields';
import { mobileSchema } from '@/lib/platform/identity';
import type { CertificateClaims } from './signed-payload';
import { UnmaskFields } from '@/lib/domains/privacy/schemas';

const optionalInt = (label: string, min: number, max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), int(label, min, max).optional()).describe(label);

export const CertificateListInput = z.object({
  planId: optionalId('考试计划'),
  cerType: optionalInt('证书类型', 0, 3),
  status: optionalInt('证书状态', 0, 1),
  cerCode: optionalText('证书编号', 32),
  name: optionalText('姓名', 32),
  idCard: optionalText('身份证号（完整号码）', 18),
  workName: optionalText('工种', 64),
  /** 1 只看资料不全的（缺照片、文化程度、工作单位或手机号） */
  incomplete: optionalInt('资料不全', 0, 1),
  corrected: optionalInt('已更正', 0, 1),
});
export type CertificateFilter = z.output<typeof CertificateListInput>;
/** 列表与导出另可请求看全（证书资源的 unmask，选理由，记访问日志） */
export const CertificateUnmaskListInput = CertificateListInput.extend(UnmaskFields);
export const CertificateDetailInput = z.object({ id: id('证书', '请选择证书'), ...UnmaskFields });

export const CertificateIdInput = z.object({ id: id('证书', '请选择证书') });

export const CertificateFillInput = z.object({
  id: id('证书', '请选择证书'),
  education: nullableText('文化程度', 16),
  company: nullableText('工作单位', 128),
  // 表单里显示的是脱敏值（带 *）：原样传回表示不改
  mobile: z
    .unknown()
    .transform((v, ctx): string | null => {
      if (v === '' || v === null || v === undefined) return null;
      if (typeof v === 'string' && v.includes('*')) return v;
      const r = mobileSchema.safeParse(v);
      if (r.success) return r.data;
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    })
    .describe('手机号（可原样传回脱敏值，表示不改）'),
  photoUrl: nullableText('照片', 300),
});

/** 可经更正改的字段（编号、类型、计划不能改） */
export const CORRECTABLE = ['name', 'idCard', 'gender', 'workName', 'level', 'cerDate'] as const;
export type CorrectableField = (typeof CORRECTABLE)[number];
export const FIELD_LABEL: Record<CorrectableField, string> = { name: '姓名', idCard: '身份证号', gender: '性别', workName: '工种', level: '等级', cerDate: '发证日期' };

export const CorrectionApplyInput = z.object({
  id: id('证书', '请选择证书'),
  name: optionalText('姓名', 32),
  idCard: optionalText('身份证号', 18),
  gender: z.enum(['男', '女'], { error: '性别只能是男或女' }).optional(),
  workName: optionalText('工种', 64),
  level: optionalInt('等级', 1, 5),
  cerDate: optionalDate('发证日期'),
  reason: required('更正原因', 500),
});

export const CorrectionReviewInput = z.object({
  id: id('更正申请', '请选择更正申请'),
  result: z.enum(['pass', 'reject'], { error: '请选择审核结果' }),
  opinion: optionalText('审核意见', 500),
});

export const CorrectionListInput = z.object({
  status: optionalInt('审核状态', 0, 2),
  name: optionalText('姓名', 32),
  cerCode: optionalText('证书编号', 32),
});

export const VoidInput = z.object({ id: id('证书', '请选择证书'), reason: required('作废原因', 500) });

export const PrintInput = z.object({ ids: ids('证书').optional(), planId: optionalId('考试计划') });
export const PlanPdfInput = z.object({
  planId: id('考试计划', '请选择考试计划'),
  format: z.enum(['pdf', 'zip'], { error: '格式只能是 pdf（一个文件）或 zip（每张一个 PDF）' }).optional(),
});
export const SealInput = z.object({ url: z.string().trim().max(300, '印章地址过长').nullable() });
export const OffsetInput = z.object({ offsetX: int('X 偏移（毫米）', -30, 30), offsetY: int('Y 偏移（毫米）', -30, 30) });

/** 公开查询（SPEC §3 Certificate query）：须有证书编号，或身份证号与姓名一起 */
export const PublicQueryInput = z.object({
  cerCode: optionalText('证书编号', 32),
  cerType: optionalInt('证书类型', 0, 3),
  classId: optionalText('班级', 32),
  idCard: optionalText('身份证号', 18),
  name: optionalText('姓名', 32),
});

export const HolderTokenInput = z.object({ token: required('链接', 80) });
export const HolderCorrectionInput = HolderTokenInput.extend({
  name: optionalText('姓名', 32),
  idCard: optionalText('身份证号', 18),
  gender: z.enum(['男', '女'], { error: '性别只能是男或女' }).optional(),
  reason: required('更正原因', 500),
  contact: text('联系电话', 20).optional(),
});

export interface CertificateItem {
  id: number;
  planId: number;
  planCode: string;
  planName: string;
  orgName: string;
  cerType: number;
  cerName: string;
  cerCode: string;
  name: string;
  idCard: string;
  gender: string | null;
  workName: string;
  level: number;
  levelName: string;
  cerDate: string;
  education: string | null;
  company: string | null;
  mobile: string | null;
  photoUrl: string | null;
  status: number;
  statusName: string;
  /** 状态标签的颜色（服务端按状态与“已更正”给出） */
  statusColor: string;
  /** 有效证书（未作废）：资料提示只对有效证书显示 */
  valid: boolean;
  corrected: boolean;
  voidReason: string | null;
  printCount: number;
  lastPrintedAt: string | null;
  complete: boolean;
  /** 照片读不出的原因（没有照片、不是图片、文件已不在存储中等）；读得出时为 null */
  photoProblem: string | null;
  pendingCorrection: boolean;
  actions: string[];
}

export interface PublicCertificate {
  cerName: string;
  cerCode: string;
  name: string;
  idCard: string;
  workName: string;
  level: string;
  cerDate: string;
  orgName: string;
  status: 'valid' | 'corrected' | 'void';
  statusName: string;
}

/** 签名二维码（?c=<JWS>）的核验结果：签名字段来自二维码本身（印证书时签的），证书取自本系统（当前状态，可能已更正或作废） */
export interface SignedView {
  genuine: boolean;
  certificate: PublicCertificate | null;
  signed: { valid: boolean; reason: string | null; kid: string | null; claims: CertificateClaims | null };
}

export interface CorrectionItem {
  id: number;
  certificateId: number;
  cerCode: string;
  name: string;
  changes: { field: string; label: string; before: string | number | null; after: string | number | null }[];
  reason: string;
  source: string;
  status: number;
  statusName: string;
  statusColor: string;
  appliedByName: string;
  reviewedByName: string | null;
  opinion: string | null;
  createdAt: string;
  reviewedAt: string | null;
  actions: string[];
}
