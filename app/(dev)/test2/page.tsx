// 开发者组件页 test2：表单字段、校验与上传字段（门卫在 app/(dev)/layout.tsx）
import type { Metadata } from 'next';
import { devPageMetadata } from '@/app/(dev)/metadata';
import FormDemo from '@/components/devPages/FormDemo';

export const generateMetadata = (): Metadata => devPageMetadata('表单与上传');

export default function Page() {
  return <FormDemo />;
}
