'use client';
// 看全个人信息前的理由对话框（各界面共用）：选一个理由（“其他”须写说明），确认后由调用方带着理由请求服务端；
// 服务端检查 unmask 权限与理由并记访问日志（lib/domains/privacy/service.ts 的 unmaskedView）。
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useT } from '@/lib/i18n/client';
import { OTHER_REASON, UNMASK_REASONS, type UnmaskReason } from '@/lib/domains/privacy/constants';

export interface UnmaskChoice {
  reason: UnmaskReason;
  reasonNote?: string;
}

export default function UnmaskDialog({ title, what, onCancel, onConfirm }: { title: string; what: string; onCancel: () => void; onConfirm: (choice: UnmaskChoice) => void | Promise<void> }) {
  const t = useT();
  const [form] = Form.useForm<UnmaskChoice>();
  const reason = Form.useWatch('reason', form);
  const ok = async () => {
    const v = await form.validateFields();
    await onConfirm({ reason: v.reason, reasonNote: v.reasonNote?.trim() || undefined });
  };
  return (
    <Modal open title={title} onCancel={onCancel} onOk={() => void ok()} okText={t('确定')} destroyOnHidden data-testid="unmask-dialog">
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('将显示{what}的完整个人信息。每次查看与导出都记入个人信息访问日志（谁、何时、哪条记录、理由）。', { what })} />
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('理由')} rules={[{ required: true, message: t('请选择理由') }]}>
          <Radio.Group data-testid="unmask-reason" options={Object.entries(UNMASK_REASONS).map(([value, label]) => ({ value, label: t(label) }))} />
        </Form.Item>
        <Form.Item name="reasonNote" label={t('说明')} rules={[{ required: reason === OTHER_REASON, message: t('请写明说明') }]}>
          <Input.TextArea rows={2} maxLength={200} data-testid="unmask-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
