// 职业工种目录（SPEC §7 Organisations, jobs；Common lookups；Filing and evaluation 中的 /work、/baseWorkLevel 等）。
// 维护类端点用资源 baseJob 的权限；各处下拉与选择器用的查询只需登录。
import type { Action } from '@/lib/platform/auth/session';
import { z } from 'zod';
import { endpoint, sessionOf, type Ctx, type EndpointTable } from '@/lib/platform/api/endpoint';
import { localizeVocabulary } from '@/lib/i18n/vocabulary';
import { localeOfRequest } from '@/lib/i18n/request';
import { ImportFileInput, importResponse, runImport, templateEndpoint, type ImportDef } from '@/lib/platform/excel/import';
import {
  AllWorkLevelsInput,
  AllWorksInput,
  JobIdInput,
  JobIdsInput,
  JobListInput,
  JobRefInput,
  JobSaveInput,
  KeywordInput,
  LevelRestrictionsInput,
  OrgIdsInput,
  OrgNameInput,
  OrgRefInput,
  WorkCodeInput,
  WorkLevelRefInput,
  WorkLevelRequireInput,
  WorkListInput,
  WorkRefInput,
  YearInput,
} from './schemas';
import {
  allJobs,
  allJobTree,
  allWorkLevels,
  allWorks,
  exportJobs,
  filledJobs,
  filledWorkLevels,
  filledWorks,
  jobInfo,
  limitTypes,
  listJobs,
  orgsByWorkCode,
  orgWorkCounts,
  orgWorkLevels,
  pageWorks,
  removeJobs,
  saveJob,
  saveLevelRestrictions,
  skillStandardOutline,
  specialSkills,
  workDetail,
  workLevelDetail,
  workLevelRequirements,
  worksByUserAndYear,
} from './service';
import { catalogImportParams, jobImport, workRequireImport, type CatalogImportParams } from './import';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';

const perm = <A extends Action>(action: A) => `baseJob.${action}` as const;

/** 导入端点：全有或全无，成功后记一条操作日志 */
function catalogImport<S extends z.ZodObject>(def: ImportDef<S, CatalogImportParams>, summary: string, entity: string) {
  return endpoint({
    asTask: 'import',
    summary,
    permission: perm('import'),
    body: 'multipart',
    input: z.object({ file: ImportFileInput }),
    handle: async ({ file }, ctx) => {
      const params = catalogImportParams();
      const answer = importResponse(await runImport(def, file as Blob, { db: ctx.db, userId: ctx.user().id, params }));
      ctx.audit({ entity, after: params.written, detail: `${def.title} ${params.written.length} 条` });
      return answer;
    },
  });
}

const allTypeOfWork = endpoint({
  summary: '全部启用的工种 [{workCode, workName, jobCode, jobName, levels}]',
  permission: 'login',
  input: KeywordInput,
  handle: ({ keyword }, { db }) => allWorks(db, { keyword }),
});

/** 职业大类（《职业分类大典》的 8 个大类）与状态名是固定词汇：随请求语言 */
const withCategoryNames = async <T>(ctx: Ctx, result: Promise<T>) => localizeVocabulary(await result, ['categoryName', 'statusName'], localeOfRequest(ctx.request));

export const catalogApi = {
  // ---------- 职业维护（/evaluation/base/job） ----------
  'POST /job/listBaseJob': endpoint({
    summary: '职业分页列表（含工种、等级与开展机构数），按名称或编码（职业或工种）、大类、状态筛选',
    permission: perm('query'),
    input: JobListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => withCategoryNames(ctx, listJobs(ctx.db, filter, page)),
  }),
  'POST /job/baseJobInfo': endpoint({
    summary: '职业详情（工种、等级与申报条件）',
    permission: perm('get'),
    input: JobRefInput,
    handle: (ref, ctx) => withCategoryNames(ctx, jobInfo(ctx.db, ref)),
  }),
  'POST /job/saveBaseJob': endpoint({
    summary: '新增（不带 id）或修改职业及其工种、等级；工种整体替换，已有机构开展的工种不能去掉',
    permission: [perm('add'), perm('edit')],
    input: JobSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'baseJob', input.id);
      return withCategoryNames(ctx, saveJob(ctx.db, sessionOf(ctx), input, ctx.audit));
    },
  }),
  'POST /job/delJob': endpoint({
    summary: '删除职业（连同工种与等级）；已有机构开展其工种时拒绝',
    permission: perm('delete'),
    input: JobIdInput,
    handle: ({ id }, ctx) => removeJobs(ctx.db, sessionOf(ctx), [id], ctx.audit),
  }),
  'POST /job/batchDelJob': endpoint({
    summary: '批量删除职业；任一职业的工种在用则全部不删',
    permission: perm('delete'),
    input: JobIdsInput,
    handle: ({ ids }, ctx) => removeJobs(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /job/getOrgByWorkCode': endpoint({
    summary: '开展某工种的机构（数据范围内）',
    permission: perm('query'),
    input: WorkCodeInput,
    paged: true,
    handle: ({ page, workCode }, ctx) => orgsByWorkCode(ctx.db, ctx.user(), workCode, page),
  }),
  'POST /job/baseOrgList': endpoint({
    summary: '机构及其开展的工种数（数据范围内，可按名称筛选）',
    permission: perm('query'),
    input: OrgNameInput,
    paged: true,
    handle: ({ page, orgName }, ctx) => orgWorkCounts(ctx.db, ctx.user(), orgName, page),
  }),
  'POST /job/baseWorkLevelRestrictions': endpoint({
    summary: '修改工种各等级的申报条件（限制类型、从业年限、持低一级证书后年限、条件说明）',
    permission: perm('edit'),
    input: LevelRestrictionsInput,
    handle: (input, ctx) => saveLevelRestrictions(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /job/impJob': catalogImport(jobImport, '导入职业工种（.xlsx：职业编码、职业名称、工种编码、工种名称、等级）；全部校验通过才写入，否则返回错误工作簿', 'base_work'),
  'GET /job/impJob/template': templateEndpoint(jobImport, { permission: perm('import') }),
  'POST /job/impWorkRequire': catalogImport(
    workRequireImport,
    '导入等级申报条件（.xlsx：工种编码、等级、累计从业年限、持低一级证书后年限、申报条件）；全部校验通过才写入，否则返回错误工作簿',
    'base_work_level',
  ),
  'GET /job/impWorkRequire/template': templateEndpoint(workRequireImport, { permission: perm('import') }),
  'POST /job/exportBaseJob': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出职业工种（每个工种一行）',
    permission: perm('export'),
    input: JobListInput,
    handle: (filter, { db }) => exportJobs(db, filter),
  }),
  'POST /job/byBaseJob': endpoint({
    summary: '按 id 或编码取一个职业（含工种与等级）',
    permission: 'login',
    input: JobRefInput,
    handle: (ref, ctx) => withCategoryNames(ctx, jobInfo(ctx.db, ref)),
  }),
  'GET /bks/v1/job/listBaseJobSpecialSkills': endpoint({
    summary: '专项职业能力列表（启用的）',
    permission: 'login',
    input: KeywordInput,
    handle: ({ keyword }, { db }) => specialSkills(db, keyword),
  }),

  // ---------- /work、等级与申报条件 ----------
  'POST /work/baseAllJobList': endpoint({
    summary: '全部启用的职业',
    permission: 'login',
    input: KeywordInput,
    handle: ({ keyword }, ctx) => withCategoryNames(ctx, allJobs(ctx.db, keyword)),
  }),
  'POST /work/baseJobList': endpoint({
    summary: '职业分页列表（查询用）',
    permission: 'login',
    input: JobListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => withCategoryNames(ctx, listJobs(ctx.db, filter, page)),
  }),
  'POST /work/baseWorkList': endpoint({
    summary: '工种分页列表（工种选择器）：按名称或编码、所属职业筛选',
    permission: 'login',
    input: WorkListInput,
    paged: true,
    handle: ({ page, ...filter }, { db }) => pageWorks(db, filter, page),
  }),
  'POST /work/baseWorkLevelList': endpoint({
    summary: '工种开设的等级（含申报条件）',
    permission: 'login',
    input: WorkCodeInput,
    handle: ({ workCode }, { db }) => workLevelRequirements(db, workCode),
  }),
  'POST /work/byBaseWork': endpoint({
    summary: '按编码取一个工种（所属职业、等级与申报条件）',
    permission: 'login',
    input: WorkRefInput,
    handle: ({ code }, { db }) => workDetail(db, code),
  }),
  'POST /baseWorkLevel/byBaseWorkLevel': endpoint({
    summary: '工种的某个等级',
    permission: 'login',
    input: WorkLevelRefInput,
    handle: ({ workCode, levelCode }, { db }) => workLevelDetail(db, workCode, levelCode),
  }),
  'POST /baseWorkLevelRequire/byWorkLevelRequire': endpoint({
    summary: '工种（某个或全部等级）的申报条件',
    permission: 'login',
    input: WorkLevelRequireInput,
    handle: ({ workCode, levelCode }, { db }) => workLevelRequirements(db, workCode, levelCode),
  }),

  // ---------- 公共下拉 ----------
  'POST /comApi/getAllJobs': endpoint({
    summary: '全部启用的职业 [{code, name, category}]',
    permission: 'login',
    input: KeywordInput,
    handle: ({ keyword }, ctx) => withCategoryNames(ctx, allJobs(ctx.db, keyword)),
  }),
  'POST /comApi/getAllJobList': endpoint({
    summary: '职业及其工种的树（级联选择）',
    permission: 'login',
    handle: (_input, { db }) => allJobTree(db),
  }),
  'POST /comApi/getAllWorks': endpoint({
    summary: '全部启用的工种，可按职业编码、关键字筛选',
    permission: 'login',
    input: AllWorksInput,
    handle: (filter, { db }) => allWorks(db, filter),
  }),
  'POST /comApi/getAllWorkLevels': endpoint({
    summary: '工种开设的等级；不指定工种时为全部五个等级',
    permission: 'login',
    input: AllWorkLevelsInput,
    handle: ({ workCode }, { db }) => allWorkLevels(db, workCode),
  }),
  'POST /comApi/getFilledJobs': endpoint({
    summary: '数据范围内机构已开展工种所属的职业（备案数据建立前以机构开展的工种为准）；可限定机构',
    permission: 'login',
    input: OrgRefInput,
    handle: ({ orgId }, ctx) => filledJobs(ctx.db, ctx.user(), orgId),
  }),
  'POST /comApi/getFilledWorks': endpoint({
    summary: '数据范围内机构已开展的工种；可限定机构',
    permission: 'login',
    input: OrgRefInput,
    handle: ({ orgId }, ctx) => filledWorks(ctx.db, ctx.user(), orgId),
  }),
  'POST /comApi/getFilledWorkLevels': endpoint({
    summary: '数据范围内机构已开展的工种所开设的等级；可限定机构',
    permission: 'login',
    input: OrgRefInput,
    handle: ({ orgId }, ctx) => filledWorkLevels(ctx.db, ctx.user(), orgId),
  }),
  'GET /comApi/allTypeOfWork': allTypeOfWork,
  'GET /bapi/common/typeOfWorkList': allTypeOfWork,

  // ---------- 机构的工种与等级 ----------
  'POST /org/listWorkLevel': endpoint({
    summary: '机构开展的工种及等级（机构用户为本机构；其他用户指定数据范围内的机构）',
    permission: 'login',
    input: OrgRefInput,
    handle: ({ orgId }, ctx) => orgWorkLevels(ctx.db, ctx.user(), orgId),
  }),
  'POST /org/listWorkLevels': endpoint({
    summary: '多个机构开展的工种及等级（机构用户只能查本机构）',
    permission: 'login',
    input: OrgIdsInput,
    handle: async ({ orgIds, orgId }, ctx) => {
      const user = ctx.user();
      const ids = user.level === 'org' ? [user.orgId ?? undefined] : orgIds?.length ? orgIds : [orgId];
      return Promise.all(ids.map((id) => orgWorkLevels(ctx.db, user, id)));
    },
  }),
  'POST /typeOfWork/listByUserAndYear': endpoint({
    summary: '某年度本机构可开展的工种（该年末前已开展、启用的）；非机构用户为全部启用工种',
    permission: 'login',
    input: YearInput,
    handle: ({ year }, ctx) => worksByUserAndYear(ctx.db, ctx.user(), year),
  }),
  'POST /typeOfWork/toShowSkillStandardOutlineImg': endpoint({
    summary: '工种的技能标准大纲地址；未上传时 404',
    permission: 'login',
    input: WorkCodeInput,
    handle: ({ workCode }, { db }) => skillStandardOutline(db, workCode),
  }),
  'POST /typeOfWork/getLimitType': endpoint({
    summary: '工种各等级的申报限制类型（0 不限制、1 从业年限、2 持低一级证书后年限）',
    permission: 'login',
    input: WorkCodeInput,
    handle: ({ workCode }, { db }) => limitTypes(db, workCode),
  }),
} satisfies EndpointTable;
