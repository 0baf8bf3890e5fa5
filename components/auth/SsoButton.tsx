'use client';
// 统一身份认证（OIDC）登录入口：服务端配置了 OIDC_ISSUER 时才显示。向 /user/ssoConfig 取授权地址后跳转，
// 身份源回调 /user/sso，由 SsoCallback 完成登录。
import { useState } from 'react';
import { App, Button } from 'antd';
import { apiGet, ApiClientError } from '@/components/api-client';
import { translateMessage } from '@/components/auth/form-rules';
import AuthIcon from '@/components/auth/icons';
import { useT } from '@/lib/i18n/client';

export const SSO_CALLBACK_PATH = '/user/sso';
/** 登录后的去处在跳转身份源期间暂存于此 */
export const SSO_REDIRECT_KEY = 'ssoRedirect';

export default function SsoButton({ redirect }: { redirect?: string }) {
  const t = useT();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);

  const start = async () => {
    setLoading(true);
    try {
      const redirectUri = `${window.location.origin}${SSO_CALLBACK_PATH}`;
      const cfg = await apiGet('/user/ssoConfig', { redirectUri }, { silent: true, authFlow: true });
      if (!cfg.enabled || !cfg.authorizationUrl) throw new ApiClientError(t('auth.sso.notConfigured'));
      if (redirect) window.sessionStorage.setItem(SSO_REDIRECT_KEY, redirect);
      else window.sessionStorage.removeItem(SSO_REDIRECT_KEY);
      window.location.assign(cfg.authorizationUrl);
    } catch (err) {
      void message.error(err instanceof ApiClientError ? translateMessage(t, err.message) : t('auth.api.requestError'));
      setLoading(false);
    }
  };

  return (
    <Button block size="large" icon={<AuthIcon name="secure" />} loading={loading} onClick={start}>
      {t('auth.sso.button')}
    </Button>
  );
}
