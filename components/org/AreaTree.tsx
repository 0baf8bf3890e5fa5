'use client';
// 左侧区划树：根为本人管辖的区划（省级为河北省，市级为本市，县级为本县区），按需加载下一级。
// 选中节点即按该区划筛选机构列表。
import { useEffect, useState } from 'react';
import { Card, Spin, Tree } from 'antd';
import type { DataNode, EventDataNode } from 'antd/es/tree';
import { bapiGet } from '@/components/api-client';
import { fetchAreaChildren, ROOT_AREA } from '@/components/area-client';
import { useT } from '@/lib/i18n/client';

const toNode = (a: { id: number; name: string; isLeaf: boolean }): DataNode => ({ key: a.id, title: a.name, isLeaf: a.isLeaf });

function replaceChildren(nodes: DataNode[], key: React.Key, children: DataNode[]): DataNode[] {
  return nodes.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: replaceChildren(n.children, key, children) } : n));
}

/** 管辖范围的根节点 */
async function rootNode(): Promise<DataNode | null> {
  const { user } = await bapiGet('/bapi/user/getUserAndPermissions', undefined, { silent: true });
  if (user.level === 'province') return { key: ROOT_AREA.id, title: ROOT_AREA.name };
  if (user.level === 'org' || user.cityId === null) return null;
  const cities = await fetchAreaChildren(ROOT_AREA.id);
  const city = cities.find((c) => c.id === user.cityId);
  if (!city) return null;
  if (user.level === 'city') return toNode(city);
  const county = (await fetchAreaChildren(city.id)).find((c) => c.id === user.areaId);
  return county ? toNode(county) : null;
}

export default function AreaTree({ value, onChange }: { value?: number; onChange: (areaId: number | undefined) => void }) {
  const t = useT();
  const [tree, setTree] = useState<DataNode[] | null>(null);

  useEffect(() => {
    let alive = true;
    rootNode().then(
      (root) => alive && setTree(root ? [root] : []),
      () => alive && setTree([]),
    );
    return () => {
      alive = false;
    };
  }, []);

  const loadData = async (node: EventDataNode<DataNode>) => {
    if (node.children) return;
    const children = (await fetchAreaChildren(Number(node.key))).map(toNode);
    setTree((t) => replaceChildren(t ?? [], node.key, children));
  };

  if (tree && tree.length === 0) return null;
  return (
    <Card title={t('行政区划')} size="small" style={{ width: 220, flex: 'none' }} styles={{ body: { padding: 8, maxHeight: 640, overflow: 'auto' } }} data-testid="area-tree">
      {tree === null ? (
        <Spin />
      ) : (
        <Tree
          treeData={tree}
          loadData={loadData}
          defaultExpandedKeys={[tree[0].key]}
          selectedKeys={value === undefined ? [] : [value]}
          onSelect={(keys) => onChange(keys.length ? Number(keys[0]) : undefined)}
          blockNode
        />
      )}
    </Card>
  );
}
