'use client';
// 登录页右上角的语言菜单：写 Cookie lang 后刷新服务端渲染（zh-TW、pt-BR 缺的文字回退到简体中文）。
import { useRouter } from 'next/navigation';
import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { LOCALE_COOKIE, LOCALES } from '@/lib/i18n/locales';
import { useLocale, useT } from '@/lib/i18n/client';
import styles from './auth.module.css';

export default function LangSwitch() {
  const router = useRouter();
  const locale = useLocale();
  const t = useT();
  const current = LOCALES.find((l) => l.key === locale)?.label ?? '';
  return (
    <Dropdown
      menu={{
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l.key, label: `${l.icon} ${l.label}` })),
        onClick: ({ key }) => {
          document.cookie = `${LOCALE_COOKIE}=${key}; Path=/; Max-Age=31536000; SameSite=Lax`;
          router.refresh();
        },
      }}
      placement="bottomRight"
    >
      {/* 名称以可见的语言名结尾（WCAG 2.5.3 名称含可见文字），前面说明这是语言菜单 */}
      <Button type="text" icon={<GlobalOutlined />} className={styles.langButton} aria-label={`${t('auth.layout.language')}: ${current}`}>
        {current}
      </Button>
    </Dropdown>
  );
}
