// 会话与权限检查的公共类型。会话的查找（令牌、Cookie、吊销）由身份域提供，经调度器配置注入。

export type DataLevel = 'province' | 'city' | 'county' | 'org';

export interface SessionUser {
  id: number;
  code: string;
  account: string;
  nickName: string;
  realName: string | null;
  userType: string;
  /** 数据范围：层级与所属区划/机构，服务据此限定查询。 */
  level: DataLevel;
  areaId: number | null;
  /** 所在市（省级用户为空） */
  cityId: number | null;
  orgId: number | null;
  /** 3 强 4 弱 */
  passwordStrength: number;
}

export interface Session {
  user: SessionUser;
  /** permissionId → 允许的动作 */
  permissions: ReadonlyMap<string, ReadonlySet<string>>;
  token?: string;
}

/** unmask：看全个人信息（默认脱敏；每次看全须给理由并记访问日志，lib/domains/privacy） */
export const ACTIONS = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export', 'unmask'] as const;
export type Action = (typeof ACTIONS)[number];

/** 'permissionId.action'，或其列表（任一满足即可）；API、菜单与按钮共用这一个检查。 */
export function can(session: Pick<Session, 'permissions'> | null | undefined, check: string | readonly string[]): boolean {
  if (!session) return false;
  const checks = typeof check === 'string' ? [check] : check;
  return checks.some((c) => {
    const dot = c.lastIndexOf('.');
    const id = dot < 0 ? c : c.slice(0, dot);
    const action = dot < 0 ? null : c.slice(dot + 1);
    const granted = session.permissions.get(id);
    return granted !== undefined && (action === null || granted.has(action));
  });
}
