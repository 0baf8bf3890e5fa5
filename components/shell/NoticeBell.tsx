'use client';
// 页头铃铛：未读数（超过 99 显示 99+），点开列出最近的站内消息，可逐条或全部标为已读。
// 新消息经推送即时到达（待办类另弹提醒）；推送断开时退回每 60 秒刷新未读数。
import { useCallback, useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { App, Badge, Button, Empty, List, Popover, Spin, Tag, Typography } from 'antd';
import { AuditOutlined, BellOutlined, InfoCircleOutlined, NotificationOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ApiClientError, apiGet, apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { usePushEvent, usePushStatus } from '@/components/push/PushProvider';
import PortalLink from './PortalLink';
import styles from './shell.module.css';

/** 全部消息页（components/message/MessageList.tsx 的路由） */
export const MESSAGES_PATH = '/account/messages';

export interface MessageRow {
  id: number;
  title: string;
  content: string;
  kind: string;
  link: string | null;
  read: boolean;
  createTime: string;
}

interface MessagePage {
  list: MessageRow[];
  total: number;
  pageNo: number;
  pageSize: number;
}

const REFRESH_MS = 60_000;
/** 任一处标记已读后广播，铃铛与工作台据此刷新 */
export const MESSAGES_CHANGED_EVENT = 'portal:messages-changed';
const LIST_SIZE = 8;

const KIND_ICON: Record<string, React.ReactNode> = {
  audit: <AuditOutlined />,
  notice: <NotificationOutlined />,
  system: <InfoCircleOutlined />,
};

/** 推送的新消息 → 列表行（推送只带标题、类型与链接；正文点开列表时再取） */
function noticeOf(data: Record<string, unknown>): MessageRow | null {
  if (typeof data.id !== 'number' || typeof data.title !== 'string') return null;
  return {
    id: data.id,
    title: data.title,
    content: '',
    kind: typeof data.kind === 'string' ? data.kind : 'system',
    link: typeof data.link === 'string' ? data.link : null,
    read: false,
    createTime: new Date().toISOString(),
  };
}

/** 标记已读并广播（铃铛、全部消息页与工作台据此刷新未读数） */
export async function markMessagesRead(body: { ids: number[] } | { all: true }): Promise<void> {
  await apiPost('/message/read', body);
  window.dispatchEvent(new Event(MESSAGES_CHANGED_EVENT));
}

export const isLocalLink = (link: string | null): link is string => !!link && link.startsWith('/') && !link.startsWith('//');

export default function NoticeBell({ initialCount, dark }: { initialCount: number; dark: boolean }) {
  const t = useT();
  const router = useRouter();
  const { message, notification } = App.useApp();
  const pushStatus = usePushStatus();
  const [count, setCount] = useState(initialCount);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [page, setPage] = useState<MessagePage | null>(null);

  // 接口客户端已按 SPEC §8 弹过通知的错误不再重复提示
  const showError = useCallback(
    (err: unknown, fallbackKey: string) => {
      if (err instanceof ApiClientError && err.notified) return;
      message.error(err instanceof Error && err.message ? err.message : t(fallbackKey));
    },
    [message, t],
  );

  const refreshCount = useCallback(async () => {
    try {
      const { count: n } = await apiGet('/message/unreadCount', undefined, { silent: true });
      setCount(n);
    } catch {
      // 轮询失败不打扰用户：会话失效等由接口客户端统一处理
    }
  }, []);

  useEffect(() => {
    window.addEventListener(MESSAGES_CHANGED_EVENT, refreshCount);
    return () => window.removeEventListener(MESSAGES_CHANGED_EVENT, refreshCount);
  }, [refreshCount]);

  // 推送连着时不轮询；断开时每 60 秒刷新一次，重新连上时补一次（ready，见下）
  useEffect(() => {
    if (pushStatus === 'open') return;
    const timer = window.setInterval(refreshCount, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [pushStatus, refreshCount]);

  const loadList = useCallback(async () => {
    setLoading(true);
    try {
      setPage(await apiPost('/message/list', { pageNo: 1, pageSize: LIST_SIZE }));
    } catch (err) {
      showError(err, 'shell.notice.loadFailed');
    } finally {
      setLoading(false);
    }
  }, [showError]);

  const markRead = async (body: { ids: number[] } | { all: true }) => {
    try {
      await markMessagesRead(body);
      setPage((p) =>
        p && { ...p, list: p.list.map((m) => ('all' in body || body.ids.includes(m.id) ? { ...m, read: true } : m)) },
      );
      return true;
    } catch (err) {
      showError(err, 'shell.notice.readFailed');
      return false;
    }
  };

  const onItemClick = async (m: MessageRow) => {
    if (!m.read) await markRead({ ids: [m.id] });
    if (isLocalLink(m.link)) {
      setOpen(false);
      router.push(m.link);
    }
  };

  // 新消息：铃铛立即加一（再向服务端核对），列表开着时把它排到最前；待办类弹出提醒
  usePushEvent('notice', (data) => {
    const item = noticeOf(data);
    if (!item) return;
    setCount((n) => n + 1);
    void refreshCount();
    setPage((p) => p && { ...p, total: p.total + 1, list: [item, ...p.list.filter((m) => m.id !== item.id)].slice(0, LIST_SIZE) });
    if (data.needsAction === true) {
      notification.info({
        key: `notice-${item.id}`,
        message: t('shell.notice.newAction'),
        description: item.title,
        placement: 'topRight',
        btn: isLocalLink(item.link) ? (
          <Button type="primary" size="small" onClick={() => {
              notification.destroy(`notice-${item.id}`);
              void onItemClick(item);
            }}>
            {t('shell.notice.open')}
          </Button>
        ) : undefined,
      });
    }
  });
  // 其他标签页标了已读、或断开太久需要整体刷新
  usePushEvent('notice.read', () => void refreshCount());
  usePushEvent('resync', () => void refreshCount());
  usePushEvent('ready', () => void refreshCount());

  const content = (
    <div className={styles.noticePanel} data-testid="notice-panel">
      <div className={styles.noticeHead}>
        <span className={styles.noticeTitle}>{t('shell.notice.title')}</span>
        <span className={styles.noticeSub}>{t('shell.notice.unread', { count })}</span>
        <Button type="link" size="small" disabled={count === 0} onClick={() => markRead({ all: true })}>
          {t('shell.notice.readAll')}
        </Button>
      </div>
      <Spin spinning={loading}>
        {page && page.list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.notice.empty')} />
        ) : (
          <List
            className={styles.noticeList}
            dataSource={page?.list ?? []}
            renderItem={(m) => (
              <List.Item
                className={m.read ? styles.noticeRead : styles.noticeUnread}
                onClick={() => onItemClick(m)}
                actions={m.read ? undefined : [<Tag key="new" color="red">{t('shell.notice.new')}</Tag>]}
              >
                <List.Item.Meta
                  avatar={<span className={styles.noticeIcon}>{KIND_ICON[m.kind] ?? KIND_ICON.system}</span>}
                  title={m.title}
                  description={
                    <>
                      <Typography.Paragraph ellipsis={{ rows: 2 }} className={styles.noticeContent}>
                        {m.content}
                      </Typography.Paragraph>
                      <span className={styles.noticeTime}>{dayjs(m.createTime).format('YYYY-MM-DD HH:mm')}</span>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Spin>
      <div className={styles.noticeFoot}>
        {page && page.total > page.list.length && <span>{t('shell.notice.total', { total: page.total, shown: page.list.length })}</span>}
        <PortalLink href={MESSAGES_PATH} onClick={() => setOpen(false)} data-testid="notice-view-all">
          {t('shell.notice.viewAll')}
        </PortalLink>
      </div>
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          loadList();
          refreshCount();
        }
      }}
    >
      {/* 名称含看得见的未读数（99+），读屏与语音控制说“消息通知 99+”都能对上 */}
      <button type="button" className={`${styles.action} ${styles.bellAction} ${dark ? styles.actionDark : ''}`} aria-label={count > 0 ? `${t('shell.notice.title')} ${count > 99 ? '99+' : count}` : t('shell.notice.title')} data-testid="notice-bell">
        <Badge count={count} overflowCount={99} size="small" offset={[4, -2]}>
          <BellOutlined className={styles.actionIcon} />
        </Badge>
      </button>
    </Popover>
  );
}
