'use client';
// 列表界面的“显示完整信息”：列表接口默认返回脱敏值，并告诉界面当前用户能否看全（canUnmask）。能看全时工具栏给出按钮，
// 先选理由（UnmaskDialog），再带着 unmask 与理由重新取当前页；服务端检查权限、记访问日志。导出同理（exportFull）。
import { useCallback, useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { apiDownload, apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import UnmaskDialog, { type UnmaskChoice } from './UnmaskDialog';
import type { ListHelpers } from '@/components/list/types';

interface UnmaskPage<T> {
  list: T[];
  total: number;
  masked?: boolean;
  canUnmask?: boolean;
}

/**
 * 给 ListScreen 用：list（带 load）与 toolbarExtra。path 为列表接口，what 为对话框里的说明（如“考评员列表”），
 * exportPath 给出时另有“导出完整信息”。
 */
export function useUnmaskList<T>(path: string, what: string, exportPath?: string) {
  const t = useT();
  const choice = useRef<UnmaskChoice | null>(null);
  const lastParams = useRef<Record<string, unknown>>({});
  const [state, setState] = useState({ masked: true, canUnmask: false });
  const [asking, setAsking] = useState<null | { mode: 'view' | 'export'; helpers: ListHelpers }>(null);

  const load = useCallback(
    async (params: Record<string, unknown>) => {
      lastParams.current = params;
      const body = choice.current ? { ...params, unmask: true, ...choice.current } : params;
      const page = await apiPost<UnmaskPage<T>>(path, body);
      setState({ masked: page.masked !== false, canUnmask: Boolean(page.canUnmask) });
      return page;
    },
    [path],
  );

  const confirm = async (c: UnmaskChoice) => {
    if (!asking) return;
    if (asking.mode === 'view') {
      choice.current = c;
      asking.helpers.reload();
    } else if (exportPath) {
      const filters = Object.fromEntries(Object.entries(lastParams.current).filter(([k]) => k !== 'pageNo' && k !== 'pageSize'));
      await apiDownload(exportPath, { ...filters, unmask: true, ...c }, { method: 'POST' }).catch(() => undefined);
    }
    setAsking(null);
  };

  const toolbarExtra = (helpers: ListHelpers) => (
    <>
      {!state.masked && (
        <Tag color="red" data-testid="unmask-shown">
          {t('显示完整信息（已记访问日志）')}
        </Tag>
      )}
      {state.canUnmask && state.masked && (
        <Button icon={<EyeOutlined />} onClick={() => setAsking({ mode: 'view', helpers })} data-testid="list-unmask">
          {t('显示完整信息')}
        </Button>
      )}
      {state.canUnmask && !state.masked && (
        <Button
          onClick={() => {
            choice.current = null;
            helpers.reload();
          }}
          data-testid="list-mask"
        >
          {t('恢复脱敏')}
        </Button>
      )}
      {state.canUnmask && exportPath && (
        <Button icon={<DownloadOutlined />} onClick={() => setAsking({ mode: 'export', helpers })} data-testid="list-export-full">
          {t('导出完整信息')}
        </Button>
      )}
      {asking && <UnmaskDialog title={asking.mode === 'view' ? t('显示完整信息') : t('导出完整信息')} what={t(what)} onCancel={() => setAsking(null)} onConfirm={confirm} />}
    </>
  );

  return { list: { path, method: 'POST' as const, load }, toolbarExtra };
}
