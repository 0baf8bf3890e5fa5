import 'server-only';
// 登录页的服务端公共逻辑：已登录用户打开登录页直接去工作台（SPEC §2）。
import { redirect } from 'next/navigation';
import { oidcConfig } from '@/lib/domains/user/sso';
import { getCurrentSession } from '@/lib/domains/access/server-session';

export const WORKPLACE_PATH = '/dashboard/workplace';

export async function redirectIfSignedIn(): Promise<void> {
  if (await getCurrentSession()) redirect(WORKPLACE_PATH);
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** 查询参数的单个值（重复时取第一个） */
export async function queryValue(searchParams: SearchParams, name: string): Promise<string | undefined> {
  const v = (await searchParams)[name];
  return Array.isArray(v) ? v[0] : v;
}

/** 配置了 OIDC 身份源时登录页显示"统一身份认证登录" */
export function ssoEnabled(): boolean {
  return oidcConfig() !== null;
}
