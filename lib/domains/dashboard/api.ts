// 首页分析、数据大屏与统计页的端点（SPEC §7 Home、Statistics；§2 固定路径 /v2/train/count/renci）。
// 首页的答复用 data，列表用 data.data；统计表答复 {list, totals}，导出同一张表（含合计行）。
import { endpoint, type EndpointTable } from '@/lib/platform/api/endpoint';
import { changeTrend, filingReviews, homePageData, planReviews } from './home';
import { evalBigScreen, trainBigScreen } from './big-screen';
import { ReviewListInput, StatFilterInput, TrendInput, type StatFilter } from './schemas';
import {
  cityOptions,
  orgOptions,
  processJobNameOptions,
  processObjectOptions,
  evalOrgsByCity,
  evalOrgStatistics,
  evaluatorStatistics,
  exportStat,
  orgTypeStatistics,
  processStatistics,
  summaryStatistics,
  trainCountStatistics,
  uploadStateGridStatistics,
  uploadTrainStatistics,
  type StatRow,
} from './statistics';
import type { StatKey } from './columns';
import type { StatTable } from './schemas';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

const HOME = 'analysis.query';
const STAT_VIEW: readonly MenuPermission[] = ['orgTypeStatistics.query', 'summaryStatistics.query', 'processStatistics.query', 'trainCount.query', 'uploadCount.query'];

type StatFn = (db: Db, user: SessionUser, f: StatFilter) => Promise<StatTable<StatRow>>;

/** 一张统计表的列表与导出两个端点 */
type StatResource = 'orgTypeStatistics' | 'summaryStatistics' | 'processStatistics' | 'trainCount' | 'uploadCount';

function statPair(resource: StatResource, key: StatKey, fn: StatFn, summary: string) {
  return {
    list: endpoint({ summary, permission: `${resource}.query` as const, input: StatFilterInput, handle: (f, ctx) => fn(ctx.db, ctx.user(), f) }),
    export: endpoint({
      asTask: 'export',
      summary: `${summary}：导出 Excel（与界面相同的行与合计）`,
      permission: `${resource}.export` as const,
      input: StatFilterInput,
      handle: async (f, ctx) => exportStat(key, await fn(ctx.db, ctx.user(), f)),
    }),
  };
}

const orgType = statPair('orgTypeStatistics', 'orgType', orgTypeStatistics, '机构类型统计：各机构类型在四类业务的有效备案机构数');
const summary = statPair('summaryStatistics', 'summary', summaryStatistics, '鉴定汇总：各市有效备案机构、开考计划、报名、取证、在岗考评员与督导员');
const evalOrgs = statPair('summaryStatistics', 'evalOrgs', evalOrgStatistics, '评价机构统计：各机构的有效备案、开考计划、报名与取证');
const evalOrgsCity = statPair('summaryStatistics', 'evalOrgsByCity', evalOrgsByCity, '各市四类业务的有效备案机构数');
const evaluators = statPair('summaryStatistics', 'evaluators', evaluatorStatistics, '各市考评员与督导员（全部与在岗）');
const process = statPair('processStatistics', 'process', processStatistics, '流程数据：各流程步骤上的计划数（办理中、待审核、驳回、已取消）');
const trainCount = statPair('trainCount', 'trainCount', trainCountStatistics, '培训人次：各市培训班数、培训人次、结业与未结业人次');
const uploadTrain = statPair('uploadCount', 'uploadTrain', uploadTrainStatistics, '培训上报人次：各市培训人次中已上报（提交审核）、审核通过与未上报的人次');
const uploadStateGrid = statPair('uploadCount', 'uploadStateGrid', uploadStateGridStatistics, '国网上报人次：各市取证人次中已上报国网、已被接收与未上报的人次');

export const dashboardApi = {
  'POST /home/listHomePageData': endpoint({
    summary: '首页十个计数、累计（计划、报名、取证）与近七天，按当前用户的数据范围；缺的值为 0',
    permission: HOME,
    handle: (_input, ctx) => homePageData(ctx.db, ctx.user()),
  }),
  'POST /home/listChangeTrendData': endpoint({
    summary: '四类计划 1–12 月的新建计划数（year 不填为今年）',
    permission: HOME,
    input: TrendInput,
    handle: ({ year }, ctx) => changeTrend(ctx.db, ctx.user(), year),
  }),
  'POST /home/listFilingReview': endpoint({
    summary: '待我审核的备案（data.data），最近的在前',
    permission: HOME,
    input: ReviewListInput,
    handle: async ({ pageSize }, ctx) => ({ data: await filingReviews(ctx.db, ctx.user(), pageSize) }),
  }),
  'POST /home/listPlanReview': endpoint({
    summary: '待我审核的考试计划（data.data），带流程节点',
    permission: HOME,
    input: ReviewListInput,
    handle: async ({ pageSize }, ctx) => ({ data: await planReviews(ctx.db, ctx.user(), pageSize) }),
  }),
  'GET /home/bigScreen/eval': endpoint({
    summary: '评价数据大屏：计数、当年各月报名与取证、各市报名排行与活跃度',
    permission: 'bigScreenEval.query',
    handle: (_input, ctx) => evalBigScreen(ctx.db, ctx.user()),
  }),
  'GET /home/bigScreen/train': endpoint({
    summary: '培训数据大屏：计数、当年各月培训人次与新开班、各市培训人次排行与活跃度',
    permission: 'bigScreenTrain.query',
    handle: (_input, ctx) => trainBigScreen(ctx.db, ctx.user()),
  }),
  'GET /statistics/cityOptions': endpoint({
    summary: '统计页的地市筛选项（范围内的市）',
    permission: STAT_VIEW,
    handle: (_input, ctx) => cityOptions(ctx.db, ctx.user()),
  }),
  'GET /statistics/orgOptions': endpoint({
    summary: '统计页的机构筛选项（范围内有备案或培训班的机构，按名称，最多 500 个）',
    permission: STAT_VIEW,
    handle: (_input, ctx) => orgOptions(ctx.db, ctx.user()),
  }),
  'GET /statistics/processDataObjectList': endpoint({
    summary: '流程数据的机构筛选项（范围内开过考试计划的机构，按名称，最多 500 个）',
    permission: 'processStatistics.query',
    handle: (_input, ctx) => processObjectOptions(ctx.db, ctx.user()),
  }),
  'GET /statistics/processDataJobNameList': endpoint({
    summary: '流程数据的工种筛选项（范围内考试计划里的工种：value 为工种编码，label 为名称与编码）',
    permission: 'processStatistics.query',
    handle: (_input, ctx) => processJobNameOptions(ctx.db, ctx.user()),
  }),
  'GET /statistics/orgTypeStatisticsList': orgType.list,
  'GET /statistics/orgTypeStatisticsExport': orgType.export,
  'GET /summary/listSummary': summary.list,
  'GET /summary/exportSummary': summary.export,
  'GET /summary/listEvalOrgs': evalOrgs.list,
  'GET /summary/exportEvalOrgs': evalOrgs.export,
  'GET /summary/listEvalOrgsByCitys': evalOrgsCity.list,
  'GET /summary/exportEvalOrgsByCitys': evalOrgsCity.export,
  'GET /summary/listEvaluators': evaluators.list,
  'GET /summary/exportEvaluators': evaluators.export,
  'GET /statistics/processDataList': process.list,
  'GET /statistics/processDataExport': process.export,
  'GET /v2/train/count/renci': trainCount.list,
  'GET /v2/train/count/renciExport': trainCount.export,
  'GET /v2/train/count/uploadRenci': uploadTrain.list,
  'GET /v2/train/count/uploadRenciExport': uploadTrain.export,
  'GET /v2/count/uploadRencixitong': uploadStateGrid.list,
  'GET /v2/count/uploadRencixitongExport': uploadStateGrid.export,
} satisfies EndpointTable;
