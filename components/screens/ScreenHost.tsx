'use client';
// 按名字显示一个客户端界面：界面代码按需加载（每个界面单独的代码块），服务端先取的第一页经 FirstPage 交给列表。
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Skeleton } from 'antd';
import { clientScreens } from './client-screens';
import type { FirstPage } from './first-page';
import { FirstPageContext } from './FirstPageContext';

/** 每个界面一个 React.lazy（模块加载时建好；渲染到哪个才下载哪个） */
const lazyScreens: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(Object.entries(clientScreens).map(([name, load]) => [name, lazy(load)]));

export default function ScreenHost({ name, firstPage }: { name: string; firstPage?: FirstPage | null }) {
  const Screen = lazyScreens[name];
  const value = useMemo(() => firstPage ?? null, [firstPage]);
  return (
    <FirstPageContext value={value}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <Screen />
      </Suspense>
    </FirstPageContext>
  );
}
