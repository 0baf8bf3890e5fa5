'use client';
// 考生导入：先预览（全部校验并检查报考资格，不写考生）再确认写入或放弃（components/list/StagedImportDialog）。
// 预览列出报考资格的提示与不符合。
import { Alert, Table, Tag } from 'antd';
import StagedImportDialog, { type StagedImportConfig } from '@/components/list/StagedImportDialog';
import { useT } from '@/lib/i18n/client';
import { QUALIFICATION } from '@/lib/domains/examinee/constants';
import type { ImportPreview } from '@/lib/domains/examinee/schemas';

interface Props {
  planId: number;
  /** 打开已有的待确认导入 */
  importId?: number | null;
  onClose: () => void;
  /** 写入、放弃或新记了一条待确认的导入之后 */
  onChanged: () => void;
}

export default function ImportPreviewDialog({ planId, importId, onClose, onChanged }: Props) {
  const t = useT();
  const config: StagedImportConfig<ImportPreview> = {
    title: t('导入考生'),
    hint: t('先预览：全部校验并检查报考资格，不写入考生；确认后才写入。身份证号一列请设为“文本”格式。'),
    testId: 'examinee-import',
    paths: {
      upload: '/examaff/student/impStu',
      preview: '/examaff/student/impStuPreview',
      commit: '/examaff/student/impStuCommit',
      discard: '/examaff/student/impStuDiscard',
      template: '/examaff/student/importTemplate',
    },
    fields: { planId },
    commitLabel: (p) => t('确认导入 {total} 名考生', { total: p.total }),
    committed: (total) => t('已写入 {total} 名考生', { total }),
    discardConfirm: t('放弃这次导入？文件中的考生不会写入。'),
    summary: (p) => (
      <>
        <Alert
          type={p.refusedCount || p.warningCount ? 'warning' : 'success'}
          showIcon
          title={t('「{file}」共 {total} 行，全部校验通过，尚未写入', { file: p.fileName, total: p.total })}
          description={t('报考资格：提示 {warning} 人，不符合 {refused} 人（不符合的考生不能安排考场）', { warning: p.warningCount, refused: p.refusedCount })}
        />
        {p.warnings.length > 0 && (
          <Table
            size="small"
            style={{ marginTop: 12 }}
            rowKey={(r) => `${r.row}-${r.message}`}
            dataSource={p.warnings}
            pagination={false}
            scroll={{ y: 280 }}
            columns={[
              { title: t('list.import.colRow'), dataIndex: 'row', width: 72 },
              {
                title: t('报考资格'),
                dataIndex: 'qualification',
                width: 100,
                render: (q: number) => <Tag color={q === QUALIFICATION.REFUSED ? 'error' : 'warning'}>{q === QUALIFICATION.REFUSED ? t('不符合') : t('提示')}</Tag>,
              },
              { title: t('list.import.colReason'), dataIndex: 'message' },
            ]}
          />
        )}
      </>
    ),
  };
  return <StagedImportDialog config={config} importId={importId} onClose={onClose} onChanged={onChanged} />;
}
