'use client';
// 列表界面的“显示完整信息”（所有带个人信息的 ListScreen 共用这一个）：列表接口默认返回脱敏值，分页答复里的 masked 与 canUnmask
// 说明这一页是否脱敏、当前用户能否请求看全——界面只照它显示按钮，不在浏览器里另查权限。能看全时工具栏给出按钮，先选理由
// （UnmaskDialog），再带着 unmask 与理由重新取当前页；服务端检查权限与理由、记访问日志。给了 exporter 时另有“导出完整信息”（同样先选理由）。
// 服务端先取的第一页（FirstPageContext）也带着 masked 与 canUnmask：界面一打开就知道，不必等第二次请求。
import { useCallback, useContext, useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { DownloadOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { apiDownload } from '@/components/api-client';
import { callApi } from '@/components/list/options';
import { FirstPageContext } from '@/components/screens/FirstPageContext';
import { useT } from '@/lib/i18n/client';
import UnmaskDialog, { type UnmaskChoice } from './UnmaskDialog';
import type { ApiCall, HttpMethod, ListHelpers } from '@/components/list/types';
import type { Query } from '@/components/api-client';
import type { GetPath, PostPath } from '@/components/api-contract';

interface UnmaskPage<T> {
  list: T[];
  total: number;
  masked?: boolean;
  canUnmask?: boolean;
}

interface UnmaskState {
  masked: boolean;
  canUnmask: boolean;
}

/** 分页答复里的两项；没有给出的按“脱敏、不能看全”算 */
const stateOf = (page: { masked?: unknown; canUnmask?: unknown }): UnmaskState => ({ masked: page.masked !== false, canUnmask: page.canUnmask === true });

export interface UnmaskListOptions {
  /** 列表接口的方法，默认 POST */
  method?: HttpMethod;
  /** 导出接口：给出时有“导出完整信息”（以当前筛选条件，带 unmask 与理由） */
  exporter?: ApiCall;
}

/** method 说明 path 是哪一种（GET 的列表只有师资库两处） */
const listCall = (path: PostPath | GetPath, method: HttpMethod): ApiCall => (method === 'GET' ? { path: path as GetPath, method } : { path: path as PostPath, method });

/**
 * 给 ListScreen 用：list（path、method 与带 unmask 的 load；调用方可再加 params）与 toolbarExtra（调用方的其他按钮可与它并列）。
 * path 为列表接口，what 为对话框里的说明（如“考评员列表”，按当前语言翻译）。
 */
export function useUnmaskList<T>(path: PostPath | GetPath, what: string, options: UnmaskListOptions = {}) {
  const { method = 'POST', exporter } = options;
  const t = useT();
  const firstPage = useContext(FirstPageContext);
  const choice = useRef<UnmaskChoice | null>(null);
  const lastParams = useRef<Record<string, unknown>>({});
  const [state, setState] = useState<UnmaskState>(() => stateOf(firstPage?.path === path ? firstPage.data : {}));
  const [asking, setAsking] = useState<null | { mode: 'view' | 'export'; helpers: ListHelpers }>(null);

  const load = useCallback(
    async (params: Record<string, unknown>) => {
      lastParams.current = params;
      const body = choice.current ? { ...params, unmask: true, ...choice.current } : params;
      const page = await callApi<UnmaskPage<T>>(listCall(path, method), body);
      setState(stateOf(page));
      return page;
    },
    [path, method],
  );

  const confirm = async (c: UnmaskChoice) => {
    if (!asking) return;
    if (asking.mode === 'view') {
      choice.current = c;
      asking.helpers.reload();
    } else if (exporter) {
      const filters = Object.fromEntries(Object.entries(lastParams.current).filter(([k]) => k !== 'pageNo' && k !== 'pageSize'));
      const body = { ...filters, unmask: true, ...c };
      const download = exporter.method === 'GET' ? apiDownload(exporter.path, undefined, { method: 'GET', query: body as Query }) : apiDownload(exporter.path, body, { method: 'POST' });
      await download.catch(() => undefined);
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
          icon={<EyeInvisibleOutlined />}
          onClick={() => {
            choice.current = null;
            helpers.reload();
          }}
          data-testid="list-mask"
        >
          {t('恢复脱敏')}
        </Button>
      )}
      {state.canUnmask && exporter && (
        <Button icon={<DownloadOutlined />} onClick={() => setAsking({ mode: 'export', helpers })} data-testid="list-export-full">
          {t('导出完整信息')}
        </Button>
      )}
      {asking && <UnmaskDialog title={asking.mode === 'view' ? t('显示完整信息') : t('导出完整信息')} what={t(what)} onCancel={() => setAsking(null)} onConfirm={confirm} />}
    </>
  );

  return { list: { ...listCall(path, method), load }, toolbarExtra };
}
