// 门户框架对菜单的用法：在身份域的菜单纯函数（lib/domains/access/menu.ts：成树、可见性、首页）之上，
// 补充当前路径的定位（选中项、面包屑、标签标题）与进入目录时的落点。纯函数，服务端与客户端共用。
import { buildMenuTree, isDirectory, visibleMenuTree, type MenuItem, type MenuNode } from '@/lib/domains/access/menu';
import { WORKPLACE_PATH } from './types';

export type { MenuItem, MenuNode };

export const isExternal = (path: string) => /^https?:\/\//i.test(path);

/** 菜单中显示的树：SPEC §2 的规则加上"叶子须有已注册的界面" */
export function shellMenu(routes: readonly MenuItem[], screens: ReadonlySet<string>) {
  const tree = buildMenuTree(routes);
  const visible = visibleMenuTree(routes, (item) => isExternal(item.path) || screens.has(item.component));
  return { tree, visible, home: homePath(visible) };
}

/** 进入某个菜单节点时实际打开的路径：目录取其第一个可见叶子 */
export function landingPath(node: MenuNode): string {
  if (node.children.length > 0 && !node.meta.hideChildren) return landingPath(node.children[0]);
  return isDirectory(node) && node.redirect ? node.redirect : node.path;
}

/** 首页：第一个可见叶子；没有时为工作台 */
export function homePath(visible: readonly MenuNode[]): string {
  const first = visible.find((n) => !isExternal(n.path) && n.meta.target !== '_blank');
  return first ? landingPath(first) : WORKPLACE_PATH;
}

export function normalisePath(path: string): string {
  const p = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

/**
 * 当前路径对应的菜单链（根 → 匹配项），在全部菜单项（含 show:false）中找：先找路径完全相同的项，
 * 否则取路径是其前缀的最长一项（如详情页 /plan/detail/1 归到 /plan）。找不到时为空数组。
 */
export function findTrail(tree: readonly MenuNode[], pathname: string): MenuItem[] {
  const target = normalisePath(pathname);
  let best: MenuItem[] = [];
  let bestLen = -1;
  const walk = (nodes: readonly MenuNode[], chain: MenuItem[]): boolean => {
    for (const node of nodes) {
      const next = [...chain, node];
      const p = isExternal(node.path) ? '' : normalisePath(node.path);
      if (p && p === target) {
        best = next;
        return true;
      }
      if (p && p !== '/' && target.startsWith(`${p}/`) && p.length > bestLen) {
        best = next;
        bestLen = p.length;
      }
      if (walk(node.children, next)) return true;
    }
    return false;
  };
  walk(tree, []);
  return best;
}

/** 可见树中各节点的 id */
export function visibleIds(visible: readonly MenuNode[]): Set<number> {
  const ids = new Set<number>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      ids.add(n.id);
      walk(n.children);
    }
  };
  walk(visible);
  return ids;
}

/** 某节点下叶子（具体功能）的个数，不计 show:false 的项 */
export function countLeaves(node: MenuNode): number {
  const kids = node.children.filter((c) => c.meta.show);
  return kids.length === 0 ? (isDirectory(node) ? 0 : 1) : kids.reduce((n, c) => n + countLeaves(c), 0);
}

/** 用户路由中路径与之完全相同的一项 */
export function findRoute(routes: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const target = normalisePath(pathname);
  return routes.find((r) => !isExternal(r.path) && normalisePath(r.path) === target);
}
