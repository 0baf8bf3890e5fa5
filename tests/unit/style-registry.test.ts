// 服务端的 antd 样式收集（components/shell/StyleRegistry.tsx）：算好的样式在进程里记住，下一个请求不再算；
// 每个请求仍只写出本页用到的样式。
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTheme, extractStyle, StyleProvider, useStyleRegister } from '@ant-design/cssinjs';
import { requestCache } from '@/components/shell/StyleRegistry';

const computed: string[] = [];
const theme = createTheme(() => ({}));

/** 一个注册了样式的组件（与 antd 组件注册样式的方式相同） */
function Styled({ name }: { name: string }) {
  useStyleRegister({ theme, token: {}, path: ['style-registry-test', name], hashId: 'css-test' }, () => {
    computed.push(name);
    return { [`.${name}`]: { color: 'red' } };
  });
  return null;
}

function renderPage(...names: string[]): string {
  const cache = requestCache();
  renderToString(createElement(StyleProvider, { cache }, ...names.map((name) => createElement(Styled, { key: name, name }))));
  return extractStyle(cache, { plain: true });
}

describe('服务端样式收集', () => {
  it('第二个请求用上一个请求算好的样式，不再展开、序列化', () => {
    const first = renderPage('alpha', 'beta');
    expect(first).toContain('.alpha');
    expect(first).toContain('.beta');
    expect(computed).toEqual(['alpha', 'beta']);

    const second = renderPage('alpha', 'beta');
    expect(second).toContain('.alpha');
    expect(computed).toEqual(['alpha', 'beta']);
  });

  it('每页只写出本页用到的样式', () => {
    renderPage('gamma', 'delta');
    const page = renderPage('gamma');
    expect(page).toContain('.gamma');
    expect(page).not.toContain('.delta');
  });
});
