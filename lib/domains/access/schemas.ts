// 角色与资源管理的输入校验与返回类型（接口与界面共用，故不引入服务端模块）。
import { z } from 'zod';
import { id, ids, MAX_INT32 } from '@/lib/platform/validation/fields';
import { ACTIONS, type Action, type DataLevel } from '@/lib/platform/auth/session';
import { LEVELS } from './constants';

export * from './constants';

const level = z.enum(LEVELS as [DataLevel, ...DataLevel[]], { error: '层级只能是 province、city、county 或 org' });

export const RoleListInput = z.object({
  name: z.string().trim().max(64, '角色名称最多 64 个字').optional().describe('角色名称'),
  code: z.string().trim().max(32, '角色编码最多 32 位').optional().describe('角色编码'),
  level: level.optional().describe('层级'),
  status: z.coerce.number({ error: '状态只能是 0 或 1' }).int().min(0).max(1, '状态只能是 0 或 1').optional().describe('状态（0 启用 1 停用）'),
});

export const RoleIdInput = z.object({ id: id('角色').describe('角色 id') });
export const RoleIdsInput = z.object({ ids: ids('角色').describe('角色 id 列表') });

export const GrantInput = z
  .object({
    resourceId: id('资源').optional().describe('资源 id（与 key 二选一）'),
    key: z.string().trim().max(64).optional().describe('资源 key（与 resourceId 二选一）'),
    actions: z.array(z.enum(ACTIONS, { error: `动作只能是 ${ACTIONS.join('、')}` })).describe('授予的动作'),
  })
  .refine((g) => g.resourceId !== undefined || !!g.key, { message: '授权须指定资源 id 或 key' });

export const RoleSaveInput = z.object({
  id: id('角色').optional().describe('角色 id；给出时为修改'),
  name: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(64, '角色名称最多 64 个字').describe('角色名称'),
  code: z
    .string({ error: '请输入角色编码' })
    .trim()
    .min(2, '角色编码至少 2 位')
    .max(32, '角色编码最多 32 位')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '角色编码以字母开头，只能含字母、数字和下划线')
    .describe('角色编码'),
  level: level.describe('层级'),
  description: z.string().trim().max(300, '描述最多 300 个字').optional().nullable().describe('描述'),
  status: z.coerce.number().int().min(0).max(1, '状态只能是 0 或 1').optional().describe('状态（0 启用 1 停用）'),
  grants: z.array(GrantInput, { error: '授权格式不正确' }).max(1000).optional().describe('授权：[{resourceId 或 key, actions}]；省略则不改授权'),
});
export type RoleSaveInput = z.infer<typeof RoleSaveInput>;

export const DataRoleInput = z.object({
  id: id('角色').describe('角色 id'),
  dataScope: level.nullable().describe('可见的数据层级；null 为随账号层级'),
});

export const ResourceListInput = z.object({
  title: z.string().trim().max(64).optional().describe('资源名称（含其上级一并返回）'),
});

const keyRule = z
  .string({ error: '请输入资源标识' })
  .trim()
  .min(2, '资源标识至少 2 位')
  .max(64, '资源标识最多 64 位')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '资源标识以字母开头，只能含字母、数字和下划线');

export const ResourceSaveInput = z.object({
  id: id('资源').optional().describe('资源 id；给出时为修改'),
  parentId: z.coerce.number().int().min(0).max(MAX_INT32, '上级目录不正确').optional().describe('上级目录 id（新增时必填，0 为一级菜单）'),
  key: keyRule.optional().describe('资源标识（权限 key，新增时必填，之后不可改）'),
  title: z.string({ error: '请输入资源名称' }).trim().min(1, '请输入资源名称').max(64, '资源名称最多 64 个字').describe('资源名称'),
  icon: z.string().trim().max(64, '图标名最多 64 位').optional().nullable().describe('图标（@ant-design/icons 名称）'),
  sort: z.coerce.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于 0').max(100000, '排序不能大于 100000').describe('排序'),
  show: z.boolean({ error: '是否显示必须是布尔值' }).describe('是否在菜单中显示'),
  path: z
    .string({ error: '请输入路由路径' })
    .trim()
    .min(2, '请输入路由路径')
    .max(200, '路由路径最多 200 位')
    .regex(/^\/[A-Za-z0-9/_-]*$/, '路由路径以 / 开头，只能含字母、数字、-、_ 和 /')
    .describe('路由路径'),
  component: z
    .string({ error: '请输入界面组件' })
    .trim()
    .min(1, '请输入界面组件')
    .max(64, '组件名最多 64 位')
    .regex(/^[A-Za-z][A-Za-z0-9]*$/, '组件名只能含字母和数字')
    .describe('界面组件（目录为 RouteView）'),
  actions: z.array(z.enum(ACTIONS, { error: `动作只能是 ${ACTIONS.join('、')}` })).optional().describe('可授予的动作（新增叶子时必填）'),
});
export type ResourceSaveInput = z.infer<typeof ResourceSaveInput>;

export const ResourceIdInput = z.object({ id: id('资源').describe('资源 id') });

/** 资源树的一个节点（角色授权树与资源管理共用） */
export interface ResourceNode {
  id: number;
  parentId: number;
  key: string;
  title: string;
  icon: string | null;
  path: string;
  component: string;
  redirect: string | null;
  sort: number;
  show: boolean;
  isDirectory: boolean;
  /** 可授予的动作（selectResTree 中为调用者持有的动作） */
  actions: Action[];
  children: ResourceNode[];
}

export interface RoleItem {
  id: number;
  code: string;
  name: string;
  level: DataLevel;
  levelName: string;
  description: string | null;
  status: number;
  statusName: string;
  dataScope: DataLevel | null;
  dataScopeName: string;
  userCount: number;
  /** YYYY-MM-DD HH:mm:ss（北京时间） */
  createdAt: string;
}

export interface RoleGrant {
  resourceId: number;
  key: string;
  title: string;
  actions: Action[];
}

export interface RoleDetail extends RoleItem {
  /** 叶子资源的授权（目录的授权由叶子推出，不单列） */
  grants: RoleGrant[];
}
