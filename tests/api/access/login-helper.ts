// 测试里“登录”：直接为演示账号建会话（不经登录接口），令牌放在 authorization_token 请求头。
import { getDb } from '@/lib/platform/db/client';
import { createSession } from '@/lib/domains/user/session';
import { demoUserId } from '@/db/seed';

export async function tokenFor(account: string): Promise<string> {
  const db = await getDb();
  const { token } = await createSession(db, await demoUserId(db, account));
  return token;
}

export async function authHeaders(account: string): Promise<Record<string, string>> {
  return { authorization_token: await tokenFor(account) };
}
