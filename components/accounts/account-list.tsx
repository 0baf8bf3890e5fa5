// 账号列表的配置：系统“用户管理”（sysUser）与机构“账号管理”（account）共用 /account/* 接口，只差资源与标题。
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import type { FieldSpec, FormSpec, ListScreenProps, Option, OptionsSource } from '@/components/list/types';
import { sameAs, zodRule } from '@/components/list/rules';
import { formatValue } from '@/components/list/values';
import { Tx } from '@/lib/i18n/client';
import { apiPost } from '@/components/api-client';
import { USER_STATUS_COLOR } from '@/lib/domains/user/status';
import { ACCOUNT_STATUS, LEVEL_NAME, USER_TYPES } from '@/lib/domains/account/constants';
import type { AccountRow } from '@/lib/domains/account/schemas';

const toOptions = (map: Record<string | number, string>, numeric = false): Option[] =>
  Object.entries(map).map(([value, label]) => ({ value: numeric ? Number(value) : value, label }));

export const STATUS_OPTIONS = toOptions(ACCOUNT_STATUS, true);

/** 角色选择：启用的、不高于本人层级的角色 */
const roleSource: OptionsSource = { path: '/bks/v1/sys/role/list', method: 'GET', labelKey: 'name', valueKey: 'id' };
/** 机构选择：管辖范围内已启用的机构 */
const orgSource: OptionsSource = { path: '/account/orgList', method: 'POST', labelKey: 'name', valueKey: 'id' };

const filters: FieldSpec[] = [
  { name: 'account', label: '账号' },
  { name: 'name', label: '姓名', placeholder: '用户名或真实姓名' },
  // 手机号加密存放：只能按完整号码查
  { name: 'mobile', label: '手机号', placeholder: '请输入完整手机号' },
  { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
  { name: 'roleId', label: '角色', type: 'select', optionsFrom: roleSource },
  { name: 'orgId', label: '所属机构', type: 'select', optionsFrom: orgSource },
  { name: 'areaId', label: '所属区划', type: 'region' },
];

const passwordFields = (label: string): FieldSpec[] => [
  { name: 'password', label, type: 'password', required: true, rules: [zodRule(() => import('@/lib/platform/auth/password').then((m) => m.NewPassword))], help: '6–18 位，须同时包含字母、数字和特殊符号' },
  { name: 'confirmPassword', label: '确认密码', type: 'password', required: true, rules: [sameAs('password', '两次输入的密码不一致')] },
];

/** 新增与编辑共用的字段；createOnly 的只在新增时出现 */
const accountFields: FieldSpec[] = [
  { name: 'account', label: '账号', required: true, rules: [zodRule(() => import('@/lib/domains/user/schemas').then((m) => m.NewAccount))], disabledOnEdit: true, span: 12 },
  { name: 'nickName', label: '用户名', required: true, rules: [{ max: 64, message: '用户名最多 64 个字' }], span: 12 },
  { name: 'realName', label: '真实姓名', rules: [{ max: 64, message: '真实姓名最多 64 个字' }], span: 12 },
  { name: 'mobile', label: '手机号', rules: [zodRule(() => import('@/lib/platform/identity').then((m) => m.mobileOrMaskedSchema))], span: 12, help: '编辑时显示脱敏号码，不改动即保留原号码' },
  { name: 'email', label: '邮箱', rules: [{ type: 'email', message: '邮箱格式不正确' }], span: 12 },
  { name: 'userType', label: '用户类型', type: 'select', options: toOptions(USER_TYPES), createOnly: true, span: 12, help: '不选则按层级与机构推定' },
  ...passwordFields('初始密码').map((f) => ({ ...f, createOnly: true, span: 12 })),
  { name: 'areaId', label: '所属区划', type: 'region', createOnly: true, span: 12, help: '须在您的管辖范围内；与机构都不选则与您相同' },
  { name: 'orgId', label: '所属机构', type: 'select', optionsFrom: orgSource, createOnly: true, span: 12 },
  { name: 'roleIds', label: '角色', type: 'multiSelect', optionsFrom: roleSource },
];

/** “确认密码”只在前端比对，不提交 */
const withoutConfirm = (values: Record<string, unknown>) => {
  const body = { ...values };
  delete body.confirmPassword;
  return body;
};

const createForm: FormSpec<AccountRow> = {
  title: '新增账号',
  width: 760,
  fields: accountFields,
  submit: { path: '/account/add' },
  body: withoutConfirm,
  successMessage: '账号已创建',
};

const loadDetail = (row: AccountRow) => apiPost('/account/userInfo', { id: row.id });

const editForm: FormSpec<AccountRow> = {
  title: '编辑账号',
  width: 760,
  fields: accountFields,
  submit: { path: '/account/update' },
  // 详情带角色 id，编辑表单据此勾选
  load: async (row) => ({ ...(await loadDetail(row)) }) as Record<string, unknown>,
  body: (values, row) => ({ ...values, id: row?.id }),
};

const resetPasswordForm: FormSpec<AccountRow> = {
  title: '重置密码',
  fields: passwordFields('新密码'),
  submit: { path: '/account/resetPwd' },
  body: (values, row) => ({ id: row?.id, password: values.password }),
  successMessage: '密码已重置',
};

const rolesText = (roles: AccountRow['roles']) =>
  roles.length ? (
    <Space size={[0, 4]} wrap>
      {roles.map((r) => (
        <Tag key={r.id}>{r.name}</Tag>
      ))}
    </Space>
  ) : (
    '-'
  );

const statusTag = (status: number) => <Tag color={USER_STATUS_COLOR[status] ?? 'default'}>{ACCOUNT_STATUS[status] ? <Tx text={ACCOUNT_STATUS[status]} /> : status}</Tag>;

export function accountListProps(resource: 'sysUser' | 'account', title: string): ListScreenProps<AccountRow> {
  return {
    title,
    resource,
    rowKey: 'id',
    testId: `${resource}-list`,
    list: { path: '/account/listUsers', method: 'POST' },
    filters,
    columns: [
      { title: '账号', dataIndex: 'account', fixed: 'left' },
      { title: '用户名', dataIndex: 'nickName' },
      { title: '真实姓名', dataIndex: 'realName' },
      { title: '手机号', dataIndex: 'mobile' },
      { title: '状态', dataIndex: 'status', render: statusTag },
      { title: '角色', dataIndex: 'roles', render: rolesText },
      { title: '层级', dataIndex: 'level', options: toOptions(LEVEL_NAME) },
      { title: '所属区划', dataIndex: 'areaName' },
      { title: '所属机构', dataIndex: 'orgName' },
      { title: '最近登录', dataIndex: 'lastLoginAt', format: 'datetime' },
    ],
    create: createForm,
    edit: editForm,
    detail: {
      title: '账号详情',
      load: loadDetail as unknown as (row: AccountRow) => Promise<Record<string, unknown>>,
      fields: [
        { name: 'account', label: '账号' },
        { name: 'nickName', label: '用户名' },
        { name: 'realName', label: '真实姓名' },
        { name: 'mobile', label: '手机号' },
        { name: 'email', label: '邮箱' },
        { name: 'userType', label: '用户类型', render: (v) => <Tx text={USER_TYPES[v as string] ?? String(v ?? '-')} /> },
        { name: 'level', label: '层级', render: (v) => <Tx text={LEVEL_NAME[v as string] ?? String(v ?? '-')} /> },
        { name: 'areaName', label: '所属区划' },
        { name: 'orgName', label: '所属机构' },
        { name: 'status', label: '状态', render: (v) => statusTag(v as number) },
        { name: 'roles', label: '角色', render: (v) => rolesText((v as AccountRow['roles']) ?? []) },
        { name: 'createdAt', label: '创建时间', render: (v) => formatValue(v, 'datetime') || '-' },
        { name: 'lastLoginAt', label: '最近登录', render: (v) => formatValue(v, 'datetime') || '-' },
      ],
    },
    remove: {
      call: { path: '/account/del', body: (row) => ({ id: row.id }) },
      batch: { path: '/account/delBatch', body: (ids) => ({ ids }) },
      confirm: (row, t) => t('确定删除账号「{account}」吗？删除后不可恢复；仍拥有业务数据的账号不能删除，可改为冻结。', { account: row.account }),
    },
    rowActions: [
      {
        key: 'resetPwd',
        label: '重置密码',
        permission: `${resource}.edit`,
        form: resetPasswordForm,
        confirm: (row, t) => t('确定重置账号「{account}」的密码吗？该账号已登录的会话将全部结束。', { account: row.account }),
      },
      {
        key: 'frozen',
        // 状态名也叫“冻结”，动作用稳定键区分两种译法（Freeze / Frozen）
        label: 'accounts.action.freeze',
        danger: true,
        permission: `${resource}.disable`,
        visible: (row) => row.actions?.includes('freeze') ?? false,
        confirm: (row, t) => t('确定冻结账号「{account}」吗？冻结后该账号立即下线且不能登录。', { account: row.account }),
        call: { path: '/account/frozen', body: (row) => ({ id: row.id }), successMessage: '已冻结' },
      },
      {
        key: 'unFrozen',
        label: '解冻',
        permission: `${resource}.enable`,
        visible: (row) => row.actions?.includes('unfreeze') ?? false,
        confirm: (row, t) => t('确定解冻账号「{account}」吗？', { account: row.account }),
        call: { path: '/account/unFrozen', body: (row) => ({ id: row.id }), successMessage: '已解冻' },
      },
    ],
    importer: { call: { path: '/account/impAccount' }, template: { path: '/account/impAccount/template', method: 'GET' }, title: '导入账号' },
    exporter: { path: '/account/export', method: 'POST' },
    emptyText: '没有符合条件的账号',
  };
}

/** 子账号：层级、区划与机构取自本人 */
export const subAccountForm: FormSpec<AccountRow> = {
  title: '新增子账号',
  width: 760,
  fields: accountFields.filter((f) => !['userType', 'areaId', 'orgId'].includes(f.name)),
  submit: { path: '/account/addSubAccount' },
  body: withoutConfirm,
  successMessage: '子账号已创建',
};
