// 布局偏好（SPEC §2、§9）：主题、主色、导航模式、内容宽度、固定页头、固定侧栏、色弱模式。
// 存在 Cookie layout-settings（JSON）里，服务端首屏即按它渲染，不闪烁；前后端共用此模块。

export const SETTINGS_COOKIE = 'layout-settings';
/** 一年：偏好不随会话过期 */
export const SETTINGS_MAX_AGE = 365 * 24 * 3600;

export const NAV_THEMES = ['dark', 'light', 'realDark'] as const;
export const LAYOUTS = ['sidemenu', 'topmenu'] as const;
export const CONTENT_WIDTHS = ['Fluid', 'Fixed'] as const;

/** 主色预设：第一项为默认的拂晓蓝 */
export const PRIMARY_COLORS = [
  { key: 'daybreak', color: '#1890FF' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
] as const;

export type NavTheme = (typeof NAV_THEMES)[number];
export type LayoutMode = (typeof LAYOUTS)[number];
export type ContentWidth = (typeof CONTENT_WIDTHS)[number];

export interface LayoutSettings {
  navTheme: NavTheme;
  primaryColor: string;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  /** 侧栏收起（不在抽屉里设置，但同样记住） */
  collapsed: boolean;
}

/** SPEC §9 的默认值 */
export const DEFAULT_SETTINGS: LayoutSettings = {
  navTheme: 'dark',
  primaryColor: '#1890FF',
  layout: 'sidemenu',
  contentWidth: 'Fluid',
  fixedHeader: true,
  fixSiderbar: true,
  colorWeak: false,
  collapsed: false,
};

const presetColors = new Set<string>(PRIMARY_COLORS.map((c) => c.color));

// 每个字段单独回退到默认值：Cookie 里一个坏字段不影响其他偏好。
// 不用 zod：本模块在每页的框架代码里，zod（约 110 KB）不该为八个字段进浏览器。
const oneOf = <T extends string>(allowed: readonly T[], v: unknown, fallback: T): T => (allowed.includes(v as T) ? (v as T) : fallback);
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);

function checkSettings(d: Record<string, unknown>): LayoutSettings {
  const color = typeof d.primaryColor === 'string' ? d.primaryColor.toUpperCase() : '';
  return {
    navTheme: oneOf(NAV_THEMES, d.navTheme, DEFAULT_SETTINGS.navTheme),
    primaryColor: presetColors.has(color) ? color : DEFAULT_SETTINGS.primaryColor,
    layout: oneOf(LAYOUTS, d.layout, DEFAULT_SETTINGS.layout),
    contentWidth: oneOf(CONTENT_WIDTHS, d.contentWidth, DEFAULT_SETTINGS.contentWidth),
    fixedHeader: bool(d.fixedHeader, DEFAULT_SETTINGS.fixedHeader),
    fixSiderbar: bool(d.fixSiderbar, DEFAULT_SETTINGS.fixSiderbar),
    colorWeak: bool(d.colorWeak, DEFAULT_SETTINGS.colorWeak),
    collapsed: bool(d.collapsed, DEFAULT_SETTINGS.collapsed),
  };
}

/** Cookie 原值（可能已 URL 编码）→ 偏好；无法解析时为默认值 */
export function parseSettings(raw: string | undefined | null): LayoutSettings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  let data: unknown;
  try {
    data = JSON.parse(raw.startsWith('%') ? decodeURIComponent(raw) : raw);
  } catch {
    try {
      data = JSON.parse(decodeURIComponent(raw));
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
  }
  if (!data || typeof data !== 'object') return { ...DEFAULT_SETTINGS };
  return checkSettings(data as Record<string, unknown>);
}

/** 写入 Cookie 的字符串（浏览器端 document.cookie 用） */
export function settingsCookie(settings: LayoutSettings): string {
  return `${SETTINGS_COOKIE}=${encodeURIComponent(JSON.stringify(settings))}; Path=/; Max-Age=${SETTINGS_MAX_AGE}; SameSite=Lax`;
}
