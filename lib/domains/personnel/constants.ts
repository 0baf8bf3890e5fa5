// 考评员、督导员、考务人员库的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

export const LIBRARIES = ['assessor', 'supervisor', 'examStaff'] as const;
export type Library = (typeof LIBRARIES)[number];

/** 库的中文名（出现在“该身份证号已在考评员库中”等消息里） */
export const LIBRARY_NAMES: Record<Library, string> = { assessor: '考评员', supervisor: '督导员', examStaff: '考务人员' };

/** 人员状态：在岗、停用 */
export const PERSON_STATE = { ACTIVE: 0, STOPPED: 1 } as const;
export const PERSON_STATUS: Record<number, string> = { [PERSON_STATE.ACTIVE]: '在岗', [PERSON_STATE.STOPPED]: '停用' };
export const FILING_TYPES: Record<number, string> = { 1: '技能等级认定', 2: '职业资格', 3: '专项能力', 4: '机关工勤' };
export const EDUCATIONS = ['博士研究生', '硕士研究生', '大学本科', '大学专科', '中专/技校', '高中', '初中及以下'] as const;
export const TITLES = ['正高级', '副高级', '中级', '初级', '无'] as const;

// ---------- 账号绑定（person.user_id，见 docs/SCORES.md“账号与人员”） ----------

/** 可绑定登录账号的库与其账号类型：考评员库只绑考评员账号，督导员库只绑督导员账号 */
export const ACCOUNT_USER_TYPE = { assessor: 'ASSESSOR', supervisor: 'SUPERVISOR' } as const satisfies Partial<Record<Library, string>>;
export type AccountLibrary = keyof typeof ACCOUNT_USER_TYPE;
export const hasAccounts = (library: Library): library is AccountLibrary => library in ACCOUNT_USER_TYPE;

/** 列表行上此刻可做的操作（服务端按库、是否已绑定与权限算出） */
export const PERSON_ACTIONS = { BIND_ACCOUNT: 'bindAccount', UNBIND_ACCOUNT: 'unbindAccount', STOP: 'stop', START: 'start' } as const;

export const PERSON_STATUS_COLOR: Record<number, string> = { [PERSON_STATE.ACTIVE]: 'green', [PERSON_STATE.STOPPED]: 'default' };

/** 停用与启用所需的权限：考评员、督导员有单独的动作，考务人员库没有，用 edit */
const STATUS_PERMISSION = {
  assessor: { stop: 'assessor.disable', start: 'assessor.enable' },
  supervisor: { stop: 'supervisor.disable', start: 'supervisor.enable' },
  examStaff: { stop: 'examStaff.edit', start: 'examStaff.edit' },
} as const satisfies Record<Library, { stop: MenuPermission; start: MenuPermission }>;

export const statusPermission = <L extends Library, A extends 'stop' | 'start'>(library: L, action: A): (typeof STATUS_PERMISSION)[L][A] => STATUS_PERMISSION[library][action];
export type PersonAction = (typeof PERSON_ACTIONS)[keyof typeof PERSON_ACTIONS];
