import 'server-only';
// 界面注册表（服务端）：菜单项的 component 名 → 界面。门户框架只显示有界面的菜单叶子，
// app/(portal)/[...slug] 按菜单路径找到菜单项后在这里取界面。
// 客户端界面的名单与首屏请求在 catalog.ts，加载函数在各模块的 screens.ts（按需加载）；服务端界面（如工作台）登记在这里。
import type { ComponentType, ReactNode } from 'react';
import { headers } from 'next/headers';
import Workplace from '@/components/workplace/Workplace';
import { dispatch } from '@/lib/api';
import { screenCatalog } from './catalog';
import { requestKey, type FirstPage } from './first-page';
import type { FirstPageCall } from './types';

/** 工作台的快捷入口只列有界面的菜单：名单由注册表传入（工作台不反过来引用注册表，免成环） */
const WorkplaceScreen = () => <Workplace screenNames={screenNames()} />;

const serverScreens: Record<string, ComponentType> = {
  Workplace: WorkplaceScreen,
};

export function hasScreen(component: string): boolean {
  return Object.prototype.hasOwnProperty.call(serverScreens, component) || Object.prototype.hasOwnProperty.call(screenCatalog, component);
}

export function screenNames(): string[] {
  return [...Object.keys(serverScreens), ...Object.keys(screenCatalog)];
}

/** 服务端界面画成的元素；客户端界面返回 null（由 ScreenHost 显示） */
export function serverScreen(component: string): ReactNode {
  if (!Object.prototype.hasOwnProperty.call(serverScreens, component)) return null;
  const Screen = serverScreens[component];
  return <Screen />;
}

/** 每页条数（与 ListScreen 的默认相同） */
const FIRST_PAGE_SIZE = 10;

/**
 * 界面登记了首屏请求时，在服务端以本次请求的会话经同一个调度器取第一页（权限、范围、校验与浏览器请求完全相同）。
 * 取不到（无权限、出错）就不带：界面照常自己请求并提示。
 */
export async function loadFirstPage(component: string): Promise<FirstPage | null> {
  const entry: { firstPage?: FirstPageCall } | undefined = Object.prototype.hasOwnProperty.call(screenCatalog, component) ? screenCatalog[component as keyof typeof screenCatalog] : undefined;
  const call = entry?.firstPage;
  if (!call) return null;
  const body = { ...call.params, pageNo: 1, pageSize: call.pageSize ?? FIRST_PAGE_SIZE };
  const incoming = await headers();
  const forward = new Headers();
  for (const name of ['cookie', 'authorization_token', 'x-auth-token', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-real-ip']) {
    const v = incoming.get(name);
    if (v) forward.set(name, v);
  }
  const method = call.method ?? 'POST';
  const url = new URL(`http://portal.internal/api${call.path}`);
  let init: RequestInit = { method, headers: forward };
  if (method === 'GET') {
    for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  } else {
    forward.set('content-type', 'application/json');
    init = { ...init, body: JSON.stringify(body) };
  }
  try {
    const res = await dispatch(new Request(url, init));
    if (!res.ok) return null;
    const envelope = (await res.json()) as { returnCode: number; data?: { list?: unknown[]; total?: number; masked?: unknown; canUnmask?: unknown } };
    if (envelope.returnCode !== 200 || !Array.isArray(envelope.data?.list)) return null;
    const { list, total, masked, canUnmask } = envelope.data;
    // 脱敏的两项随第一页交给界面（“显示完整信息”按钮照它显示），其余另带的项不用
    const flags = { ...(typeof masked === 'boolean' ? { masked } : {}), ...(typeof canUnmask === 'boolean' ? { canUnmask } : {}) };
    return { path: call.path, key: requestKey(body), data: { list, total: Number(total ?? list.length), ...flags } };
  } catch {
    return null;
  }
}
