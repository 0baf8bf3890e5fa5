'use client';
// 角色管理（/system/role）：筛选、分页；新增/编辑在同一弹窗里填写基本信息并在资源树上勾选授权；
// 数据权限设置角色可见的数据层级；删除（含批量）前确认，仍有用户的角色由服务端拒绝并说明。
import { Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec, ListColumn, Option } from '@/components/list/types';
import { apiPost } from '@/components/api-client';
import { Tx } from '@/lib/i18n/client';
import { DATA_SCOPE_NAMES, LEVEL_NAMES, ROLE_STATUS_NAMES } from '@/lib/domains/access/constants';
import type { RoleItem } from '@/lib/domains/access/schemas';
import RoleGrantEditor, { type GrantMap } from './RoleGrantEditor';
import { zodRule } from '@/components/list/rules';

const levelOptions: Option[] = Object.entries(LEVEL_NAMES).map(([value, label]) => ({ value, label }));
const statusOptions: Option[] = Object.entries(ROLE_STATUS_NAMES).map(([value, label]) => ({ value: Number(value), label }));
const dataScopeOptions: Option[] = [{ value: '', label: '随账号层级' }, ...Object.entries(DATA_SCOPE_NAMES).map(([value, label]) => ({ value, label }))];

const filters: FieldSpec[] = [
  { name: 'name', label: '角色名称' },
  { name: 'code', label: '角色编码' },
  { name: 'level', label: '层级', type: 'select', options: levelOptions },
  { name: 'status', label: '状态', type: 'select', options: statusOptions },
];

const columns: ListColumn<RoleItem>[] = [
  { title: '角色名称', dataIndex: 'name' },
  { title: '角色编码', dataIndex: 'code' },
  { title: '层级', dataIndex: 'levelName', render: (v: string) => <Tx text={v} /> },
  { title: '数据范围', dataIndex: 'dataScopeName', render: (v: string) => <Tx text={v} /> },
  { title: '用户数', dataIndex: 'userCount', align: 'right' },
  { title: '状态', dataIndex: 'status', render: (v: number) => <Tag color={v === 0 ? 'green' : 'default'}><Tx text={ROLE_STATUS_NAMES[v]} /></Tag> },
  { title: '描述', dataIndex: 'description', ellipsis: true, width: 260 },
  { title: '创建时间', dataIndex: 'createdAt' },
];

const roleFields: FieldSpec[] = [
  { name: 'name', label: '角色名称', required: true, span: 12, rules: [{ max: 64, message: '角色名称最多 64 个字' }] },
  {
    name: 'code',
    label: '角色编码',
    required: true,
    span: 12,
    placeholder: '如 CITY_AUDITOR',
    rules: [zodRule(() => import('@/lib/domains/access/schemas').then((m) => m.RoleSaveInput.shape.code))],
  },
  { name: 'level', label: '层级', type: 'select', required: true, span: 12, optionsFrom: { path: '/role/getRoleLevel', method: 'GET', labelKey: 'label', valueKey: 'value' } },
  { name: 'status', label: '状态', type: 'radio', span: 12, options: statusOptions, initialValue: 0 },
  { name: 'description', label: '描述', type: 'textarea', rules: [{ max: 300, message: '描述最多 300 个字' }] },
  {
    name: 'grants',
    label: '授权',
    type: 'custom',
    initialValue: {},
    render: ({ value, onChange, disabled }) => <RoleGrantEditor value={value as GrantMap | undefined} onChange={onChange} disabled={disabled} />,
  },
];

/** 表单值 → /role/add 的请求体：授权 map → [{key, actions}] */
function toBody(values: Record<string, unknown>, row?: RoleItem) {
  const { grants, ...rest } = values;
  const map = (grants ?? {}) as GrantMap;
  return {
    ...(row ? { id: row.id } : {}),
    ...rest,
    grants: Object.entries(map)
      .filter(([, actions]) => actions.length)
      .map(([key, actions]) => ({ key, actions })),
  };
}

const roleForm = (title: string): FormSpec<RoleItem> => ({
  title,
  width: 980,
  fields: roleFields,
  submit: { path: '/role/add' },
  body: toBody,
  load: async (row) => {
    const detail = await apiPost('/role/roleInfo', { id: row.id });
    return { ...detail, grants: Object.fromEntries(detail.grants.map((g) => [g.key, g.actions])) };
  },
});

export default function RoleList() {
  return (
    <ListScreen<RoleItem>
      title="角色管理"
      resource="role"
      rowKey="id"
      testId="role-list"
      list={{ path: '/role/listRoles' }}
      filters={filters}
      columns={columns}
      create={{ ...roleForm('新增角色'), load: undefined }}
      edit={roleForm('编辑角色')}
      remove={{
        call: { path: '/role/del', body: (row) => ({ id: row.id }) },
        batch: { path: '/role/delBatch', body: (ids) => ({ ids }) },
        confirm: (row, t) =>
          row.userCount > 0
            ? t('角色“{name}”仍有 {count} 个用户，需先为他们取消该角色才能删除。仍要尝试删除吗？', { name: row.name, count: row.userCount })
            : t('确定删除角色“{name}”吗？', { name: row.name }),
      }}
      rowActions={[
        {
          key: 'dataRole',
          label: '数据权限',
          permission: 'role.edit',
          form: {
            title: '数据权限',
            width: 520,
            submit: { path: '/role/addDataRole' },
            fields: [
              { name: 'name', label: '角色', disabledOnEdit: true },
              {
                name: 'dataScope',
                label: '可见数据',
                type: 'radio',
                options: dataScopeOptions,
                help: '持有该角色的账号可见的数据层级，不能宽于角色自身的层级',
              },
            ],
            load: async (row) => {
              const info = await apiPost('/role/dataRoleInfo', { id: row.id });
              return { name: info.name, dataScope: info.dataScope ?? '' };
            },
            body: (values, row) => ({ id: row!.id, dataScope: values.dataScope ? values.dataScope : null }),
            successMessage: '数据权限已保存',
          },
        },
      ]}
    />
  );
}
