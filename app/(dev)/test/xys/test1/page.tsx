// 开发者组件页 test1：列表界面（门卫在 app/(dev)/layout.tsx）
import type { Metadata } from 'next';
import { devPageMetadata } from '@/app/(dev)/metadata';
import ListDemo from '@/components/devPages/ListDemo';

export const generateMetadata = (): Metadata => devPageMetadata('列表界面');

export default function Page() {
  return <ListDemo />;
}
