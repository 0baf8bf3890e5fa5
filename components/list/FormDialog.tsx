'use client';
// 由 FormSpec 生成的表单弹窗（新增、编辑、行内表单如重置密码）。
// 服务端的字段错误（ApiClientError.fields）显示在对应的表单项上，其余错误显示在弹窗顶部。
import { useCallback, useEffect, useState } from 'react';
import { UploadBusyContext } from '@/components/upload/busy';
import { Alert, App, Col, Form, Modal, Row, Spin, type ButtonProps } from 'antd';
import { ApiClientError } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { Translate } from '@/lib/i18n/locales';
import FieldInput from './FieldInput';
import { localizeForm } from './localize';
import { callApi } from './options';
import type { FieldSpec, FormSpec } from './types';
import { initialValues, recordToValues, valuesToParams } from './values';
import { textWidth } from './widths';

export interface FormDialogProps<T> {
  spec: FormSpec<T>;
  /** 编辑或行内表单的行；新增时不传 */
  row?: T;
  mode: 'create' | 'edit';
  /** 提交前再确认一次（如重置密码） */
  confirm?: string;
  onClose: () => void;
  onSaved: () => void;
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && (v.length === 0 || v.every((x) => x === null || x === undefined)));

/** 一项的校验规则：必填（数组、上传等按各自的“空”判断）在前，再加配置里的 rules */
export function rulesOf(field: FieldSpec, t: Translate) {
  const rules = [...(field.rules ?? [])];
  if (field.required) {
    const choose = ['select', 'multiSelect', 'radio', 'date', 'datetime', 'dateRange', 'region', 'dict'].includes(field.type ?? 'text');
    const upload = field.type === 'image' || field.type === 'file';
    const message = t(upload ? 'list.field.upload' : choose ? 'list.field.choose' : 'list.field.enter', { label: field.label });
    // 自己判空：required 规则默认按字符串校验，数组（多选、区划、自定义字段）等值即使已填也会报错
    rules.unshift({
      required: true,
      validator: async (_rule: unknown, value: unknown) => {
        if (isBlank(value)) throw new Error(message);
      },
    });
  }
  return rules;
}

export default function FormDialog<T extends object>({ spec: rawSpec, row, mode, confirm, onClose, onSaved }: FormDialogProps<T>) {
  const { message, modal } = App.useApp();
  const t = useT();
  // 直接使用本弹窗的界面（不经 ListScreen）也按当前语言显示；已译过的文字再查一次不变
  const spec = localizeForm(t, rawSpec);
  const [form] = Form.useForm();
  // 编辑时若需从详情接口取初始值，先显示加载中
  const [loading, setLoading] = useState(Boolean(row && spec.load));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // 正在上传的文件数：上传完成前不能保存
  const [uploading, setUploading] = useState(0);
  const reportUploading = useCallback((delta: number) => setUploading((n) => n + delta), []);
  const fields = spec.fields.filter((f) => !(mode === 'edit' && f.createOnly));
  // 标签宽度取最长的标签（含必填星号与冒号），长标签如“统一社会信用代码”不折行、冒号对齐
  const labelWidth = Math.min(160, Math.max(80, ...fields.map((f) => textWidth(f.label) + 28)));

  useEffect(() => {
    let alive = true;
    form.setFieldsValue(initialValues(fields));
    if (!row) return;
    const apply = (record: Record<string, unknown>) => alive && form.setFieldsValue(recordToValues(fields, record));
    if (!spec.load) {
      apply(row as Record<string, unknown>);
      return;
    }
    Promise.resolve(spec.load(row))
      .then(apply, (err: unknown) => alive && setError(err instanceof Error ? err.message : t('list.form.loadFailed')))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
    // 弹窗每次打开时挂载一次
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const finish = (values: Record<string, unknown>) => {
    if (uploading > 0) return void message.warning(t('文件上传中，请等上传完成后再保存'));
    if (!confirm) return void save(values);
    modal.confirm({ title: confirm, okText: t('list.common.ok'), cancelText: t('list.common.cancel'), onOk: () => void save(values) });
  };

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    setError(null);
    try {
      const params = valuesToParams(fields, values, { keepEmpty: mode === 'edit' });
      const body = spec.body ? spec.body(params, row) : row && 'id' in row ? { id: (row as { id: unknown }).id, ...params } : params;
      await callApi({ method: 'POST', ...spec.submit }, body as Record<string, unknown>, { silent: true });
      void message.success(spec.successMessage ?? t('list.success.save'));
      onSaved();
    } catch (err) {
      if (!(err instanceof ApiClientError)) {
        setError(t('list.form.requestFailed'));
        return;
      }
      const names = new Set(fields.map((f) => f.name));
      const entries = Object.entries(err.fields).filter(([name]) => names.has(name));
      if (entries.length) form.setFields(entries.map(([name, msg]) => ({ name, errors: [msg] })));
      else if (!err.notified) setError(err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={spec.title}
      width={spec.width ?? 560}
      okText={t('list.common.ok')}
      cancelText={t('list.common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading || uploading > 0, 'data-testid': 'form-dialog-ok' } as ButtonProps}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <UploadBusyContext.Provider value={reportUploading}>
          <Form form={form} layout="horizontal" labelCol={{ flex: `${labelWidth}px` }} labelWrap onFinish={finish} autoComplete="off" style={{ marginTop: 16 }} data-testid="form-dialog">
            <Row gutter={16}>
              {fields.map((field) => (
                <Col key={field.name} span={field.span ?? 24}>
                  <Form.Item
                    name={field.name}
                    label={field.label}
                    rules={rulesOf(field, t)}
                    extra={field.help}
                  >
                    <FieldInput field={field} disabled={mode === 'edit' && field.disabledOnEdit} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Form>
        </UploadBusyContext.Provider>
      </Spin>
    </Modal>
  );
}
