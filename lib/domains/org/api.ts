// 机构与部门管理（SPEC §7 Organisation and account management、Departments），全部按会话的数据范围过滤。
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import {
  ChooseAddInput,
  ChooseDelInput,
  ChooseListInput,
  ChooseUpdateInput,
  DeptAuditInput,
  DeptIdInput,
  DeptListInput,
  DeptRemoveInput,
  DeptSaveInput,
  DeptUpdateInput,
  MoveOrgInput,
  OrgDetailInput,
  OrgListInput,
  OrgRemoveInput,
  OrgSaveInput,
  OrgUpdateInput,
  OrgWorkSaveInput,
  UpdateOwnOrgInput,
} from './schemas';
import {
  createOrganisation,
  getOrganisation,
  listOrganisations,
  moveOrganisation,
  removeOrganisations,
  saveOrganisationWorks,
  updateOrganisation,
  updateOwnOrganisation,
} from './service';
import { addChoice, listChoices, removeChoices, updateChoice } from './choose';
import { auditDepartment, createDepartment, departmentForm, departmentOpinions, listDepartments, removeDepartments, updateDepartment } from './department';

export const orgApi = {
  'GET /sys/orgination/list': endpoint({
    summary: '机构分页列表（按名称、编码、类别、类型、区划、状态、上级筛选），只含本人管辖范围内的机构',
    permission: 'organization.query',
    input: OrgListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listOrganisations(ctx.db, ctx.user(), filter, page),
  }),
  'GET /sys/orgination/detail': endpoint({
    summary: '机构详情（含可开展的工种、账号数与下级机构数）；不存在或不在管辖范围内时返回 404',
    permission: 'organization.get',
    input: OrgDetailInput,
    handle: ({ code }, ctx) => getOrganisation(ctx.db, ctx.user(), code),
  }),
  'POST /sys/orgination/save': endpoint({
    summary: '新增机构：编码唯一，区划须在管辖范围内且在上级机构的区划之内',
    permission: 'organization.add',
    input: OrgSaveInput,
    handle: (input, ctx) => createOrganisation(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /sys/orgination/update': endpoint({
    summary: '修改机构；区划变化时本机构账号与部门的所在区划同步更新',
    permission: 'organization.edit',
    input: OrgUpdateInput,
    handle: (input, ctx) => updateOrganisation(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /sys/orgination/batch/remove': endpoint({
    summary: '批量删除机构；还有账号、部门或下级机构的机构不能删除',
    permission: 'organization.delete',
    input: OrgRemoveInput,
    handle: ({ ids }, ctx) => removeOrganisations(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'GET /sys/orgination/updateParentOrg': endpoint({
    summary: '把机构迁到另一个上级之下（可同时迁区划）：拒绝环与越出上级区划；下级机构随之移动，账号范围同步',
    permission: 'organization.edit',
    changes: true,
    input: MoveOrgInput,
    handle: (input, ctx) => moveOrganisation(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /sys/orgination/updateParentOrg': endpoint({
    summary: '同 GET：把机构迁到另一个上级之下（请求体为 JSON，region 可给区划数组）',
    permission: 'organization.edit',
    input: MoveOrgInput,
    handle: (input, ctx) => moveOrganisation(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /sys/orgination-work/save': endpoint({
    summary: '设置机构可开展评价/培训的工种（整体替换；工种编码与名称）',
    permission: 'organization.edit',
    input: OrgWorkSaveInput,
    handle: (input, ctx) => saveOrganisationWorks(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/organization/updateOrganization': endpoint({
    summary: '机构用户修改本机构的基本信息（机构取自登录账号）',
    permission: 'organization.edit',
    input: UpdateOwnOrgInput,
    handle: (input, ctx) => updateOwnOrganisation(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // 常用机构：本人的收藏，选择机构时快速选取
  'GET /bks/v1/organizationChoose/list': endpoint({
    summary: '本人的常用机构列表（只含管辖范围内的机构）',
    permission: 'organization.query',
    input: ChooseListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listChoices(ctx.db, ctx.user(), filter, page),
  }),
  'POST /bks/v1/organizationChoose/add': endpoint({
    summary: '添加常用机构（须在管辖范围内；已添加的答 409）',
    permission: 'organization.query',
    input: ChooseAddInput,
    handle: (input, ctx) => addChoice(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/organizationChoose/update': endpoint({
    summary: '修改常用机构的备注名与排序（只能改本人的）',
    permission: 'organization.query',
    input: ChooseUpdateInput,
    handle: (input, ctx) => updateChoice(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/organizationChoose/del': endpoint({
    summary: '移除常用机构（只能删本人的）',
    permission: 'organization.query',
    input: ChooseDelInput,
    handle: ({ ids }, ctx) => removeChoices(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),

  // 部门
  'GET /bks/v1/sys/department/list': endpoint({
    summary: '部门分页列表（按名称、所属机构、审核状态、所在市筛选），只含管辖范围内的',
    permission: 'department.query',
    input: DeptListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listDepartments(ctx.db, ctx.user(), filter, page),
  }),
  'GET /bks/v1/sys/department/form': endpoint({
    summary: '部门详情（编辑表单用）',
    permission: ['department.get', 'department.edit'],
    input: DeptIdInput,
    handle: ({ id }, ctx) => departmentForm(ctx.db, ctx.user(), id),
  }),
  'GET /bks/v1/sys/department/audit/opinion': endpoint({
    summary: '部门的审核意见历史（新到旧）',
    permission: ['department.get', 'department.edit'],
    input: DeptIdInput,
    handle: ({ id }, ctx) => departmentOpinions(ctx.db, ctx.user(), id),
  }),
  'POST /bks/v1/sys/department/save': endpoint({
    summary: '新增部门（待审核）；同一机构内部门编码唯一',
    permission: 'department.add',
    input: DeptSaveInput,
    handle: (input, ctx) => createDepartment(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/sys/department/update': endpoint({
    summary: '修改部门；被驳回的部门修改后重新待审核',
    permission: 'department.edit',
    input: DeptUpdateInput,
    handle: (input, ctx) => updateDepartment(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/sys/department/batch/remove': endpoint({
    summary: '批量删除部门',
    permission: 'department.delete',
    input: DeptRemoveInput,
    handle: ({ ids }, ctx) => removeDepartments(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /bks/v1/sys/department/audit': endpoint({
    summary: '审核部门：1 通过、2 驳回（驳回须填意见）；只有待审核的可以审核',
    permission: 'department.edit',
    input: DeptAuditInput,
    handle: (input, ctx) => auditDepartment(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
} satisfies EndpointTable;
