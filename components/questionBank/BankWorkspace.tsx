'use client';
// 一个题库的工作区：左侧知识点树（选中即筛选），右侧试题列表（科目、题型、难度、状态、关键字筛选；新增、编辑、停用启用、删除、
// 导入（错误工作簿）、导出），上方科目的维护。按钮只照服务端给出的行 actions 显示。
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Col, Input, Modal, Row, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import ListScreen from '@/components/list/ListScreen';
import type { FormSpec, ListScreenProps } from '@/components/list/types';
import { apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { bankResource, BANK_STATUS, OPTION_KEYS } from '@/lib/domains/questionBank/constants';
import type { BankItem, KnowledgeNode, QuestionItem } from '@/lib/domains/questionBank/schemas';
import KnowledgeTree from './KnowledgeTree';
import { DIFFICULTY_OPTIONS, NameDialog, rowStateActions, STATUS_OPTIONS, StatusTag, TYPE_OPTIONS } from './shared';
import { useConfirm } from '@/components/list/useConfirm';

interface Subject {
  id: number;
  name: string;
  sort: number;
  questionCount: number;
}

type Opt = { key: string; text: string };

/** 选择题的选项（受控）：逐行 A、B、C…，可增减 */
function OptionsEditor({ value, onChange, disabled }: { value?: Opt[]; onChange?: (v: Opt[]) => void; disabled?: boolean }) {
  const t = useT();
  const list = value?.length ? value : [];
  const set = (next: Opt[]) => onChange?.(next.map((o, i) => ({ key: OPTION_KEYS[i], text: o.text })));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={6} data-testid="question-options">
      {list.map((o, i) => (
        <Space.Compact key={o.key} style={{ width: '100%' }}>
          <Button disabled style={{ width: 40 }}>
            {o.key}
          </Button>
          <Input value={o.text} disabled={disabled} maxLength={500} onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))} />
          <Button icon={<MinusCircleOutlined />} disabled={disabled} onClick={() => set(list.filter((_x, j) => j !== i))} aria-label={t('删除选项')} />
        </Space.Compact>
      ))}
      {list.length < OPTION_KEYS.length && (
        <Button size="small" icon={<PlusOutlined />} disabled={disabled} onClick={() => set([...list, { key: '', text: '' }])}>
          {t('添加选项')}
        </Button>
      )}
    </Space>
  );
}

const toOptions = (list: { id: number; name: string }[]) => list.map((s) => ({ value: s.id, label: s.name }));

/** 知识点树 → 平铺的选项（下级缩进显示路径） */
function kpOptions(nodes: KnowledgeNode[], prefix = ''): { value: number; label: string }[] {
  return nodes.flatMap((n) => [{ value: n.id, label: `${prefix}${n.name}` }, ...kpOptions(n.children ?? [], `${prefix}${n.name} / `)]);
}

function questionForm(bank: BankItem, title: string, subjects: Subject[], kps: KnowledgeNode[]): FormSpec<QuestionItem> {
  return {
    title,
    width: 760,
    submit: { path: '/tes/question/save' },
    fields: [
      { name: 'subjectId', label: '科目', type: 'select', required: true, options: toOptions(subjects), span: 12, initialValue: subjects[0]?.id },
      { name: 'kpId', label: '知识点', type: 'select', required: true, options: kpOptions(kps), span: 12 },
      { name: 'type', label: '题型', type: 'select', required: true, options: TYPE_OPTIONS, span: 12, initialValue: 'single' },
      { name: 'difficulty', label: '难度', type: 'select', required: true, options: DIFFICULTY_OPTIONS, span: 12, initialValue: 3 },
      { name: 'stem', label: '题干', type: 'textarea', required: true },
      {
        name: 'options',
        label: '选项',
        type: 'custom',
        help: '单项选择题、多项选择题填写选项；其他题型不填',
        initialValue: OPTION_KEYS.slice(0, 4).map((key) => ({ key, text: '' })),
        render: ({ value, onChange, disabled }) => <OptionsEditor value={value as Opt[]} onChange={onChange} disabled={disabled} />,
      },
      { name: 'answer', label: '答案', required: true, help: '选择题填选项字母（多选如 ABD）；判断题填“正确”或“错误”；其他题型填参考答案或评分要点', span: 16 },
      { name: 'score', label: '分值', type: 'number', initialValue: 1, span: 8 },
      { name: 'analysis', label: '解析', type: 'textarea' },
    ],
    body: (v, row) => ({ ...v, id: row?.id, bankId: bank.id, options: ((v.options as Opt[] | undefined) ?? []).filter((o) => o.text.trim() !== '') }),
  };
}

/** 科目的维护：名称与排序，有试题的科目不能删除 */
function SubjectsDialog({ bank, subjects, editable, open, onClose, onChanged }: { bank: BankItem; subjects: Subject[]; editable: boolean; open: boolean; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Subject | 'new' | null>(null);
  const save = async (v: { name: string; sort: number }) => {
    await apiPost('/tes/subject/save', { bankId: bank.id, ...(editing && editing !== 'new' ? { id: editing.id } : {}), ...v });
    void message.success(t('保存成功'));
    onChanged();
  };
  const remove = (s: Subject) =>
    confirm({
      content: t('确定删除科目「{name}」吗？', { name: s.name }),
      danger: true,
      onOk: async () => {
        await apiPost('/tes/subject/delete', { id: s.id });
        void message.success(t('已删除'));
        onChanged();
      },
    });
  return (
    <Modal open={open} title={t('科目')} footer={null} onCancel={onClose} width={560}>
      {editable && (
        <Button icon={<PlusOutlined />} size="small" onClick={() => setEditing('new')} style={{ marginBottom: 8 }}>
          {t('新增科目')}
        </Button>
      )}
      <Table<Subject>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={subjects}
        columns={[
          { title: t('科目名称'), dataIndex: 'name' },
          { title: t('题数'), dataIndex: 'questionCount', width: 80 },
          { title: t('排序'), dataIndex: 'sort', width: 70 },
          ...(editable
            ? [
                {
                  title: t('操作'),
                  key: 'ops',
                  width: 90,
                  render: (_v: unknown, s: Subject) => (
                    <Space>
                      <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(s)} aria-label={t('编辑')} />
                      <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(s)} aria-label={t('删除')} />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <NameDialog
        open={editing !== null}
        title={editing === 'new' ? '新增科目' : '修改科目'}
        label="科目名称"
        initial={editing && editing !== 'new' ? { name: editing.name, sort: editing.sort } : undefined}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </Modal>
  );
}

export default function BankWorkspace({ bank, onBack }: { bank: BankItem; onBack: () => void }) {
  const t = useT();
  const resource = bankResource(bank.kind);
  const editable = bank.actions.includes('edit');
  const [loaded, setLoaded] = useState<Subject[] | null>(null);
  const subjects = loaded ?? [];
  const [kps, setKps] = useState<KnowledgeNode[]>([]);
  const [kpId, setKpId] = useState<number | null>(null);
  const [showSubjects, setShowSubjects] = useState(false);
  const [version, setVersion] = useState(0);

  const loadMeta = useCallback(() => {
    void apiPost('/tes/subject/list', { bankId: bank.id }, { silent: true }).then(setLoaded, () => setLoaded([]));
    void apiPost('/tes/knowledge/tree', { bankId: bank.id }, { silent: true }).then(setKps, () => setKps([]));
  }, [bank.id]);
  useEffect(loadMeta, [loadMeta, version]);
  const changed = () => setVersion((n) => n + 1);

  const props: ListScreenProps<QuestionItem> = {
    title: t('试题'),
    resource,
    rowKey: 'id',
    testId: 'question-list',
    list: { path: '/tes/question/list', params: { bankId: bank.id, ...(kpId ? { kpId } : {}) } },
    onLoaded: changed,
    filters: [
      { name: 'keyword', label: '题干关键字' },
      { name: 'type', label: '题型', type: 'select', options: TYPE_OPTIONS },
      { name: 'difficulty', label: '难度', type: 'select', options: DIFFICULTY_OPTIONS },
      { name: 'subjectId', label: '科目', type: 'select', options: toOptions(subjects) },
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
    ],
    columns: [
      { title: '题干', dataIndex: 'stem', width: 360, ellipsis: true },
      { title: '题型', dataIndex: 'typeName', width: 100, render: (v: string) => <Tx text={v} /> },
      { title: '难度', dataIndex: 'difficultyName', width: 64, render: (v: string) => <Tx text={v} /> },
      { title: '知识点', dataIndex: 'kpName', width: 100, ellipsis: true },
      { title: '分值', dataIndex: 'score', width: 60 },
      { title: '状态', dataIndex: 'status', width: 70, render: (v: number) => <StatusTag status={v} /> },
    ],
    create: editable ? questionForm(bank, '新增试题', subjects, kps) : undefined,
    importer: editable ? { call: { path: '/tes/question/import', query: { bankId: bank.id } }, template: { path: '/tes/question/importTemplate', method: 'GET' }, title: '导入试题' } : undefined,
    exporter: { path: '/tes/question/export' },
    rowActions: [
      { key: 'edit', label: '编辑', permission: `${resource}.edit`, visible: (r) => r.actions.includes('edit'), form: questionForm(bank, '修改试题', subjects, kps) },
      ...rowStateActions<QuestionItem>({
        edit: `${resource}.edit`,
        remove: `${resource}.delete`,
        statusPath: '/tes/question/status',
        statusBody: (r, status) => ({ ids: [r.id], status }),
        deletePath: '/tes/question/delete',
        deleteBody: (r) => ({ ids: [r.id] }),
        confirmDelete: () => '确定删除这道试题吗？',
      }),
    ],
    batchActions: editable
      ? [
          { key: 'disable', label: '批量停用', permission: `${resource}.edit`, call: { path: '/tes/question/status', body: (ids) => ({ ids, status: BANK_STATUS.DISABLED }), successMessage: '已停用' } },
          { key: 'enable', label: '批量启用', permission: `${resource}.edit`, call: { path: '/tes/question/status', body: (ids) => ({ ids, status: BANK_STATUS.ENABLED }), successMessage: '已启用' } },
        ]
      : [],
    emptyText: t('暂无试题'),
  };

  return (
    <div data-testid="bank-workspace">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="bank-back">
              {t('返回题库列表')}
            </Button>
            <Typography.Text strong>{bank.name}</Typography.Text>
            <Tag>{`${bank.workName} · ${t(bank.levelName)}`}</Tag>
            <StatusTag status={bank.status} />
          </Space>
          <Space wrap>
            {subjects.map((s) => (
              <Tag key={s.id} color="blue">{`${s.name} ${s.questionCount}`}</Tag>
            ))}
            <Button size="small" onClick={() => setShowSubjects(true)} data-testid="bank-subjects">
              {t('科目')}
            </Button>
          </Space>
        </Space>
      </Card>
      <Row gutter={12} wrap={false}>
        <Col flex="260px">
          <Card size="small" style={{ height: '100%' }}>
            <KnowledgeTree bankId={bank.id} nodes={kps} editable={editable} selected={kpId} onSelect={setKpId} onChanged={changed} />
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {/* 科目载入后再显示列表（筛选与表单的科目选项） */}
          {loaded && <ListScreen {...props} />}
        </Col>
      </Row>
      <SubjectsDialog bank={bank} subjects={subjects} editable={editable} open={showSubjects} onClose={() => setShowSubjects(false)} onChanged={changed} />
    </div>
  );
}
