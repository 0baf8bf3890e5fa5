'use client';
// 办理历史弹窗（状态机的每一步：谁、何时、状态变化、意见）。备案、课程以及之后的计划、培训班共用；
// 各界面只给出取数的接口、点的颜色与可选的标签。
import { useEffect, useState, type ReactNode } from 'react';
import { Empty, Modal, Spin, Timeline } from 'antd';
import { callConfigured } from '@/components/api-client';
import type { PostPath } from '@/components/api-contract';
import { useT } from '@/lib/i18n/client';

/** 服务端返回的一步（各状态机的历史接口同此形状） */
export interface HistoryEntry {
  id: number;
  actionName: string;
  fromStatusName: string;
  toStatusName: string;
  opinion: string | null;
  actorName: string;
  createTime: string;
}

export interface HistoryDialogProps<T extends HistoryEntry> {
  /** 要看的记录；null 时关闭 */
  recordId: number | null;
  onClose: () => void;
  /** 历史接口（POST { id }，返回数组） */
  path: PostPath;
  /** 时间线上点的颜色：驳回红、完成绿，其余蓝 */
  colorOf: (entry: T) => string;
  /** 动作名后的附加标签（如“增量”） */
  extra?: (entry: T) => ReactNode;
  testId: string;
}

/** 办理历史的时间线（弹窗之外也可直接用，如开发者组件页） */
export function HistoryTimeline<T extends HistoryEntry>({ items, colorOf, extra, testId }: { items: readonly T[] } & Pick<HistoryDialogProps<T>, 'colorOf' | 'extra' | 'testId'>) {
  const t = useT();
  return (
    <Timeline
      data-testid={testId}
      items={items.map((h) => ({
        color: colorOf(h),
        content: (
          <div data-testid={`${testId}-item`}>
            <div>
              <b>{t(h.actionName)}</b>
              {extra?.(h)}
              <span style={{ marginLeft: 8, color: 'var(--ant-color-text-tertiary)' }}>
                {h.fromStatusName === h.toStatusName ? t(h.toStatusName) : `${t(h.fromStatusName)} → ${t(h.toStatusName)}`}
              </span>
            </div>
            <div style={{ color: '#666' }}>
              {h.actorName} · {h.createTime}
            </div>
            {h.opinion ? <div>{t('意见：{opinion}', { opinion: h.opinion })}</div> : null}
          </div>
        ),
      }))}
    />
  );
}

export function HistoryDialog<T extends HistoryEntry>({ recordId, onClose, path, colorOf, extra, testId }: HistoryDialogProps<T>) {
  const t = useT();
  const [items, setItems] = useState<T[] | null>(null);
  useEffect(() => {
    if (recordId === null) return;
    let alive = true;
    callConfigured<T[]>('POST', path, { id: recordId }).then(
      (d) => alive && setItems(d),
      () => alive && setItems([]),
    );
    return () => {
      alive = false;
      setItems(null);
    };
  }, [recordId, path]);
  return (
    <Modal open={recordId !== null} title={t('办理历史')} footer={null} onCancel={onClose} width={560} destroyOnHidden>
      {!items ? (
        <Spin />
      ) : !items.length ? (
        <Empty description={t('暂无办理记录')} />
      ) : (
        <HistoryTimeline items={items} colorOf={colorOf} extra={extra} testId={testId} />
      )}
    </Modal>
  );
}
