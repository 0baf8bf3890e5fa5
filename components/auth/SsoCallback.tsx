'use client';
// 身份源回调 /user/sso?code=…&state=…（一体化平台回传 ticket）：换取本系统会话后进入系统，失败时说明原因。
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Button, Result, Spin } from 'antd';
import { apiPost, ApiClientError } from '@/components/api-client';
import { safeRedirect, translateMessage } from '@/components/auth/form-rules';
import { SSO_CALLBACK_PATH, SSO_REDIRECT_KEY } from '@/components/auth/SsoButton';
import { useT } from '@/lib/i18n/client';
import styles from './auth.module.css';

export interface SsoCallbackProps {
  code?: string;
  ticket?: string;
  state?: string;
  /** 身份源回传的签发方（RFC 9207），服务端据此防止混用身份源 */
  iss?: string;
  /** 身份源回传的错误（如用户拒绝授权） */
  error?: string;
}

export default function SsoCallback({ code, ticket, state, iss, error }: SsoCallbackProps) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(() =>
    error ? t('auth.sso.denied', { error }) : !code && !ticket ? t('auth.sso.missingCode') : null,
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || error || (!code && !ticket)) return;
    started.current = true;
    const redirectUri = `${window.location.origin}${SSO_CALLBACK_PATH}`;
    const call = ticket
      ? apiPost('/user/onePlatformLogin', { ticket, redirectUri, state, iss }, { silent: true, authFlow: true })
      : apiPost('/user/ssoLogin', { code: code ?? '', redirectUri, state, iss }, { silent: true, authFlow: true });
    call.then(
      () => {
        const target = safeRedirect(window.sessionStorage.getItem(SSO_REDIRECT_KEY));
        window.sessionStorage.removeItem(SSO_REDIRECT_KEY);
        window.location.assign(target);
      },
      (err: unknown) => setFailure(err instanceof ApiClientError ? translateMessage(t, err.message) : t('auth.api.requestError')),
    );
  }, [code, ticket, state, iss, error, t]);

  return (
    <div className={styles.resultCard}>
      {failure ? (
        <Result
          status="error"
          title={t('auth.sso.failed')}
          subTitle={failure}
          extra={
            <Link href="/user/loginV2">
              <Button type="primary">{t('auth.result.toLogin')}</Button>
            </Link>
          }
        />
      ) : (
        <Result icon={<Spin size="large" />} title={t('auth.sso.signingIn')} />
      )}
    </div>
  );
}
