'use client';
// 页头右侧：布局设置、消息铃铛、语言菜单、问候语与账号下拉（个人设置、退出登录）。
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { App, Avatar, Dropdown, Tooltip, type MenuProps } from 'antd';
import { GlobalOutlined, LogoutOutlined, ScheduleOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_PATH, apiLogout } from '@/components/api-client';
import { LOCALES, LOCALE_COOKIE } from '@/lib/i18n/locales';
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
  const languageMenu = useKeyboardDropdown();
  const accountMenu = useKeyboardDropdown();

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
      {/* 页头的操作都是真正的按钮（Tab 可达、回车与空格触发），图标按钮的名称与悬停提示相同 */}
      <Tooltip title={t('shell.settings.title')}>
        <button type="button" className={actionClass} aria-label={t('shell.settings.title')} data-testid="settings-button" onClick={onOpenSettings}>
          <SettingOutlined className={styles.actionIcon} />
        </button>
      </Tooltip>
      <Tooltip title={t('shell.title.tasks')}>
        <button type="button" className={actionClass} aria-label={t('shell.title.tasks')} data-testid="my-tasks-button" onClick={() => router.push(MY_TASKS_PATH)}>
          <ScheduleOutlined className={styles.actionIcon} />
        </button>
      </Tooltip>
      <NoticeBell initialCount={unreadCount} dark={dark} />
      <Dropdown {...languageMenu.dropdown} menu={{ items: languageItems, selectable: true, selectedKeys: [locale], onClick: ({ key }) => setLanguage(key) }}>
        <button type="button" className={actionClass} aria-label={t('shell.language')} data-testid="language-menu" onClick={languageMenu.onClick}>
          <GlobalOutlined className={styles.actionIcon} />
        </button>
      </Dropdown>
      <Dropdown
        {...accountMenu.dropdown}
        menu={{
          items: accountItems,
          onClick: ({ key }) => {
            if (key === 'settings') router.push(ACCOUNT_SETTINGS_PATH);
            else if (key === 'logout') logout();
          },
        }}
      >
        <button type="button" className={`${actionClass} ${styles.account}`} data-testid="account-menu" onClick={accountMenu.onClick}>
          <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} className={styles.avatar} alt="" />
          <span className={styles.greeting}>{t('shell.greeting', { name })}</span>
        </button>
      </Dropdown>
    </div>
  );
}

/**
 * 悬停展开的下拉菜单，键盘同样可用：在触发按钮上按回车或空格（浏览器派发 detail 为 0 的 click）展开，
 * 焦点移进菜单，方向键选择、Esc 收起。鼠标仍是悬停展开，点击不改变原有行为。
 */
function useKeyboardDropdown() {
  const [open, setOpen] = useState(false);
  return {
    dropdown: { open, onOpenChange: setOpen, autoFocus: true, placement: 'bottomRight' as const },
    onClick: (e: React.MouseEvent) => {
      if (e.detail === 0) setOpen(true);
    },
  };
}
