// 备案资料的端点：场地、考点、工种、考务人员、督导员、考评员，各有 list/save/info/del/import（/fil/<资料>/…）。
// 只有端点行：规则与查询在 data-service.ts。
import { z } from 'zod';
import { endpoint, rowsUnder, sessionOf, type Endpoint, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ImportFileInput, templateEndpoint } from '@/lib/platform/excel/import';
import { anyKind } from '../access/menu-tree';
import { DataItemInput, DataListUnmaskInput, PersonSaveInput, SiteSaveInput, WorkSaveInput } from './schemas';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';
import {
  DATA_IMPORTS,
  PERSON_ROLES,
  dataTitle,
  deleteFilingData,
  filingDataItem,
  importFilingData,
  listFilingData,
  saveFilingPerson,
  saveFilingSite,
  saveFilingWork,
  type FilingDataKind,
  type PersonRole,
  type SiteType,
} from './data-service';

const QUERY: readonly MenuPermission[] = [...anyKind('filing', 'query'), 'filingAudit.query'];
const EDIT: readonly MenuPermission[] = anyKind('filing', 'edit');
const IMPORT: readonly MenuPermission[] = anyKind('filing', 'import');

/** 一类资料的端点组；save 为该类资料的保存端点 */
function dataEndpoints<K extends FilingDataKind, S extends Endpoint>(kind: K, save: S) {
  const title = dataTitle(kind);
  return rowsUnder(`/fil/${kind}`, {
    'POST list': endpoint({
      summary: `备案${title}列表（分页）${kind in PERSON_ROLES ? '；身份证号与手机号脱敏，unmask 为 true 时给全号：须有该备案类别的 unmask 权限（如 filingSkill.unmask）并选理由，记个人信息访问日志；canUnmask 表示能否请求看全' : '；联系电话脱敏'}`,
      permission: QUERY,
      input: DataListUnmaskInput,
      paged: true,
      handle: async ({ filingId, page, unmask, reason, reasonNote }, ctx) => {
        const { rows, masked, canUnmask } = await listFilingData(ctx.db, sessionOf(ctx), { kind, filingId, unmask, reason, reasonNote, ip: ctx.ip }, ctx.audit);
        return { list: rows.slice(page.offset, page.offset + page.pageSize), total: rows.length, masked, canUnmask };
      },
    }),
    'POST info': endpoint({
      summary: `备案${title}详情`,
      permission: QUERY,
      input: DataItemInput,
      handle: (input, ctx) => filingDataItem(ctx.db, sessionOf(ctx), kind, input),
    }),
    'POST save': save,
    'POST del': endpoint({
      summary: `删除备案${title}（仅未备案或被驳回时）`,
      permission: EDIT,
      input: DataItemInput,
      handle: (input, ctx) => deleteFilingData(ctx.db, sessionOf(ctx), { ...input, kind }, ctx.audit),
    }),
    'POST import': endpoint({
      asTask: 'import',
      summary: `导入备案${title}（.xlsx，全部校验通过才写入）`,
      permission: IMPORT,
      body: 'multipart',
      input: z.object({ filingId: z.coerce.number({ error: '请指定备案' }).int().min(1), file: ImportFileInput }),
      handle: ({ filingId, file }, ctx) => importFilingData(ctx.db, sessionOf(ctx), { kind, filingId, file: file as Blob }, ctx.audit),
    }),
    'GET importTemplate': templateEndpoint(DATA_IMPORTS[kind], { permission: IMPORT }),
  });
}

const siteEndpoints = (siteType: SiteType) =>
  dataEndpoints(
    siteType,
    endpoint({
      summary: `新增或修改备案${dataTitle(siteType)}`,
      permission: EDIT,
      input: SiteSaveInput,
      handle: (input, ctx) => saveFilingSite(ctx.db, sessionOf(ctx), { ...input, siteType }, ctx.audit),
    }),
  );

const personEndpoints = (role: PersonRole) =>
  dataEndpoints(
    role,
    endpoint({
      summary: `新增或修改备案${dataTitle(role)}（同一备案内身份证号不重复）`,
      permission: EDIT,
      input: PersonSaveInput,
      handle: (input, ctx) => saveFilingPerson(ctx.db, sessionOf(ctx), { ...input, role }, ctx.audit),
    }),
  );

export const filingDataApi = {
  ...siteEndpoints('site'),
  ...siteEndpoints('examSite'),
  ...dataEndpoints(
    'work',
    endpoint({
      summary: '新增或修改备案工种与等级',
      permission: EDIT,
      input: WorkSaveInput,
      handle: (input, ctx) => saveFilingWork(ctx.db, sessionOf(ctx), input, ctx.audit),
    }),
  ),
  ...personEndpoints('examStaff'),
  ...personEndpoints('supervisor'),
  ...personEndpoints('evaluator'),
} satisfies EndpointTable;
