'use client';
// 不可逆操作（删除、移除、提交、上报）前的唯一确认样式：标题“请确认”（或给定的标题），正文写明对象与后果，确定/取消按当前语言，
// 删除类的确定按钮为红色。确定后执行 onOk；失败时接口客户端已弹出服务端的说明，确认框照常关闭，不再二次提示。
import { useCallback } from 'react';
import { App } from 'antd';
import { useT } from '@/lib/i18n/client';

export interface ConfirmOptions {
  /** 正文：写明对象（“确定删除机构「…」吗？”），已是当前语言 */
  content: string;
  /** 标题，默认“请确认” */
  title?: string;
  /** 删除、作废等：确定按钮为红色 */
  danger?: boolean;
  onOk: () => unknown;
}

export function useConfirm(): (opts: ConfirmOptions) => void {
  const { modal } = App.useApp();
  const t = useT();
  return useCallback(
    ({ content, title, danger, onOk }: ConfirmOptions) => {
      modal.confirm({
        title: title ?? t('list.confirm.title'),
        content,
        okText: t('list.common.ok'),
        cancelText: t('list.common.cancel'),
        okButtonProps: { danger },
        onOk: () => Promise.resolve(onOk()).catch(() => undefined),
      });
    },
    [modal, t],
  );
}
