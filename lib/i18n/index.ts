// 界面文字：zh-CN 为默认且完整，en-US 完整；zh-TW、pt-BR 在语言菜单中列出，缺的键回退到 zh-CN。
// 每个功能一份消息文件（messages/<ns>.ts 导出 { 'zh-CN': {...}, 'en-US': {...} }），在此合并。
import { authMessages } from './messages/auth';
import { shellMessages } from './messages/shell';

export const LOCALES = [
  { key: 'zh-CN', label: '简体中文', icon: '🇨🇳' },
  { key: 'zh-TW', label: '繁體中文', icon: '🇭🇰' },
  { key: 'en-US', label: 'English', icon: '🇺🇸' },
  { key: 'pt-BR', label: 'Português', icon: '🇧🇷' },
] as const;
export type Locale = (typeof LOCALES)[number]['key'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALE_COOKIE = 'lang';

export type Messages = Record<string, string>;
type Namespace = Partial<Record<Locale, Messages>> & { 'zh-CN': Messages };

const namespaces: Namespace[] = [authMessages, shellMessages];

const cache = new Map<Locale, Messages>();

export function isLocale(v: unknown): v is Locale {
  return LOCALES.some((l) => l.key === v);
}

/** 某语言的全部消息，缺的键用 zh-CN 补齐 */
export function getMessages(locale: Locale): Messages {
  let m = cache.get(locale);
  if (!m) {
    m = {};
    for (const ns of namespaces) Object.assign(m, ns['zh-CN'], ns[locale]);
    cache.set(locale, m);
  }
  return m;
}

/** 取文字并替换 {name} 占位；缺键时返回键本身，便于发现遗漏 */
export function translate(messages: Messages, key: string, vars?: Record<string, string | number>): string {
  const text = messages[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? `{${k}}`)) : text;
}
