// 门户框架与服务端之间的数据：菜单项（GET /api/index/getUserRouters，类型在身份域）与页头所需的用户信息
// （/api/bapi/user/getUserAndPermissions 的 data.user 的子集）。纯类型，前后端共用。
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { MenuItem } from '@/lib/domains/access/menu';

export type { MenuItem };

export interface PermissionGrant {
  permissionId: string;
  actionList: string[];
}

/** 页头、问候语、工作台用到的当前用户信息 */
export interface ShellUser {
  id: number;
  code: string;
  account: string;
  nickName: string;
  realName: string | null;
  userType: string;
  avatar: string | null;
  level: string;
  orgName: string | null;
  passwordStrength: number;
}

/** 门户布局交给客户端框架的全部数据 */
export interface ShellData {
  user: ShellUser;
  roles: { code: string; name: string }[];
  permissions: PermissionGrant[];
  routes: MenuItem[];
  /** 第一个可见叶子的路径，没有时为 /dashboard/workplace */
  home: string;
  /** 已注册界面的组件名：菜单只显示有界面的叶子 */
  screens: string[];
  unreadCount: number;
  /** 本人菜单用到的图标的 SVG 定义（规范化的名字 → 定义；见 icon-defs.ts） */
  menuIcons: Record<string, IconDefinition>;
}

/** 这三类用户在页头以真实姓名称呼（SPEC §2），其余用昵称。 */
export const REAL_NAME_USER_TYPES: readonly string[] = ['RENCAI_SHI', 'RENCAI_ORG', 'RENCAI_ADMIN'];

export function displayName(user: Pick<ShellUser, 'userType' | 'nickName' | 'realName'>): string {
  return REAL_NAME_USER_TYPES.includes(user.userType) && user.realName ? user.realName : user.nickName;
}

export const WORKPLACE_PATH = '/dashboard/workplace';
/** 未知路径重定向到的 404 页（SPEC §2 固定路径） */
export const NOT_FOUND_PATH = '/404';
/** 门户里不属于菜单资源、登录后才能打开的固定页面（个人设置） */
export const ACCOUNT_PATH = '/account';
