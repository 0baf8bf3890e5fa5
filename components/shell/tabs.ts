// 多标签栏的规则（SPEC §2 第 3 项、§5）：打开的每个页面一个标签；右键菜单关闭当前、右侧、左侧、全部；
// 最后一个标签不能关闭；左/右侧没有标签时给出提示。纯函数，界面只负责显示结果与提示。

export interface Tab {
  /** 路径（不含查询串），同一路径只有一个标签 */
  key: string;
  /** 最近一次打开的完整地址（含查询串），切回时用 */
  url: string;
  title: string;
}

export type TabWarning = 'last' | 'noLeft' | 'noRight';

export interface TabChange {
  tabs: Tab[];
  /** 当前标签被关掉时要切换到的地址 */
  navigate?: string;
  warning?: TabWarning;
}

export const TABS_STORAGE_KEY = 'portal-tabs';

/** 打开或更新一个标签（已有的保持原位置，只更新地址与标题） */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const i = tabs.findIndex((t) => t.key === tab.key);
  if (i < 0) return [...tabs, tab];
  const cur = tabs[i];
  if (cur.url === tab.url && cur.title === tab.title) return tabs as Tab[];
  const next = [...tabs];
  next[i] = tab;
  return next;
}

/** 关闭一个标签；关的是当前标签时切到它左边的（没有则右边的） */
export function closeTab(tabs: readonly Tab[], key: string, activeKey: string): TabChange {
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0) return { tabs: [...tabs] };
  if (tabs.length <= 1) return { tabs: [...tabs], warning: 'last' };
  const next = tabs.filter((t) => t.key !== key);
  if (key !== activeKey) return { tabs: next };
  const neighbour = tabs[i - 1] ?? tabs[i + 1];
  return { tabs: next, navigate: neighbour.url };
}

/** 关闭 key 左侧的全部标签 */
export function closeLeft(tabs: readonly Tab[], key: string, activeKey: string): TabChange {
  const i = tabs.findIndex((t) => t.key === key);
  if (i <= 0) return { tabs: [...tabs], warning: 'noLeft' };
  const next = tabs.slice(i);
  return keepActive(next, key, activeKey);
}

/** 关闭 key 右侧的全部标签 */
export function closeRight(tabs: readonly Tab[], key: string, activeKey: string): TabChange {
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0 || i >= tabs.length - 1) return { tabs: [...tabs], warning: 'noRight' };
  const next = tabs.slice(0, i + 1);
  return keepActive(next, key, activeKey);
}

/** 关闭全部：保留首页（工作台）标签；首页未打开时保留右击的那个 */
export function closeAll(tabs: readonly Tab[], key: string, activeKey: string, homeKey: string): TabChange {
  if (tabs.length <= 1) return { tabs: [...tabs], warning: 'last' };
  const keep = tabs.find((t) => t.key === homeKey) ?? tabs.find((t) => t.key === key) ?? tabs[0];
  return keepActive([keep], keep.key, activeKey);
}

function keepActive(next: Tab[], fallbackKey: string, activeKey: string): TabChange {
  if (next.some((t) => t.key === activeKey)) return { tabs: next };
  return { tabs: next, navigate: next.find((t) => t.key === fallbackKey)?.url ?? next[0].url };
}

/** 站内路径（排除 //host 形式，防止被引到站外） */
const isLocalPath = (p: string) => p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\');

/** 从 sessionStorage 读回的数据不可信：只取结构正确的项，去重 */
export function parseStoredTabs(raw: string | null): Tab[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return [];
    const seen = new Set<string>();
    const out: Tab[] = [];
    for (const t of data) {
      if (
        t &&
        typeof t === 'object' &&
        typeof t.key === 'string' &&
        typeof t.url === 'string' &&
        typeof t.title === 'string' &&
        isLocalPath(t.key) &&
        isLocalPath(t.url) &&
        !seen.has(t.key)
      ) {
        seen.add(t.key);
        out.push({ key: t.key, url: t.url, title: t.title });
      }
    }
    return out;
  } catch {
    return [];
  }
}
