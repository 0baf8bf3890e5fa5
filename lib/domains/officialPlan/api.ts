// 年度评价计划的端点（SPEC §7 /officialPlan）。改动只由省级管理员办理（服务检查层级）；机构可看列入本机构的已发布计划。
import type { Action } from '@/lib/platform/auth/session';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { anyKind } from '../access/menu-tree';
import {
  OfficialIdInput,
  OfficialItemInput,
  OfficialJobsInput,
  OfficialListInput,
  OfficialOrgsInput,
  OfficialPlanIdInput,
  OfficialSaveInput,
  OfficialSearchInput,
  OfficialWorkLevelsInput,
  OfficialWorksInput,
} from './schemas';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';
import {
  catalogueWorks,
  deleteOfficialJob,
  deleteOfficialOrg,
  deleteOfficialPlan,
  listOfficialPlans,
  officialPlanDetail,
  officialPlanJobsOf,
  officialPlanOrgsByCity,
  officialPlanOrgsOf,
  officialPlansOfCurrentUser,
  saveOfficialJobs,
  saveOfficialOrgs,
  saveOfficialPlan,
  searchJobs,
  searchOrgs,
  selectableWorks,
  submitOfficialPlan,
  workLevels,
} from './service';

const P = <A extends Action>(action: A) => `officialPlan.${action}` as const;
/** 机构查看列入本机构的已发布计划：有任一类考试计划的权限即可 */
const VIEW: readonly MenuPermission[] = [P('query'), P('get'), ...anyKind('exaPlan', 'query')];
const CHANGE: readonly MenuPermission[] = [P('add'), P('edit')];

export const officialPlanApi = {
  'POST /officialPlan/getList': endpoint({
    summary: '年度评价计划分页列表（年度、名称、状态筛选）',
    permission: P('query'),
    input: OfficialListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listOfficialPlans(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /officialPlan/getListOfCurrentUser': endpoint({
    summary: '当前用户相关的已发布年度评价计划（机构只看列入本机构的）',
    permission: VIEW,
    handle: (_input, ctx) => officialPlansOfCurrentUser(ctx.db, sessionOf(ctx)),
  }),
  'POST /officialPlan/savePlan': endpoint({
    summary: '新建或修改年度评价计划（省级；草稿）',
    permission: CHANGE,
    input: OfficialSaveInput,
    handle: (input, ctx) => saveOfficialPlan(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /officialPlan/planDetail': endpoint({
    summary: '年度评价计划详情（工种与机构）',
    permission: VIEW,
    input: OfficialIdInput,
    handle: ({ id }, ctx) => officialPlanDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /officialPlan/deletePlan': endpoint({
    summary: '删除草稿状态的年度评价计划（省级）',
    permission: P('delete'),
    input: OfficialIdInput,
    handle: (input, ctx) => deleteOfficialPlan(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /officialPlan/submit': endpoint({
    summary: '发布年度评价计划（省级；至少一个工种与一个机构；同一年度只能有一份已发布的）',
    permission: P('edit'),
    input: OfficialIdInput,
    handle: (input, ctx) => submitOfficialPlan(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /officialPlan/getJobs': endpoint({
    summary: '计划里的工种与等级',
    permission: VIEW,
    input: OfficialPlanIdInput,
    handle: ({ planId }, ctx) => officialPlanJobsOf(ctx.db, sessionOf(ctx), planId),
  }),
  'POST /officialPlan/getManagerOrgs': endpoint({
    summary: '计划里的机构（所在市）',
    permission: VIEW,
    input: OfficialPlanIdInput,
    handle: ({ planId }, ctx) => officialPlanOrgsOf(ctx.db, sessionOf(ctx), planId),
  }),
  'POST /officialPlan/getJds': endpoint({
    summary: '计划里的鉴定（评价）机构按市分布：各市机构数与名单',
    permission: VIEW,
    input: OfficialPlanIdInput,
    handle: ({ planId }, ctx) => officialPlanOrgsByCity(ctx.db, sessionOf(ctx), planId),
  }),
  'POST /officialPlan/saveJobs': endpoint({
    summary: '加入工种与等级（省级；草稿；已在计划里的工种改为给出的等级）',
    permission: P('edit'),
    input: OfficialJobsInput,
    handle: (input, ctx) => saveOfficialJobs(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /officialPlan/deleteJob': endpoint({
    summary: '从计划移除一个工种（省级；草稿）',
    permission: P('edit'),
    input: OfficialItemInput,
    handle: (input, ctx) => deleteOfficialJob(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /officialPlan/saveOrgs': endpoint({
    summary: '加入机构（省级；草稿）',
    permission: P('edit'),
    input: OfficialOrgsInput,
    handle: (input, ctx) => saveOfficialOrgs(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /officialPlan/deleteOrg': endpoint({
    summary: '从计划移除一个机构（省级；草稿）',
    permission: P('edit'),
    input: OfficialItemInput,
    handle: (input, ctx) => deleteOfficialOrg(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /officialPlan/getCanSelectJobs': endpoint({
    summary: '还没列入计划的工种（带已开设的等级，按名称或编码筛选）',
    permission: CHANGE,
    input: OfficialSearchInput,
    handle: (input, ctx) => selectableWorks(ctx.db, sessionOf(ctx), input),
  }),
  'POST /officialPlan/searchJob': endpoint({
    summary: '按名称或编码搜索职业（目录细类）',
    permission: P('query'),
    input: OfficialSearchInput,
    handle: ({ name }, ctx) => searchJobs(ctx.db, name),
  }),
  'POST /officialPlan/searchOrg': endpoint({
    summary: '可列入计划的机构（有有效备案、尚未列入该计划的），按名称搜索',
    permission: CHANGE,
    input: OfficialSearchInput,
    handle: (input, ctx) => searchOrgs(ctx.db, input),
  }),
  'POST /officialPlan/getWorks': endpoint({
    summary: '目录里的工种（可按职业编码、名称筛选），带已开设的等级',
    permission: P('query'),
    input: OfficialWorksInput,
    handle: (filter, ctx) => catalogueWorks(ctx.db, filter),
  }),
  'POST /officialPlan/getWorkLevels': endpoint({
    summary: '某工种已开设的等级',
    permission: P('query'),
    input: OfficialWorkLevelsInput,
    handle: ({ workCode }, ctx) => workLevels(ctx.db, workCode),
  }),
} satisfies EndpointTable;
