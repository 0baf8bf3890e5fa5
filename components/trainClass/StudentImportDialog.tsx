'use client';
// 学员名单导入：先预览（全部校验并算出身份核验与培训资格，不写学员）再确认写入或放弃（components/list/StagedImportDialog）。
// 预览列出需关注的学员（身份核验或培训资格不通过的须在提交审核前移出）。
import { Alert, Table } from 'antd';
import StagedImportDialog, { type StagedImportConfig } from '@/components/list/StagedImportDialog';
import { useT } from '@/lib/i18n/client';
import type { ImportPreview } from '@/lib/domains/trainClass/schemas';

export default function StudentImportDialog({ classId, importId, onClose, onChanged }: { classId: number; importId: number | null; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const config: StagedImportConfig<ImportPreview> = {
    title: t('导入学员'),
    hint: t('先预览：全部校验并检查身份与培训资格，不写入学员；确认后才写入。身份证号一列请设为“文本”格式。'),
    testId: 'student-import',
    paths: {
      upload: '/student/uploadClassStudent',
      preview: '/student/uploadClassStudentPreview',
      commit: '/student/uploadClassStudentCommit',
      discard: '/student/uploadClassStudentDiscard',
      template: '/student/classStudentTemplate',
    },
    fields: { classId },
    commitLabel: (p) => t('确认导入 {total} 名学员', { total: p.total }),
    committed: (total) => t('已写入 {total} 名学员', { total }),
    discardConfirm: t('放弃这次导入？文件中的学员不会写入。'),
    summary: (p) => (
      <>
        <Alert
          type={p.warningCount ? 'warning' : 'success'}
          showIcon
          title={t('「{file}」共 {total} 行，全部校验通过，尚未写入', { file: p.fileName, total: p.total })}
          description={t('需关注的学员 {n} 人（身份核验或培训资格不通过的须在提交审核前移出）', { n: p.warningCount })}
        />
        {p.warnings.length > 0 && (
          <Table
            size="small"
            style={{ marginTop: 12 }}
            rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
            dataSource={p.warnings}
            pagination={false}
            scroll={{ y: 260 }}
            columns={[
              { title: t('list.import.colRow'), dataIndex: 'row', width: 72 },
              { title: t('list.import.colColumn'), dataIndex: 'column', width: 120, render: (v: string) => v || t('list.import.wholeRow') },
              { title: t('list.import.colReason'), dataIndex: 'message' },
            ]}
          />
        )}
      </>
    ),
  };
  return <StagedImportDialog config={config} importId={importId} onClose={onClose} onChanged={onChanged} />;
}
