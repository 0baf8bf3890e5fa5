// 用户布局（SPEC §2）：标志、平台名称、两个在线客服链接（地址取自服务端环境变量，未配置则不显示）、页脚。
import Link from 'next/link';
import BrandLink from '@/components/BrandLink';
import ApiClientBridge from '@/components/auth/ApiClientBridge';
import AuthIcon from '@/components/auth/icons';
import LangSwitch from '@/components/auth/LangSwitch';
import SkipLink, { MAIN_ID } from '@/components/shell/SkipLink';
import styles from '@/components/auth/auth.module.css';
import { getT } from '@/lib/i18n/server';

/** 只接受 http(s) 地址，防止配置成 javascript: 之类 */
function chatUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export default async function UserLayout({ children }: { children: React.ReactNode }) {
  const t = await getT();
  const chats = [
    { key: 'train', url: chatUrl(process.env.SUPPORT_CHAT_TRAIN_URL), label: t('auth.layout.chatTrain') },
    { key: 'eval', url: chatUrl(process.env.SUPPORT_CHAT_EVAL_URL), label: t('auth.layout.chatEval') },
  ].filter((c): c is { key: string; url: string; label: string } => c.url !== null);

  return (
    <div className={styles.userLayout}>
      <SkipLink />
      <header className={styles.header}>
        <BrandLink title={t('auth.layout.title')} subtitle={t('auth.layout.subtitle')} homeLabel={t('auth.layout.home')} />
        <nav className={styles.headerRight} aria-label={t('auth.layout.support')}>
          {chats.map((c) => (
            <a key={c.key} className={styles.chatLink} href={c.url} target="_blank" rel="noopener noreferrer" data-testid={`chat-${c.key}`}>
              <AuthIcon name="support" />
              {c.label}
            </a>
          ))}
          <LangSwitch />
        </nav>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerLinks}>
          <Link href="/">{t('auth.layout.portalHome')}</Link>
          <Link href="/user/loginV2">{t('auth.layout.login')}</Link>
          <Link href="/user/register">{t('auth.layout.register')}</Link>
        </div>
        <div>{t('auth.layout.browserHint')}</div>
        <div>{t('auth.layout.copyright', { year: new Date().getFullYear() })}</div>
      </footer>
      <ApiClientBridge />
    </div>
  );
}
