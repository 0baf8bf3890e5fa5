// 机构管理（SPEC §7 Organisation and account management）：列表与详情，按会话的数据范围过滤。
import { endpoint, type EndpointTable } from '@/lib/platform/api/endpoint';
import { OrgDetailInput, OrgListInput } from './schemas';
import { getOrganisation, listOrganisations } from './service';

export const orgApi: EndpointTable = {
  'GET /sys/orgination/list': endpoint({
    summary: '机构分页列表（按名称、类别、所在市筛选），只含本人管辖范围内的机构',
    permission: 'organization.query',
    input: OrgListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listOrganisations(ctx.db, ctx.user(), filter, page),
  }),
  'GET /sys/orgination/detail': endpoint({
    summary: '机构详情；不存在或不在管辖范围内时返回 404',
    permission: 'organization.get',
    input: OrgDetailInput,
    handle: ({ code }, ctx) => getOrganisation(ctx.db, ctx.user(), code),
  }),
};
