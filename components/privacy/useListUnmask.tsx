'use client';
// 列表的「显示完整信息」：有资源的 unmask 权限时在工具栏给出按钮，先选理由（UnmaskDialog），之后列表与导出带着
// unmask 与理由重新请求（服务端检查权限与理由并记访问日志）；「恢复脱敏」回到默认。没有权限时不显示按钮。
import { useMemo, useState } from 'react';
import { Button } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useCan } from '@/components/shell/ShellContext';
import { useT } from '@/lib/i18n/client';
import UnmaskDialog, { type UnmaskChoice } from './UnmaskDialog';

export interface ListUnmask {
  /** 并进列表（与导出）请求参数的项：看全时为 { unmask, reason, reasonNote }，否则为空 */
  params: Record<string, string | boolean>;
  /** 工具栏按钮（没有权限时为 null） */
  button: React.ReactNode;
  /** 理由对话框（打开时） */
  dialog: React.ReactNode;
}

export function useListUnmask(resource: string, what: string, testId = 'list-unmask'): ListUnmask {
  const t = useT();
  const can = useCan();
  const [choice, setChoice] = useState<UnmaskChoice | null>(null);
  const [asking, setAsking] = useState(false);
  const params = useMemo<Record<string, string | boolean>>(() => (choice ? { unmask: true, reason: choice.reason, ...(choice.reasonNote ? { reasonNote: choice.reasonNote } : {}) } : {}), [choice]);
  const allowed = can(`${resource}.unmask`);
  const button = !allowed ? null : choice ? (
    <Button icon={<EyeInvisibleOutlined />} onClick={() => setChoice(null)} data-testid={`${testId}-off`}>
      {t('恢复脱敏')}
    </Button>
  ) : (
    <Button icon={<EyeOutlined />} onClick={() => setAsking(true)} data-testid={testId}>
      {t('显示完整信息')}
    </Button>
  );
  const dialog = asking ? (
    <UnmaskDialog
      title={t('显示完整信息')}
      what={what}
      onCancel={() => setAsking(false)}
      onConfirm={(c) => {
        setChoice(c);
        setAsking(false);
      }}
    />
  ) : null;
  return { params, button, dialog };
}
