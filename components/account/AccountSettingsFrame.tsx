'use client';
// 个人设置的框架：左侧子菜单（基本设置 / 安全设置），右侧当前设置项。
import Link from 'next/link';
import { Menu } from 'antd';
import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import ApiClientBridge from '@/components/auth/ApiClientBridge';
import { useT } from '@/lib/i18n/client';
import styles from './account.module.css';

export type SettingsKey = 'basic' | 'security';

export default function AccountSettingsFrame({ active, children }: { active: SettingsKey; children: React.ReactNode }) {
  const t = useT();
  return (
    <div className={styles.main} data-testid="account-settings">
      <div className={styles.menu}>
        <Menu
          mode="inline"
          selectedKeys={[active]}
          items={[
            { key: 'basic', icon: <UserOutlined />, label: <Link href="/account/settings/basic">{t('auth.account.menu.basic')}</Link> },
            { key: 'security', icon: <SafetyOutlined />, label: <Link href="/account/settings/security">{t('auth.account.menu.security')}</Link> },
          ]}
        />
      </div>
      <div className={styles.right}>
        <h2 className={styles.title}>{t(`auth.account.menu.${active}`)}</h2>
        {children}
      </div>
      <ApiClientBridge />
    </div>
  );
}
