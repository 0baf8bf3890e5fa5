'use client';
// 试卷管理：列表（类别、名称、工种、机构、组卷方式、状态筛选），按规则组卷与手工组卷，预览与 PDF，使用情况（checkUsePaper），
// 启用停用、删除。按钮只照服务端给出的行 actions 显示：被考试使用的试卷没有“编辑”与“删除”。
import { useState } from 'react';
import { App, Button, List, Typography } from 'antd';
import { ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import ListScreen from '@/components/list/ListScreen';
import type { ListScreenProps } from '@/components/list/types';
import { apiPost } from '@/components/api-client';
import { useCan } from '@/components/shell/ShellContext';
import { Tx, useT } from '@/lib/i18n/client';
import { BANK_KIND_LABEL, PAPER_MODE, PAPER_MODE_LABEL } from '@/lib/domains/questionBank/constants';

import type { PaperItem } from '@/lib/domains/questionBank/schemas';
import ComposeDialog from './ComposeDialog';
import ManualDialog from './ManualDialog';
import PaperPreview from './PaperPreview';
import { rowStateActions, STATUS_OPTIONS, StatusTag } from './shared';

const KIND_OPTIONS = Object.entries(BANK_KIND_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const MODE_OPTIONS = Object.entries(PAPER_MODE_LABEL).map(([value, label]) => ({ value: Number(value), label }));

type Editing = { mode: number; id: number | null } | null;

export default function PaperList() {
  const t = useT();
  const can = useCan();
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<Editing>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const saved = () => {
    setEditing(null);
    setVersion((n) => n + 1);
  };

  const showUsage = async (row: PaperItem) => {
    const r = await apiPost('/tes/paper/checkUsePaper', { id: row.id });
    modal.info({
      title: t('使用情况'),
      width: 560,
      content: (
        <div data-testid="paper-usage">
          <Typography.Paragraph>{r.message}</Typography.Paragraph>
          {r.used && (
            <List
              size="small"
              dataSource={r.usages}
              renderItem={(u) => <List.Item>{`${u.planCode} · ${u.sessionName} · ${u.roomName ?? t('全部考场')}`}</List.Item>}
            />
          )}
        </div>
      ),
    });
  };

  const props: ListScreenProps<PaperItem> = {
    title: t('试卷管理'),
    resource: 'paper',
    rowKey: 'id',
    testId: 'paper-list',
    list: { path: '/tes/paper/list' },
    refreshKey: version,
    filters: [
      { name: 'name', label: '试卷名称' },
      { name: 'workName', label: '工种' },
      { name: 'kind', label: '类别', type: 'select', options: KIND_OPTIONS },
      { name: 'mode', label: '组卷方式', type: 'select', options: MODE_OPTIONS },
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      { name: 'orgName', label: '评价机构' },
    ],
    columns: [
      { title: '试卷名称', dataIndex: 'name', width: 240, ellipsis: true },
      { title: '工种与等级', dataIndex: 'workName', width: 190, ellipsis: true, render: (v: string, r) => <>{`${v} · `}<Tx text={r.levelName} /></> },
      { title: '科目', dataIndex: 'subjectName', width: 90 },
      { title: '组卷方式', dataIndex: 'modeName', width: 130, render: (v: string, r) => <>{<Tx text={v} />}{r.seed ? <Typography.Text type="secondary">{` (${r.seed})`}</Typography.Text> : null}</> },
      { title: '题数', dataIndex: 'questionCount', width: 60 },
      { title: '总分', dataIndex: 'totalScore', width: 60 },
      { title: '使用', dataIndex: 'usedCount', width: 60 },
      { title: '状态', dataIndex: 'status', width: 70, render: (v: number) => <StatusTag status={v} /> },
      { title: '评价机构', dataIndex: 'orgName', ellipsis: true },
    ],
    toolbarExtra: () =>
      can('paper.add') ? (
        <>
          <Button type="primary" icon={<ExperimentOutlined />} onClick={() => setEditing({ mode: PAPER_MODE.RULES, id: null })} data-testid="paper-compose">
            {t('按规则组卷')}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ mode: PAPER_MODE.MANUAL, id: null })} data-testid="paper-manual">
            {t('手工组卷')}
          </Button>
        </>
      ) : null,
    exporter: { path: '/tes/paper/export' },
    rowActions: [
      { key: 'preview', label: '预览', permission: 'paper.get', onClick: (r) => setPreview(r.id) },
      { key: 'edit', label: '编辑', permission: 'paper.edit', visible: (r) => r.actions.includes('edit'), onClick: (r) => setEditing({ mode: r.mode, id: r.id }) },
      { key: 'usage', label: '使用情况', permission: 'paper.get', onClick: (r) => void showUsage(r) },
      ...rowStateActions<PaperItem>({
        edit: 'paper.edit',
        remove: 'paper.delete',
        statusPath: '/tes/paper/status',
        statusBody: (r, status) => ({ id: r.id, status }),
        deletePath: '/tes/paper/delete',
        deleteBody: (r) => ({ id: r.id }),
        confirmDelete: (r, tr) => tr('确定删除试卷「{name}」吗？', { name: r.name }),
      }),
    ],
    emptyText: t('暂无试卷'),
  };

  return (
    <>
      <ListScreen {...props} />
      {editing?.mode === PAPER_MODE.RULES && <ComposeDialog open paperId={editing.id} onClose={() => setEditing(null)} onSaved={saved} />}
      {editing?.mode === PAPER_MODE.MANUAL && <ManualDialog open paperId={editing.id} onClose={() => setEditing(null)} onSaved={saved} />}
      <PaperPreview paperId={preview} onClose={() => setPreview(null)} />
    </>
  );
}
