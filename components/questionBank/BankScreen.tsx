'use client';
// 四类题库（一个可配置组件，四处登记）：题库列表（建立、修改、启用停用、删除），点“试题”进入该题库的工作区
// （知识点树、科目、试题的增删改、导入导出）。按钮只照服务端给出的行 actions 显示。
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FormSpec, ListScreenProps } from '@/components/list/types';
import { apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { BANK_KIND_LABEL, bankResource } from '@/lib/domains/questionBank/constants';
import type { BankItem } from '@/lib/domains/questionBank/schemas';
import BankWorkspace from './BankWorkspace';
import { LEVEL_OPTIONS, rowStateActions, STATUS_OPTIONS, StatusTag } from './shared';

interface FiledWork {
  workCode: string;
  workName: string;
  levels: number[];
  levelNames: string[];
}

/** 工种与等级：只列本机构该类有效备案的（值为“工种编码|等级”） */
function WorkLevelSelect({ kind, value, onChange, disabled }: { kind: number; value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const t = useT();
  const [works, setWorks] = useState<FiledWork[] | null>(null);
  useEffect(() => {
    let alive = true;
    apiPost('/tes/bank/filedWorks', { kind }, { silent: true }).then(
      (d) => alive && setWorks(d.works),
      () => alive && setWorks([]),
    );
    return () => {
      alive = false;
    };
  }, [kind]);
  const options = (works ?? []).flatMap((w) => w.levels.map((l, i) => ({ value: `${w.workCode}|${l}`, label: `${w.workName}（${w.workCode}）· ${t(w.levelNames[i])}` })));
  return (
    <Select
      value={value}
      onChange={onChange}
      disabled={disabled}
      loading={works === null}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('请选择本机构已备案的工种与等级')}
      notFoundContent={t('本机构没有该类有效的备案工种，请先完成备案')}
      data-testid="bank-work-level"
    />
  );
}

function bankForm(kind: number, title: string): FormSpec<BankItem> {
  return {
    title,
    width: 620,
    submit: { path: '/tes/bank/save' },
    fields: [
      {
        name: 'workLevel',
        label: '工种与等级',
        type: 'custom',
        required: true,
        disabledOnEdit: true,
        render: ({ value, onChange, disabled }) => <WorkLevelSelect kind={kind} value={value as string | undefined} onChange={onChange} disabled={disabled} />,
      },
      { name: 'name', label: '题库名称', required: true },
      { name: 'remark', label: '备注', type: 'textarea' },
    ],
    load: (row) => ({ ...row, workLevel: `${row.workCode}|${row.level}` }),
    body: (v, row) => {
      const [workCode, level] = String(v.workLevel ?? '|').split('|');
      return { id: row?.id, kind, workCode, level: Number(level) || undefined, name: v.name, remark: v.remark };
    },
  };
}

export function BankScreen({ kind }: { kind: 0 | 1 | 2 | 3 }) {
  const t = useT();
  const resource = bankResource(kind);
  const kindName = t(BANK_KIND_LABEL[kind]);
  const [open, setOpen] = useState<BankItem | null>(null);

  if (open) return <BankWorkspace bank={open} onBack={() => setOpen(null)} />;

  const props: ListScreenProps<BankItem> = {
    title: t('{kind}题库', { kind: kindName }),
    resource,
    rowKey: 'id',
    testId: 'bank-list',
    list: { path: '/tes/bank/list', params: { kind } },
    filters: [
      { name: 'workName', label: '工种' },
      { name: 'level', label: '等级', type: 'select', options: LEVEL_OPTIONS },
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      { name: 'orgName', label: '评价机构' },
    ],
    columns: [
      { title: '题库名称', dataIndex: 'name', width: 240, ellipsis: true },
      { title: '工种', dataIndex: 'workName', width: 140, render: (v: string, r) => `${v}（${r.workCode}）`, ellipsis: true },
      { title: '等级', dataIndex: 'levelName', width: 120, render: (v: string) => <Tx text={v} /> },
      { title: '题数', dataIndex: 'questionCount', width: 80 },
      { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => <StatusTag status={v} /> },
      { title: '评价机构', dataIndex: 'orgName', ellipsis: true },
      { title: '建立时间', dataIndex: 'createTime', width: 160 },
    ],
    create: bankForm(kind, t('建立{kind}题库', { kind: kindName })),
    rowActions: [
      { key: 'questions', label: '试题', permission: `${resource}.query`, onClick: (r) => setOpen(r) },
      { key: 'edit', label: '编辑', permission: `${resource}.edit`, visible: (r) => r.actions.includes('edit'), form: bankForm(kind, t('修改{kind}题库', { kind: kindName })) },
      ...rowStateActions<BankItem>({
        edit: `${resource}.edit`,
        remove: `${resource}.delete`,
        statusPath: '/tes/bank/status',
        statusBody: (r, status) => ({ id: r.id, status }),
        deletePath: '/tes/bank/delete',
        deleteBody: (r) => ({ id: r.id }),
        confirmDisable: (r, tr) => tr('确定停用题库「{name}」吗？停用后不能用它组卷。', { name: r.name }),
        confirmDelete: (r, tr) => tr('确定删除题库「{name}」吗？题库里的试题与科目一并删除。', { name: r.name }),
      }),
    ],
    emptyText: t('暂无{kind}题库', { kind: kindName }),
  };
  return <ListScreen {...props} />;
}
