// 演示账号（种子）能按 README 的密码登录；weak_user 得到弱密码标记，其余为强。端到端测试依赖这些约定。
import { describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { LoginData } from './fixtures';

setupTestDb();

const DEMO: [string, string, number][] = [
  ['admin', 'Admin@2026', 3],
  ['sjz_admin', 'Demo@2026', 3],
  ['bd_admin', 'Demo@2026', 3],
  ['eval_org', 'Demo@2026', 3],
  ['train_org', 'Demo@2026', 3],
  ['enterprise', 'Demo@2026', 3],
  ['teacher', 'Demo@2026', 3],
  ['supervisor', 'Demo@2026', 3],
  ['assessor', 'Demo@2026', 3],
  ['weak_user', 'abc123', 4],
];

describe('演示账号', () => {
  it.each(DEMO)('%s / %s 可以登录，强度标记 %i', async (account, password, strength) => {
    const res = await call<LoginData>('POST', '/user/login', { json: { account, password } });
    expect(res.body.returnMsg).toBe('success');
    expect(res.body.data.passwordStrength).toBe(strength);
    expect(res.headers.getSetCookie()).toContain(`pwdStrength=${strength}; Path=/; Max-Age=604800; SameSite=Lax`);
  });
});
