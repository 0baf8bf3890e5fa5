// 考试计划的端点（SPEC §7 /exaPlan、/exaPlanAudit、/exaPlanStepAuditing）。四类计划共用端点（anyKind），服务按计划的类别再查权限。
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { anyKind } from '../access/menu-tree';
import { LEVEL_NAMES } from '../catalog/schemas';
import {
  FiledWorksInput,
  PlanAuditInput,
  PlanIdInput,
  PlanListInput,
  PlanOpinionInput,
  PlanReasonInput,
  PlanSaveInput,
  StepAuditListInput,
  StepAuditUpdateInput,
} from './schemas';
import { cancelInfo, deletePlan, listPlans, planDetail, planFiledWorks, planFilesOf, planHead, planHistory, savePlan } from './service';
import { applyTransition, auditingStepsOf, exaPlanWorkflow, reviewPlan } from './workflow';
import { listStepAudits, updateStepAudits } from './step-audit';
import { leadDays } from './gates';
import { ARRANGE_TYPE_LABEL, PLAN_KINDS, STATE_COLOR, STATE_LABEL, STEP_LABEL } from './transitions';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

const VIEW: readonly MenuPermission[] = [...anyKind('exaPlan', 'query'), 'exaPlanAudit.query'];
const GET: readonly MenuPermission[] = [...anyKind('exaPlan', 'get'), 'exaPlanAudit.get'];
const EDIT: readonly MenuPermission[] = anyKind('exaPlan', 'edit');

const rollback = endpoint({
  summary: '退回上一步（市级管理员；第 1–4 步办理中或被驳回的计划回到上一步办理中），须填写意见',
  permission: 'exaPlanAudit.edit',
  input: PlanOpinionInput,
  handle: ({ id, opinion }, ctx) => applyTransition(ctx.db, sessionOf(ctx), { id, action: 'rollback', opinion }, ctx.audit),
});

const dictionaries = () => ({
  kinds: PLAN_KINDS.map((label, value) => ({ value, label })),
  steps: STEP_LABEL.map((label, value) => ({ value, label })),
  states: Object.entries(STATE_LABEL).map(([value, label]) => ({ value: Number(value), label, color: STATE_COLOR[Number(value)] })),
  arrangeTypes: Object.entries(ARRANGE_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label })),
  levels: Object.entries(LEVEL_NAMES)
    .map(([value, label]) => ({ value: Number(value), label }))
    .sort((a, b) => b.value - a.value),
  transitions: exaPlanWorkflow.matrix(),
  leadDays: leadDays(),
});

export const exaPlanApi = {
  'POST /exaPlan/listExaPlan': endpoint({
    summary: '考试计划分页列表（类别、名称、编号、机构、步骤、状态、考试日期筛选；pendingOnly 只列待本人审核的）；每行带进度与当前用户可做的操作',
    permission: VIEW,
    input: PlanListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listPlans(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /exaPlan/selPlanHead': endpoint({
    summary: '列表头部各页签（全部、各步、已取消）的计数：每个数等于以同样的筛选点开该页签时列表的总数（全部含已取消的计划）',
    permission: VIEW,
    input: PlanListInput,
    handle: (filter, ctx) => planHead(ctx.db, sessionOf(ctx), filter),
  }),
  'POST /exaPlan/saveExaPlan': endpoint({
    summary: '制定或修改考试计划（评价机构；第 0 步办理中或被驳回）：工种与等级须在本机构该类有效备案内',
    permission: [...anyKind('exaPlan', 'add'), ...EDIT],
    input: PlanSaveInput,
    handle: (input, ctx) => savePlan(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaPlan/getPlanDetail': endpoint({
    summary: '考试计划详情（工种、附件、取消信息与当前可做的操作）',
    permission: GET,
    input: PlanIdInput,
    handle: ({ id }, ctx) => planDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /exaPlan/filedWorks': endpoint({
    summary: '本机构该类有效备案里可以制定计划的工种与等级（计划表单的选择范围）',
    permission: [...anyKind('exaPlan', 'add'), ...EDIT],
    input: FiledWorksInput,
    handle: ({ kind }, ctx) => planFiledWorks(ctx.db, sessionOf(ctx), kind),
  }),
  'POST /exaPlan/submitExaPlan': endpoint({
    summary: '提交计划审核（第 0 步办理中或被驳回 → 待市级审核）：须有工种且都在有效备案内、考试开始日期不早于今天加提前天数',
    permission: EDIT,
    input: PlanIdInput,
    handle: ({ id }, ctx) => applyTransition(ctx.db, sessionOf(ctx), { id, action: 'submit' }, ctx.audit),
  }),
  'POST /exaPlan/auditingApply': endpoint({
    summary: '申请审核（第 1–8 步中须审核的步骤：满足该步的条件后 → 待市级审核）',
    permission: EDIT,
    input: PlanOpinionInput,
    handle: ({ id, opinion }, ctx) => applyTransition(ctx.db, sessionOf(ctx), { id, action: 'applyAudit', opinion }, ctx.audit),
  }),
  'POST /exaPlan/nextStep': endpoint({
    summary: '进入下一步（第 1–8 步中不需审核的步骤：满足该步的条件后直接进入下一步）',
    permission: EDIT,
    input: PlanIdInput,
    handle: ({ id }, ctx) => applyTransition(ctx.db, sessionOf(ctx), { id, action: 'advance' }, ctx.audit),
  }),
  'POST /exaPlan/delete': endpoint({
    summary: '删除考试计划（只限第 0 步办理中或被驳回、且从未审核通过的）',
    permission: anyKind('exaPlan', 'delete'),
    input: PlanIdInput,
    handle: (input, ctx) => deletePlan(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaPlan/cancel': endpoint({
    summary: '取消考试计划（评价机构；第 0–4 步），须填写原因',
    permission: EDIT,
    input: PlanReasonInput,
    handle: ({ id, opinion }, ctx) => applyTransition(ctx.db, sessionOf(ctx), { id, action: 'cancel', opinion }, ctx.audit),
  }),
  'POST /exaPlan/cancelInfo': endpoint({
    summary: '计划的取消信息（是否已取消、原因、时间、办理人；未取消时能否取消）',
    permission: GET,
    input: PlanIdInput,
    handle: ({ id }, ctx) => cancelInfo(ctx.db, sessionOf(ctx), id),
  }),
  'POST /exaPlan/listRecord': endpoint({
    summary: '计划的办理记录（时间线：谁、何时、从哪一步哪一状态到哪里、意见）',
    permission: GET,
    input: PlanIdInput,
    handle: ({ id }, ctx) => planHistory(ctx.db, sessionOf(ctx), id),
  }),
  'POST /exaPlan/getExaPlanAuditingStep': endpoint({
    summary: '计划各步是否须审核（第 0 步总要审核，第 1–8 步按步骤审核配置）与当前所在步骤',
    permission: GET,
    input: PlanIdInput,
    handle: ({ id }, ctx) => auditingStepsOf(ctx.db, sessionOf(ctx), id),
  }),
  'POST /exaPlan/byPlanFile': endpoint({
    summary: '计划的附件（地址、文件名、大小）',
    permission: GET,
    input: PlanIdInput,
    handle: ({ id }, ctx) => planFilesOf(ctx.db, sessionOf(ctx), id),
  }),
  'POST /exaPlan/rollbackExampl': rollback,
  'POST /bks/v1/exaPlan/rollbackExampl': rollback,
  'POST /exaPlan/dictDetailInfo': endpoint({
    summary: '考试计划字典：类别、步骤、步内状态（含颜色）、考试安排类型、等级、转换表与提前天数',
    permission: 'login',
    handle: async () => dictionaries(),
  }),

  // ---------- 审核 ----------
  'POST /exaPlanAudit/auditExaPlan': endpoint({
    summary: '审核计划：待市级审核 → 市级通过/驳回，待省级审核 → 省级通过/驳回；驳回须填意见，流程规则要求时通过也须填',
    permission: 'exaPlanAudit.edit',
    input: PlanAuditInput,
    handle: (input, ctx) => reviewPlan(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaPlanAudit/rollbackAudit': rollback,
  'POST /exaPlanAudit/cancellAudit': endpoint({
    summary: '撤回审核申请（评价机构；待市级审核 → 办理中）',
    permission: EDIT,
    input: PlanIdInput,
    handle: ({ id }, ctx) => applyTransition(ctx.db, sessionOf(ctx), { id, action: 'cancelAudit' }, ctx.audit),
  }),

  // ---------- 步骤审核配置 ----------
  'POST /exaPlanStepAuditing/listExaPlanStepAuditing': endpoint({
    summary: '步骤审核配置：各类计划第 1–8 步是否须经市级审核',
    permission: [...VIEW],
    input: StepAuditListInput,
    handle: ({ kind }, ctx) => listStepAudits(ctx.db, kind),
  }),
  'POST /exaPlanStepAuditing/updateExaPlanStepAuditing': endpoint({
    summary: '设置某类计划须审核的步骤（省级管理员；给出的步骤须审核，其余不需）',
    permission: 'exaPlanAudit.edit',
    input: StepAuditUpdateInput,
    handle: (input, ctx) => updateStepAudits(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
} satisfies EndpointTable;
