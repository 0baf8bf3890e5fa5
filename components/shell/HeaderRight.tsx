'use client';
// 页头右侧：布局设置、消息铃铛、语言菜单、问候语与账号下拉（个人设置、退出登录）。
import { useRouter } from 'next/navigation';
import { App, Avatar, Dropdown, Tooltip, type MenuProps } from 'antd';
import { GlobalOutlined, LogoutOutlined, ScheduleOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_PATH, apiLogout } from '@/components/api-client';
import { LOCALES, LOCALE_COOKIE } from '@/lib/i18n';
import { useLocale, useT } from '@/lib/i18n/client';
import { MY_TASKS_PATH } from '@/components/task/labels';
import NoticeBell from './NoticeBell';
import { clearTabs } from './TabBar';
import { displayName, type ShellUser } from './types';
import styles from './shell.module.css';

export const ACCOUNT_SETTINGS_PATH = '/account/settings/basic';

export interface HeaderRightProps {
  user: ShellUser;
  unreadCount: number;
  dark: boolean;
  onOpenSettings: () => void;
}

export default function HeaderRight({ user, unreadCount, dark, onOpenSettings }: HeaderRightProps) {
  const t = useT();
  const locale = useLocale();
  const router = useRouter();
  const { modal } = App.useApp();
  const name = displayName(user);
  const actionClass = `${styles.action} ${dark ? styles.actionDark : ''}`;

  const logout = () => {
    modal.confirm({
      title: t('shell.logout.title'),
      content: t('shell.logout.confirm'),
      okText: t('shell.common.ok'),
      cancelText: t('shell.common.cancel'),
      onOk: async () => {
        // 通知服务端作废令牌并清除密码强度标记；失败（如会话早已失效）也照常回到登录页
        await apiLogout();
        clearTabs();
        // 整页跳转：清掉客户端缓存的页面与用户数据
        window.location.assign(LOGIN_PATH);
      },
    });
  };

  const accountItems: MenuProps['items'] = [
    { key: 'settings', icon: <UserOutlined />, label: t('shell.account.settings') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.account.logout'), danger: true },
  ];

  const languageItems: MenuProps['items'] = LOCALES.map((l) => ({
    key: l.key,
    label: (
      <span className={styles.langItem}>
        <span aria-hidden>{l.icon}</span>
        {l.label}
      </span>
    ),
  }));

  const setLanguage = (key: string) => {
    if (key === locale) return;
    document.cookie = `${LOCALE_COOKIE}=${key}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`;
    // 服务端按 Cookie 重新渲染（根布局据此给出文字与 antd 语言包）
    router.refresh();
  };

  return (
    <div className={styles.headerRight}>
      <Tooltip title={t('shell.settings.title')}>
        <span className={actionClass} role="button" aria-label={t('shell.settings.title')} data-testid="settings-button" onClick={onOpenSettings}>
          <SettingOutlined className={styles.actionIcon} />
        </span>
      </Tooltip>
      <Tooltip title={t('shell.title.tasks')}>
        <span className={actionClass} role="button" aria-label={t('shell.title.tasks')} data-testid="my-tasks-button" onClick={() => router.push(MY_TASKS_PATH)}>
          <ScheduleOutlined className={styles.actionIcon} />
        </span>
      </Tooltip>
      <NoticeBell initialCount={unreadCount} dark={dark} />
      <Dropdown
        placement="bottomRight"
        menu={{ items: languageItems, selectable: true, selectedKeys: [locale], onClick: ({ key }) => setLanguage(key) }}
      >
        <span className={actionClass} role="button" aria-label={t('shell.language')} data-testid="language-menu">
          <GlobalOutlined className={styles.actionIcon} />
        </span>
      </Dropdown>
      <Dropdown
        placement="bottomRight"
        menu={{
          items: accountItems,
          onClick: ({ key }) => {
            if (key === 'settings') router.push(ACCOUNT_SETTINGS_PATH);
            else if (key === 'logout') logout();
          },
        }}
      >
        <span className={`${actionClass} ${styles.account}`} data-testid="account-menu">
          <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} className={styles.avatar} />
          <span className={styles.greeting}>{t('shell.greeting', { name })}</span>
        </span>
      </Dropdown>
    </div>
  );
}
