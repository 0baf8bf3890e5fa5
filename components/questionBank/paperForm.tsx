'use client';
// 两种组卷弹窗共用：可选题库（本机构启用的）与科目、试卷名称与时长，以及提交时把服务端的字段错误落到表单项上。
import { useEffect, useState } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import { apiPost, ApiClientError, callConfigured } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { PostPath } from '@/components/api-contract';

export interface ComposableBank {
  id: number;
  kind: number;
  label: string;
  workCode: string;
  workName: string;
  level: number;
  subjects: { id: number; name: string }[];
}

/** 本机构启用的题库（组卷弹窗打开时取一次） */
export function useComposableBanks(): ComposableBank[] | null {
  const [banks, setBanks] = useState<ComposableBank[] | null>(null);
  useEffect(() => {
    let alive = true;
    apiPost('/tes/paper/banks', {}, { silent: true }).then(
      (b) => alive && setBanks(b),
      () => alive && setBanks([]),
    );
    return () => {
      alive = false;
    };
  }, []);
  return banks;
}

/** 题库、科目、名称、时长四项；换题库时清空科目 */
export function PaperBaseFields({ form, banks, locked }: { form: FormInstance; banks: ComposableBank[] | null; locked?: boolean }) {
  const t = useT();
  const bankId = Form.useWatch('bankId', form) as number | undefined;
  const bank = banks?.find((b) => b.id === bankId);
  return (
    <Row gutter={16}>
      <Col span={14}>
        <Form.Item name="bankId" label={t('题库')} rules={[{ required: true, message: t('请选择题库') }]}>
          <Select
            loading={banks === null}
            disabled={locked}
            options={(banks ?? []).map((b) => ({ value: b.id, label: t(b.label) }))}
            onChange={(v: number) => form.setFieldsValue({ subjectId: banks?.find((b) => b.id === v)?.subjects[0]?.id })}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="paper-bank"
          />
        </Form.Item>
      </Col>
      <Col span={10}>
        <Form.Item name="subjectId" label={t('科目')} rules={[{ required: true, message: t('请选择科目') }]}>
          <Select disabled={locked} options={(bank?.subjects ?? []).map((s) => ({ value: s.id, label: s.name }))} data-testid="paper-subject" />
        </Form.Item>
      </Col>
      <Col span={14}>
        <Form.Item name="name" label={t('试卷名称')} rules={[{ required: true, whitespace: true, message: t('请输入试卷名称') }]}>
          <Input maxLength={128} data-testid="paper-name" />
        </Form.Item>
      </Col>
      <Col span={10}>
        <Form.Item name="durationMinutes" label={t('考试时长（分钟）')}>
          <InputNumber min={10} max={600} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** 提交：字段错误落到表单项上，其余错误返回给弹窗顶部显示 */
export async function submitPaper<T = unknown>(form: FormInstance, path: PostPath, body: Record<string, unknown>): Promise<{ ok: true; data: T } | { ok: false; message: string | null }> {
  try {
    return { ok: true, data: await callConfigured<T>('POST', path, body, { silent: true }) };
  } catch (err) {
    if (!(err instanceof ApiClientError)) throw err;
    const fields = Object.entries(err.fields).filter(([name]) => ['bankId', 'subjectId', 'name', 'durationMinutes', 'seed'].includes(name));
    if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name, errors: [errors] })));
    return { ok: false, message: fields.length ? null : err.message };
  }
}
