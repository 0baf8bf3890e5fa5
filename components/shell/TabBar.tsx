'use client';
// 多标签栏：打开过的页面各一个标签，切换、关闭，右键菜单关闭当前/右侧/左侧/全部（规则在 tabs.ts）。
// 标签保存在 sessionStorage：刷新不丢，关掉浏览器标签页即清空。
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useRouter } from 'next/navigation';
import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, CloseCircleOutlined, CloseOutlined } from '@ant-design/icons';
import { useT } from '@/lib/i18n/client';
import { TABS_STORAGE_KEY, closeAll, closeLeft, closeRight, closeTab, openTab, parseStoredTabs, type Tab, type TabChange, type TabWarning } from './tabs';
import styles from './shell.module.css';

// ---- sessionStorage 中的标签（外部存储，经 useSyncExternalStore 读取，服务端渲染时为空） ----
const EMPTY: Tab[] = [];
let stored: Tab[] | null = null;
const listeners = new Set<() => void>();

function readTabs(): Tab[] {
  if (stored === null) {
    try {
      stored = parseStoredTabs(window.sessionStorage.getItem(TABS_STORAGE_KEY));
    } catch {
      stored = [];
    }
  }
  return stored;
}

function writeTabs(tabs: Tab[]) {
  stored = tabs;
  try {
    window.sessionStorage.setItem(TABS_STORAGE_KEY, JSON.stringify(tabs));
  } catch {
    // 隐私模式等无法写入时只在内存里保留
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** 退出登录时清空标签 */
export function clearTabs() {
  stored = [];
  try {
    window.sessionStorage.removeItem(TABS_STORAGE_KEY);
  } catch {
    // 同上
  }
}

const WARNING_KEYS: Record<TabWarning, string> = {
  last: 'shell.tabs.lastTab',
  noLeft: 'shell.tabs.noLeft',
  noRight: 'shell.tabs.noRight',
};

export interface TabBarProps {
  /** 当前页面：路径、完整地址、标题；标题为 null（错误页等）时不为它开标签 */
  tabKey: string;
  url: string;
  title: string | null;
  /** 首页（工作台）的路径：关闭全部时保留它 */
  homeKey: string;
  /** 某路径在当前语言下的标题（切换语言后已开的标签随之改名）；认不出为 null，显示打开时记下的标题 */
  titleOf?: (path: string) => string | null;
}

export default function TabBar({ tabKey, url, title, homeKey, titleOf }: TabBarProps) {
  const current = useMemo<Tab | null>(() => (title === null ? null : { key: tabKey, url, title }), [tabKey, url, title]);
  const t = useT();
  const router = useRouter();
  const { message } = App.useApp();
  const saved = useSyncExternalStore(subscribe, readTabs, () => EMPTY);
  // 当前页面总在标签里（首次渲染时 sessionStorage 尚未读出，也能显示当前页）
  const tabs = useMemo(() => (current ? openTab(saved, current) : saved), [saved, current]);

  // 以存储里的实际内容为准（水合时 saved 还是服务端的空快照，不能拿它覆盖已保存的标签）
  useEffect(() => {
    if (!current) return;
    const latest = readTabs();
    const next = openTab(latest, current);
    if (next !== latest) writeTabs(next);
  }, [current]);

  const apply = (change: TabChange) => {
    if (change.warning) {
      message.warning(t(WARNING_KEYS[change.warning]));
      return;
    }
    writeTabs(change.tabs);
    if (change.navigate) router.push(change.navigate);
  };

  // 整个标签栏只有一个右键菜单，在鼠标处打开；右击的是哪个标签在捕获阶段记下（每个标签各挂一个菜单时，
  // 标签重新渲染会让正在打开的菜单失去锚点）
  const contextKey = useRef<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  const onContextAction = (action: string) => {
    const key = contextKey.current;
    if (!key) return;
    const active = current?.key ?? '';
    if (action === 'closeCurrent') apply(closeTab(tabs, key, active));
    else if (action === 'closeRight') apply(closeRight(tabs, key, active));
    else if (action === 'closeLeft') apply(closeLeft(tabs, key, active));
    else if (action === 'closeAll') apply(closeAll(tabs, key, active, homeKey));
  };

  const contextItems: MenuProps['items'] = [
    { key: 'closeCurrent', icon: <CloseOutlined />, label: t('shell.tabs.closeCurrent') },
    { key: 'closeRight', icon: <ArrowRightOutlined />, label: t('shell.tabs.closeRight') },
    { key: 'closeLeft', icon: <ArrowLeftOutlined />, label: t('shell.tabs.closeLeft') },
    { type: 'divider' },
    { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('shell.tabs.closeAll') },
  ];

  return (
    <Dropdown
      trigger={['contextMenu']}
      open={menuOpen}
      onOpenChange={(open) => setMenuOpen(open && contextKey.current !== null)}
      menu={{
        items: contextItems,
        onClick: ({ key }) => {
          setMenuOpen(false);
          onContextAction(key);
        },
      }}
    >
      <div
        className={styles.tabBar}
        data-testid="multi-tab"
        onContextMenuCapture={(e) => {
          contextKey.current = (e.target as Element).closest<HTMLElement>('[data-tab-key]')?.dataset.tabKey ?? null;
        }}
      >
        <Tabs
          type="editable-card"
          hideAdd
          size="small"
          activeKey={current?.key ?? ''}
          onChange={(key) => {
            const tab = tabs.find((x) => x.key === key);
            if (tab) router.push(tab.url);
          }}
          onEdit={(key, action) => {
            if (action === 'remove' && typeof key === 'string') apply(closeTab(tabs, key, current?.key ?? ''));
          }}
          items={tabs.map((tab) => ({
            key: tab.key,
            // 最后一个标签不显示关闭按钮（SPEC §5）；右键"关闭当前"会提示不能关闭
            closable: tabs.length > 1,
            label: (
              <span className={styles.tabLabel} data-tab-key={tab.key}>
                {titleOf?.(tab.key) ?? tab.title}
              </span>
            ),
          }))}
        />
      </div>
    </Dropdown>
  );
}
