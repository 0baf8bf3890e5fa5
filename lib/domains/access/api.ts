// 菜单与权限（SPEC §7 Auth and user）、角色管理（SPEC §7 Roles）与资源（菜单）管理。
import { endpoint, sessionOf, type Ctx, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { can } from '@/lib/platform/auth/session';
import { localizeMenu, localizeResourceTitles } from '@/lib/i18n/menu';
import { localeOfRequest } from '@/lib/i18n/request';
import { userAndPermissions, userRouters } from './service';
import { renewWebSocketToken } from './push';
import { dataRoleInfo, deleteRoles, listRoles, roleDetail, roleLevels, saveDataRole, saveRole, simpleRoleList } from './roles';
import { deleteResource, grantableTree, parentTree, resourceAdminTree, resourceTree, saveResource, selectResourceTree } from './resources';
import { DataRoleInput, ResourceIdInput, ResourceListInput, ResourceSaveInput, RoleIdInput, RoleIdsInput, RoleListInput, RoleSaveInput } from './schemas';
import type { MenuPermission } from './menu-tree';

/** 编辑角色（新增或修改）时要用的接口 */
const ROLE_EDIT: readonly MenuPermission[] = ['role.add', 'role.edit'];
/** 选择角色的地方：角色管理、账号与用户管理、部门管理 */
const ROLE_PICK: readonly MenuPermission[] = ['role.query', 'account.add', 'account.edit', 'sysUser.add', 'sysUser.edit', 'department.add', 'department.edit'];

/** 资源标题随请求语言（未改过的种子标题按资源 key 翻译） */
const titled = async <T>(ctx: Ctx, result: Promise<T>) => localizeResourceTitles(await result, localeOfRequest(ctx.request));

const roleInfo = endpoint({
  summary: '角色详情：基本信息、用户数与授权 [{resourceId, key, title, actions}]（只列功能页，目录由其推出）',
  permission: ['role.get', 'role.edit'],
  input: RoleIdInput,
  handle: ({ id }, ctx) => titled(ctx, roleDetail(ctx.db, ctx.user(), id)),
});

export const accessApi = {
  'GET /index/getUserRouters': endpoint({
    summary: '当前用户的菜单：角色授予的资源及其上级，按菜单顺序平铺（show:false 的项也返回）；标题随 Cookie lang 的语言',
    permission: 'login',
    handle: async (_input, ctx) => localizeMenu(await userRouters(ctx.db, sessionOf(ctx).permissions), localeOfRequest(ctx.request)),
  }),
  'GET /bapi/user/getUserAndPermissions': endpoint({
    summary: '当前用户信息、权限（permissionId + actionList）、角色、推送令牌、菜单（标题随 Cookie lang 的语言）与首页路径',
    permission: 'login',
    handle: async (_input, ctx) => {
      const result = await userAndPermissions(ctx.db, sessionOf(ctx));
      return { ...result, routes: localizeMenu(result.routes, localeOfRequest(ctx.request)) };
    },
  }),
  'GET /user/webSocketToken': endpoint({
    summary: '续领推送令牌（GET /api/push?token=…，10 分钟有效；网页凭会话 Cookie 连推送，不需要它）',
    permission: 'login',
    handle: async (_input, ctx) => renewWebSocketToken(ctx.user().id),
  }),

  // —— 角色 ——
  'POST /role/listRoles': endpoint({
    summary: '角色分页列表（按名称、编码、层级、状态筛选），只含不高于本人层级的角色',
    permission: 'role.query',
    input: RoleListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listRoles(ctx.db, ctx.user(), filter, page),
  }),
  'POST /role/resTree': endpoint({
    summary: '全部资源树，每个节点带可授予的动作（目录为子孙动作的并集）',
    permission: ['role.query', ...ROLE_EDIT],
    handle: (_input, ctx) => titled(ctx, resourceTree(ctx.db)),
  }),
  'POST /role/selectResTree': endpoint({
    summary: '本人可以授予的资源树：只含本人持有的功能与动作',
    permission: ROLE_EDIT,
    handle: (_input, ctx) => titled(ctx, grantableTree(ctx.db, sessionOf(ctx))),
  }),
  'POST /role/roleInfo': roleInfo,
  'POST /role/getRoleInfo': roleInfo,
  'POST /role/add': endpoint({
    summary: '新增角色，或给出 id 时修改：名称、编码（唯一）、层级、描述、状态与授权；只能授予本人持有的权限',
    permission: ROLE_EDIT,
    input: RoleSaveInput,
    handle: (input, ctx) => saveRole(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /role/addDataRole': endpoint({
    summary: '数据角色：设置角色可见的数据层级（province / city / county / org，null 为随账号层级）',
    permission: 'role.edit',
    input: DataRoleInput,
    handle: (input, ctx) => saveDataRole(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /role/dataRoleInfo': endpoint({
    summary: '数据角色详情：当前数据层级与可选项',
    permission: ['role.get', 'role.edit'],
    input: RoleIdInput,
    handle: ({ id }, ctx) => dataRoleInfo(ctx.db, ctx.user(), id),
  }),
  'POST /role/del': endpoint({
    summary: '删除角色；仍有用户在使用的角色拒绝删除',
    permission: 'role.delete',
    input: RoleIdInput,
    handle: ({ id }, ctx) => deleteRoles(ctx.db, sessionOf(ctx), [id], ctx.audit),
  }),
  'POST /role/delBatch': endpoint({
    summary: '批量删除角色；任一角色仍有用户在使用则整批拒绝',
    permission: 'role.delete',
    input: RoleIdsInput,
    handle: ({ ids }, ctx) => deleteRoles(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'GET /role/getRoleLevel': endpoint({
    summary: '本人可以创建的角色层级 [{value, label}]',
    permission: ROLE_EDIT,
    handle: async (_input, ctx) => roleLevels(ctx.user()),
  }),
  'GET /role/selectResourceTree': endpoint({
    summary: '选择框用的资源树（本人可授予的部分）：[{title, value, key, children}]',
    permission: ROLE_EDIT,
    handle: (_input, ctx) => titled(ctx, selectResourceTree(ctx.db, sessionOf(ctx))),
  }),
  'GET /role/resParentTree': endpoint({
    summary: '只含目录的资源树，用于资源管理中选择上级（根为“一级菜单”，value 0）',
    permission: ['resource.add', 'resource.edit'],
    handle: (_input, ctx) => titled(ctx, parentTree(ctx.db)),
  }),
  'GET /bks/v1/sys/role/list': endpoint({
    summary: '角色简单列表（选择框用）：启用的、不高于本人层级的角色',
    permission: ROLE_PICK,
    handle: (_input, ctx) => simpleRoleList(ctx.db, ctx.user()),
  }),

  // —— 资源（菜单）管理 ——
  'POST /resource/list': endpoint({
    summary: '资源树（资源管理的树形表格），每项带授予的角色数；按名称筛选时保留其上级',
    permission: 'resource.query',
    input: ResourceListInput,
    // 显示用标题另放 displayTitle：编辑表单以 title 回填，不能把译文存回去
    handle: async (filter, ctx) => {
      const locale = localeOfRequest(ctx.request);
      return localizeResourceTitles(await resourceAdminTree(ctx.db, filter, locale), locale, 'displayTitle');
    },
  }),
  'POST /resource/save': endpoint({
    summary: '新增资源，或给出 id 时修改标题、图标、排序、显示、路径与组件',
    permission: ['resource.add', 'resource.edit'],
    input: ResourceSaveInput,
    handle: (input, ctx) => {
      const session = sessionOf(ctx);
      if (input.id && !can(session, 'resource.edit')) throw ApiError.forbidden('没有修改资源的权限');
      return saveResource(ctx.db, session, input, ctx.audit);
    },
  }),
  'POST /resource/del': endpoint({
    summary: '删除资源；有子资源或仍授予角色时拒绝',
    permission: 'resource.delete',
    input: ResourceIdInput,
    handle: ({ id }, ctx) => deleteResource(ctx.db, sessionOf(ctx), id, ctx.audit),
  }),
} satisfies EndpointTable;
