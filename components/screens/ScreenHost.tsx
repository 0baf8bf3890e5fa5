'use client';
// 按名字显示一个客户端界面：界面代码按需加载（每个界面单独的代码块），服务端先取的第一页经 FirstPage 交给列表。
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Skeleton } from 'antd';
import type { FirstPage, ServerData } from './first-page';
import { FirstPageContext } from './FirstPageContext';
import { ServerDataContext } from './ServerDataContext';
import { screenFallback } from './fallbacks';
import { lazyScreens } from './lazy-screens';
import { pageHydrated } from '@/components/shell/HydrationMark';


/**
 * 服务端画出的界面不包 Suspense：React 把超过约 12 KB 的已完成 Suspense 边界挪到 HTML 末尾（先送占位），
 * 等下一个动画帧才换上内容，而主包脚本一执行，那一帧要等它跑完——列表页的行因此晚出现 0.4–1 秒（bench/README.md）。
 * 没有边界时界面就在框架的 HTML 里原处画出；水合时界面代码还没到，React 保留服务端的 HTML 等它到了再水合。
 * 菜单里点开的界面（首次水合之后挂上）仍包 Suspense：代码没到时先显示骨架（大屏是深色外框）。
 */
export default function ScreenHost({ name, firstPage, serverData }: { name: string; firstPage?: FirstPage | null; serverData?: ServerData | null }) {
  const Screen = lazyScreens[name];
  const value = useMemo(() => firstPage ?? null, [firstPage]);
  const data = useMemo(() => serverData ?? null, [serverData]);
  // 页面水合之后（菜单里点开）挂上的 ScreenHost 才给界面包一层带占位的 Suspense
  const [withFallback] = useState(pageHydrated);
  const screen = (
    <>
      <Screen />
      <ScreenReady />
    </>
  );
  return (
    <FirstPageContext value={value}>
      <ServerDataContext value={data}>
        {withFallback ? <Suspense fallback={screenFallback(name) ?? <Skeleton active paragraph={{ rows: 8 }} />}>{screen}</Suspense> : screen}
      </ServerDataContext>
    </FirstPageContext>
  );
}

/**
 * 界面可以操作的标记：与界面一同水合（服务端画出的）或在浏览器里画出后才变为 true。
 * 直接打开的页面里界面代码块到了才水合界面，其间界面上的按钮已经看得见却点不动：根布局里的 input-guard 把这段时间的点击与回车排队，
 * 标记变 true 时重放（docs/HYDRATION.md）；端到端测试的 waitForHydration 等到页面上没有 false 的标记。
 */
function ScreenReady() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.dataset.screenReady = 'true';
  }, []);
  return <span ref={ref} hidden data-screen-ready="false" />;
}
