// 菜单标题按语言：服务端下发菜单（GET /api/index/getUserRouters、getUserAndPermissions 与门户框架的服务端数据）
// 时按请求的语言把 meta.title 换成 'menu.<key>' 的文字。管理员在资源管理里改过的标题（与资源树的原标题不同）
// 没有译文，照原样显示，不用旧标题的译文顶替。
import { getMessages, translate, DEFAULT_LOCALE, type Locale } from './index';
import type { MenuItem } from '@/lib/domains/access/menu';

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
