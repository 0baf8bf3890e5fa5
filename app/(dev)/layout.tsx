// 开发者组件页（SPEC §2 的测试页）：免登录，只展示共用组件、不写数据库。
// 生产环境默认 404，设 DEV_PAGES=true 才提供（lib/platform/dev-pages.ts）；每次请求时判断（不在构建时定下）。
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { devPagesEnabled } from '@/lib/platform/dev-pages';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function DevPagesLayout({ children }: { children: ReactNode }) {
  if (!devPagesEnabled()) notFound();
  return children;
}
