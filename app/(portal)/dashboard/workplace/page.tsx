// 工作台：登录后的默认落点（SPEC §2），菜单组件名 Workplace。
import type { Metadata } from 'next';
import Workplace from '@/components/workplace/Workplace';
import { screenNames } from '@/components/screens/registry';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT())('shell.title.workplace') };
}

export default function WorkplacePage() {
  return <Workplace screenNames={screenNames()} />;
}
