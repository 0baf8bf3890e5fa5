// 开发者组件页的标题：未提供时（404）不带出页面标题
import type { Metadata } from 'next';
import { devPagesEnabled } from '@/lib/platform/dev-pages';

export function devPageMetadata(title: string): Metadata {
  return devPagesEnabled() ? { title: `开发者组件页 · ${title}` } : {};
}
