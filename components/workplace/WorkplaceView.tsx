'use client';
// 工作台的展示：问候与所属单位、我的功能（按一级菜单分组）、最近登录记录、未读消息、账号安全。
import { useEffect, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { App, Avatar, Button, Card, Col, Empty, List, Row, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  BankOutlined,
  CheckCircleFilled,
  EnvironmentOutlined,
  ExclamationCircleFilled,
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  RightOutlined,
  UserOutlined,
  HistoryOutlined,
} from '@ant-design/icons';
import { ApiClientError } from '@/components/api-client';
import { MenuIcon } from '@/components/shell/icons';
import { MESSAGES_CHANGED_EVENT, isLocalLink, markMessagesRead } from '@/components/shell/NoticeBell';
import { useT } from '@/lib/i18n/client';
import type { FunctionGroup, LoginRecord, WorkplaceData } from './data';
import styles from './workplace.module.css';

const SECURITY_PATH = '/account/settings/security';
const BASIC_PATH = '/account/settings/basic';

const LOGIN_KIND_COLOR: Record<string, string> = {
  login: 'success',
  sso: 'success',
  failure: 'error',
  locked: 'volcano',
  logout: 'default',
};

function GroupCard({ group }: { group: FunctionGroup }) {
  const t = useT();
  const body = (
    <>
      <div className={styles.groupHead}>
        <span className={styles.groupIcon}>
          <MenuIcon name={group.icon} />
        </span>
        <span className={styles.groupTitle} data-group-title>
          {group.title}
        </span>
        {group.href && <RightOutlined className={styles.groupArrow} />}
      </div>
      <div className={styles.groupCount}>{t('shell.workplace.functionCount', { count: group.count })}</div>
      <div className={styles.groupItems}>
        {group.items.map((item) => (
          <span key={item} className={styles.groupItem}>
            {item}
          </span>
        ))}
        {group.count > group.items.length && <span className={styles.groupMore}>{t('shell.workplace.more', { count: group.count - group.items.length })}</span>}
      </div>
    </>
  );
  return group.href ? (
    <Link href={group.href} className={`${styles.group} ${styles.groupLink}`} data-testid={`group-${group.key}`}>
      {body}
    </Link>
  ) : (
    <div className={styles.group} data-testid={`group-${group.key}`}>
      {body}
    </div>
  );
}

/** notices：通知公告卡片（服务端组件，由 Workplace 传入） */
export default function WorkplaceView({ data, notices }: { data: WorkplaceData; notices?: ReactNode }) {
  const t = useT();
  const router = useRouter();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  // 铃铛里标记已读后，工作台的未读列表随之刷新
  useEffect(() => {
    const refresh = () => router.refresh();
    window.addEventListener(MESSAGES_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(MESSAGES_CHANGED_EVENT, refresh);
  }, [router]);

  const markRead = async (body: { ids: number[] } | { all: true }) => {
    setBusy(true);
    try {
      await markMessagesRead(body);
      message.success(t('shell.workplace.markedRead'));
    } catch (err) {
      if (!(err instanceof ApiClientError && err.notified)) message.error(t('shell.notice.readFailed'));
    } finally {
      setBusy(false);
    }
  };

  const totalFunctions = data.groups.reduce((n, g) => n + g.count, 0);
  const levelLabel = t(`shell.level.${data.user.level}`);
  const weak = data.user.passwordStrength !== 3;

  const loginColumns: TableColumnsType<LoginRecord> = [
    { title: t('shell.workplace.login.time'), dataIndex: 'time', width: 180 },
    {
      title: t('shell.workplace.login.result'),
      dataIndex: 'kind',
      width: 110,
      render: (kind: string, row) => (
        <Tag color={LOGIN_KIND_COLOR[kind] ?? 'default'} title={row.message ?? undefined}>
          {t(`shell.workplace.login.kind.${kind}`)}
        </Tag>
      ),
    },
    { title: t('shell.workplace.login.ip'), dataIndex: 'ip', width: 150, render: (ip: string | null) => ip || '-' },
    { title: t('shell.workplace.login.client'), dataIndex: 'client', ellipsis: true },
  ];

  const security = [
    {
      key: 'password',
      icon: <LockOutlined />,
      title: t('shell.workplace.security.password'),
      ok: !weak,
      desc: weak ? t('shell.workplace.security.passwordWeak') : t('shell.workplace.security.passwordStrong'),
      action: { href: SECURITY_PATH, label: t('shell.workplace.security.change') },
    },
    {
      key: 'mobile',
      icon: <MobileOutlined />,
      title: t('shell.workplace.security.mobile'),
      ok: !!data.user.mobile,
      desc: data.user.mobile ? t('shell.workplace.security.mobileBound', { mobile: data.user.mobile }) : t('shell.workplace.security.mobileUnbound'),
      action: { href: SECURITY_PATH, label: data.user.mobile ? t('shell.workplace.security.change') : t('shell.workplace.security.bind') },
    },
    {
      key: 'email',
      icon: <MailOutlined />,
      title: t('shell.workplace.security.email'),
      ok: !!data.user.email,
      desc: data.user.email ?? t('shell.workplace.security.emailUnset'),
      action: { href: BASIC_PATH, label: data.user.email ? t('shell.workplace.security.change') : t('shell.workplace.security.set') },
    },
    {
      key: 'previous',
      icon: <HistoryOutlined />,
      title: t('shell.workplace.security.previousLogin'),
      ok: true,
      desc: data.previousLogin ?? t('shell.workplace.security.firstLogin'),
      action: null,
    },
  ];

  return (
    <div className={styles.workplace} data-testid="workplace">
      <Card variant="borderless" className={styles.hero}>
        <div className={styles.heroBody}>
          <div className={styles.heroMain}>
            <Avatar size={64} src={data.user.avatar || undefined} icon={<UserOutlined />} className={styles.heroAvatar} />
            <div className={styles.heroText}>
              <h2 className={styles.heroTitle} data-testid="workplace-greeting">
                {t(`shell.workplace.greeting.${data.period}`, { name: data.user.name })}
              </h2>
              <div className={styles.heroMeta}>
                <span>
                  {data.roles.map((r) => (
                    <Tag key={r} color="blue" className={styles.roleTag}>
                      {r}
                    </Tag>
                  ))}
                  <Tag>{levelLabel}</Tag>
                </span>
                {data.areaNames.length > 0 && (
                  <span className={styles.metaItem}>
                    <EnvironmentOutlined /> {data.areaNames.join(' / ')}
                  </span>
                )}
                {data.orgName && (
                  <span className={styles.metaItem}>
                    <BankOutlined /> {data.orgName}
                  </span>
                )}
              </div>
              <div className={styles.heroSub}>{t('shell.workplace.today', { date: data.today, account: data.user.account })}</div>
            </div>
          </div>
          <div className={styles.heroStats}>
            <Statistic title={t('shell.workplace.stat.unread')} value={data.unreadCount} />
            <Statistic title={t('shell.workplace.stat.functions')} value={totalFunctions} />
            <Statistic title={t('shell.workplace.stat.logins')} value={data.loginsLast30Days} />
          </div>
        </div>
      </Card>

      <Row gutter={16}>
        <Col span={16}>
          <div className={styles.column}>
          <Card
            title={t('shell.workplace.functions')}
            extra={<Typography.Text type="secondary">{t('shell.workplace.functionsHint', { groups: data.groups.length })}</Typography.Text>}
            className={styles.card}
            data-testid="my-functions"
          >
            {data.groups.length === 0 ? (
              <Empty description={t('shell.workplace.noFunctions')} />
            ) : (
              <div className={styles.groupGrid}>
                {data.groups.map((g) => (
                  <GroupCard key={g.key} group={g} />
                ))}
              </div>
            )}
          </Card>
          <Card title={t('shell.workplace.logins')} className={styles.card} data-testid="login-records">
            <Table<LoginRecord>
              size="small"
              rowKey="id"
              columns={loginColumns}
              dataSource={data.logins}
              pagination={false}
              locale={{ emptyText: t('shell.workplace.noLogins') }}
            />
          </Card>
          </div>
        </Col>
        <Col span={8}>
          <div className={styles.column}>
          {notices}
          <Card
            title={t('shell.workplace.unread')}
            extra={
              data.unread.length > 0 && (
                <Button type="link" size="small" disabled={busy} onClick={() => markRead({ all: true })}>
                  {t('shell.notice.readAll')}
                </Button>
              )
            }
            className={styles.card}
            data-testid="unread-messages"
          >
            {data.unread.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.workplace.noUnread')} />
            ) : (
              <List
                dataSource={data.unread}
                renderItem={(m) => (
                  <List.Item
                    actions={[
                      <Button key="read" type="link" size="small" disabled={busy} onClick={() => markRead({ ids: [m.id] })}>
                        {t('shell.workplace.markRead')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      title={isLocalLink(m.link) ? <Link href={m.link}>{m.title}</Link> : m.title}
                      description={
                        <>
                          <Typography.Paragraph ellipsis={{ rows: 2 }} className={styles.messageContent}>
                            {m.content}
                          </Typography.Paragraph>
                          <span className={styles.messageTime}>{m.createTime}</span>
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            )}
            {data.unreadCount > data.unread.length && (
              <div className={styles.moreUnread}>{t('shell.workplace.moreUnread', { count: data.unreadCount - data.unread.length })}</div>
            )}
          </Card>
          <Card title={t('shell.workplace.security')} className={styles.card} data-testid="account-security">
            <List
              dataSource={security}
              renderItem={(s) => (
                <List.Item actions={s.action ? [<Link key="go" href={s.action.href}>{s.action.label}</Link>] : undefined}>
                  <List.Item.Meta
                    avatar={<span className={styles.securityIcon}>{s.icon}</span>}
                    title={
                      <span className={styles.securityTitle}>
                        {s.title}
                        {s.ok ? <CheckCircleFilled className={styles.ok} /> : <ExclamationCircleFilled className={styles.warn} />}
                      </span>
                    }
                    description={<span className={s.ok ? undefined : styles.warnText}>{s.desc}</span>}
                  />
                </List.Item>
              )}
            />
          </Card>
          </div>
        </Col>
      </Row>
    </div>
  );
}
