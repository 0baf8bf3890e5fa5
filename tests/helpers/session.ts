// 不经登录直接构造会话，供只测调度器或管道的测试使用。
import type { Session, SessionUser } from '@/lib/platform/auth/session';

export function fakeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    code: 'U1',
    account: 'tester',
    nickName: '测试员',
    realName: null,
    userType: 'RENCAI_ADMIN',
    level: 'province',
    areaId: 130000,
    cityId: null,
    orgId: null,
    passwordStrength: 3,
    ...overrides,
  };
}

/** permissions: { permissionId: ['query', 'add'] } */
export function fakeSession(user: Partial<SessionUser> = {}, permissions: Record<string, string[]> = {}): Session {
  return { user: fakeUser(user), permissions: new Map(Object.entries(permissions).map(([k, v]) => [k, new Set(v)])) };
}
