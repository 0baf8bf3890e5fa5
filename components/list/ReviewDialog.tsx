'use client';
// 审核弹窗（备案、课程、考试计划共用）：通过或驳回，驳回必须填写意见；上方可放记录概要与提示。
// 各界面只给出标题、概要、提交函数与测试 id 前缀（`${testIdPrefix}-submit|result|pass|reject|opinion`）。
import { useState, type ReactNode } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { useT } from '@/lib/i18n/client';

export type ReviewResult = 'pass' | 'reject';

export interface ReviewValues {
  result: ReviewResult;
  opinion?: string;
}

export interface ReviewDialogProps {
  open: boolean;
  /** 已翻译的标题 */
  title: string;
  onClose: () => void;
  /** 提交审核；抛错（接口已提示）时弹窗保持打开 */
  onSubmit: (values: ReviewValues) => Promise<unknown>;
  /** 成功后（弹窗关闭前）调用，如刷新列表 */
  onDone?: () => void;
  /** 表单上方的记录概要、提示 */
  summary?: ReactNode;
  /** “通过”的文字（中文原文），默认“通过” */
  passLabel?: string;
  /** 驳回未填意见时的提示（中文原文），默认“请输入审核意见” */
  rejectMessage?: string;
  width?: number;
  opinionRows?: number;
  testIdPrefix?: string;
}

export function ReviewDialog({
  open,
  title,
  onClose,
  onSubmit,
  onDone,
  summary,
  passLabel = '通过',
  rejectMessage = '请输入审核意见',
  width,
  opinionRows = 4,
  testIdPrefix = 'review',
}: ReviewDialogProps) {
  const t = useT();
  const [form] = Form.useForm<ReviewValues>();
  const [busy, setBusy] = useState(false);
  const result = Form.useWatch('result', form);
  const id = (part: string) => `${testIdPrefix}-${part}`;
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(v);
      onDone?.();
      onClose();
    } catch {
      // 接口错误已由客户端统一提示
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={submit}
      okText={t('提交审核')}
      cancelText={t('list.common.cancel')}
      confirmLoading={busy}
      width={width}
      destroyOnHidden
      okButtonProps={{ 'data-testid': id('submit') } as never}
    >
      {summary}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ result: 'pass' }}
        preserve={false}
        // 改选“通过”后，驳回时的“请输入审核意见”不再适用
        onValuesChange={(changed) => 'result' in changed && form.setFields([{ name: 'opinion', errors: [] }])}
      >
        <Form.Item name="result" label={t('审核结果')} rules={[{ required: true, message: t('请选择审核结果') }]}>
          <Radio.Group data-testid={id('result')}>
            <Radio value="pass" data-testid={id('pass')}>
              {t(passLabel)}
            </Radio>
            <Radio value="reject" data-testid={id('reject')}>
              {t('驳回')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="opinion" label={t('审核意见')} rules={result === 'reject' ? [{ required: true, whitespace: true, message: t(rejectMessage) }] : []}>
          <Input.TextArea rows={opinionRows} maxLength={500} showCount placeholder={t(result === 'reject' ? '驳回必须填写意见' : '可填写审核意见')} data-testid={id('opinion')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
