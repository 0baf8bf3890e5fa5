// 服务端下发菜单的类型与纯函数：接口与门户框架（客户端）共用，故不引入任何服务端模块。
// 菜单项是平铺、有序的列表（父在子前，同级按 sort），parentId 为 0 的是一级菜单。

export interface MenuMeta {
  title: string;
  /** @ant-design/icons 的图标名，如 'TeamOutlined' */
  icon: string | null;
  /** false：路由存在但不出现在菜单中（如个人设置） */
  show: boolean;
  /** true：不展开子菜单，点击本项即进入 */
  hideChildren: boolean;
  hiddenHeaderContent: boolean;
  /** '_blank'：在新窗口打开（数据大屏） */
  target: string | null;
  params: Record<string, string> | null;
  /** 进入该路由需要的 permissionId 列表（任一） */
  permission: string[];
}

export interface MenuItem {
  id: number;
  /** 0 为根 */
  parentId: number;
  name: string;
  /** 即 permissionId */
  key: string;
  /** 界面组件名；目录为 DIRECTORY_COMPONENT */
  component: string;
  path: string;
  redirect: string | null;
  meta: MenuMeta;
}

export interface MenuNode extends MenuItem {
  children: MenuNode[];
}

/** 目录节点的组件名：只承载子路由，自身没有界面 */
export const DIRECTORY_COMPONENT = 'RouteView';
/** 没有任何可见叶子时的首页 */
export const DEFAULT_HOME = '/dashboard/workplace';

export const isDirectory = (item: Pick<MenuItem, 'component'>) => item.component === DIRECTORY_COMPONENT;

/** 平铺列表 → 树。保持输入顺序；父项不在列表中的项（无权的子树残片）被丢弃。 */
export function buildMenuTree(items: readonly MenuItem[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const item of items) nodes.set(item.id, { ...item, children: [] });
  const roots: MenuNode[] = [];
  for (const item of items) {
    const node = nodes.get(item.id)!;
    if (item.parentId === 0) roots.push(node);
    else nodes.get(item.parentId)?.children.push(node);
  }
  // 父项在列表中但其自身是孤儿时，整棵子树都不可达，从根出发自然不会被访问。
  return roots;
}

/**
 * 菜单中实际显示的树：去掉 show:false 的项（连同其子树）、include 不接受的叶子（如尚无界面的组件），
 * 以及因此变空的目录；hideChildren 的项不展开子菜单。
 */
export function visibleMenuTree(items: readonly MenuItem[], include: (item: MenuItem) => boolean = () => true): MenuNode[] {
  const prune = (nodes: MenuNode[]): MenuNode[] => {
    const out: MenuNode[] = [];
    for (const node of nodes) {
      if (!node.meta.show) continue;
      if (node.meta.hideChildren) {
        // 目录折叠后靠 redirect 进入子页，至少要有一个可见的子页
        const reachable = isDirectory(node) ? prune(node.children).length > 0 : include(node);
        if (reachable) out.push({ ...node, children: [] });
        continue;
      }
      if (isDirectory(node)) {
        const children = prune(node.children);
        if (children.length) out.push({ ...node, children });
        continue;
      }
      if (include(node)) out.push({ ...node, children: prune(node.children) });
    }
    return out;
  };
  return prune(buildMenuTree(items));
}

/** 菜单顺序中第一个可见的叶子（首页跳转目标）；没有时为 undefined。 */
export function firstVisibleLeaf(items: readonly MenuItem[], include?: (item: MenuItem) => boolean): MenuItem | undefined {
  const walk = (nodes: MenuNode[]): MenuNode | undefined => {
    for (const node of nodes) {
      if (node.meta.hideChildren || (!isDirectory(node) && node.children.length === 0)) return node;
      const found = walk(node.children);
      if (found) return found;
    }
    return undefined;
  };
  const leaf = walk(visibleMenuTree(items, include));
  if (!leaf) return undefined;
  const item: MenuItem & { children?: MenuNode[] } = { ...leaf };
  delete item.children;
  return item;
}

/** 首页路径：第一个可见叶子，没有时为工作台 */
export function menuHome(items: readonly MenuItem[], include?: (item: MenuItem) => boolean): string {
  return firstVisibleLeaf(items, include)?.path ?? DEFAULT_HOME;
}
