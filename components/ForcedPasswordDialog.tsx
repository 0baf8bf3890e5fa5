'use client';
// 强制修改密码（SPEC §4）：Cookie pwdStrength 为 4（弱）时，挂载 1.5 秒后弹出，不能关闭
// （无关闭按钮、点遮罩与 Esc 均无效），改密成功后退出并在 1 秒后刷新回到登录页。
// 门户布局挂载：<ForcedPasswordDialog userCode={user.code} />
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Modal } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { PWD_STRENGTH_COOKIE } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';

/** 改密表单只有弱密码用户才下载（弹出前有 1.5 秒）：每页的框架代码不带它 */
const ChangePasswordForm = lazy(() => import('@/components/account/ChangePasswordForm'));

/** SPEC §9：挂载后 1.5 秒弹出 */
export const FORCED_DIALOG_DELAY_MS = 1500;
export const WEAK_FLAG = '4';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

export default function ForcedPasswordDialog({ userCode }: { userCode: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (readCookie(PWD_STRENGTH_COOKIE) !== WEAK_FLAG) return;
    const timer = setTimeout(() => setOpen(true), FORCED_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Modal
      open={open}
      title={
        <span>
          <SafetyCertificateOutlined style={{ color: '#faad14', marginRight: 8 }} />
          {t('auth.forced.title')}
        </span>
      }
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      destroyOnHidden
      width={480}
      wrapClassName="forced-password-dialog"
    >
      <Alert type="warning" showIcon title={t('auth.forced.notice')} style={{ marginBottom: 20 }} />
      <Suspense fallback={null}>
        <ChangePasswordForm userCode={userCode} />
      </Suspense>
    </Modal>
  );
}
