'use client';
// 门户里的站内链接：不让 Next 预取。视口预取会为侧栏与顶栏里每个看得见的菜单项向服务端要一次 RSC（每次都跑一遍门户布局：
// 会话、权限、菜单），路由器随后又多半把它们取消；页面刚出来时这十来个请求与用户的下一次导航抢服务器（bench/README.md，2026-11-30）。
// 界面代码由 components/screens/preload.ts 空闲时预先下载；数据不预取（列表刚改过会显示旧数据）。
import type { ComponentProps } from 'react';
import Link from 'next/link';

export default function PortalLink(props: Omit<ComponentProps<typeof Link>, 'prefetch'>) {
  return <Link {...props} prefetch={false} />;
}
