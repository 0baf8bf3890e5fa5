'use client';
// 门户框架（SPEC §2 基本布局）：页头（标志、一级菜单、设置、铃铛、语言、问候语）、侧栏（所选一级菜单的子项）、
// 多标签栏、面包屑与页面内容；"顶部菜单"模式下一级菜单带下拉子项、没有侧栏。
// 查询参数 onlyShowContentView=1 时只显示页面内容。布局偏好来自 Cookie（服务端首屏已按它渲染）。
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { App, Breadcrumb, ConfigProvider, Layout, Menu, theme as antdTheme, type MenuProps, type ThemeConfig } from 'antd';
import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import ApiClientBridge from '@/components/auth/ApiClientBridge';
import { preloadScreens } from '@/components/screens/preload';
import { useT } from '@/lib/i18n/client';
import HeaderRight from './HeaderRight';
import { PushProvider } from '@/components/push/PushProvider';
import TaskStartedHost from '@/components/task/TaskStartedHost';
import { accessibleToken } from './accessibleTheme';
import { MenuIcon, MenuIconContext } from './icons';
import { findTrail, isExternal, landingPath, visibleIds, type MenuNode } from './menu';
import SkipLink, { MAIN_ID } from './SkipLink';
import { settingsCookie, type LayoutSettings } from './settings';
import { ShellProvider, useShell } from './ShellContext';
import TabBar from './TabBar';
import LanguageFallbackNotice from './LanguageFallbackNotice';
import PortalLink from './PortalLink';
import { WORKPLACE_PATH, type ShellData } from './types';
import styles from './shell.module.css';
import { MESSAGES_PATH } from './NoticeBell';

/** 设置抽屉（取色器、单选、开关）第一次打开时才下载：每页的框架代码不带它 */
const SettingsDrawer = lazy(() => import('./SettingsDrawer'));

export const CONTENT_ONLY_PARAM = 'onlyShowContentView';
const HEADER_HEIGHT = 56;
export const SIDER_WIDTH = 256;
export const SIDER_COLLAPSED_WIDTH = 80;

/** 不在菜单里的固定页面：标题与面包屑（文字键） */
const FIXED_PAGES: Record<string, string[]> = {
  '/account/settings/basic': ['shell.title.account', 'shell.title.accountBasic'],
  '/account/settings/security': ['shell.title.account', 'shell.title.accountSecurity'],
  '/account/tasks': ['shell.title.tasks'],
  [MESSAGES_PATH]: ['shell.title.messages'],
  [WORKPLACE_PATH]: ['shell.title.workplace'],
};

export interface PortalShellProps {
  data: ShellData;
  initialSettings: LayoutSettings;
  children: React.ReactNode;
}

export default function PortalShell({ data, initialSettings, children }: PortalShellProps) {
  const [settings, setSettings] = useState(initialSettings);
  const dark = settings.navTheme !== 'light';
  const realDark = settings.navTheme === 'realDark';
  const barBg = realDark ? '#141414' : dark ? '#001529' : '#ffffff';

  const theme = useMemo<ThemeConfig>(
    () => ({
      algorithm: realDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      // 用户选的主色加深到 WCAG AA 的对比度再用（链接、主色按钮上的白字都够 4.5:1，docs/ACCESSIBILITY.md）；
      // 链接（含表格里的操作按钮）随主色：antd 的 colorLink 默认取 colorInfo（固定蓝色）
      token: accessibleToken(settings.primaryColor, realDark),
      components: {
        Layout: {
          headerHeight: HEADER_HEIGHT,
          headerPadding: 0,
          headerBg: barBg,
          siderBg: dark ? barBg : '#ffffff',
          bodyBg: realDark ? '#000000' : '#f0f2f5',
          footerBg: 'transparent',
          footerPadding: '16px 24px 24px',
        },
        Menu: {
          horizontalLineHeight: `${HEADER_HEIGHT}px`,
          darkItemBg: barBg,
          darkPopupBg: barBg,
          darkSubMenuItemBg: realDark ? '#0a0a0a' : '#000c17',
          activeBarBorderWidth: 0,
        },
      },
    }),
    [settings.primaryColor, realDark, dark, barBg],
  );

  const save = (next: LayoutSettings) => {
    setSettings(next);
    document.cookie = settingsCookie(next);
  };

  return (
    <ConfigProvider theme={theme}>
      {/* 内层 App：消息、对话框随门户的主题色与明暗 */}
      <App component={false}>
        {/* 接口客户端的错误通知走这里的 App（随门户主题与当前语言） */}
        <ApiClientBridge />
        {/* 推送连接：每个标签页一条，铃铛与长任务的进度经 usePushEvent 订阅 */}
        <PushProvider>
          {/* 数据多的导出改排成后台任务时的进度框（所有导出按钮共用） */}
          <TaskStartedHost />
          <ShellProvider data={data}>
            <MenuIconContext value={data.menuIcons}>
              <ShellFrame settings={settings} onSettingsChange={save}>
                {children}
              </ShellFrame>
            </MenuIconContext>
          </ShellProvider>
        </PushProvider>
      </App>
    </ConfigProvider>
  );
}

function menuItems(nodes: readonly MenuNode[], withChildren: boolean): NonNullable<MenuProps['items']> {
  return nodes.map((node) => {
    const icon = node.meta.icon ? <MenuIcon name={node.meta.icon} /> : undefined;
    if (withChildren && node.children.length > 0 && !node.meta.hideChildren) {
      return { key: String(node.id), icon, label: node.meta.title, children: menuItems(node.children, true) };
    }
    // 外链与数据大屏（target _blank）在新窗口打开
    const label =
      isExternal(node.path) || node.meta.target === '_blank' ? (
        <a href={node.path} target={node.meta.target || '_blank'} rel="noopener noreferrer">
          {node.meta.title}
        </a>
      ) : (
        <PortalLink href={landingPath(node)}>{node.meta.title}</PortalLink>
      );
    return { key: String(node.id), icon, label };
  });
}

function ShellFrame({ settings, onSettingsChange, children }: { settings: LayoutSettings; onSettingsChange: (s: LayoutSettings) => void; children: React.ReactNode }) {
  const t = useT();
  const pathname = usePathname();
  const search = useSearchParams();
  const { data, tree, visible, home } = useShell();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // 打开过一次后一直挂着（关闭的动画、再次打开不再等下载）
  const [drawerUsed, setDrawerUsed] = useState(false);
  const openDrawer = useCallback(() => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  }, []);
  const [openKeys, setOpenKeys] = useState<string[] | null>(null);

  const dark = settings.navTheme !== 'light';
  const menuTheme = dark ? 'dark' : 'light';
  const contentOnly = search.get(CONTENT_ONLY_PARAM) === '1';

  const trail = useMemo(() => findTrail(tree, pathname), [tree, pathname]);
  const visibleTrail = useMemo(() => {
    const ids = visibleIds(visible);
    const out = [];
    for (const item of trail) {
      if (!ids.has(item.id)) break;
      out.push(item);
    }
    return out;
  }, [trail, visible]);

  const topNode = visibleTrail.length > 0 ? visible.find((n) => n.id === visibleTrail[0].id) : undefined;
  // 选中项按内容记住同一个数组：菜单的属性不变，同一目录里换页时页头不重画
  const selectedKey = JSON.stringify(visibleTrail.map((i) => String(i.id)));
  const selectedKeys = useMemo(() => JSON.parse(selectedKey) as string[], [selectedKey]);
  // 侧栏模式下一级菜单只有一级：只有所在的一级目录变了才需要重画
  const topSelectedKey = settings.layout === 'topmenu' ? selectedKey : JSON.stringify(selectedKeys.slice(0, 1));
  const topSelectedKeys = useMemo(() => JSON.parse(topSelectedKey) as string[], [topSelectedKey]);
  const sideNodes = useMemo(() => (settings.layout === 'sidemenu' && topNode ? topNode.children : []), [settings.layout, topNode]);
  const hasSider = sideNodes.length > 0;
  // 展开的子菜单：默认为当前页面所在的各级，用户展开/收起后以用户操作为准
  const defaultOpen = useMemo(() => selectedKeys.slice(1, -1), [selectedKeys]);
  const sideOpenKeys = openKeys ?? defaultOpen;

  const fixedTitles = FIXED_PAGES[pathname];
  const exact = trail.length > 0 && trail[trail.length - 1].path.replace(/\/+$/, '') === pathname.replace(/\/+$/, '');
  const crumbs: string[] = exact || !fixedTitles ? trail.map((i) => i.meta.title) : fixedTitles.map((k) => t(k));
  // 不是菜单项本身、也不是固定页面的路径（多为 404/403，只匹配到上级目录）不开标签
  const title = exact || fixedTitles ? (crumbs[crumbs.length - 1] ?? null) : null;
  const hideHeaderContent = exact && trail[trail.length - 1].meta.hiddenHeaderContent;
  // 标签的标题按当前语言重取（标签存在 sessionStorage 里，切换语言后不能还显示打开时的语言）
  const tabTitleOf = useCallback(
    (path: string): string | null => {
      const fixed = FIXED_PAGES[path];
      if (fixed) return t(fixed[fixed.length - 1]);
      const found = findTrail(tree, path);
      const last = found[found.length - 1];
      return last && last.path.replace(/\/+$/, '') === path.replace(/\/+$/, '') ? last.meta.title : null;
    },
    [tree, t],
  );

  const query = search.toString();
  const url = query ? `${pathname}?${query}` : pathname;

  const topItems = useMemo(() => menuItems(visible, settings.layout === 'topmenu'), [visible, settings.layout]);
  const sideItems = useMemo(() => menuItems(sideNodes, true), [sideNodes]);
  // 侧栏各叶子的界面代码在空闲时先下载（点菜单时只等数据）
  useEffect(() => {
    const leaves: string[] = [];
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (n.children.length ? walk(n.children) : leaves.push(n.component)));
    walk(sideNodes);
    return preloadScreens(leaves);
  }, [sideNodes]);

  const rootClass = [styles.root, settings.colorWeak ? styles.colorWeak : ''].join(' ');
  // 框架与各页自己的样式（*.module.css）用 var(--ant-color-primary…) 取主色；antd 只在它自己的组件上声明这些变量，
  // 这里在框架根元素上按当前主题再声明一次，非 antd 元素（侧栏按钮、工作台卡片等）也随主色变化
  const { token } = antdTheme.useToken();
  const themeVars = {
    '--ant-color-primary': token.colorPrimary,
    '--ant-color-primary-hover': token.colorPrimaryHover,
    '--ant-color-primary-bg': token.colorPrimaryBg,
    '--ant-color-link': token.colorLink,
    '--ant-color-text-tertiary': token.colorTextTertiary,
    '--ant-color-error': token.colorError,
    '--ant-color-success': token.colorSuccess,
    '--ant-color-warning': token.colorWarning,
  } as React.CSSProperties;

  if (contentOnly) {
    return (
      <div className={rootClass} style={themeVars} data-testid="content-only">
        <main id={MAIN_ID} tabIndex={-1} className={styles.contentOnly}>
          {children}
        </main>
      </div>
    );
  }

  const settingsDrawer = drawerUsed && (
    <Suspense fallback={null}>
      <SettingsDrawer open={drawerOpen} settings={settings} onClose={() => setDrawerOpen(false)} onChange={onSettingsChange} />
    </Suspense>
  );
  const siderTop = settings.fixedHeader ? HEADER_HEIGHT : 0;

  return (
    // data-screens：已登记界面的组件名，e2e 据此与接口给出的菜单核对
    <div className={rootClass} style={themeVars} data-layout={settings.layout} data-theme={settings.navTheme} data-screens={data.screens.join(' ')}>
      <SkipLink />
      <Layout className={styles.layout}>
        <ShellHeader
          className={`${styles.header} ${dark ? styles.headerDark : styles.headerLight} ${settings.fixedHeader ? styles.headerFixed : ''}`}
          home={home}
          menuTheme={menuTheme}
          items={topItems}
          selectedKeys={topSelectedKeys}
          user={data.user}
          unreadCount={data.unreadCount}
          dark={dark}
          onOpenSettings={openDrawer}
        />
        <Layout hasSider={hasSider}>
          {hasSider && (
            <Layout.Sider
              width={SIDER_WIDTH}
              collapsedWidth={SIDER_COLLAPSED_WIDTH}
              collapsed={settings.collapsed}
              theme={menuTheme}
              trigger={null}
              className={styles.sider}
              data-testid="side-menu"
            >
              {/* 侧栏本身随内容区拉满整页高度（深色背景到底）；固定侧栏时是里面的菜单停在视口里 */}
              <div
                className={styles.siderInner}
                style={settings.fixSiderbar ? { position: 'sticky', top: siderTop, height: `calc(100vh - ${siderTop}px)` } : undefined}
              >
                <div className={styles.siderMenu}>
                  <Menu
                    mode="inline"
                    theme={menuTheme}
                    items={sideItems}
                    selectedKeys={selectedKeys}
                    {...(settings.collapsed ? {} : { openKeys: sideOpenKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
                  />
                </div>
                <button
                  type="button"
                  className={`${styles.collapseButton} ${dark ? styles.collapseDark : ''}`}
                  onClick={() => onSettingsChange({ ...settings, collapsed: !settings.collapsed })}
                  aria-label={settings.collapsed ? t('shell.menu.expand') : t('shell.menu.collapse')}
                  data-testid="sider-collapse"
                >
                  {settings.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                </button>
              </div>
            </Layout.Sider>
          )}
          <Layout className={styles.main}>
            <TabBar tabKey={pathname} url={url} title={title} homeKey={home} titleOf={tabTitleOf} />
            <Layout.Content id={MAIN_ID} tabIndex={-1} className={`${styles.content} ${settings.contentWidth === 'Fixed' ? styles.contentFixed : ''}`}>
              <LanguageFallbackNotice />
              {!hideHeaderContent && crumbs.length > 1 && (
                <Breadcrumb
                  className={styles.breadcrumb}
                  items={[
                    { title: <PortalLink href={home} aria-label={t('shell.brand.home')}><HomeOutlined /></PortalLink> },
                    ...crumbs.map((c) => ({ title: c })),
                  ]}
                />
              )}
              {children}
            </Layout.Content>
            <Layout.Footer className={styles.footer}>{t('shell.footer', { year: new Date().getFullYear() })}</Layout.Footer>
          </Layout>
        </Layout>
      </Layout>
      {settingsDrawer}
    </div>
  );
}

interface ShellHeaderProps {
  className: string;
  home: string;
  menuTheme: 'dark' | 'light';
  items: NonNullable<MenuProps['items']>;
  selectedKeys: string[];
  user: ShellData['user'];
  unreadCount: number;
  dark: boolean;
  onOpenSettings: () => void;
}

/**
 * 页头（标志、一级菜单、右侧操作）。memo：每次换页框架都重画，而页头的属性多半没变；
 * 横向菜单每次重画都要量一遍各项的宽度（rc-overflow），点菜单时这是白做的几百个组件。
 */
const ShellHeader = memo(function ShellHeader({ className, home, menuTheme, items, selectedKeys, user, unreadCount, dark, onOpenSettings }: ShellHeaderProps) {
  const t = useT();
  return (
    <Layout.Header className={className} data-testid="global-header">
      {/* 可见的平台名称即链接的名称（WCAG 2.5.3），“返回首页”作悬停提示 */}
      <PortalLink href={home} className={styles.brand} title={t('shell.brand.home')}>
        {/* eslint-disable-next-line @next/next/no-img-element -- 矢量标志，无需图片优化 */}
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span className={styles.brandTitle}>{t('shell.brand.title')}</span>
      </PortalLink>
      <nav className={styles.topMenu} aria-label={t('shell.menu.top')} data-testid="top-menu">
        <Menu mode="horizontal" theme={menuTheme} items={items} selectedKeys={selectedKeys} />
      </nav>
      <HeaderRight user={user} unreadCount={unreadCount} dark={dark} onOpenSettings={onOpenSettings} />
    </Layout.Header>
  );
});
