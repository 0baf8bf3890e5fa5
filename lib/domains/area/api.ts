// 行政区划查询（SPEC §7 通用查询）。注册页也要用，故无需登录。
import { endpoint, type EndpointTable } from '@/lib/platform/api/endpoint';
import { AllAreaInput, AreaByParentInput, AreaPageInput, EveryAreaInput } from './schemas';
import { areaTree, listAreasByParent, listEveryArea, pageAreas } from './service';

export const areaApi = {
  'GET /comApi/getAreaByParent': endpoint({
    summary: '按上级区划查询下一级区划',
    permission: 'public',
    input: AreaByParentInput,
    handle: ({ pid }, { db }) => listAreasByParent(db, pid),
  }),
  'POST /comApi/getAllArea': endpoint({
    summary: '区划树（默认自河北省起至县区）',
    permission: 'public',
    input: AllAreaInput,
    handle: ({ pid, maxLevel }, { db }) => areaTree(db, pid, maxLevel),
  }),
  'POST /comApi/getAllAreaByPage': endpoint({
    summary: '区划分页列表，可按名称、上级、层级筛选',
    permission: 'public',
    input: AreaPageInput,
    paged: true,
    handle: ({ page, ...filter }, { db }) => pageAreas(db, filter, page),
  }),
  'POST /comApi/getEveryArea': endpoint({
    summary: '全部区划的平铺列表，可按层级筛选',
    permission: 'public',
    input: EveryAreaInput,
    handle: ({ level }, { db }) => listEveryArea(db, level),
  }),
} satisfies EndpointTable;
