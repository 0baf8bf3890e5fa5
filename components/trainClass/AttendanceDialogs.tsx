'use client';
// 出勤与结业的批量办理：在名单里勾选多名学员后一次登记（AttendanceBatchDialog），或导入出勤工作簿（AttendanceImportDialog：
// 模板预填本班名单，先预览后确认，全有或全无）。规则都在服务端（roster.ts 的 attendanceProblem），拒绝时显示服务端的消息。
import { useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import StagedImportDialog, { type StagedImportConfig } from '@/components/list/StagedImportDialog';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { COMPLETION_LABEL } from '@/lib/domains/trainClass/constants';
import type { ImportPreview } from '@/lib/domains/trainClass/schemas';

interface BatchValues {
  attendedHours?: number | null;
  completion?: number | 'keep';
  remark?: string;
}

/** 批量登记：不填的项不改；学时上限提示班级学时（服务端照样检查） */
export function AttendanceBatchDialog({ classId, hours, ids, onClose, onDone }: { classId: number; hours: number; ids: (string | number)[]; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<BatchValues>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    const body = {
      classId,
      ids,
      ...(v.attendedHours !== undefined && v.attendedHours !== null ? { attendedHours: v.attendedHours } : {}),
      ...(v.completion !== undefined && v.completion !== 'keep' ? { completion: v.completion } : {}),
      ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
    };
    setSaving(true);
    try {
      const r = await apiPost('/class/saveRemarkBatch', body);
      message.success(t('已登记 {n} 名学员的出勤与结业', { n: r.updated }));
      onDone();
      onClose();
    } catch {
      // 接口已提示服务端的消息
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('批量登记出勤与结业')} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText={t('登记')} destroyOnHidden data-testid="attendance-batch">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('已选 {n} 名学员；不填的项不改', { n: ids.length })} />
      <Form form={form} layout="vertical" initialValues={{ completion: 'keep' }}>
        <Form.Item name="attendedHours" label={t('出勤学时')} extra={t('不超过班级学时 {hours}', { hours })}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} data-testid="attendance-batch-hours" />
        </Form.Item>
        <Form.Item name="completion" label={t('结业情况')}>
          <Radio.Group
            data-testid="attendance-batch-completion"
            options={[{ value: 'keep', label: t('不改') }, ...Object.entries(COMPLETION_LABEL).map(([value, label]) => ({ value: Number(value), label: t(label) }))]}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('备注')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 出勤导入：模板预填本班名单（姓名、身份证号与已登记的出勤、结业），填好后预览、确认 */
export function AttendanceImportDialog({ classId, onClose, onChanged }: { classId: number; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const config: StagedImportConfig<ImportPreview> = {
    title: t('导入出勤与结业'),
    hint: t('先下载模板（已填好本班学员），填写出勤学时与结业情况（结业、未结业或未登记；不填的不改）后上传。先预览：全部校验，不写入；确认后才写入，有一行错就一行也不写。'),
    testId: 'attendance-import',
    paths: {
      upload: '/student/uploadAttendance',
      preview: '/student/uploadAttendancePreview',
      commit: '/student/uploadAttendanceCommit',
      discard: '/student/uploadAttendanceDiscard',
      template: '/student/attendanceTemplate',
    },
    templateQuery: { classId },
    fields: { classId },
    commitLabel: (p) => t('确认登记 {total} 名学员', { total: p.total }),
    committed: (total) => t('已登记 {total} 名学员的出勤与结业', { total }),
    discardConfirm: t('放弃这次导入？文件中的出勤与结业不会写入。'),
    summary: (p) => <Alert type="success" showIcon title={t('「{file}」共 {total} 行，全部校验通过，尚未写入', { file: p.fileName, total: p.total })} />,
  };
  return <StagedImportDialog config={config} onClose={onClose} onChanged={onChanged} />;
}
