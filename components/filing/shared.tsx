'use client';
// 备案界面的共用部分：状态标签、办理历史时间线、审核弹窗。
import { Space, Tag, Typography } from 'antd';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { HistoryDialog as SharedHistoryDialog, type HistoryEntry } from '@/components/list/HistoryDialog';
import { ReviewDialog as SharedReviewDialog } from '@/components/list/ReviewDialog';
import { STATUS_COLOR, STATUS_LABEL } from '@/lib/domains/filing/transitions';

/** 时间线的点：驳回红、完成绿，其余蓝（由状态标签颜色推出，不按状态号） */
const timelineColor = (status: number) => ({ error: 'red', volcano: 'red', success: 'green' })[STATUS_COLOR[status]] ?? 'blue';

export const STATUS_OPTIONS = Object.entries(STATUS_LABEL)
  .map(([value, label]) => ({ value: Number(value), label }))
  .sort((a, b) => a.value - b.value);

export function StatusTag({ status }: { status: number }) {
  const t = useT();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={`filing-status-${status}`}>
      {STATUS_LABEL[status] ? t(STATUS_LABEL[status]) : status}
    </Tag>
  );
}

/** 状态列：备案状态，另有进行中的增量备案时在下方标出增量的状态 */
export function StatusCell({ status, incrementStatus }: { status: number; incrementStatus: number | null }) {
  const t = useT();
  return (
    <Space orientation="vertical" size={2}>
      <StatusTag status={status} />
      {incrementStatus !== null ? (
        <span style={{ whiteSpace: 'nowrap' }} data-testid="filing-increment-status">
          <Typography.Text type="secondary">{t('增量：')}</Typography.Text>
          <StatusTag status={incrementStatus} />
        </span>
      ) : null}
    </Space>
  );
}

interface FilingHistoryEntry extends HistoryEntry {
  incrementId: number | null;
  toStatus: number;
}

/** 办理历史（谁、何时、状态变化、意见；增量备案的步骤标“增量”） */
export function HistoryDialog({ filingId, onClose }: { filingId: number | null; onClose: () => void }) {
  const t = useT();
  return (
    <SharedHistoryDialog<FilingHistoryEntry>
      recordId={filingId}
      onClose={onClose}
      path="/fil/info/filInfoOperate"
      colorOf={(h) => timelineColor(h.toStatus)}
      extra={(h) => (h.incrementId ? <Tag style={{ marginLeft: 8 }}>{t('增量')}</Tag> : null)}
      testId="filing-history"
    />
  );
}

/** 备案审核弹窗：通过或驳回（共用的审核弹窗），驳回必须填写意见 */
export function ReviewDialog({
  target,
  onClose,
  onDone,
}: {
  target: { id: number; incrementId?: number | null; title: string } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  return (
    <SharedReviewDialog
      open={target !== null}
      title={target ? t('审核：{title}', { title: target.title }) : ''}
      onClose={onClose}
      onDone={onDone}
      onSubmit={(v) => apiPost('/filInfoAudit/updateStatus', { id: target!.id, incrementId: target!.incrementId ?? undefined, result: v.result, opinion: v.opinion })}
    />
  );
}
