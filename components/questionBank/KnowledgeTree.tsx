'use client';
// 知识点树（每个机构每个工种一棵，各等级的题库共用）：选中节点即按该知识点（含下级）筛选试题；
// 所属机构可新增根节点、下级、重命名与删除（有下级或试题的不能删除，服务端拒绝并说明）。
import { useMemo, useState } from 'react';
import { App, Button, Dropdown, Empty, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { KnowledgeNode } from '@/lib/domains/questionBank/schemas';
import { NameDialog } from './shared';
import { useConfirm } from '@/components/list/useConfirm';

type Editing = { mode: 'add'; parentId: number } | { mode: 'rename'; node: KnowledgeNode } | null;

export default function KnowledgeTree({
  bankId,
  nodes,
  editable,
  selected,
  onSelect,
  onChanged,
}: {
  bankId: number;
  nodes: KnowledgeNode[];
  editable: boolean;
  selected: number | null;
  onSelect: (id: number | null) => void;
  onChanged: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);

  const remove = (node: KnowledgeNode) =>
    confirm({
      content: t('确定删除知识点「{name}」吗？', { name: node.name }),
      danger: true,
      onOk: async () => {
        await apiPost('/tes/knowledge/delete', { id: node.id, bankId });
        void message.success(t('已删除'));
        if (selected === node.id) onSelect(null);
        onChanged();
      },
    });

  const treeData = useMemo(() => {
    const toData = (list: KnowledgeNode[]): DataNode[] =>
      list.map((n) => ({
        key: n.id,
        title: (
          <Space size={4} data-testid={`kp-${n.id}`}>
            <span>{n.name}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {n.questionCount}
            </Typography.Text>
            {editable && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'add', label: t('新增下级') },
                    { key: 'rename', label: t('重命名') },
                    { key: 'delete', label: t('删除'), danger: true },
                  ],
                  onClick: ({ key, domEvent }) => {
                    domEvent.stopPropagation();
                    if (key === 'add') setEditing({ mode: 'add', parentId: n.id });
                    else if (key === 'rename') setEditing({ mode: 'rename', node: n });
                    else remove(n);
                  },
                }}
              >
                <MoreOutlined onClick={(e) => e.stopPropagation()} aria-label={t('操作')} />
              </Dropdown>
            )}
          </Space>
        ),
        children: n.children ? toData(n.children) : undefined,
      }));
    return toData(nodes);
    // remove 每次渲染新建，不作依赖
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nodes, editable, t]);

  const save = async (v: { name: string; sort: number }) => {
    if (!editing) return;
    if (editing.mode === 'add') await apiPost('/tes/knowledge/save', { bankId, parentId: editing.parentId, ...v });
    else await apiPost('/tes/knowledge/save', { id: editing.node.id, bankId, parentId: editing.node.parentId, ...v });
    void message.success(t('保存成功'));
    onChanged();
  };

  return (
    <div data-testid="knowledge-tree">
      <Space style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{t('知识点')}</Typography.Text>
        {editable && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', parentId: 0 })}>
            {t('新增')}
          </Button>
        )}
      </Space>
      {nodes.length ? (
        <Tree
          blockNode
          defaultExpandAll
          treeData={treeData}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : null)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('还没有知识点')} />
      )}
      <NameDialog
        open={editing !== null}
        title={editing?.mode === 'rename' ? '重命名知识点' : '新增知识点'}
        label="知识点名称"
        initial={editing?.mode === 'rename' ? { name: editing.node.name, sort: editing.node.sort } : undefined}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
