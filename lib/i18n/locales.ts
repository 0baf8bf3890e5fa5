// 语言、消息的类型与 translate：不含任何消息目录，客户端组件从这里取（从 ./index 取会把四种语言的全部目录打进浏览器的代码）。
export const LOCALES = [
  { key: 'zh-CN', label: '简体中文', icon: '🇨🇳' },
  { key: 'zh-TW', label: '繁體中文', icon: '🇭🇰' },
  { key: 'en-US', label: 'English', icon: '🇺🇸' },
  { key: 'pt-BR', label: 'Português', icon: '🇧🇷' },
] as const;
export type Locale = (typeof LOCALES)[number]['key'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALE_COOKIE = 'lang';
/** 没有自己译文、以英文显示的语言：门户框架顶部提示 */
export const EN_FALLBACK_LOCALES: readonly Locale[] = ['pt-BR'];
export const PT_FALLBACK_NOTICE_KEY = 'shell.i18n.ptFallback';

export type Messages = Record<string, string>;
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export function isLocale(v: unknown): v is Locale {
  return LOCALES.some((l) => l.key === v);
}

/** 取文字并替换 {name} 占位；缺键时返回键本身：原文键即显示中文原文，稳定键则便于发现遗漏 */
export function translate(messages: Messages, key: string, vars?: Record<string, string | number>): string {
  const text = messages[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? `{${k}}`)) : text;
}
