import 'server-only';
// 门户页面的服务端数据：会话、菜单与用户信息。与 GET /api/index/getUserRouters、
// /api/bapi/user/getUserAndPermissions 调同一个服务、用同一个会话；同一请求内布局与页面共用一次查询（React cache）。
import { cache } from 'react';
import { eq } from 'drizzle-orm';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/platform/db/client';
import { getCurrentSession, requireSession } from '@/lib/domains/access/server-session';
import type { Session } from '@/lib/platform/auth/session';
import { userAndPermissions, userRouters, type UserAndPermissions } from '@/lib/domains/access/service';
import type { MenuItem } from '@/lib/domains/access/menu';
import { resources } from '@/lib/domains/access/tables';
import { unreadCount } from '@/lib/domains/message/service';
import { localizeMenu } from '@/lib/i18n/menu';
import { getLocale } from '@/lib/i18n/server';
import { normalisePath } from './menu';
import { ACCOUNT_PATH, NOT_FOUND_PATH, WORKPLACE_PATH } from './types';

/** proxy.ts 把请求路径与查询串放进这两个请求头，服务端布局据此得知当前地址 */
export const PATH_HEADER = 'x-pathname';
export const SEARCH_HEADER = 'x-search';

/** 当前请求的地址（路径 + 查询串），用作登录后的回跳地址 */
export async function requestUrl(): Promise<string> {
  const h = await headers();
  const path = h.get(PATH_HEADER) || WORKPLACE_PATH;
  return path + (h.get(SEARCH_HEADER) ?? '');
}

const cachedSession = cache(getCurrentSession);

/**
 * 门户页面必须登录：未登录、过期或已被吊销时转到登录页并带回当前地址。
 * 未登录时打开的路径既不是菜单资源也不是门户的固定页面，则直接转到 /404（SPEC §2），不先去登录。
 */
export async function requirePortalSession(): Promise<Session> {
  const session = await cachedSession();
  if (session) return session;
  const url = await requestUrl();
  if (!(await isPortalPath(normalisePath(url)))) redirect(NOT_FOUND_PATH);
  return requireSession(url);
}

/** 登录后可能存在的门户路径：工作台、个人设置与菜单资源的路径 */
async function isPortalPath(path: string): Promise<boolean> {
  if (path === WORKPLACE_PATH || path === ACCOUNT_PATH || path.startsWith(`${ACCOUNT_PATH}/`)) return true;
  return isResourcePath(path).catch(() => true);
}

/** 本人的菜单（未翻译）：同一请求内布局与页面共用一次查询 */
const loadOwnRoutes = cache(async (): Promise<MenuItem[]> => {
  const session = await requirePortalSession();
  return userRouters(await getDb(), session.permissions);
});

/** 本人的菜单，标题随当前语言：菜单页据此找路由。点菜单换页时服务端只重画页面，不必再取用户资料与角色 */
export const loadRoutes = cache(async (): Promise<MenuItem[]> => localizeMenu(await loadOwnRoutes(), await getLocale()));

/** 当前用户、权限、角色与菜单（同 /bapi/user/getUserAndPermissions，菜单标题随当前语言） */
export const loadUserAndPermissions = cache(async (): Promise<UserAndPermissions> => {
  const session = await requirePortalSession();
  const result = await userAndPermissions(await getDb(), session, loadOwnRoutes());
  return { ...result, routes: await loadRoutes() };
});

export const loadUnreadCount = cache(async (): Promise<number> => {
  const session = await requirePortalSession();
  return (await unreadCount(await getDb(), session.user.id)).count;
});

/** 路径是否属于某个菜单资源（不论是否授予本人）：用来区分"无权访问"（403）与"不存在"（404） */
export async function isResourcePath(path: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: resources.id }).from(resources).where(eq(resources.path, path)).limit(1);
  return !!row;
}

/** 错误页"返回首页"的去处：已登录为工作台，否则为门户首页。数据库不可用时按未登录处理。 */
export async function homeHrefForRequest(): Promise<string> {
  const session = await cachedSession().catch(() => null);
  return session ? WORKPLACE_PATH : '/';
}
