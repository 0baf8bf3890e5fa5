// 数据字典、通用查询与流程规则的端点。
import { endpoint, type EndpointTable, sessionOf } from '@/lib/platform/api/endpoint';
import { DICTIONARY_PAGE_SIZE, type PageResult } from '@/lib/platform/api/paging';
import type { DictItemView, DictTypeView } from './service';
import { DICT } from './codes';
import { lookupOrganisations, realInformation, tencentConfig } from './lookups';
import { addRule, deleteRules, listProcessStatuses, pageRules, updateProcessStatusLabel, updateRule } from './process';
import {
  DicTypeInput,
  DictExportInput,
  DictItemListInput,
  DictItemSaveInput,
  DictListInput,
  DictTypeListInput,
  DictTypeSaveInput,
  IdInput,
  IdsInput,
  OrgLookupInput,
  ProcessRuleAddInput,
  ProcessRuleListInput,
  ProcessRuleUpdateInput,
  ProcessStatusListInput,
  ProcessStatusUpdateInput,
} from './schemas';
import { deleteItems, deleteType, dictOptions, exportItems, pageEnabledItems, pageEnabledTypes, pageItems, pageTypes, saveItem, saveType } from './service';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';


const idList = (input: { id?: number; ids?: number[] }) => [...new Set([...(input.ids ?? []), ...(input.id !== undefined ? [input.id] : [])])];

export const dictApi = {
  // ---------- 取字典（任一登录用户） ----------
  'POST /dict/getDictList': endpoint({
    summary: '字典分页：传 dicType 取该字典启用的项，不传则列出启用的字典类型',
    permission: 'login',
    input: DictListInput,
    paged: true,
    maxPageSize: DICTIONARY_PAGE_SIZE,
    handle: ({ page, dicType, keyword }, { db }): Promise<PageResult<DictItemView | DictTypeView>> =>
      dicType ? pageEnabledItems(db, dicType, keyword, page) : pageEnabledTypes(db, keyword, page),
  }),
  'GET /sys/dict/list': endpoint({
    summary: '某字典启用的项（分页；如 dicType=JOB_DUTY&page=1&limit=1000）',
    permission: 'login',
    input: DicTypeInput,
    paged: true,
    maxPageSize: DICTIONARY_PAGE_SIZE,
    handle: ({ page, dicType }, { db }) => pageEnabledItems(db, dicType, undefined, page),
  }),
  'GET /bapi/common/dict': endpoint({
    summary: '某字典启用的全部项 [{label, value}]，按排序',
    permission: 'login',
    input: DicTypeInput,
    handle: ({ dicType }, { db }) => dictOptions(db, dicType),
  }),

  // ---------- 字典管理（资源 dict） ----------
  'POST /dict/type/list': endpoint({
    summary: '字典类型列表（含停用）',
    permission: 'dict.query',
    input: DictTypeListInput,
    paged: true,
    maxPageSize: 1000,
    handle: ({ page, keyword }, { db }) => pageTypes(db, keyword, page),
  }),
  'POST /dict/type/save': endpoint({
    summary: '新增或修改字典类型（编码新增后不可改）',
    permission: ['dict.add', 'dict.edit'],
    input: DictTypeSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'dict', input.id);
      return saveType(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /dict/type/del': endpoint({
    summary: '删除字典类型：内置字典或仍有字典项时拒绝',
    permission: 'dict.delete',
    input: IdInput,
    handle: async ({ id }, ctx) => {
      await deleteType(ctx.db, sessionOf(ctx), id, ctx.audit);
      return null;
    },
  }),
  'POST /dict/item/list': endpoint({
    summary: '某字典的字典项列表（含停用），可按标签、取值、状态筛选',
    permission: 'dict.query',
    input: DictItemListInput,
    paged: true,
    handle: ({ page, ...filter }, { db }) => pageItems(db, filter, page),
  }),
  'POST /dict/item/save': endpoint({
    summary: '新增或修改字典项（同一字典内取值唯一）',
    permission: ['dict.add', 'dict.edit'],
    input: DictItemSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'dict', input.id);
      return saveItem(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /dict/item/del': endpoint({
    summary: '删除字典项（id 或 ids）；内置字典的项不能删除',
    permission: 'dict.delete',
    input: IdsInput,
    handle: (input, ctx) => deleteItems(ctx.db, sessionOf(ctx), idList(input), ctx.audit),
  }),
  'POST /dict/export': endpoint({
    asTask: 'export',
    summary: '导出字典项（Excel），可限定一个字典',
    permission: 'dict.export',
    input: DictExportInput,
    handle: ({ dicType }, { db }) => exportItems(db, dicType),
  }),

  // ---------- 通用查询 ----------
  'GET /bapi/common/trainType': endpoint({
    summary: '培训类型（字典 TRAIN_TYPE）',
    permission: 'login',
    handle: (_input, { db }) => dictOptions(db, DICT.TRAIN_TYPE),
  }),
  'GET /bapi/common/orgList': endpoint({
    summary: '按名称查机构（数据范围内、状态正常，最多 50 条）',
    permission: 'login',
    input: OrgLookupInput,
    handle: ({ orgName }, ctx) => lookupOrganisations(ctx.db, ctx.user(), orgName),
  }),
  'GET /comApi/getUserType': endpoint({
    summary: '用户类型（字典 USER_TYPE）',
    permission: 'login',
    handle: (_input, { db }) => dictOptions(db, DICT.USER_TYPE),
  }),
  'GET /common/tencentConfig': endpoint({
    summary: '腾讯云公开配置（AppId、SecretId、地域、存储桶）；未配置时 400“腾讯云服务未配置”',
    permission: 'login',
    handle: async () => tencentConfig(),
  }),
  'POST /bks/v1/comApi/getRealInformation': endpoint({
    summary: '当前用户的实名信息（姓名、脱敏手机号）',
    permission: 'login',
    handle: (_input, ctx) => realInformation(ctx.db, ctx.user()),
  }),

  // ---------- 流程规则（资源 processRule）与流程状态（资源 processStatus） ----------
  'POST /bapi/processRule/getList': endpoint({
    summary: '流程规则分页列表（数据范围内），可按类型、名称、状态筛选',
    permission: 'processRule.query',
    input: ProcessRuleListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => pageRules(ctx.db, ctx.user(), filter, page),
  }),
  'POST /bapi/processRule/add': endpoint({
    summary: '新增流程规则：环节不能为空、顺序不重复；同一类型同一区划只能有一条启用的规则',
    permission: 'processRule.add',
    input: ProcessRuleAddInput,
    handle: (input, ctx) => addRule(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bapi/processRule/update': endpoint({
    summary: '修改流程规则',
    permission: 'processRule.edit',
    input: ProcessRuleUpdateInput,
    handle: (input, ctx) => updateRule(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bapi/processRule/del': endpoint({
    summary: '删除流程规则（id 或 ids）',
    permission: 'processRule.delete',
    input: IdsInput,
    handle: (input, ctx) => deleteRules(ctx.db, sessionOf(ctx), idList(input), ctx.audit),
  }),
  'GET /bapi/processRule/getProcessRuleType': endpoint({
    summary: '流程规则类型（字典 PROCESS_RULE_TYPE）',
    permission: 'login',
    handle: (_input, { db }) => dictOptions(db, DICT.PROCESS_RULE_TYPE),
  }),
  'POST /bapi/processStatus/list': endpoint({
    summary: '各类流程的状态码与显示文字（取自备案/审核状态字典）',
    permission: 'processStatus.query',
    input: ProcessStatusListInput,
    paged: true,
    handle: async ({ page, processType }, { db }) => {
      const all = await listProcessStatuses(db, processType);
      return { list: all.list.slice(page.offset, page.offset + page.pageSize), total: all.total };
    },
  }),
  'POST /bapi/processStatus/update': endpoint({
    summary: '修改流程状态的显示文字（取值不变）',
    permission: 'processStatus.edit',
    input: ProcessStatusUpdateInput,
    handle: (input, ctx) => updateProcessStatusLabel(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
} satisfies EndpointTable;
