'use client';
// 按规则组卷（新建或重新组卷）：每条规则是 题型 × 知识点（含下级，可不限）× 难度（可不限）的题数与每题分值；
// 种子可不填（随机生成），同一种子同一题库抽出同一份试卷。题不够时服务端说明是哪条规则，显示在弹窗顶部。
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space, Spin, Table, TreeSelect, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import TaskProgress from '@/components/task/TaskProgress';
import type { TaskItem } from '@/components/task/useTask';
import type { KnowledgeNode, PaperRule } from '@/lib/domains/questionBank/schemas';
import { DIFFICULTY_OPTIONS, TYPE_OPTIONS } from './shared';
import { PaperBaseFields, submitPaper, useComposableBanks } from './paperForm';

interface Values {
  bankId?: number;
  subjectId?: number;
  name?: string;
  durationMinutes?: number | null;
  seed?: string;
  rules: Partial<PaperRule>[];
}

const DEFAULT_RULES: Partial<PaperRule>[] = [
  { type: 'single', count: 20, score: 1 },
  { type: 'multiple', count: 10, score: 2 },
  { type: 'judge', count: 10, score: 1 },
];

interface KpOption {
  value: number;
  title: string;
  children?: KpOption[];
}

const toTree = (nodes: KnowledgeNode[]): KpOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: n.children ? toTree(n.children) : undefined }));

export default function ComposeDialog({ paperId, open, onClose, onSaved }: { paperId: number | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const banks = useComposableBanks();
  const [loading, setLoading] = useState(paperId !== null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [kps, setKps] = useState<KnowledgeNode[]>([]);
  const [taskId, setTaskId] = useState<number | null>(null);
  const composed = (task: TaskItem) => {
    // 失败时留在弹窗里显示原因（如某条规则的题不够）
    if (task.error || task.active) return;
    void message.success(t('组卷成功'));
    onSaved();
  };
  const bankId = Form.useWatch('bankId', form);
  const rules = (Form.useWatch('rules', form) ?? []) as Partial<PaperRule>[];

  useEffect(() => {
    if (paperId === null) {
      form.setFieldsValue({ rules: DEFAULT_RULES, durationMinutes: 90 });
      return;
    }
    let alive = true;
    apiPost('/tes/paper/get', { id: paperId }, { silent: true })
      .then((d) => alive && form.setFieldsValue({ bankId: d.bankId, subjectId: d.subjectId, name: d.name, durationMinutes: d.durationMinutes, seed: d.seed ?? undefined, rules: d.rules }))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [paperId, form]);

  useEffect(() => {
    if (!bankId) return;
    let alive = true;
    apiPost('/tes/knowledge/tree', { bankId }, { silent: true }).then(
      (k) => alive && setKps(k),
      () => alive && setKps([]),
    );
    return () => {
      alive = false;
    };
  }, [bankId]);

  const finish = async (v: Values) => {
    setSaving(true);
    setError(null);
    try {
      // 抽题可能要一阵（规则多、题库大）：作为后台任务，进度按规则；关掉弹窗任务照常进行，结果在「我的任务」里
      const r = await submitPaper<{ taskId: number }>(form, '/tes/paper/compose', { ...v, id: paperId ?? undefined, seed: v.seed?.trim() || undefined, background: true });
      if (r.ok) setTaskId(r.data.taskId);
      else if (r.message) setError(r.message);
    } finally {
      setSaving(false);
    }
  };

  const totalCount = rules.reduce((s, r) => s + (Number(r?.count) || 0), 0);
  const totalScore = rules.reduce((s, r) => s + (Number(r?.count) || 0) * (Number(r?.score) || 0), 0);

  return (
    <Modal
      open={open}
      title={t(paperId ? '重新组卷' : '按规则组卷')}
      width={900}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('组卷')}
      cancelText={t('list.common.cancel')}
      okButtonProps={{ 'data-testid': 'compose-ok' } as never}
      footer={taskId !== null ? <Button onClick={onClose}>{t('task.close')}</Button> : undefined}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {taskId !== null && <TaskProgress taskId={taskId} onFinished={composed} />}
      <div hidden={taskId !== null}>
        <Spin spinning={loading}>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="compose-error" />}
          <Form form={form} layout="vertical" onFinish={(v) => void finish(v)} data-testid="compose-form">
            <PaperBaseFields form={form} banks={banks} />
            <Form.Item
              name="seed"
              label={t('抽题种子')}
              extra={t('同一种子、同一题库抽出同一份试卷；不填则随机生成')}
              rules={[{ pattern: /^[0-9A-Za-z_-]{0,32}$/, message: t('抽题种子只能是 1–32 位字母、数字、下划线或连字符') }]}
            >
              <Input maxLength={32} style={{ width: 240 }} data-testid="compose-seed" />
            </Form.Item>
            <Typography.Text strong>{t('组卷规则')}</Typography.Text>
            <Form.List name="rules">
              {(fields, { add, remove }) => (
                <>
                  <Table
                    size="small"
                    rowKey="key"
                    pagination={false}
                    dataSource={fields}
                    style={{ marginTop: 8 }}
                    columns={[
                      {
                        title: t('题型'),
                        width: 150,
                        render: (_v, f) => (
                          <Form.Item name={[f.name, 'type']} noStyle rules={[{ required: true, message: t('请选择题型') }]}>
                            <Select options={TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} style={{ width: '100%' }} />
                          </Form.Item>
                        ),
                      },
                      {
                        title: t('知识点（含下级）'),
                        render: (_v, f) => (
                          <Form.Item name={[f.name, 'kpId']} noStyle>
                            <TreeSelect treeData={toTree(kps)} allowClear placeholder={t('不限')} treeDefaultExpandAll style={{ width: '100%' }} />
                          </Form.Item>
                        ),
                      },
                      {
                        title: t('难度'),
                        width: 110,
                        render: (_v, f) => (
                          <Form.Item name={[f.name, 'difficulty']} noStyle>
                            <Select options={DIFFICULTY_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} allowClear placeholder={t('不限')} style={{ width: '100%' }} />
                          </Form.Item>
                        ),
                      },
                      {
                        title: t('题数'),
                        width: 90,
                        render: (_v, f) => (
                          <Form.Item name={[f.name, 'count']} noStyle rules={[{ required: true, message: t('请输入题数') }]}>
                            <InputNumber min={1} max={300} style={{ width: '100%' }} />
                          </Form.Item>
                        ),
                      },
                      {
                        title: t('每题分值'),
                        width: 100,
                        render: (_v, f) => (
                          <Form.Item name={[f.name, 'score']} noStyle rules={[{ required: true, message: t('请输入分值') }]}>
                            <InputNumber min={0.5} max={100} step={0.5} style={{ width: '100%' }} />
                          </Form.Item>
                        ),
                      },
                      { title: '', width: 44, render: (_v, f) => <Button type="text" icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} aria-label={t('删除规则')} /> },
                    ]}
                  />
                  <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }}>
                    <Button icon={<PlusOutlined />} onClick={() => add({ type: 'single', count: 5, score: 1 })} data-testid="compose-add-rule">
                      {t('添加规则')}
                    </Button>
                    <Typography.Text type="secondary" data-testid="compose-total">
                      {t('合计 {count} 题，{score} 分', { count: totalCount, score: totalScore })}
                    </Typography.Text>
                  </Space>
                </>
              )}
            </Form.List>
          </Form>
        </Spin>
      </div>
    </Modal>
  );
}
