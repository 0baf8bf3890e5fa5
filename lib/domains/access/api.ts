// 菜单与权限（SPEC §7 Auth and user）：任一已登录用户取自己的菜单、权限与用户信息。
import { endpoint, type Ctx, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { userAndPermissions, userRouters } from './service';

/** permission 为 'login' 时调度器已保证有会话；这里只为类型收窄 */
function sessionOf(ctx: Ctx) {
  if (!ctx.session) throw ApiError.unauthorized();
  return ctx.session;
}

export const accessApi: EndpointTable = {
  'GET /index/getUserRouters': endpoint({
    summary: '当前用户的菜单：角色授予的资源及其上级，按菜单顺序平铺（show:false 的项也返回）',
    permission: 'login',
    handle: (_input, ctx) => userRouters(ctx.db, sessionOf(ctx).permissions),
  }),
  'GET /bapi/user/getUserAndPermissions': endpoint({
    summary: '当前用户信息、权限（permissionId + actionList）、角色、推送令牌、菜单与首页路径',
    permission: 'login',
    handle: (_input, ctx) => userAndPermissions(ctx.db, sessionOf(ctx)),
  }),
};
