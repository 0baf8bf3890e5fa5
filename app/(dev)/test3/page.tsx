// 开发者组件页 test3：状态标签、时间线、空状态与确认框（门卫在 app/(dev)/layout.tsx）
import type { Metadata } from 'next';
import { devPageMetadata } from '@/app/(dev)/metadata';
import StatusDemo from '@/components/devPages/StatusDemo';

export const generateMetadata = (): Metadata => devPageMetadata('状态与时间线');

export default function Page() {
  return <StatusDemo />;
}
