import 'server-only';
// 界面注册表（服务端）：菜单项的 component 名 → 界面。门户框架只显示有界面的菜单叶子，
// app/(portal)/[...slug] 按菜单路径找到菜单项后在这里取界面。
// 客户端界面的名单与首屏请求在 catalog.ts，加载函数在各模块的 screens.ts（按需加载）；服务端界面（如工作台）登记在这里。
import type { ComponentType, ReactNode } from 'react';
import { headers } from 'next/headers';
import Workplace from '@/components/workplace/Workplace';
import { dispatch } from '@/lib/api';
import { catalogEntry, screenCatalog } from './catalog';
import { defaultPick, requestKey, type FirstPage, type ServerData } from './first-page';

/** 工作台的快捷入口只列有界面的菜单：名单由注册表传入（工作台不反过来引用注册表，免成环） */
const WorkplaceScreen = () => <Workplace screenNames={screenNames()} />;

const serverScreens: Record<string, ComponentType> = {
  Workplace: WorkplaceScreen,
};

export function hasScreen(component: string): boolean {
  return Object.prototype.hasOwnProperty.call(serverScreens, component) || catalogEntry(component) !== undefined;
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


/** 以本次请求的会话经同一个调度器调一个接口（权限、范围、校验与浏览器请求完全相同）；取不到（无权限、出错）得 undefined */
async function callOnServer(method: 'GET' | 'POST', path: string, body: Record<string, unknown>): Promise<unknown> {
  const incoming = await headers();
  const forward = new Headers();
  for (const name of ['cookie', 'authorization_token', 'x-auth-token', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-real-ip']) {
    const v = incoming.get(name);
    if (v) forward.set(name, v);
  }
  const url = new URL(`http://portal.internal/api${path}`);
  let init: RequestInit = { method, headers: forward };
  if (method === 'GET') {
    for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  } else {
    forward.set('content-type', 'application/json');
    init = { ...init, body: JSON.stringify(body) };
  }
  try {
    const res = await dispatch(new Request(url, init));
    if (!res.ok) return undefined;
    const envelope = (await res.json()) as { returnCode: number; data?: unknown };
    return envelope.returnCode === 200 ? envelope.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * 界面登记了服务端先取的数据（选择框的选项、大屏数据）时在服务端取来，随页面交给界面（useServerData）。
 * 取不到就不带：界面照常自己请求。
 */
export async function loadServerData(component: string): Promise<ServerData | null> {
  const call = catalogEntry(component)?.serverData;
  if (!call) return null;
  const body = call.body ?? {};
  const data = await callOnServer(call.method ?? 'POST', call.path, body);
  return data === undefined || data === null ? null : { path: call.path, key: requestKey(body), data };
}

/**
 * 界面登记了首屏请求时，在服务端以本次请求的会话经同一个调度器取第一页。
 * 第一页属于选择框选中的一项（pickFrom）时，按先取的选项选出界面默认选中的那一项；选不出就不取。
 * 取不到（无权限、出错）就不带：界面照常自己请求并提示。
 */
export async function loadFirstPage(component: string, serverData?: Promise<ServerData | null>): Promise<FirstPage | null> {
  const call = catalogEntry(component)?.firstPage;
  if (!call) return null;
  let picked: Record<string, number | string> = {};
  if (call.pickFrom) {
    const seed = await serverData;
    const id = seed ? defaultPick(seed.data, call.pickFrom.prefer, call.pickFrom.field) : null;
    if (id === null) return null;
    picked = { [call.pickFrom.param]: id };
  }
  const body = { ...call.params, ...picked, pageNo: 1, pageSize: call.pageSize ?? FIRST_PAGE_SIZE };
  const data = (await callOnServer(call.method ?? 'POST', call.path, body)) as { list?: unknown[]; total?: number; masked?: unknown; canUnmask?: unknown } | undefined;
  if (!data || !Array.isArray(data.list)) return null;
  const { list, total, masked, canUnmask } = data;
  // 脱敏的两项随第一页交给界面（“显示完整信息”按钮照它显示），其余另带的项不用
  const flags = { ...(typeof masked === 'boolean' ? { masked } : {}), ...(typeof canUnmask === 'boolean' ? { canUnmask } : {}) };
  return { path: call.path, key: requestKey(body), data: { list, total: Number(total ?? list.length), ...flags } };
}
