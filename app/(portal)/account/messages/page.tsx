import type { Metadata } from 'next';
import MessageList from '@/components/message/MessageList';
import { getT } from '@/lib/i18n/server';

// 全部消息：页头铃铛进入（不在菜单里），任一已登录用户只看本人的消息
export async function generateMetadata(): Promise<Metadata> {
  const t = await getT();
  return { title: t('shell.title.messages') };
}

export default function MessagesPage() {
  return <MessageList />;
}
