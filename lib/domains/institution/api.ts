// 培训机构与企业的端点：第二客户端 /bapi/orginaion（add、del、update、getList、infoById、submitAudit，及审核、撤回、暂停、恢复、
// 历史、本单位资料、定点机构名录、企业评价），GET courseSchedulingInfo/synchronizationQiuShiOrginationByCode。
// /bapi/* 的答复带 x-code / x-msg 头（调度器统一设置）。
import { z } from 'zod';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { text } from '@/lib/platform/validation/fields';
import {
  DesignatedInput,
  EvaluationIdsInput,
  EvaluationListInput,
  EvaluationSaveInput,
  OrgProfileAddInput,
  OrgProfileUpdateInput,
  ProfileAuditInput,
  ProfileDetailInput,
  ProfileIdInput,
  ProfileIdsInput,
  ProfileListInput,
  ProfileOpinionInput,
  SyncByCodeInput,
} from './schemas';
import {
  addProfile,
  applySettleTransition,
  auditProfile,
  designatedList,
  evaluableOrgs,
  exportEvaluations,
  exportProfiles,
  listEvaluations,
  listProfiles,
  myProfile,
  profileDetail,
  removeEvaluations,
  removeProfiles,
  saveEvaluation,
  settleHistory,
  syncByCode,
  updateProfile,
} from './service';
import { ORG_KIND_LABEL, SETTLE_STATUS_COLOR, SETTLE_STATUS_LABEL, SETTLE_TRANSITIONS } from './transitions';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

/** 查看单位：企业列表、入驻管理或两种审核的查看权限之一 */
const VIEW: readonly MenuPermission[] = ['company.query', 'settleIn.query', 'companyAudit.query', 'settleInAudit.query'];
const GET: readonly MenuPermission[] = ['company.get', 'settleIn.get', 'companyAudit.get', 'settleInAudit.get'];
const AUDIT: readonly MenuPermission[] = ['companyAudit.edit', 'settleInAudit.edit'];

export const institutionApi = {
  'POST /bapi/orginaion/getList': endpoint({
    summary: '培训机构与企业的入驻资料分页列表（名称、信用代码、单位类型、入驻状态、所在市；pendingOnly 只列待我审核的）；每行带可做的操作',
    permission: VIEW,
    input: ProfileListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listProfiles(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /bapi/orginaion/infoById': endpoint({
    summary: '单位详情（企业或培训机构详情弹窗）：全部字段、图片、主账号、评价；范围外 404。法定代表人身份证号、银行账号与主账号手机号脱敏（本单位看自己的是全号）；unmask 为 true 时给全号（须有 settleInAudit.unmask 并选理由，记个人信息访问日志）；答复另含 masked 与 canUnmask',
    permission: GET,
    input: ProfileDetailInput,
    handle: ({ id, ...req }, ctx) => profileDetail(ctx.db, sessionOf(ctx), id, ctx.audit, { ...req, ip: ctx.ip }),
  }),
  'GET /bapi/orginaion/mine': endpoint({
    summary: '本单位的入驻资料（单位用户）；还没有时给出单位的基本信息作默认值',
    permission: ['settleIn.query', 'company.query'],
    handle: async (_input, ctx) => myProfile(ctx.db, sessionOf(ctx)),
  }),
  'POST /bapi/orginaion/add': endpoint({
    summary: '新增入驻资料：单位为本单位填写（填写中）；管理员在本辖区直接登记新单位（即已入驻）',
    permission: ['settleIn.add', 'company.add'],
    input: OrgProfileAddInput,
    handle: (input, ctx) => addProfile(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bapi/orginaion/update': endpoint({
    summary: '修改入驻资料：单位只在填写中或被驳回时；管理员可随时修改范围内的资料（不改入驻状态）',
    permission: ['settleIn.edit', 'company.edit'],
    input: OrgProfileUpdateInput,
    handle: (input, ctx) => updateProfile(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bapi/orginaion/del': endpoint({
    summary: '删除从未审核通过的入驻资料（单位本身不删）；任一不在范围内即 404',
    permission: 'settleIn.delete',
    input: ProfileIdsInput,
    handle: (input, ctx) => removeProfiles(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bapi/orginaion/submitAudit': endpoint({
    summary: '提交入驻申请（填写中或被驳回 → 待市级审核）',
    permission: 'settleIn.edit',
    input: ProfileIdInput,
    handle: ({ id }, ctx) => applySettleTransition(ctx.db, sessionOf(ctx), { id, action: 'submit' }, ctx.audit),
  }),
  'POST /bapi/orginaion/withdraw': endpoint({
    summary: '撤回入驻申请（待市级审核 → 填写中）',
    permission: 'settleIn.edit',
    input: ProfileIdInput,
    handle: ({ id }, ctx) => applySettleTransition(ctx.db, sessionOf(ctx), { id, action: 'withdraw' }, ctx.audit),
  }),
  'POST /bapi/orginaion/audit': endpoint({
    summary: '审核入驻申请：市级审待市级审核的（通过进入省级审核），省级审待省级审核的（通过即已入驻）；驳回须填意见',
    permission: AUDIT,
    input: ProfileAuditInput,
    handle: (input, ctx) => auditProfile(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bapi/orginaion/suspend': endpoint({
    summary: '暂停入驻（已入驻 → 已暂停），须填原因',
    permission: 'settleIn.disable',
    input: ProfileOpinionInput,
    handle: ({ id, opinion }, ctx) => applySettleTransition(ctx.db, sessionOf(ctx), { id, action: 'suspend', opinion }, ctx.audit),
  }),
  'POST /bapi/orginaion/resume': endpoint({
    summary: '恢复入驻（已暂停 → 已入驻）',
    permission: 'settleIn.enable',
    input: ProfileOpinionInput,
    handle: ({ id, opinion }, ctx) => applySettleTransition(ctx.db, sessionOf(ctx), { id, action: 'resume', opinion }, ctx.audit),
  }),
  'POST /bapi/orginaion/history': endpoint({
    summary: '入驻的办理历史（谁、何时、状态变化、意见）',
    permission: GET,
    input: ProfileIdInput,
    handle: ({ id }, ctx) => settleHistory(ctx.db, sessionOf(ctx), id),
  }),
  'POST /bapi/orginaion/export': endpoint({
    asTask: 'export',
    summary: '按当前筛选条件导出培训机构与企业（.xlsx）',
    permission: 'company.export',
    input: ProfileListInput,
    handle: (filter, ctx) => exportProfiles(ctx.db, sessionOf(ctx), filter),
  }),
  'GET /bapi/orginaion/designated': endpoint({
    summary: '定点培训机构名录：按市列出已入驻的定点培训机构',
    permission: VIEW,
    input: DesignatedInput,
    handle: (filter, ctx) => designatedList(ctx.db, ctx.user(), filter),
  }),
  'GET /bapi/orginaion/dicts': endpoint({
    summary: '单位类型、入驻状态与入驻转换表',
    permission: 'login',
    handle: async () => ({
      orgTypes: Object.entries(ORG_KIND_LABEL).map(([value, label]) => ({ value, label })),
      settleStatuses: Object.entries(SETTLE_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label, color: SETTLE_STATUS_COLOR[Number(value)] })),
      transitions: SETTLE_TRANSITIONS.map((t) => ({ action: t.action, verb: t.verb, from: t.from, to: t.to, actor: t.actor, opinion: t.opinion })),
    }),
  }),
  'GET /courseSchedulingInfo/synchronizationQiuShiOrginationByCode': endpoint({
    summary: '把已入驻的单位同步到求实平台（管理员；按单位编码），记下同步时间',
    permission: 'company.edit',
    changes: true,
    input: SyncByCodeInput,
    handle: (input, ctx) => syncByCode(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 企业评价 ----------
  'POST /bapi/orginaion/evaluation/list': endpoint({
    summary: '企业与培训机构的年度评价（单位看本单位的）',
    permission: 'companyEvaluation.query',
    input: EvaluationListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listEvaluations(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /bapi/orginaion/evaluation/save': endpoint({
    summary: '新增或修改评价（市级、省级管理员；已入驻的范围内单位，一年一条，0–100 分）',
    permission: ['companyEvaluation.add', 'companyEvaluation.edit'],
    input: EvaluationSaveInput,
    handle: (input, ctx) => saveEvaluation(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bapi/orginaion/evaluation/del': endpoint({
    summary: '删除评价',
    permission: 'companyEvaluation.delete',
    input: EvaluationIdsInput,
    handle: (input, ctx) => removeEvaluations(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bapi/orginaion/evaluation/export': endpoint({
    asTask: 'export',
    summary: '按当前筛选条件导出评价（.xlsx）',
    permission: 'companyEvaluation.export',
    input: EvaluationListInput,
    handle: (filter, ctx) => exportEvaluations(ctx.db, sessionOf(ctx), filter),
  }),
  'GET /bapi/orginaion/evaluation/orgs': endpoint({
    summary: '可评价的单位（范围内已入驻的）',
    permission: ['companyEvaluation.add', 'companyEvaluation.edit'],
    input: z.object({ keyword: text('单位名称', 64).optional() }),
    handle: ({ keyword }, ctx) => evaluableOrgs(ctx.db, sessionOf(ctx), keyword),
  }),
} satisfies EndpointTable;
