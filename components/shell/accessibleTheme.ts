// 无障碍的主题色（WCAG 2.1 AA，docs/ACCESSIBILITY.md）：对比度在主题 token 上统一保证，不逐个组件打补丁。
// 用户在设置里选的主色原样保存（色块显示所选颜色），实际用到界面上的是同一色相、加深到对比度够的颜色：
// 白底上的链接与主色文字、主色按钮上的白字都至少 4.5:1。前后端共用（根布局是服务端组件，拿不到 antd 的运行时，
// 故只引入类型；antd 的默认色值抄在下面，单元测试核对它们与 antd 一致）。
import type { ThemeConfig } from 'antd';

/** 正文（含小字）与背景的最小对比度：WCAG 1.4.3 AA */
export const TEXT_CONTRAST = 4.5;
/** 默认主色（SPEC §9 拂晓蓝）：原色在白底上只有 3.2:1，界面上用 accessibleColor 加深后的颜色 */
export const BRAND_PRIMARY = '#1890FF';
/** 浅色主题的页面底色（内容区），浅色正文要在它与白色卡片上都够对比度 */
const PAGE_BG = '#f0f2f5';
const WHITE = '#ffffff';
/** 暗色主题（realDark）的容器底色 */
const DARK_BG = '#141414';

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** WCAG 2.x 的相对亮度 */
function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** 两色的对比度（1–21） */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a)), luminance(parseHex(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * 与 background 对比度至少 ratio 的同色相颜色：不够时向黑（浅底）或向白（深底）逐步混合，取第一个够的。
 * 已经够的颜色原样返回。
 */
export function accessibleColor(color: string, background: string = WHITE, ratio: number = TEXT_CONTRAST): string {
  if (contrastRatio(color, background) >= ratio) return toHex(parseHex(color));
  const target: Rgb = luminance(parseHex(background)) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const from = parseHex(color);
  // 每步混入 1%：颜色只比刚好达标深一点点，不把色相冲淡
  for (let step = 1; step <= 100; step++) {
    const t = step / 100;
    const mixed = from.map((v, i) => v + (target[i] - v) * t) as Rgb;
    if (contrastRatio(toHex(mixed), background) >= ratio) return toHex(mixed);
  }
  return toHex(target);
}

/** antd 默认的状态色与其浅底（提示、状态标签） */
export const ANTD_STATUS: Record<'Success' | 'Warning' | 'Error' | 'Info', [color: string, bg: string]> = {
  Success: ['#52c41a', '#f6ffed'],
  Warning: ['#faad14', '#fffbe6'],
  Error: ['#ff4d4f', '#fff2f0'],
  Info: ['#1677ff', '#e6f4ff'],
};
/** antd 的预设色（标签的 color="green" 等）：文字用第 7 级、底色用第 1 级 */
export const ANTD_PRESET: Record<string, [text7: string, bg1: string]> = {
  blue: ['#0958d9', '#e6f4ff'],
  purple: ['#531dab', '#f9f0ff'],
  cyan: ['#08979c', '#e6fffb'],
  green: ['#389e0d', '#f6ffed'],
  magenta: ['#c41d7f', '#fff0f6'],
  pink: ['#c41d7f', '#fff0f6'],
  red: ['#cf1322', '#fff1f0'],
  orange: ['#d46b08', '#fff7e6'],
  yellow: ['#d4b106', '#feffe6'],
  volcano: ['#d4380d', '#fff2e8'],
  geekblue: ['#1d39c4', '#f0f5ff'],
  lime: ['#7cb305', '#fcffe6'],
  gold: ['#d48806', '#fffbe6'],
};
/** 悬停、按下时的主色：在达标的主色上再加深（向黑混合的比例），变深只会更易读 */
const HOVER_DARKEN = 0.12;
const ACTIVE_DARKEN = 0.24;

function darken(color: string, t: number): string {
  return toHex(parseHex(color).map((v) => v * (1 - t)) as Rgb);
}

/** 向白混合：浅底与边框。antd 从种子色推导的浅色在种子变深后偏灰，这里直接给出 */
function tint(color: string, t: number): string {
  return toHex(parseHex(color).map((v) => v + (255 - v) * t) as Rgb);
}
/** 主色浅底（选中的菜单项、表格选中行）、其悬停色与边框：向白混合的比例 */
const TINT = { bg: 0.9, bgHover: 0.8, border: 0.6, borderHover: 0.45 } as const;

/** 与主色无关的部分：状态色（文字在浅底上、白字在实底上）与预设色标签的文字达到 AA */
const STATUS_TOKEN: Record<string, string> = Object.fromEntries([
  // 浅底保持 antd 的默认值（种子色变深后 antd 推导出的浅底偏灰），文字色按它加深
  ...Object.entries(ANTD_STATUS).flatMap(([status, [color, bg]]) => [
    [`color${status}`, accessibleColor(color, bg)],
    [`color${status}Bg`, bg],
  ]),
  ...Object.entries(ANTD_PRESET).map(([name, [text, bg]]) => [`${name}7`, accessibleColor(text, bg)]),
]);

/** antd 默认的状态色边框 */
const ANTD_STATUS_BORDER: Record<keyof typeof ANTD_STATUS, string> = { Success: '#b7eb8f', Warning: '#ffe58f', Error: '#ffccc7', Info: '#91caff' };
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * antd 从种子色推导、主题 token 覆盖不到其 CSS 变量的颜色（状态色的浅底、边框与文字色，预设色标签的第 7 级）：
 * 由 app/globals.css 在 antd 的变量作用域（.css-var-*）上重新声明为这里的值，单元测试核对两处一致。
 */
export function antdVarOverrides(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [status, [color, bg]] of Object.entries(ANTD_STATUS) as [keyof typeof ANTD_STATUS, [string, string]][]) {
    const name = kebab(status);
    out[`--ant-color${name}-bg`] = bg;
    out[`--ant-color${name}-border`] = ANTD_STATUS_BORDER[status];
    out[`--ant-color${name}-text`] = accessibleColor(color, bg);
  }
  for (const [name, [text, bg]] of Object.entries(ANTD_PRESET)) if (accessibleColor(text, bg) !== toHex(parseHex(text))) out[`--ant-${name}-7`] = accessibleColor(text, bg);
  return out;
}

/**
 * 主题 token：主色与链接色在浅色底上达到 AA（主色按钮上的白字同样够），
 * 次要文字（说明、占位符、表单额外说明）从 antd 默认的 45%/25% 黑加深到在页面底色上也够 4.5:1。
 * 禁用状态的文字不要求对比度（WCAG 1.4.3 的例外），保持 antd 默认，看得出不可用。
 */
export function accessibleToken(primary: string = BRAND_PRIMARY, dark = false): NonNullable<ThemeConfig['token']> {
  // 按钮上的白字与白底上的链接对比度相同（同一对颜色）；主色文字还出现在页面灰底与主色浅底（选中的菜单项）上，
  // 取其中最暗的底色算：各处都够
  const onPage = accessibleColor(primary, PAGE_BG);
  const onLight = accessibleColor(onPage, tint(onPage, TINT.bg));
  const primaryStates = { colorPrimary: onLight, colorPrimaryHover: darken(onLight, HOVER_DARKEN), colorPrimaryActive: darken(onLight, ACTIVE_DARKEN) };
  if (dark) {
    // 暗色主题：主色按钮仍是白字（用加深的颜色），链接在深色底上向白提亮；浅底由暗色算法推导
    return { ...primaryStates, colorLink: accessibleColor(primary, DARK_BG) };
  }
  return {
    ...STATUS_TOKEN,
    ...primaryStates,
    colorLink: onLight,
    colorPrimaryBg: tint(onLight, TINT.bg),
    colorPrimaryBgHover: tint(onLight, TINT.bgHover),
    colorPrimaryBorder: tint(onLight, TINT.border),
    colorPrimaryBorderHover: tint(onLight, TINT.borderHover),
    // 次要文字：60% 黑在 #f0f2f5 上 5.3:1、白底上 5.7:1（antd 默认 45% 只有 3.4:1）
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // 占位符：55% 黑在白底上 4.7:1，仍比输入的正文（88%）浅，看得出是提示
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  };
}

/** 非 antd 元素用到的 token，以 antd 的 CSS 变量名声明（antd 只在它自己的组件上声明这些变量） */
const CSS_VARS: Record<string, string> = {
  colorPrimary: '--ant-color-primary',
  colorPrimaryHover: '--ant-color-primary-hover',
  colorLink: '--ant-color-link',
  colorTextTertiary: '--ant-color-text-tertiary',
  colorTextPlaceholder: '--ant-color-text-placeholder',
  colorError: '--ant-color-error',
  colorSuccess: '--ant-color-success',
  colorWarning: '--ant-color-warning',
};

/** 把 token 写成 style 上的 CSS 变量（根布局的 body、门户框架的根元素） */
export function tokenCssVars(token: Record<string, unknown>): React.CSSProperties {
  const vars: Record<string, string> = {};
  for (const [key, name] of Object.entries(CSS_VARS)) if (typeof token[key] === 'string') vars[name] = token[key];
  return vars as React.CSSProperties;
}
