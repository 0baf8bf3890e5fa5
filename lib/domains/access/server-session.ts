import 'server-only';
// 服务端组件与页面取当前会话：与 API 相同的令牌与吊销规则（会话查找读角色授权，属于授权域，故放在此处而非 lib/platform）。
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/platform/db/client';
import { SESSION_COOKIE } from '../user/session';
import { lookupSession } from './session';
import type { Session } from '@/lib/platform/auth/session';

/** 当前登录会话；未登录、过期或已被吊销时为 null */
export async function getCurrentSession(): Promise<Session | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const found = await lookupSession(await getDb(), token);
  return found === 'invalidated' ? null : found;
}

/** 需要登录的页面：未登录时转到登录页并带回原路径 */
export async function requireSession(currentPath: string): Promise<Session> {
  const session = await getCurrentSession();
  if (!session) redirect(`/user/login?redirect=${encodeURIComponent(currentPath)}`);
  return session;
}
