// 服务端：按名字取菜单图标的 SVG 定义（@ant-design/icons-svg 的抽象节点），只取本人菜单用到的几个交给浏览器。
import 'server-only';
import * as svgIcons from '@ant-design/icons-svg';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { FALLBACK_ICON, ICON_EXPORTS, menuIconKey } from './icon-names';

export type MenuIconDefs = Record<string, IconDefinition>;

export function menuIconDefs(names: Iterable<string | null | undefined>): MenuIconDefs {
  const keys = new Set([FALLBACK_ICON]);
  for (const name of names) keys.add(menuIconKey(name));
  const table = svgIcons as unknown as Record<string, IconDefinition>;
  return Object.fromEntries([...keys].map((k) => [k, table[ICON_EXPORTS[k]]]).filter(([, def]) => def));
}
