'use client';
// 获取短信验证码按钮：发送成功后 60 秒倒计时，期间不可再点（服务端同样限频）。
import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useT } from '@/lib/i18n/client';

export const SMS_COUNTDOWN_SECONDS = 60;

export interface SmsCodeButtonProps {
  /** 发送验证码；抛错时不进入倒计时（调用方负责提示） */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
}

export default function SmsCodeButton({ onSend, disabled, size, block }: SmsCodeButtonProps) {
  const t = useT();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const click = async () => {
    setSending(true);
    try {
      if (await onSend()) setLeft(SMS_COUNTDOWN_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size={size} block={block} disabled={disabled || left > 0} loading={sending} onClick={click} data-testid="sms-send">
      {left > 0 ? t('auth.sms.resend', { n: left }) : t('auth.sms.send')}
    </Button>
  );
}
