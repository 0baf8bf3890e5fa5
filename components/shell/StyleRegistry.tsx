'use client';
// antd 的样式收集（代替 @ant-design/nextjs-registry 的 AntdRegistry）：服务端渲染时把本页用到的组件样式写进 HTML 的 <style>。
// 与 AntdRegistry 的差别只有一处：服务端进程里记住算好的样式。AntdRegistry 每个请求新建一个空缓存，
// 每页都把几十个组件的样式对象重新展开、序列化一遍（stylis、散列），占整页服务端 CPU 的三成（bench/README.md）。
// 浏览器里整个应用本来就只有一个缓存，同样按这些键复用；服务端这里同理，每页仍只写出本页用到的样式。
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { useServerInsertedHTML } from 'next/navigation';
import { useState } from 'react';

type Cache = ReturnType<typeof createCache>;

/** 样式缓存的键（组件、主题令牌、散列类名……）→ 算好的值；键里已含决定样式的一切，值不依赖请求 */
const computed = new Map<string, unknown>();
/**
 * 每种主题（预设的几种主色 × 明暗，components/shell/settings.ts）一套令牌与变量，条目本来有限（每套约几百条）；
 * 上限只是保险：超过就清空重来，内存不会无限增长
 */
const MAX_ENTRIES = 10_000;

/** 每个请求一个缓存（extractStyle 只写出本页用到的键），但本页第一次用到某个键时先从进程里记住的值取 */
export function requestCache(): Cache {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) => {
    if (!cache.cache.has(key) && computed.has(key)) cache.cache.set(key, [0, computed.get(key)]);
    update(key, valueFn);
    const entry = cache.cache.get(key);
    if (entry && !computed.has(key)) {
      if (computed.size >= MAX_ENTRIES) computed.clear();
      computed.set(key, entry[1]);
    }
  };
  return cache;
}

export default function StyleRegistry({ children }: { children: React.ReactNode }) {
  const [cache] = useState(() => (typeof window === 'undefined' ? requestCache() : createCache()));
  useServerInsertedHTML(() => {
    const styleText = extractStyle(cache, { plain: true, once: true });
    // 本次流式输出之间没有新样式
    if (styleText.includes('.data-ant-cssinjs-cache-path{content:"";}')) return null;
    // 放在浏览器端运行时插入的样式之前（与 AntdRegistry 相同的标记）
    return <style id="antd-cssinjs" data-rc-order="prepend" data-rc-priority="-1000" dangerouslySetInnerHTML={{ __html: styleText }} />;
  });
  return <StyleProvider cache={cache}>{children}</StyleProvider>;
}
