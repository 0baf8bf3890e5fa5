'use client';
// 角色授权编辑器：资源树，每个功能页一个勾选框（勾上即授予其全部可授予动作），其后是各动作的勾选框；
// 目录的勾选框一次勾选或取消其下全部功能。树取自 /role/selectResTree（只含本人可授予的部分）；
// 值里本人无权调整的授权（不在树中）原样保留并随保存提交，服务端只检查新增的授权。
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Input, Space, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { apiPost } from '@/components/api-client';
import { ACTIONS, type Action } from '@/lib/platform/auth/session';
import { type ResourceNode } from '@/lib/domains/access/schemas';
import { useT } from '@/lib/i18n/client';

/** 授权：资源 key → 动作 */
export type GrantMap = Record<string, Action[]>;

interface Props {
  value?: GrantMap;
  onChange?: (value: GrantMap) => void;
  disabled?: boolean;
}

const leavesOf = (node: ResourceNode): ResourceNode[] => (node.isDirectory ? node.children.flatMap(leavesOf) : [node]);

/** 满足条件的节点连同其上级（名称命中的目录连同其全部子孙） */
function filterTree(nodes: ResourceNode[], word: string, onlyKey?: (key: string) => boolean): ResourceNode[] {
  if (!word && !onlyKey) return nodes;
  const out: ResourceNode[] = [];
  for (const n of nodes) {
    const hit = (!word || n.title.includes(word)) && (!onlyKey || (!n.isDirectory && onlyKey(n.key)));
    if (hit) out.push(word && !onlyKey ? n : { ...n, children: filterTree(n.children, '', onlyKey) });
    else {
      const children = filterTree(n.children, word, onlyKey);
      if (children.length) out.push({ ...n, children });
    }
  }
  return out;
}

export default function RoleGrantEditor({ value, onChange, disabled }: Props) {
  const grants = useMemo(() => value ?? {}, [value]);
  const t = useT();
  const [tree, setTree] = useState<ResourceNode[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [word, setWord] = useState('');
  const [onlyGranted, setOnlyGranted] = useState(false);

  useEffect(() => {
    let alive = true;
    apiPost('/role/selectResTree')
      .then((t) => alive && setTree(t))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, []);

  const grantable = useMemo(() => {
    const map = new Map<string, ResourceNode>();
    for (const root of tree ?? []) for (const leaf of leavesOf(root)) map.set(leaf.key, leaf);
    return map;
  }, [tree]);
  /** 值里不在可授予树中的授权：本人无权调整，保留 */
  const kept = Object.keys(grants).filter((k) => grants[k]?.length && !grantable.has(k));
  const grantedCount = Object.values(grants).filter((a) => a?.length).length;

  const update = (changes: GrantMap) => {
    const next: GrantMap = { ...grants };
    for (const [key, actions] of Object.entries(changes)) {
      if (actions.length) next[key] = ACTIONS.filter((a) => actions.includes(a));
      else delete next[key];
    }
    onChange?.(next);
  };

  const leafState = (leaf: ResourceNode) => {
    const held = (grants[leaf.key] ?? []).filter((a) => leaf.actions.includes(a));
    return { checked: held.length > 0 && held.length === leaf.actions.length, partial: held.length > 0 && held.length < leaf.actions.length, held };
  };

  const renderTitle = (node: ResourceNode) => {
    if (node.isDirectory) {
      const leaves = leavesOf(node);
      const on = leaves.filter((l) => (grants[l.key] ?? []).length > 0);
      const all = on.length === leaves.length && leaves.every((l) => leafState(l).checked);
      return (
        <Checkbox
          data-testid={`res-${node.key}`}
          checked={all}
          indeterminate={!all && on.length > 0}
          disabled={disabled}
          onChange={(e) => update(Object.fromEntries(leaves.map((l) => [l.key, e.target.checked ? l.actions : []])))}
        >
          <Typography.Text strong>{node.title}</Typography.Text>
        </Checkbox>
      );
    }
    const { checked, partial, held } = leafState(node);
    return (
      <Space size={4} wrap>
        <Checkbox
          data-testid={`res-${node.key}`}
          checked={checked}
          indeterminate={partial}
          disabled={disabled}
          onChange={(e) => update({ [node.key]: e.target.checked ? node.actions : [] })}
          style={{ minWidth: 150 }}
        >
          {node.title}
        </Checkbox>
        <span style={{ color: '#d9d9d9' }}>|</span>
        {node.actions.map((a) => (
          <Checkbox
            key={a}
            data-testid={`act-${node.key}-${a}`}
            checked={held.includes(a)}
            disabled={disabled}
            onChange={(e) => update({ [node.key]: e.target.checked ? [...held, a] : held.filter((x) => x !== a) })}
          >
            {t(`access.action.${a}`)}
          </Checkbox>
        ))}
      </Space>
    );
  };

  const toData = (nodes: ResourceNode[]): DataNode[] =>
    nodes.map((n) => ({ key: n.key, title: renderTitle(n), children: n.isDirectory ? toData(n.children) : undefined, isLeaf: !n.isDirectory }));

  const shown = useMemo(
    () => filterTree(tree ?? [], word.trim(), onlyGranted ? (key) => (grants[key] ?? []).length > 0 : undefined),
    [tree, word, onlyGranted, grants],
  );
  const dirKeys = useMemo(() => {
    const keys: string[] = [];
    const walk = (ns: ResourceNode[]) => ns.forEach((n) => n.isDirectory && (keys.push(n.key), walk(n.children)));
    walk(shown);
    return keys;
  }, [shown]);
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const expandedKeys = dirKeys.filter((k) => !collapsed.includes(k));

  if (failed) return <Alert type="error" showIcon title={t('资源树加载失败，请关闭后重试')} />;
  if (!tree) return <Spin style={{ display: 'block', padding: 24 }} />;

  return (
    <div data-testid="role-editor">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Input.Search allowClear placeholder={t('按资源名称查找')} value={word} onChange={(e) => setWord(e.target.value)} style={{ width: 220 }} />
        <Space size={4}>
          <Typography.Text type="secondary">{t('已授权 {count} 项', { count: grantedCount })}</Typography.Text>
          <Checkbox checked={onlyGranted} onChange={(e) => setOnlyGranted(e.target.checked)} data-testid="role-only-granted">
            {t('只看已授权')}
          </Checkbox>
          <Button size="small" type="link" onClick={() => setCollapsed([])}>
            {t('全部展开')}
          </Button>
          <Button size="small" type="link" onClick={() => setCollapsed(dirKeys)}>
            {t('全部收起')}
          </Button>
        </Space>
      </Space>
      {kept.length > 0 && (
        <Alert style={{ marginBottom: 8 }} type="info" showIcon title={t('另有 {count} 项授权超出您的权限，保存时原样保留', { count: kept.length })} />
      )}
      <div style={{ maxHeight: 420, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
        {shown.length ? (
          <Tree
            data-testid="role-tree"
            blockNode
            selectable={false}
            showLine
            expandedKeys={expandedKeys}
            onExpand={(keys) => setCollapsed(dirKeys.filter((k) => !keys.includes(k)))}
            treeData={toData(shown)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={word || onlyGranted ? t('没有匹配的资源') : t('您没有可授予的资源')} />
        )}
      </div>
    </div>
  );
}
