// 菜单标题按语言：服务端下发菜单（GET /api/index/getUserRouters、getUserAndPermissions 与门户框架的服务端数据）
// 时按请求的语言把 meta.title 换成 'menu.<key>' 的文字。管理员在资源管理里改过的标题（与资源树的原标题不同）
// 没有译文，照原样显示，不用旧标题的译文顶替。资源树、授权与选择框里的资源标题同此（localizeResourceTitles）。
import { getMessages, translate, DEFAULT_LOCALE, type Locale } from './index';
import type { MenuItem } from '@/lib/domains/access/menu';
import { mapObjects } from './vocabulary';

export function localizeMenu<M extends MenuItem>(items: readonly M[], locale: Locale): M[] {
  if (locale === DEFAULT_LOCALE) return [...items];
  const zh = getMessages(DEFAULT_LOCALE);
  const messages = getMessages(locale);
  return items.map((item) => {
    const key = `menu.${item.key}`;
    if (zh[key] !== item.meta.title) return item;
    return { ...item, meta: { ...item.meta, title: translate(messages, key) } };
  });
}

/** 某资源的标题按语言：与资源树原标题（'menu.<key>' 的中文）相同时换成该语言的标题；改过的原样 */
export function resourceTitle(key: string, title: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return title;
  const menuKey = `menu.${key}`;
  if (getMessages(DEFAULT_LOCALE)[menuKey] === title) return translate(getMessages(locale), menuKey);
  // 没有 key 的固定项（如上级选择的根“一级菜单”）按原文查
  return key ? title : translate(getMessages(locale), title);
}

/**
 * 答复里的资源标题（资源树、授权、选择框）按语言：凡带字符串 key 与 title 的节点都换（递归 children 等）。
 * into 为 'displayTitle' 时另存一份显示用标题、title 保持原文（资源管理的编辑表单以 title 回填，不能写回译文）。
 */
export function localizeResourceTitles<T>(value: T, locale: Locale, into: 'title' | 'displayTitle' = 'title'): T {
  if (locale === DEFAULT_LOCALE) return value;
  return mapObjects(value, (copy, original) => {
    if (typeof original.key === 'string' && typeof original.title === 'string') copy[into] = resourceTitle(original.key, original.title, locale);
  });
}
