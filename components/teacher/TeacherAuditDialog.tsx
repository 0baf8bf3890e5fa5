'use client';
// 师资审核弹窗：通过或驳回（已通过的驳回即撤销通过），审核意见必填（SPEC §5“请输入审核意见”）；一名或一批教师。
import { useState } from 'react';
import { App, Form, Input, Modal, Radio, type ButtonProps } from 'antd';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { SCHEMA_UNAVAILABLE, schemaOf } from '@/components/list/rules';
import { TEACHER_MESSAGES } from '@/lib/domains/teacher/constants';
import { TEACHER_AUDIT } from '@/lib/domains/teacher/transitions';

/** 审核意见的校验用服务端同一份模式：第一次校验时才下载（不把 zod 带进审核列表） */
const opinionSchema = schemaOf(() => import('@/lib/domains/teacher/schemas').then((m) => m.TeacherAuditInput.shape.auditOpinion));

export interface TeacherAuditDialogProps {
  /** 要审核的教师；null 时关闭 */
  targets: { ids: number[]; title: string; canApprove: boolean } | null;
  onClose: () => void;
  onDone: () => void;
}

export default function TeacherAuditDialog({ targets, onClose, onDone }: TeacherAuditDialogProps) {
  const t = useT();
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ auditStatus: number; auditOpinion: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await apiPost('/teacher/auditNew', { ids: targets!.ids, ...v });
      notification.success({ title: t('系统消息'), description: t('操作成功！') });
      onDone();
      onClose();
    } catch {
      // 已提示
    } finally {
      setBusy(false);
    }
  };
  const opinionRule = {
    validator: async (_: unknown, value: unknown) => {
      const schema = await opinionSchema().catch(() => null);
      if (!schema) throw new Error(t(SCHEMA_UNAVAILABLE));
      const r = schema.safeParse(value);
      if (!r.success) throw new Error(t(r.error.issues[0]?.message ?? TEACHER_MESSAGES.opinion));
    },
  };
  return (
    <Modal
      open={targets !== null}
      title={targets?.title}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('提交审核')}
      cancelText={t('list.common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'teacher-audit-submit' } as ButtonProps}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ auditStatus: targets?.canApprove ? TEACHER_AUDIT.APPROVED : TEACHER_AUDIT.REJECTED }} style={{ marginTop: 16 }}>
        <Form.Item name="auditStatus" label={t('审核结果')} required>
          <Radio.Group data-testid="teacher-audit-result">
            <Radio value={TEACHER_AUDIT.APPROVED} disabled={!targets?.canApprove} data-testid="teacher-audit-pass">
              {t('通过')}
            </Radio>
            <Radio value={TEACHER_AUDIT.REJECTED} data-testid="teacher-audit-reject">
              {t(targets?.canApprove ? '驳回' : '撤销通过')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="auditOpinion" label={t('审核意见')} required rules={[opinionRule]}>
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="teacher-audit-opinion" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
