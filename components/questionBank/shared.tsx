'use client';
// 题库界面的共用部分：状态标签、选项（等级、状态、题型、难度）、按输入框取名称的小弹窗。
import { useEffect, useState } from 'react';
import type { Translate } from '@/lib/i18n/locales';
import type { RowAction } from '@/components/list/types';
import { Form, Input, InputNumber, Modal, Tag } from 'antd';
import { useT } from '@/lib/i18n/client';
import { LEVEL_NAMES } from '@/lib/domains/catalog/constants';
import { BANK_STATUS, DIFFICULTY_LABEL, QUESTION_TYPE_LABEL, QUESTION_TYPES, STATUS_LABEL } from '@/lib/domains/questionBank/constants';
import type { PostPath } from '@/components/api-contract';

export const LEVEL_OPTIONS = Object.entries(LEVEL_NAMES)
  .map(([value, label]) => ({ value: Number(value), label }))
  .sort((a, b) => b.value - a.value);
export const STATUS_OPTIONS = Object.entries(STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));
export const TYPE_OPTIONS = QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABEL[value] }));
export const DIFFICULTY_OPTIONS = Object.entries(DIFFICULTY_LABEL).map(([value, label]) => ({ value: Number(value), label }));

const STATUS_COLOR: Record<number, string> = { [BANK_STATUS.ENABLED]: 'green' };

export function StatusTag({ status }: { status: number }) {
  const t = useT();
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{t(STATUS_LABEL[status])}</Tag>;
}

/** 名称（与排序）的小弹窗：新增或重命名科目、知识点 */
export function NameDialog({
  open,
  title,
  label,
  initial,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  initial?: { name: string; sort: number };
  onSubmit: (v: { name: string; sort: number }) => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<{ name: string; sort: number }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue(initial ?? { name: '', sort: 0 });
  }, [open, initial, form]);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(v);
      onClose();
    } catch {
      // 错误已由接口客户端提示
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t(title)} onOk={() => void submit()} onCancel={onClose} confirmLoading={saving} okText={t('list.common.ok')} cancelText={t('list.common.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="name-dialog">
        <Form.Item name="name" label={t(label)} rules={[{ required: true, whitespace: true, message: t('请输入名称') }]}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item name="sort" label={t('排序')}>
          <InputNumber min={0} max={999} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 行上的“停用”“启用”“删除”（三个列表共用）：按服务端给出的行 actions 显示；
 * status 调 statusPath（body 由 statusBody 给出），删除调 deletePath，确认语可带行的名称。
 */
export function rowStateActions<T extends { actions: readonly string[] }>(opts: {
  edit: string;
  remove: string;
  statusPath: PostPath;
  statusBody: (row: T, status: number) => unknown;
  deletePath: PostPath;
  deleteBody: (row: T) => unknown;
  confirmDisable?: (row: T, t: Translate) => string;
  confirmDelete: (row: T, t: Translate) => string;
}): RowAction<T>[] {
  const status = (key: 'enable' | 'disable', label: string, next: number): RowAction<T> => ({
    key,
    label,
    permission: opts.edit,
    visible: (r) => r.actions.includes(key),
    confirm: key === 'disable' ? opts.confirmDisable : undefined,
    call: { path: opts.statusPath, body: (r) => opts.statusBody(r, next), successMessage: next === BANK_STATUS.DISABLED ? '已停用' : '已启用' },
  });
  return [
    status('disable', '停用', BANK_STATUS.DISABLED),
    status('enable', '启用', BANK_STATUS.ENABLED),
    {
      key: 'delete',
      label: '删除',
      danger: true,
      permission: opts.remove,
      visible: (r) => r.actions.includes('delete'),
      confirm: opts.confirmDelete,
      call: { path: opts.deletePath, body: opts.deleteBody, successMessage: '已删除' },
    },
  ];
}
