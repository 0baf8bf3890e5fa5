'use client';
// 资源（菜单）管理（/system/resource）：树形表格；编辑标题、图标、排序、显示、路径与组件；
// 在目录下新增功能页或目录；有子资源或仍授予角色的资源由服务端拒绝删除并说明。
import { useEffect, useState } from 'react';
import { Space, Tag, TreeSelect, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec, ListColumn, Option } from '@/components/list/types';
import { apiGet } from '@/components/api-client';
import { ResourceIcon } from './ResourceIcon';
import { ACTIONS } from '@/lib/platform/auth/session';
import type { ResourceNode, ResourceSaveInput } from '@/lib/domains/access/schemas';
import { Tx, useT } from '@/lib/i18n/client';
import { zodRule } from '@/components/list/rules';

/** displayTitle：所选语言的标题（未改过的种子标题才有译文）；title 是存储的标题，编辑表单用它 */
type ResourceRow = Omit<ResourceNode, 'children'> & { roleCount: number; displayTitle?: string; children?: ResourceRow[] };

interface ParentNode {
  title: string;
  value: number;
  children: ParentNode[];
}

// 动作名用稳定键 access.action.<动作>（“启用”“停用”作状态名时另有译法）
const actionOptions: Option[] = ACTIONS.map((a) => ({ value: a, label: `access.action.${a}` }));

/** 上级目录选择：只含目录，根为“一级菜单” */
function ParentPicker({ value, onChange, disabled }: { value: unknown; onChange: (v: unknown) => void; disabled?: boolean }) {
  const [tree, setTree] = useState<ParentNode[]>([]);
  useEffect(() => {
    let alive = true;
    apiGet('/role/resParentTree')
      .then((t) => alive && setTree(t))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return (
    <TreeSelect
      value={value as number | undefined}
      onChange={(v) => onChange(v)}
      disabled={disabled}
      treeData={tree}
      treeDefaultExpandedKeys={[0]}
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder="请选择上级目录"
      style={{ width: '100%' }}
    />
  );
}

const filters: FieldSpec[] = [{ name: 'title', label: '资源名称' }];

/** 可授予动作的名称（按当前语言，分隔符随语言） */
function ActionNames({ actions }: { actions: ResourceRow['actions'] }) {
  const t = useT();
  const text = actions.map((a) => t(`access.action.${a}`)).join(t('access.action.separator'));
  // 原生 title：省略号截断时悬停看全文（不依赖弹层的出现时机）
  return <span title={text}>{text}</span>;
}

const columns: ListColumn<ResourceRow>[] = [
  {
    title: '资源名称',
    dataIndex: 'title',
    render: (title: string, row) => (
      <Space size={6}>
        {row.icon && <ResourceIcon name={row.icon} />}
        <span>{row.displayTitle ?? title}</span>
        {row.isDirectory && <Tag><Tx text="目录" /></Tag>}
      </Space>
    ),
  },
  { title: '资源标识', dataIndex: 'key', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
  { title: '路由路径', dataIndex: 'path' },
  { title: '界面组件', dataIndex: 'component' },
  { title: '排序', dataIndex: 'sort', align: 'right' },
  { title: '授予角色数', dataIndex: 'roleCount', align: 'right' },
  { title: '显示', dataIndex: 'show', render: (v: boolean) => (v ? <Tag color="green"><Tx text="显示" /></Tag> : <Tag><Tx text="隐藏" /></Tag>) },
  {
    title: '可授予动作',
    dataIndex: 'actions',
    width: 180,
    ellipsis: { showTitle: false },
    render: (actions: ResourceRow['actions']) => <ActionNames actions={actions} />,
  },
];

/** 资源表单各项的前端校验：服务端的同一份模式，第一次校验时才下载 */
const resourceRule = (name: keyof typeof ResourceSaveInput.shape) => zodRule(() => import('@/lib/domains/access/schemas').then((m) => m.ResourceSaveInput.shape[name]));

const commonFields: FieldSpec[] = [
  { name: 'title', label: '资源名称', required: true, span: 12 },
  { name: 'icon', label: '图标', span: 12, placeholder: '如 BookOutlined', help: '@ant-design/icons 的图标名' },
  { name: 'path', label: '路由路径', required: true, span: 12, placeholder: '如 /system/dict', rules: [resourceRule('path')] },
  { name: 'component', label: '界面组件', required: true, span: 12, help: '目录填 RouteView', rules: [resourceRule('component')] },
  { name: 'sort', label: '排序', type: 'number', required: true, span: 12, initialValue: 10, help: '同级按从小到大排列' },
  { name: 'show', label: '在菜单中显示', type: 'switch', span: 12, initialValue: true },
];

const createForm: FormSpec<ResourceRow> = {
  title: '新增资源',
  width: 760,
  submit: { path: '/resource/save' },
  fields: [
    { name: 'parentId', label: '上级目录', type: 'custom', required: true, span: 12, render: (p) => <ParentPicker {...p} /> },
    {
      name: 'key',
      label: '资源标识',
      required: true,
      span: 12,
      help: '即权限标识，保存后不能修改',
      rules: [resourceRule('key')],
    },
    ...commonFields,
    { name: 'actions', label: '可授予动作', type: 'multiSelect', options: actionOptions, help: '功能页必选；目录（组件 RouteView）的动作由其下功能推出，不用选' },
  ],
};

const editForm: FormSpec<ResourceRow> = {
  title: '编辑资源',
  width: 760,
  submit: { path: '/resource/save' },
  fields: [{ name: 'key', label: '资源标识', span: 12, disabledOnEdit: true }, ...commonFields],
  body: (values, row) => ({ ...values, key: undefined, id: row!.id, show: values.show ?? false }),
};

export default function ResourceList() {
  return (
    <ListScreen<ResourceRow>
      title="资源管理"
      resource="resource"
      rowKey="id"
      testId="resource-list"
      list={{ path: '/resource/list' }}
      filters={filters}
      columns={columns}
      create={createForm}
      edit={editForm}
      pageSizeOptions={[50, 100]}
      remove={{
        call: { path: '/resource/del', body: (row) => ({ id: row.id }) },
        confirm: (row, t) => t('确定删除资源“{title}”吗？删除后该菜单项不再出现。', { title: row.displayTitle ?? row.title }),
      }}
    />
  );
}
