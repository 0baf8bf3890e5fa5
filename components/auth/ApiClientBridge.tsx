'use client';
// 让 API 客户端的通知用 antd <App> 上下文（随主题与语言）并用当前语言的文字。
// 挂在任一 antd <App> 之内即可（登录布局、账号设置都挂了；门户框架也可挂一次）。
import { useEffect } from 'react';
import { App } from 'antd';
import { apiClient, type ApiTextKey } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { API_TEXTS_ZH } from '@/lib/i18n/messages/auth-api';

export default function ApiClientBridge() {
  const { notification } = App.useApp();
  const t = useT();
  useEffect(() => {
    apiClient.configure({
      notify: { error: (title, description) => notification.error({ title, description }) },
      text: (key: ApiTextKey) => {
        const id = `auth.api.${key}`;
        const out = t(id);
        return out === id ? (API_TEXTS_ZH[id] ?? key) : out;
      },
    });
  }, [notification, t]);
  return null;
}
