// 开发者组件页 myComponents：共用组件索引（门卫在 app/(dev)/layout.tsx）
import type { Metadata } from 'next';
import { devPageMetadata } from '@/app/(dev)/metadata';
import ComponentIndex from '@/components/devPages/ComponentIndex';

export const generateMetadata = (): Metadata => devPageMetadata('组件索引');

export default function Page() {
  return <ComponentIndex />;
}
