import type { Metadata } from 'next';
import MyTasks from '@/components/task/MyTasks';
import { getT } from '@/lib/i18n/server';

// 「我的任务」：页头的任务按钮进入（不在菜单里），任一已登录用户只看本人的任务
export async function generateMetadata(): Promise<Metadata> {
  const t = await getT();
  return { title: t('task.title') };
}

export default function MyTasksPage() {
  return <MyTasks />;
}
