'use client';
// 门户框架的菜单图标：服务端按本人菜单取出的 SVG 定义（icon-defs.ts）经 MenuIconContext 给到这里，画成与 @ant-design/icons
// 相同的标记（span.anticon > svg）。浏览器端不带图标代码，菜单里有几个图标就只传几个定义。
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { FALLBACK_ICON, menuIconKey } from './icon-names';

export const MenuIconContext = createContext<Record<string, IconDefinition>>({});

/** SVG 属性写成 React 的写法（fill-rule → fillRule） */
function props(attrs: Record<string, string>, key?: number): Record<string, unknown> {
  const out: Record<string, unknown> = key === undefined ? {} : { key };
  for (const [k, v] of Object.entries(attrs)) out[k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}

function svgNode(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, props(node.attrs, key), node.children?.map(svgNode));
}

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const defs = useContext(MenuIconContext);
  const def = defs[menuIconKey(name)] ?? defs[FALLBACK_ICON];
  if (!def || typeof def.icon === 'function') return null;
  return (
    <span role="img" aria-label={def.name} className={`anticon anticon-${def.name}`}>
      <svg {...props(def.icon.attrs)} width="1em" height="1em" fill="currentColor" aria-hidden="true" data-icon={def.name}>
        {def.icon.children?.map(svgNode)}
      </svg>
    </span>
  );
}
