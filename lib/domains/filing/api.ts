// 机构备案与备案机构库的端点。路径照 SPEC §7（/filling、/fil、/filInfoAudit、/org、/organization）；
// 备案资料（场地、考点、工种、考务人员、督导员、考评员）见 data.ts 的 /fil/<资料>/list|save|info|del|import。
import type { Action } from '@/lib/platform/auth/session';
import { z } from 'zod';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ImportFileInput, templateEndpoint } from '@/lib/platform/excel/import';
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
} from './schemas';
import {
  applyTransition,
  checkTransition,
  currentIncrementId,
  deleteFiling,
  exportFilings,
  filedSites,
  filingDetail,
  filingHistoryOf,
  hasOngoing,
  incrementAdd,
  listFilings,
  listFilingsForReview,
  publicSummary,
  review,
  saveFiling,
} from './service';
import { deleteRecordOrgs, exportRecordOrgs, importRecordOrgs, listRecordOrgs, recordOrgImport, recordOrgInfo, saveRecordOrg, superiorOrgList } from './record-org';
import { filingImport, importFilings } from './import';
import { filingDataApi } from './data';
import { FILING_KINDS, STATUS_COLOR, STATUS_LABEL, TRANSITION_ACTIONS, stepOf } from './transitions';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

const VIEW: readonly MenuPermission[] = [...anyKind('filing', 'query'), 'filingAudit.query'];
const GET: readonly MenuPermission[] = [...anyKind('filing', 'get'), 'filingAudit.get'];

/** 技能等级认定（类别 0）与其他三类分开的保存、提交端点 */
const ALL_KINDS = [0, 1, 2, 3] as const;
const SKILL_LEVEL = [0] as const;
const OTHER_KINDS = [1, 2, 3] as const;

const save = (acceptKinds: readonly number[], summary: string) =>
  endpoint({
    summary,
    permission: [...anyKind('filing', 'add'), ...anyKind('filing', 'edit')],
    input: FilingSaveInput,
    handle: (input, ctx) => saveFiling(ctx.db, sessionOf(ctx), { ...input, acceptKinds }, ctx.audit),
  });

const submit = (acceptKinds: readonly number[], summary: string) =>
  endpoint({
    summary,
    permission: anyKind('filing', 'edit'),
    input: SubmitInput,
    handle: ({ id }, ctx) => applyTransition(ctx.db, sessionOf(ctx), { id, action: 'submit', acceptKinds }, ctx.audit),
  });

const dictionaries = () => ({
  statuses: Object.entries(STATUS_LABEL)
    .map(([value, label]) => ({ value: Number(value), label, color: STATUS_COLOR[Number(value)] }))
    .sort((a, b) => a.value - b.value),
  kinds: FILING_KINDS.map((label, value) => ({ value, label })),
  orgTypes: Object.entries(ORG_TYPES).map(([value, label]) => ({ value: Number(value), label })),
  levels: Object.entries(LEVEL_NAMES)
    .map(([value, label]) => ({ value: Number(value), label }))
    .sort((a, b) => b.value - a.value),
  transitions: TRANSITION_ACTIONS.map(stepOf).map((t) => ({ action: t.action, verb: t.verb, from: t.from, to: t.to, actor: t.actor, opinion: t.opinion })),
});

const recordOrgPerm = <A extends Action>(action: A) => `baseRecordOrg.${action}` as const;

export const filingApi = {
  'POST /comApi/getFilSiteArray': endpoint({
    summary: '已备案的场所（考点、考场）：只列有效备案的，按数据范围；可按机构、备案类别、场所类型、名称筛选（排考时选择）',
    permission: 'login',
    input: z.object({
      orgId: idOf('机构').optional(),
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
      return saveRecordOrg(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /org/delBaseRecordOrg': endpoint({
    summary: '删除备案机构（可批量）',
    permission: recordOrgPerm('delete'),
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteRecordOrgs(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /org/baseRecordOrgInfo': endpoint({
    summary: '备案机构详情',
    permission: [recordOrgPerm('get'), recordOrgPerm('edit')],
    input: z.object({ id: idOf('备案机构') }),
    handle: ({ id }, ctx) => recordOrgInfo(ctx.db, ctx.user(), id),
  }),
  'POST /org/importRecordOrg': endpoint({
    asTask: 'import',
    summary: '导入备案机构（.xlsx，全部校验通过才写入；失败时返回错误工作簿）',
    permission: recordOrgPerm('import'),
    body: 'multipart',
    input: z.object({ file: ImportFileInput }),
    handle: ({ file }, ctx) => importRecordOrgs(ctx.db, sessionOf(ctx), file as Blob, ctx.audit),
  }),
  'POST /org/exportBaseRecordOrg': endpoint({
    asTask: 'export',
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
    handle: ({ page, ...filter }, ctx) => listFilings(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /filling/saveFilling': save(ALL_KINDS, '新建或修改备案（管理员代录时指定范围内的机构；机构用户取本机构）'),
  'POST /filling/pmNotFillingInfo': endpoint({
    summary: '备案详情（含工种、场地、人员与当前可做的操作）',
    permission: GET,
    input: FilingIdInput,
    handle: ({ id }, ctx) => filingDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /filling/recordList': endpoint({
    summary: '备案的办理记录（谁、何时、状态变化、意见）；须有该类备案的查看权限，否则 403',
    permission: GET,
    input: FilingIdInput,
    handle: ({ id }, ctx) => filingHistoryOf(ctx.db, sessionOf(ctx), id),
  }),
  'POST /filling/del': endpoint({
    summary: '删除未提交过的备案',
    permission: anyKind('filing', 'delete'),
    input: FilingIdInput,
    handle: ({ id }, ctx) => deleteFiling(ctx.db, sessionOf(ctx), id, ctx.audit),
  }),
  'POST /filling/importNotFilling': endpoint({
    asTask: 'import',
    summary: '导入备案（.xlsx：机构编码、类别、工种与等级；全部校验通过才写入）',
    permission: anyKind('filing', 'import'),
    body: 'multipart',
    input: z.object({ file: ImportFileInput }),
    handle: ({ file }, ctx) => importFilings(ctx.db, sessionOf(ctx), file as Blob, ctx.audit),
  }),
  'GET /filling/importNotFillingTemplate': templateEndpoint(filingImport, { permission: anyKind('filing', 'import') }),
  'GET /filling/exportNotFilling': endpoint({
    asTask: 'export',
    summary: '导出备案登记（与列表相同的筛选）',
    permission: [...anyKind('filing', 'export'), 'filingAudit.export'],
    input: FilingListInput,
    handle: (filter, ctx) => exportFilings(ctx.db, sessionOf(ctx), filter),
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
    handle: ({ page, ...filter }, ctx) => listFilings(ctx.db, sessionOf(ctx), filter, page),
  }),
  'GET /fil/view/publicFilView': endpoint({
    summary: '备案公示（无需登录）：按公示码 code 查有效备案的公开摘要（机构、类别、状态与已备案工种，不含个人信息）',
    permission: 'public',
    input: z.object({ code: z.uuid('备案公示码不正确').describe('备案公示码') }),
    handle: ({ code }, ctx) => publicSummary(ctx.db, code),
  }),
  'POST /fil/info/saveFilInfoByOther': save(OTHER_KINDS, '保存职业资格、专项能力或机关工勤备案'),
  'POST /fil/info/saveFilInfoBySkillLevelIdentification': save(SKILL_LEVEL, '保存技能等级认定备案'),
  'POST /fil/info/filInfoOperate': endpoint({
    summary: '备案历史（时间线）；须有该类备案的查看权限，否则 403',
    permission: GET,
    input: FilingIdInput,
    handle: ({ id }, ctx) => filingHistoryOf(ctx.db, sessionOf(ctx), id),
  }),
  'POST /fil/info/isHaveSomeOperation': endpoint({
    summary: '本机构该类别是否已有未作废的备案（新建前检查）',
    permission: anyKind('filing', 'query'),
    input: z.object({ kind: kindSchema }),
    handle: ({ kind }, ctx) => hasOngoing(ctx.db, sessionOf(ctx), kind),
  }),
  'POST /fil/info/filInfoView': endpoint({
    summary: '备案详情（含工种、场地、人员与当前可做的操作）',
    permission: GET,
    input: FilingIdInput,
    handle: ({ id }, ctx) => filingDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /fil/modify/isSubmitAudit': endpoint({
    summary: '能否提交审核（不能时返回原因，与提交时的错误相同）',
    permission: anyKind('filing', 'edit'),
    input: SubmitInput,
    handle: ({ id }, ctx) => checkTransition(ctx.db, sessionOf(ctx), { id, action: 'submit' }),
  }),
  'POST /fil/modify/submitAudit': submit(ALL_KINDS, '提交备案审核（未备案、初审驳回、复审驳回 → 待初审）'),
  'POST /fil/modify/submitAuditByOther': submit(OTHER_KINDS, '提交职业资格、专项能力或机关工勤备案审核'),
  'POST /fil/modify/submitAuditBySkillLevelIdentification': submit(SKILL_LEVEL, '提交技能等级认定备案审核'),
  'POST /fil/modify/voidApply': endpoint({
    summary: '申请作废已完成的备案（审核完成、作废驳回 → 作废待审核），须填写原因',
    permission: anyKind('filing', 'edit'),
    input: VoidApplyInput,
    handle: ({ id, opinion }, ctx) => applyTransition(ctx.db, sessionOf(ctx), { id, action: 'voidApply', opinion }, ctx.audit),
  }),
  'POST /fil/info/delFilInfo': endpoint({
    summary: '删除未提交过的备案',
    permission: anyKind('filing', 'delete'),
    input: FilingIdInput,
    handle: ({ id }, ctx) => deleteFiling(ctx.db, sessionOf(ctx), id, ctx.audit),
  }),
  'POST /fil/info/incrementAdd': endpoint({
    summary: '增量备案：给审核完成的备案追加工种（已备案工种不受影响）',
    permission: anyKind('filing', 'edit'),
    input: IncrementAddInput,
    handle: (input, ctx) => incrementAdd(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /fil/info/incrementIsSubmitAudit': endpoint({
    summary: '增量备案能否提交审核',
    permission: anyKind('filing', 'edit'),
    input: IncrementIdInput,
    handle: async ({ id, incrementId }, ctx) =>
      checkTransition(ctx.db, sessionOf(ctx), { id, incrementId: await currentIncrementId(ctx.db, ctx.user(), id, incrementId), action: 'submit' }),
  }),
  'POST /fil/info/incrementSubmitAudit': endpoint({
    summary: '提交增量备案审核',
    permission: anyKind('filing', 'edit'),
    input: IncrementIdInput,
    handle: async ({ id, incrementId }, ctx) =>
      applyTransition(ctx.db, sessionOf(ctx), { id, incrementId: await currentIncrementId(ctx.db, ctx.user(), id, incrementId), action: 'submit' }, ctx.audit),
  }),

  // ---------- 审核 ----------
  'POST /filInfoAudit/list': endpoint({
    summary: '备案审核列表（pendingOnly 只列待本人审核的；范围内）',
    permission: 'filingAudit.query',
    input: FilingListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listFilingsForReview(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /filInfoAudit/updateStatus': endpoint({
    summary: '审核备案或增量：市级初审（待初审）、省级复审（待复审）、市级作废审核（作废待审核）、省级确认作废（作废成功）；驳回须填意见',
    permission: 'filingAudit.edit',
    input: AuditInput,
    handle: (input, ctx) => review(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  ...filingDataApi,
} satisfies EndpointTable;
