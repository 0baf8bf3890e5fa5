'use client';
// 没有自己译文的语言（pt-BR）显示英文，页面顶部用一条横幅说明，免得用户以为切换失败。
import { Alert } from 'antd';
import { EN_FALLBACK_LOCALES, PT_FALLBACK_NOTICE_KEY } from '@/lib/i18n/locales';
import { useLocale, useT } from '@/lib/i18n/client';

export default function LanguageFallbackNotice() {
  const locale = useLocale();
  const t = useT();
  if (!EN_FALLBACK_LOCALES.includes(locale)) return null;
  return <Alert type="info" banner showIcon title={t(PT_FALLBACK_NOTICE_KEY)} data-testid="language-fallback-notice" style={{ marginBottom: 12 }} />;
}
