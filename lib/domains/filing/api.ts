// 机构备案与备案机构库的端点。路径照 SPEC §7（/filling、/fil、/filInfoAudit、/org、/organization）；
// 备案资料（场地、考点、工种、考务人员、督导员、考评员）见 data.ts 的 /fil/<资料>/list|save|info|del|import。
import { z } from 'zod';
import { endpoint, type Ctx, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { ImportFileInput, importResponse, runImport, templateEndpoint } from '@/lib/platform/excel/import';
import { anyKind } from '../access/menu-tree';
import { ORG_TYPES } from '../org/codes';
import { LEVEL_NAMES } from '../catalog/schemas';
import {
  AuditInput,
  FilingIdInput,
  FilingListInput,
  FilingSaveInput,
  IdsInput,
  IncrementAddInput,
  IncrementIdInput,
  RecordOrgListInput,
  RecordOrgSaveInput,
  SubmitInput,
  VoidApplyInput,
  kindSchema,
  idOf,
  type FilingAuditItem,
  type FilingItem,
} from './schemas';
import {
  actorOf,
  applyTransition,
  assertKindPermission,
  checkTransition,
  currentIncrementId,
  deleteFiling,
  filedSites,
  filingDetail,
  filingHistoryOf,
  filingsAfter,
  hasOngoing,
  incrementAdd,
  listFilings,
  loadFiling,
  publicSummary,
  review,
  saveFiling,
} from './service';
import { deleteRecordOrgs, exportRecordOrgs, listRecordOrgs, recordOrgImport, recordOrgInfo, saveRecordOrg, superiorOrgList } from './record-org';
import { filingImport } from './import';
import { filingDataApi } from './data';
import { FILING_KINDS, STATUS_COLOR, STATUS_LABEL, TRANSITIONS, actionsFrom } from './transitions';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';

const VIEW = [...anyKind('filing', 'query'), 'filingAudit.query'];
const GET = [...anyKind('filing', 'get'), 'filingAudit.get'];

/** 列表：按类别时须有该类别的查询权限（审核员可看全部类别） */
function assertListKind(ctx: Ctx, kind: number | undefined) {
  if (kind !== undefined && !ctx.session?.permissions.get('filingAudit')?.has('query')) assertKindPermission(ctx, kind, 'query');
}

/** 详情：备案所属类别的查看权限，或审核权限 */
async function detailFor(ctx: Ctx, id: number) {
  const f = await loadFiling(ctx.db, ctx.user(), id);
  if (!ctx.session?.permissions.get('filingAudit')?.has('get')) assertKindPermission(ctx, f.kind, 'get');
  return filingDetail(ctx, id);
}

const save = (kinds: readonly number[], summary: string) =>
  endpoint({
    summary,
    permission: [...anyKind('filing', 'add'), ...anyKind('filing', 'edit')],
    input: FilingSaveInput,
    handle: (input, ctx) => {
      if (!kinds.includes(input.kind)) throw ApiError.badRequest(`本接口只受理${kinds.map((k) => FILING_KINDS[k]).join('、')}备案`);
      return saveFiling(ctx, { ...input, orgId: ctx.user().level === 'org' ? undefined : input.orgId, works: input.works });
    },
  });

const submit = (kinds: readonly number[], summary: string) =>
  endpoint({
    summary,
    permission: anyKind('filing', 'edit'),
    input: SubmitInput,
    handle: async ({ id }, ctx) => {
      const f = await loadFiling(ctx.db, ctx.user(), id);
      if (!kinds.includes(f.kind)) throw ApiError.badRequest(`本接口只受理${kinds.map((k) => FILING_KINDS[k]).join('、')}备案`);
      return applyTransition(ctx, { id, action: 'submit' });
    },
  });

const EXPORT_COLUMNS = [
  { header: '备案编号', key: 'code', width: 20 },
  { header: '机构名称', key: 'orgName', width: 32 },
  { header: '所在市', key: 'cityName', width: 12 },
  { header: '备案类别', key: 'kindName', width: 14 },
  { header: '机构类型', key: 'orgTypeName', width: 18 },
  { header: '状态', key: 'statusName', width: 12 },
  { header: '工种数', key: 'workCount', width: 8 },
  { header: '联系人', key: 'contactName', width: 12 },
  { header: '联系电话', key: 'contactPhone', width: 14 },
  { header: '提交时间', key: 'submitTime', width: 20 },
  { header: '完成时间', key: 'completeTime', width: 20 },
] as const satisfies readonly { header: string; key: keyof FilingItem; width: number }[];

const dictionaries = () => ({
  statuses: Object.entries(STATUS_LABEL)
    .map(([value, label]) => ({ value: Number(value), label, color: STATUS_COLOR[Number(value)] }))
    .sort((a, b) => a.value - b.value),
  kinds: FILING_KINDS.map((label, value) => ({ value, label })),
  orgTypes: Object.entries(ORG_TYPES).map(([value, label]) => ({ value: Number(value), label })),
  levels: Object.entries(LEVEL_NAMES)
    .map(([value, label]) => ({ value: Number(value), label }))
    .sort((a, b) => b.value - a.value),
  transitions: TRANSITIONS.map((t) => ({ action: t.action, verb: t.verb, from: t.from, to: t.to, actor: t.actor, opinion: t.opinion })),
});

const recordOrgPerm = (action: string) => `baseRecordOrg.${action}`;

export const filingApi: EndpointTable = {
  'POST /comApi/getFilSiteArray': endpoint({
    summary: '已备案的场所（考点、考场）：只列有效备案的，按数据范围；可按机构、备案类别、场所类型、名称筛选（排考时选择）',
    permission: 'login',
    input: z.object({
      orgId: z.coerce.number().int().positive().optional().describe('机构'),
      kind: z.coerce.number().int().min(0).max(3).optional().describe('备案类别'),
      siteType: z.enum(['site', 'examSite']).optional().describe('场所类型'),
      name: z.string().trim().max(64).optional().describe('名称'),
    }),
    handle: (filter, ctx) => filedSites(ctx.db, ctx.user(), filter),
  }),
  // ---------- 备案机构库 ----------
  'POST /org/listBaseRecordOrg': endpoint({
    summary: '备案机构库分页列表（按名称、机构类型、所在市筛选；市级只看本市）',
    permission: recordOrgPerm('query'),
    input: RecordOrgListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listRecordOrgs(ctx.db, ctx.user(), filter, page),
  }),
  'POST /org/saveBaseRecordOrg': endpoint({
    summary: '新增或修改备案机构（统一社会信用代码唯一）',
    permission: [recordOrgPerm('add'), recordOrgPerm('edit')],
    input: RecordOrgSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'baseRecordOrg', input.id);
      return saveRecordOrg(ctx, input);
    },
  }),
  'POST /org/delBaseRecordOrg': endpoint({
    summary: '删除备案机构（可批量）',
    permission: recordOrgPerm('delete'),
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteRecordOrgs(ctx, ids),
  }),
  'POST /org/baseRecordOrgInfo': endpoint({
    summary: '备案机构详情',
    permission: [recordOrgPerm('get'), recordOrgPerm('edit')],
    input: z.object({ id: idOf('备案机构') }),
    handle: ({ id }, ctx) => recordOrgInfo(ctx.db, ctx.user(), id),
  }),
  'POST /org/importRecordOrg': endpoint({
    summary: '导入备案机构（.xlsx，全部校验通过才写入；失败时返回错误工作簿）',
    permission: recordOrgPerm('import'),
    body: 'multipart',
    input: z.object({ file: ImportFileInput }),
    handle: async ({ file }, ctx) => {
      const answer = importResponse(await runImport(recordOrgImport, file as Blob, { db: ctx.db, userId: ctx.user().id, params: { user: ctx.user() } }));
      ctx.audit({ entity: 'base_record_org', detail: `导入备案机构 ${answer.total} 条` });
      return answer;
    },
  }),
  'POST /org/exportBaseRecordOrg': endpoint({
    summary: '按当前筛选导出备案机构库（.xlsx）',
    permission: recordOrgPerm('export'),
    input: RecordOrgListInput,
    handle: (filter, ctx) => exportRecordOrgs(ctx.db, ctx.user(), filter),
  }),
  'GET /org/importRecordOrgTemplate': templateEndpoint(recordOrgImport, { permission: recordOrgPerm('import') }),
  'POST /org/dictDetailInfo': endpoint({
    summary: '备案机构库用到的字典：机构类型（0、1、2、3、100–103）',
    permission: 'login',
    handle: async () => ({ orgTypes: dictionaries().orgTypes }),
  }),
  'POST /organization/orgSuperiorOrgList': endpoint({
    summary: '上级主管单位候选（范围内的管理单位与评价机构）',
    permission: [recordOrgPerm('query'), ...anyKind('filing', 'query')],
    input: z.object({ name: z.string().max(64).optional().describe('名称关键字') }),
    handle: ({ name }, ctx) => superiorOrgList(ctx.db, ctx.user(), name),
  }),

  // ---------- 备案登记（管理员视角：范围内全部机构的备案） ----------
  'POST /filling/listNotFilling': endpoint({
    summary: '备案登记分页列表（类别、状态、机构名称、编号筛选；范围内）',
    permission: VIEW,
    input: FilingListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => {
      assertListKind(ctx, filter.kind);
      return listFilings(ctx.db, ctx.user(), filter, page);
    },
  }),
  'POST /filling/saveFilling': save([0, 1, 2, 3], '新建或修改备案（管理员代录时指定范围内的机构；机构用户取本机构）'),
  'POST /filling/pmNotFillingInfo': endpoint({
    summary: '备案详情（含工种、场地、人员与当前可做的操作）',
    permission: GET,
    input: FilingIdInput,
    handle: ({ id }, ctx) => detailFor(ctx, id),
  }),
  'POST /filling/recordList': endpoint({
    summary: '备案的办理记录（谁、何时、状态变化、意见）',
    permission: GET,
    input: FilingIdInput,
    handle: ({ id }, ctx) => filingHistoryOf(ctx.db, ctx.user(), id),
  }),
  'POST /filling/del': endpoint({
    summary: '删除未提交过的备案',
    permission: anyKind('filing', 'delete'),
    input: FilingIdInput,
    handle: ({ id }, ctx) => deleteFiling(ctx, id),
  }),
  'POST /filling/importNotFilling': endpoint({
    summary: '导入备案（.xlsx：机构编码、类别、工种与等级；全部校验通过才写入）',
    permission: anyKind('filing', 'import'),
    body: 'multipart',
    input: z.object({ file: ImportFileInput }),
    handle: async ({ file }, ctx) => {
      const answer = importResponse(
        await runImport(filingImport, file as Blob, { db: ctx.db, userId: ctx.user().id, params: { user: ctx.user(), session: ctx.session! } }),
      );
      ctx.audit({ entity: 'filing', detail: `导入备案 ${answer.total} 条` });
      return answer;
    },
  }),
  'GET /filling/importNotFillingTemplate': templateEndpoint(filingImport, { permission: anyKind('filing', 'import') }),
  'GET /filling/exportNotFilling': endpoint({
    summary: '导出备案登记（与列表相同的筛选）',
    permission: [...anyKind('filing', 'export'), 'filingAudit.export'],
    input: FilingListInput,
    handle: (filter, ctx) => {
      assertListKind(ctx, filter.kind);
      const user = ctx.user();
      return exportXlsx({
        columns: EXPORT_COLUMNS,
        sheetName: '机构备案',
        rows: keysetBatches<FilingItem, number>((last, limit) => filingsAfter(ctx.db, user, filter, last, limit), (r) => r.id),
      });
    },
  }),
  'POST /filling/dictDetailInfo': endpoint({
    summary: '备案字典：状态（含颜色）、类别、机构类型、等级与状态转换表',
    permission: 'login',
    handle: async () => dictionaries(),
  }),

  // ---------- 机构视角 ----------
  'POST /fil/view/filView': endpoint({
    summary: '本机构（或范围内）的某类备案分页列表',
    permission: VIEW,
    input: FilingListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => {
      assertListKind(ctx, filter.kind);
      return listFilings(ctx.db, ctx.user(), filter, page);
    },
  }),
  'GET /fil/view/publicFilView': endpoint({
    summary: '备案公开摘要（无需登录；机构、类别、状态与已备案工种，不含个人信息）',
    permission: 'public',
    input: z.object({ id: idOf('备案') }),
    handle: ({ id }, ctx) => publicSummary(ctx.db, id),
  }),
  'POST /fil/info/saveFilInfoByOther': save([1, 2, 3], '保存职业资格、专项能力或机关工勤备案'),
  'POST /fil/info/saveFilInfoBySkillLevelIdentification': save([0], '保存技能等级认定备案'),
  'POST /fil/info/filInfoOperate': endpoint({
    summary: '备案历史（时间线）',
    permission: GET,
    input: FilingIdInput,
    handle: ({ id }, ctx) => filingHistoryOf(ctx.db, ctx.user(), id),
  }),
  'POST /fil/info/isHaveSomeOperation': endpoint({
    summary: '本机构该类别是否已有未作废的备案（新建前检查）',
    permission: anyKind('filing', 'query'),
    input: z.object({ kind: kindSchema }),
    handle: ({ kind }, ctx) => hasOngoing(ctx, kind),
  }),
  'POST /fil/info/filInfoView': endpoint({
    summary: '备案详情（含工种、场地、人员与当前可做的操作）',
    permission: GET,
    input: FilingIdInput,
    handle: ({ id }, ctx) => detailFor(ctx, id),
  }),
  'POST /fil/modify/isSubmitAudit': endpoint({
    summary: '能否提交审核（不能时返回原因，与提交时的错误相同）',
    permission: anyKind('filing', 'edit'),
    input: SubmitInput,
    handle: ({ id }, ctx) => checkTransition(ctx, { id, action: 'submit' }),
  }),
  'POST /fil/modify/submitAudit': submit([0, 1, 2, 3], '提交备案审核（未备案、初审驳回、复审驳回 → 待初审）'),
  'POST /fil/modify/submitAuditByOther': submit([1, 2, 3], '提交职业资格、专项能力或机关工勤备案审核'),
  'POST /fil/modify/submitAuditBySkillLevelIdentification': submit([0], '提交技能等级认定备案审核'),
  'POST /fil/modify/voidApply': endpoint({
    summary: '申请作废已完成的备案（审核完成、作废驳回 → 作废待审核），须填写原因',
    permission: anyKind('filing', 'edit'),
    input: VoidApplyInput,
    handle: ({ id, opinion }, ctx) => applyTransition(ctx, { id, action: 'voidApply', opinion }),
  }),
  'POST /fil/info/delFilInfo': endpoint({
    summary: '删除未提交过的备案',
    permission: anyKind('filing', 'delete'),
    input: FilingIdInput,
    handle: ({ id }, ctx) => deleteFiling(ctx, id),
  }),
  'POST /fil/info/incrementAdd': endpoint({
    summary: '增量备案：给审核完成的备案追加工种（已备案工种不受影响）',
    permission: anyKind('filing', 'edit'),
    input: IncrementAddInput,
    handle: (input, ctx) => incrementAdd(ctx, input),
  }),
  'POST /fil/info/incrementIsSubmitAudit': endpoint({
    summary: '增量备案能否提交审核',
    permission: anyKind('filing', 'edit'),
    input: IncrementIdInput,
    handle: async ({ id, incrementId }, ctx) =>
      checkTransition(ctx, { id, incrementId: await currentIncrementId(ctx.db, ctx.user(), id, incrementId), action: 'submit' }),
  }),
  'POST /fil/info/incrementSubmitAudit': endpoint({
    summary: '提交增量备案审核',
    permission: anyKind('filing', 'edit'),
    input: IncrementIdInput,
    handle: async ({ id, incrementId }, ctx) =>
      applyTransition(ctx, { id, incrementId: await currentIncrementId(ctx.db, ctx.user(), id, incrementId), action: 'submit' }),
  }),

  // ---------- 审核 ----------
  'POST /filInfoAudit/list': endpoint({
    summary: '备案审核列表（pendingOnly 只列待本人审核的；范围内）',
    permission: 'filingAudit.query',
    input: FilingListInput,
    paged: true,
    handle: async ({ page, ...filter }, ctx) => {
      const result = await listFilings(ctx.db, ctx.user(), filter, page);
      // 每行标出当前用户此刻能否审核（市级审初审与作废，省级审复审与确认作废），界面据此显示“审核”按钮
      const actor = actorOf(ctx.user());
      const reviewable = (status: number | null) =>
        status !== null && actor !== null && actor !== 'org' && actionsFrom(status, 'filing', actor).length > 0;
      return {
        ...result,
        list: result.list.map((r): FilingAuditItem => ({
          ...r,
          reviewable: reviewable(r.status),
          incrementReviewable: r.status === 8 && r.incrementStatus !== null && actor !== null && actor !== 'org' && actionsFrom(r.incrementStatus, 'increment', actor).length > 0,
        })),
      };
    },
  }),
  'POST /filInfoAudit/updateStatus': endpoint({
    summary: '审核备案或增量：市级初审（待初审）、省级复审（待复审）、市级作废审核（作废待审核）、省级确认作废（作废成功）；驳回须填意见',
    permission: 'filingAudit.edit',
    input: AuditInput,
    handle: (input, ctx) => review(ctx, { ...input, opinion: input.opinion }),
  }),

  ...filingDataApi,
};
