'use client';
// 账号类表单共用的两段流程：提交（保存中状态、服务端字段错误放回表单、其余错误显示在表单顶部）
// 与发送短信验证码（先校验手机号，错误显示在手机号下）。
import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { ApiClientError } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { applyFieldErrors, translateMessage } from './form-rules';

export interface FormSubmit<V> {
  submit: (values: V) => Promise<void>;
  submitting: boolean;
  /** 表单顶部显示的错误（服务端错误中无法对应到字段的部分） */
  error: string | null;
  clearError: () => void;
}

export function useFormSubmit<V>(form: FormInstance<V>, action: (values: V) => Promise<void>): FormSubmit<V> {
  const t = useT();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: V) => {
    setSubmitting(true);
    setError(null);
    try {
      await action(values);
    } catch (err) {
      if (!(err instanceof ApiClientError)) setError(t('auth.api.requestError'));
      else if (!applyFieldErrors(form, err, t) && !err.notified) setError(translateMessage(t, err.message));
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting, error, clearError: () => setError(null) };
}

/** 发送验证码按钮（SmsCodeButton 的 onSend）：send 收到已校验、去掉空格的手机号；成功返回 true 开始倒计时 */
export function useSendSmsCode(form: FormInstance, send: (mobile: string) => Promise<unknown>, field = 'mobile'): () => Promise<boolean> {
  const t = useT();
  const { message } = App.useApp();
  return async () => {
    try {
      await form.validateFields([field]);
      await send((form.getFieldValue(field) as string).trim());
      void message.success(t('auth.sms.sent'));
      return true;
    } catch (err) {
      if (err instanceof ApiClientError && !applyFieldErrors(form, err, t) && !err.notified) {
        form.setFields([{ name: field, errors: [translateMessage(t, err.message)] }]);
      }
      return false;
    }
  };
}
