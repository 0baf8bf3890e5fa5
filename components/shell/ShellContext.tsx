'use client';
// 门户框架的上下文：当前用户、权限、菜单。按钮级权限用 useCan() / <Authorized>，
// 与服务端接口用的是同一个 can()（lib/platform/auth/session.ts），规则只有一处。
import { createContext, useCallback, useContext, useMemo } from 'react';
import { can } from '@/lib/platform/auth/session';
import { shellMenu, type MenuNode } from './menu';
import type { ShellData } from './types';

export interface ShellContextValue {
  data: ShellData;
  /** 全部菜单项成树（含 show:false），用于标题、面包屑 */
  tree: MenuNode[];
  /** 菜单中显示的树 */
  visible: MenuNode[];
  /** 首页：第一个可见叶子 */
  home: string;
  permissions: ReadonlyMap<string, ReadonlySet<string>>;
}

const ShellContext = createContext<ShellContextValue | null>(null);

export function ShellProvider({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const value = useMemo<ShellContextValue>(() => {
    const { tree, visible, home } = shellMenu(data.routes, new Set(data.screens));
    const permissions = new Map(data.permissions.map((p) => [p.permissionId, new Set(p.actionList)]));
    return { data, tree, visible, home, permissions };
  }, [data]);
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellContextValue {
  const v = useContext(ShellContext);
  if (!v) throw new Error('useShell() 只能在门户框架（PortalShell）内使用'); // i18n-ignore：开发期错误，不显示给用户
  return v;
}

/** 按钮级权限：useCan()('plan.add') 或 useCan()(['plan.edit', 'plan.audit'])（任一） */
export function useCan(): (check: string | readonly string[]) => boolean {
  const v = useContext(ShellContext);
  const permissions = v?.permissions;
  return useCallback((check: string | readonly string[]) => (permissions ? can({ permissions }, check) : false), [permissions]);
}

/** 有权限才渲染子元素；fallback 可给出无权限时的替代内容 */
export function Authorized({ check, fallback = null, children }: { check: string | readonly string[]; fallback?: React.ReactNode; children: React.ReactNode }) {
  return useCan()(check) ? <>{children}</> : <>{fallback}</>;
}
