// 授权矩阵（常设测试）：端点表的每一行 × 每个演示角色，调度器放行当且仅当 can() 授予该行的权限。
// 请求带一个含 NUL 的探针参数：权限检查之后、处理函数之前它就被拒绝（400），所以这里不会改动任何数据。
// 以后新增的端点自动纳入。
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointTable } from '@/lib/api';
import { parseKey } from '@/lib/platform/api/endpoint';
import { FORBIDDEN_MESSAGE } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import { createSession } from '@/lib/domains/user/session';
import { loadPermissions } from '@/lib/domains/access/session';
import { users } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';

const { db } = setupTestDb();

const DEMO_ACCOUNTS = ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org', 'enterprise', 'teacher', 'supervisor', 'assessor', 'weak_user'];

const guarded = Object.entries(endpointTable).filter(([, e]) => e.permission !== 'public' && e.permission !== 'login');

const actors: { account: string; token: string; session: Pick<Session, 'permissions'> }[] = [];
beforeAll(async () => {
  const d = await db();
  for (const account of DEMO_ACCOUNTS) {
    const [u] = await d.select({ id: users.id }).from(users).where(eq(users.account, account));
    const { token } = await createSession(d, u.id);
    actors.push({ account, token, session: { permissions: await loadPermissions(d, u.id) } });
  }
});

describe('授权矩阵', () => {
  it('端点表里有受权限保护的端点', () => {
    expect(guarded.length).toBeGreaterThan(100);
  });

  it.each(DEMO_ACCOUNTS)('%s：每个端点放行当且仅当拥有其权限', async (account) => {
    const actor = actors.find((a) => a.account === account)!;
    const mismatches: string[] = [];
    for (const [key, endpoint] of guarded) {
      const { method, path } = parseKey(key);
      const res = await call(method, path, { query: { __probe: 'x\u0000' }, headers: { authorization_token: actor.token } });
      const refused = res.status === 403 && res.body?.returnMsg === FORBIDDEN_MESSAGE;
      const allowed = can(actor.session, endpoint.permission as string | readonly string[]);
      if (allowed === refused) mismatches.push(`${key}（权限 ${JSON.stringify(endpoint.permission)}，应${allowed ? '放行' : '拒绝'}，实得 ${res.status}）`);
      if (res.status >= 500) mismatches.push(`${key} 答 ${res.status}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('未登录访问受保护的端点一律 401', async () => {
    const wrong: string[] = [];
    for (const [key] of guarded) {
      const { method, path } = parseKey(key);
      const res = await call(method, path);
      if (res.status !== 401) wrong.push(`${key} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
