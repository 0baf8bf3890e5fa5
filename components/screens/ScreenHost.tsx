'use client';
// 按名字显示一个客户端界面：界面代码按需加载（每个界面单独的代码块），服务端先取的第一页经 FirstPage 交给列表。
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Skeleton } from 'antd';
import type { FirstPage, ServerData } from './first-page';
import { FirstPageContext } from './FirstPageContext';
import { ServerDataContext } from './ServerDataContext';
import { screenFallback } from './fallbacks';
import { lazyScreens } from './lazy-screens';

export default function ScreenHost({ name, firstPage, serverData }: { name: string; firstPage?: FirstPage | null; serverData?: ServerData | null }) {
  const Screen = lazyScreens[name];
  const value = useMemo(() => firstPage ?? null, [firstPage]);
  const data = useMemo(() => serverData ?? null, [serverData]);
  return (
    <FirstPageContext value={value}>
      <ServerDataContext value={data}>
        <Suspense fallback={screenFallback(name) ?? <Skeleton active paragraph={{ rows: 8 }} />}>
          <Screen />
          <ScreenReady />
        </Suspense>
      </ServerDataContext>
    </FirstPageContext>
  );
}

/**
 * 界面可以操作的标记：与界面在同一个 Suspense 里，界面水合（服务端画出的）或在浏览器里画出后才变为 true。
 * 直接打开的页面里，根布局先水合（html 的 data-hydrated），按需加载的界面代码块到了才水合界面本身，
 * 其间界面上的按钮已经看得见却点不动：根布局里的 input-guard 把这段时间的点击与回车排队，标记变 true 时重放（docs/HYDRATION.md）；
 * 端到端测试的 waitForHydration 等到页面上没有 false 的标记。
 */
function ScreenReady() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.dataset.screenReady = 'true';
  }, []);
  return <span ref={ref} hidden data-screen-ready="false" />;
}
