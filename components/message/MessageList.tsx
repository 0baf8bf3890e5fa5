'use client';
// 「消息通知」全部消息（页头铃铛 › 查看全部）：本人的站内消息，分页、可只看未读；逐条、勾选的几条或全部标为已读；
// 带站内链接的消息可直接打开。标记后广播 MESSAGES_CHANGED_EVENT，铃铛上的未读数随之刷新；推送来的新消息即时排进列表。
import { useState } from 'react';
import { Button, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useRouter } from 'next/navigation';
import ListScreen from '@/components/list/ListScreen';
import TwoLineCell from '@/components/list/TwoLineCell';
import type { ListHelpers } from '@/components/list/types';
import { usePushEvent } from '@/components/push/PushProvider';
import { isLocalLink, markMessagesRead } from '@/components/shell/NoticeBell';
import { useT } from '@/lib/i18n/client';
import type { MessageItem } from '@/lib/domains/message/schemas';

const KIND_OPTIONS = [
  { value: 'audit', label: '待办' },
  { value: 'notice', label: '通知' },
  { value: 'system', label: '系统' },
];

export default function MessageList() {
  const t = useT();
  const router = useRouter();
  const [refresh, setRefresh] = useState(0);
  usePushEvent('notice', () => setRefresh((n) => n + 1));
  usePushEvent('notice.read', () => setRefresh((n) => n + 1));

  const markRead = async (body: { ids: number[] } | { all: true }, helpers?: ListHelpers) => {
    await markMessagesRead(body);
    helpers?.reload();
  };

  return (
    <ListScreen<MessageItem>
      title="全部消息"
      resource="message"
      rowKey="id"
      testId="message-list"
      refreshKey={refresh}
      list={{ path: '/message/list' }}
      filters={[{ name: 'unreadOnly', label: '范围', type: 'select', options: [{ value: 'false', label: '全部消息' }, { value: 'true', label: '只看未读' }], initialValue: 'false' }]}
      columns={[
        { title: '状态', dataIndex: 'read', width: 80, render: (v: boolean) => (v ? <Tag>{t('已读')}</Tag> : <Tag color="red">{t('未读')}</Tag>) },
        { title: '类型', dataIndex: 'kind', width: 80, options: KIND_OPTIONS },
        { title: '消息', dataIndex: 'title', render: (_v, r) => <TwoLineCell main={r.title} sub={r.content} /> },
        { title: '时间', dataIndex: 'createTime', format: 'datetime' },
      ]}
      toolbarExtra={(helpers) => (
        <Button icon={<CheckOutlined />} onClick={() => void markRead({ all: true }, helpers).catch(() => undefined)} data-testid="message-read-all">
          {t('全部标为已读')}
        </Button>
      )}
      rowActions={[
        {
          key: 'open',
          label: '打开',
          visible: (r) => isLocalLink(r.link),
          onClick: (r) => {
            void (r.read ? Promise.resolve() : markRead({ ids: [r.id] })).catch(() => undefined).then(() => router.push(r.link!));
          },
        },
        { key: 'read', label: '标为已读', visible: (r) => !r.read, onClick: (r, helpers) => void markRead({ ids: [r.id] }, helpers).catch(() => undefined) },
      ]}
      batchActions={[{ key: 'read', label: '标为已读', onClick: (ids, _rows, helpers) => void markRead({ ids: ids.map(Number) }, helpers).catch(() => undefined) }]}
      emptyText="暂无消息"
    />
  );
}
