// 角色与资源管理的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。
import type { Action, DataLevel } from '@/lib/platform/auth/session';

/** 层级由高到低；数字越小管辖越广 */
export const LEVELS: readonly DataLevel[] = ['province', 'city', 'county', 'org'];
export const LEVEL_NAMES: Record<DataLevel, string> = { province: '省级', city: '市级', county: '县级', org: '机构' };
/** 数据角色：可见的数据层级 */
export const DATA_SCOPE_NAMES: Record<DataLevel, string> = { province: '全省数据', city: '本市数据', county: '本县数据', org: '本机构数据' };
export const ROLE_STATUS_NAMES: Record<number, string> = { 0: '启用', 1: '停用' };
export const ACTION_NAMES: Record<Action, string> = {
  add: '新增',
  delete: '删除',
  edit: '修改',
  query: '查询',
  get: '详情',
  enable: '启用',
  disable: '停用',
  import: '导入',
  export: '导出',
  unmask: '看全个人信息',
};
