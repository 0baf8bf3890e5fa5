// 菜单路径 → 菜单项 → 界面注册表。本人路由中没有的路径：属于某个菜单资源时显示 403，否则转到 /404（SPEC §2：未知路径重定向到 404）；
// 目录路径转到其第一个可见子页；没有已注册界面的菜单项同样转到 /404。
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { hasScreen, loadFirstPage, loadServerData, screenNames, serverScreen } from '@/components/screens/registry';
import ScreenHost from '@/components/screens/ScreenHost';
import { homeHrefForRequest, isResourcePath, loadRoutes, requirePortalSession } from '@/components/shell/data';
import ErrorResult from '@/components/shell/ErrorResult';
import { findRoute, landingPath, normalisePath, shellMenu } from '@/components/shell/menu';
import { NOT_FOUND_PATH } from '@/components/shell/types';
import { isDirectory } from '@/lib/domains/access/menu';
import { can } from '@/lib/platform/auth/session';

type Params = Promise<{ slug: string[] }>;

async function resolve(params: Params) {
  const { slug } = await params;
  const path = normalisePath(`/${slug.join('/')}`);
  const routes = await loadRoutes();
  return { path, routes, route: findRoute(routes, path) };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { route } = await resolve(params);
  return route ? { title: route.meta.title } : {};
}

export default async function MenuPage({ params }: { params: Params }) {
  const session = await requirePortalSession();
  const { path, routes, route } = await resolve(params);

  if (!route || !can(session, route.meta.permission)) {
    if (await isResourcePath(path)) return <ErrorResult status={403} inline homeHref={await homeHrefForRequest()} />;
    redirect(NOT_FOUND_PATH);
  }

  if (isDirectory(route)) {
    const { visible } = shellMenu(routes, new Set(screenNames()));
    const find = (nodes: typeof visible): (typeof visible)[number] | undefined => {
      for (const n of nodes) {
        if (n.id === route.id) return n;
        const hit = find(n.children);
        if (hit) return hit;
      }
      return undefined;
    };
    const target = (() => {
      const node = find(visible);
      return node ? landingPath(node) : null;
    })();
    if (target && normalisePath(target) !== path) redirect(target);
    redirect(NOT_FOUND_PATH);
  }

  if (!hasScreen(route.component)) redirect(NOT_FOUND_PATH);
  const server = serverScreen(route.component);
  if (server) return <div data-screen-path={path}>{server}</div>;
  // 服务端先取的界面数据（选择框的选项、大屏数据）与第一页同时取；第一页属于其中默认选中的一项时才等它
  const serverData = loadServerData(route.component);
  const [data, firstPage] = await Promise.all([serverData, loadFirstPage(route.component, serverData)]);
  // data-screen-path：浏览器基准与 e2e 据此认出“新界面”的内容（菜单点击后旧界面可能还在）
  return (
    <div data-screen-path={path}>
      <ScreenHost name={route.component} serverData={data} firstPage={firstPage} />
    </div>
  );
}
