'use client';
// 手工组卷（新建或修改）：选题库与科目后，在试题表里勾选（可按题型、难度、关键字筛选，跨页保留勾选），每题分值默认取试题的建议分值。
import { useEffect, useState } from 'react';
import { Alert, App, Col, Form, Input, InputNumber, Modal, Row, Select, Spin, Table, Typography } from 'antd';
import { apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { BANK_STATUS } from '@/lib/domains/questionBank/constants';
import type { QuestionItem } from '@/lib/domains/questionBank/schemas';
import { DIFFICULTY_OPTIONS, TYPE_OPTIONS } from './shared';
import { PaperBaseFields, submitPaper, useComposableBanks } from './paperForm';

interface Picked {
  questionId: number;
  score: number;
  stem: string;
  typeName: string;
}

const PAGE_SIZE = 10;

export default function ManualDialog({ paperId, open, onClose, onSaved }: { paperId: number | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const banks = useComposableBanks();
  const [loading, setLoading] = useState(paperId !== null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [filter, setFilter] = useState<{ type?: string; difficulty?: number; keyword?: string }>({});
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ key: string; list: QuestionItem[]; total: number }>({ key: '', list: [], total: 0 });
  const bankId = Form.useWatch('bankId', form) as number | undefined;
  const subjectId = Form.useWatch('subjectId', form) as number | undefined;

  useEffect(() => {
    if (paperId === null) {
      form.setFieldsValue({ durationMinutes: 60 });
      return;
    }
    let alive = true;
    apiPost('/tes/paper/get', { id: paperId }, { silent: true })
      .then((d) => {
        if (!alive) return;
        form.setFieldsValue({ bankId: d.bankId, subjectId: d.subjectId, name: d.name, durationMinutes: d.durationMinutes });
        setPicked(d.questions);
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [paperId, form]);

  // 当前的试题查询；结果按查询记下，与当前查询不符即在加载中
  const query = bankId && subjectId ? { bankId, subjectId, status: BANK_STATUS.ENABLED, ...filter, pageNo: page, pageSize: PAGE_SIZE } : null;
  const queryKey = JSON.stringify(query);
  const busy = query !== null && rows.key !== queryKey;
  useEffect(() => {
    if (!query) return;
    let alive = true;
    apiPost('/tes/question/list', query, { silent: true }).then(
      (d) => alive && setRows({ key: queryKey, ...d }),
      () => alive && setRows({ key: queryKey, list: [], total: 0 }),
    );
    return () => {
      alive = false;
    };
    // 按查询键重新取
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryKey]);
  const shown = query && rows.key === queryKey ? rows : { list: [], total: 0 };

  const pickedIds = picked.map((p) => p.questionId);
  const toggle = (q: QuestionItem, on: boolean) =>
    setPicked((list) => (on ? (list.some((p) => p.questionId === q.id) ? list : [...list, { questionId: q.id, score: q.score, stem: q.stem, typeName: q.typeName }]) : list.filter((p) => p.questionId !== q.id)));

  const finish = async (v: Record<string, unknown>) => {
    if (!picked.length) return setError(t('请至少选择一道试题'));
    setSaving(true);
    setError(null);
    try {
      const r = await submitPaper(form, '/tes/paper/save', { ...v, id: paperId ?? undefined, questions: picked.map((p) => ({ questionId: p.questionId, score: p.score })) });
      if (r.ok) {
        void message.success(t('保存成功'));
        onSaved();
      } else if (r.message) setError(r.message);
    } finally {
      setSaving(false);
    }
  };

  const total = picked.reduce((s, p) => s + p.score, 0);

  return (
    <Modal
      open={open}
      title={t(paperId ? '修改试卷' : '手工组卷')}
      width={980}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('list.common.ok')}
      cancelText={t('list.common.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void finish(v)}
          onValuesChange={(changed: Record<string, unknown>) => {
            // 换题库或科目：已选的题不再适用
            if ('bankId' in changed || 'subjectId' in changed) {
              setPicked([]);
              setPage(1);
            }
          }}
        >
          <PaperBaseFields form={form} banks={banks} />
        </Form>
        <Row gutter={12} style={{ marginBottom: 8 }}>
          <Col span={6}>
            <Select allowClear placeholder={t('题型')} options={TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} style={{ width: '100%' }} onChange={(v: string | undefined) => (setFilter((f) => ({ ...f, type: v })), setPage(1))} />
          </Col>
          <Col span={5}>
            <Select allowClear placeholder={t('难度')} options={DIFFICULTY_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} style={{ width: '100%' }} onChange={(v: number | undefined) => (setFilter((f) => ({ ...f, difficulty: v })), setPage(1))} />
          </Col>
          <Col span={7}>
            <Input.Search allowClear placeholder={t('题干关键字')} onSearch={(v) => (setFilter((f) => ({ ...f, keyword: v || undefined })), setPage(1))} />
          </Col>
          <Col span={6} style={{ textAlign: 'right', lineHeight: '32px' }}>
            <Typography.Text data-testid="manual-total">{t('已选 {count} 题，{score} 分', { count: picked.length, score: total })}</Typography.Text>
          </Col>
        </Row>
        <Table<QuestionItem>
          size="small"
          rowKey="id"
          loading={busy}
          dataSource={shown.list}
          rowSelection={{
            selectedRowKeys: pickedIds,
            preserveSelectedRowKeys: true,
            onSelect: (q, on) => toggle(q, on),
            onSelectAll: (on, _s, changedRows) => changedRows.forEach((q) => toggle(q, on)),
          }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: shown.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('题干'), dataIndex: 'stem', ellipsis: true },
            { title: t('题型'), dataIndex: 'typeName', width: 110, render: (v: string) => <Tx text={v} /> },
            { title: t('难度'), dataIndex: 'difficultyName', width: 70, render: (v: string) => <Tx text={v} /> },
            { title: t('知识点'), dataIndex: 'kpName', width: 120, ellipsis: true },
            {
              title: t('分值'),
              width: 100,
              render: (_v, q) => {
                const p = picked.find((x) => x.questionId === q.id);
                return p ? (
                  <InputNumber size="small" min={0.5} max={100} step={0.5} value={p.score} onChange={(v) => setPicked((list) => list.map((x) => (x.questionId === q.id ? { ...x, score: Number(v) || 0.5 } : x)))} />
                ) : (
                  q.score
                );
              },
            },
          ]}
        />
      </Spin>
    </Modal>
  );
}
