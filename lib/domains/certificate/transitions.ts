// 证书的三个状态机（lib/platform/workflow 的格式，纯数据）：证书（有效 → 作废）、证书更正（待审核 → 通过 / 驳回）、
// 国网上报批次（草稿 → 已确认 → 已上报 → 已接收 / 被退回）。引擎的声明在 workflow.ts；状态码本身在 rules.ts 与 stategrid-rules.ts。
// 条件（gates）的实现也在 workflow.ts，这里只有名字、说明与出处。
import type { GateDef, OperationDef, TransitionDef } from '@/lib/platform/workflow';
import { CERT_STATUS, CERT_STATUS_LABEL, CORRECTION_STATUS, CORRECTION_STATUS_LABEL } from './rules';
import { BATCH_STATUS, BATCH_STATUS_LABEL } from './stategrid-rules';

export { CERT_STATUS, CERT_STATUS_LABEL, CORRECTION_STATUS, CORRECTION_STATUS_LABEL, BATCH_STATUS, BATCH_STATUS_LABEL };

/** 办理方：发证的评价机构、证书（计划）所在市的市级管理员；打印与查看另有省级 */
export type Actor = 'org' | 'city' | 'province';
export const ACTOR_LABEL: Record<Actor, string> = { org: '评价机构', city: '市级管理员', province: '省级管理员' };

// ---------- 颜色（界面按状态查表，不比较状态号） ----------

export const CERT_STATUS_COLOR: Record<number, string> = { [CERT_STATUS.VALID]: 'success', [CERT_STATUS.VOID]: 'error' };
export const CORRECTION_STATUS_COLOR: Record<number, string> = {
  [CORRECTION_STATUS.PENDING]: 'warning',
  [CORRECTION_STATUS.APPROVED]: 'success',
  [CORRECTION_STATUS.REJECTED]: 'error',
};
export const BATCH_STATUS_COLOR: Record<number, string> = {
  [BATCH_STATUS.DRAFT]: 'default',
  [BATCH_STATUS.CONFIRMED]: 'processing',
  [BATCH_STATUS.SUBMITTED]: 'processing',
  [BATCH_STATUS.ACCEPTED]: 'success',
  [BATCH_STATUS.REJECTED]: 'error',
};

// ---------- 条件（出处见 docs/CERTIFICATES.md “规则与出处”） ----------

/** 证书的条件：打印与离开“证书管理”步骤（发证）之前照片须读得出 */
export type CertificateGate = 'photoReadable';
/** 更正的条件：更正后的性别、出生日期与身份证号一致 */
export type CorrectionGate = 'idConsistent';

export const CERTIFICATE_GATES: Readonly<Record<CertificateGate, GateDef<unknown>>> = {
  photoReadable: {
    label: '该类证书须有读得出的照片（打印、生成电子证书、发证离开“证书管理”步骤之前）',
    source: '人社部职业技能等级证书、职业资格证书、专项职业能力证书与工勤技能岗位证书的参考样式均贴持证人照片（SPEC §3 证书管理）',
  },
};

export const CORRECTION_GATES: Readonly<Record<CorrectionGate, GateDef<unknown>>> = {
  idConsistent: {
    label: '更正后的性别、出生日期与 18 位身份证号一致（身份证号一并更正时按新号码）',
    source: 'GB 11643—1999《公民身份号码》：第 7–14 位为出生日期，第 17 位顺序码奇数为男、偶数为女',
  },
};

/** 证书的类别是否须贴照片（四类证书的样式都有照片框） */
export const PHOTO_REQUIRED: Readonly<Record<number, boolean>> = { 0: true, 1: true, 2: true, 3: true };
export const photoRequired = (cerType: number): boolean => PHOTO_REQUIRED[cerType] ?? true;

// ---------- 证书 ----------

export interface CertificateSubject {
  status: number;
  orgId: number;
  cityId: number | null;
  /** 有待审核的更正（有则不能再申请） */
  pendingCorrection: boolean;
}

export type CertificateAction = 'void';
export type CertificateOperation = 'fill' | 'correct' | 'print';

const { VALID, VOID } = CERT_STATUS;

/** 作废：市级管理员（证书所在市），须填原因；作废后编号不再使用，待审核的更正随之驳回 */
export const CERTIFICATE_TRANSITIONS: readonly TransitionDef<CertificateSubject, CertificateAction, Actor, CertificateGate>[] = [
  { action: 'void', verb: '作废', from: [VALID], to: VOID, actor: 'city', permission: 'certificateCorrect.edit', opinion: 'required', opinionMessage: '请输入作废原因' },
];

/** 有效证书上的操作：机构补填资料、申请更正（没有待审核的更正时），有打印权限的用户打印 */
export const CERTIFICATE_OPERATIONS: Readonly<Record<CertificateOperation, OperationDef<CertificateSubject, Actor>>> = {
  fill: { label: '补填资料', from: [VALID], actor: 'org', permission: 'certificateFill.edit' },
  correct: { label: '申请更正', from: [VALID], actor: 'org', permission: 'certificateCorrect.add', when: (c) => !c.pendingCorrection },
  print: { label: '打印', from: [VALID], actor: ['org', 'city', 'province'], permission: 'certificatePrint.export' },
};

// ---------- 更正 ----------

export interface CorrectionSubject {
  status: number;
  orgId: number;
  cityId: number | null;
}

export type CorrectionAction = 'approve' | 'reject';

const { PENDING, APPROVED, REJECTED } = CORRECTION_STATUS;

/** 更正：机构或持证人申请（新建即待审核），证书所在市的市级管理员审核；通过则写入证书（编号不变，标“已更正”） */
export const CORRECTION_TRANSITIONS: readonly TransitionDef<CorrectionSubject, CorrectionAction, Actor, CorrectionGate>[] = [
  { action: 'approve', verb: '通过', from: [PENDING], to: APPROVED, actor: 'city', permission: 'certificateCorrect.edit', opinion: 'optional', gates: ['idConsistent'] },
  { action: 'reject', verb: '驳回', from: [PENDING], to: REJECTED, actor: 'city', permission: 'certificateCorrect.edit', opinion: 'required', opinionMessage: '请输入驳回意见' },
];

// ---------- 国网上报批次 ----------

export interface BatchSubject {
  status: number;
  orgId: number;
  cityId: number | null;
}

export type BatchAction = 'confirm' | 'submit' | 'accept' | 'reject';
export type BatchOperation = 'files' | 'discard';

const { DRAFT, CONFIRMED, SUBMITTED, ACCEPTED } = BATCH_STATUS;

/**
 * 机构确认草稿（核对人员信息工作簿之后）→ 上报（经适配器）→ 市级管理员登记国网的答复：全部接收，或逐人退回（批次“被退回”，
 * 被退回的人改正后放进新批次重报）。接口适配器同步答复时由系统按答复登记（见 stategrid.ts）。
 */
export const BATCH_TRANSITIONS: readonly TransitionDef<BatchSubject, BatchAction, Actor, string>[] = [
  { action: 'confirm', verb: '确认', from: [DRAFT], to: CONFIRMED, actor: 'org', permission: 'stateGrid.edit', opinion: 'none' },
  { action: 'submit', verb: '上报', from: [CONFIRMED], to: SUBMITTED, actor: 'org', permission: 'stateGrid.edit', opinion: 'none' },
  { action: 'accept', verb: '登记接收', from: [SUBMITTED], to: ACCEPTED, actor: 'city', permission: 'stateGrid.edit', opinion: 'none' },
  { action: 'reject', verb: '登记退回', from: [SUBMITTED], to: BATCH_STATUS.REJECTED, actor: 'city', permission: 'stateGrid.edit', opinion: 'none' },
];

export const BATCH_OPERATIONS: Readonly<Record<BatchOperation, OperationDef<BatchSubject, Actor>>> = {
  files: { label: '修改附件', from: [DRAFT, CONFIRMED], actor: 'org', permission: 'stateGrid.edit' },
  discard: { label: '放弃', from: [DRAFT], actor: 'org', permission: 'stateGrid.edit' },
};

