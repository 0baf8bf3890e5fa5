'use client';
// 三个人员库界面（考评员、督导员、监考人员）共用的列、表单字段与行内操作；各界面只给出库的接口路径与差异。
import { useEffect, useState, type ReactNode } from 'react';
import { Avatar, Button, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { callConfigured } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import type { FieldSpec, FormSpec, ListColumn, ListScreenProps, RowAction, BatchAction } from '@/components/list/types';
import { EDUCATIONS, PERSON_ACTIONS, PERSON_STATUS_COLOR, TITLES } from '@/lib/domains/personnel/constants';
import type { PersonDetail, PersonItem } from '@/lib/domains/personnel/schemas';
import { zodRule } from '@/components/list/rules';
import AccountPicker from './AccountPicker';
import type { PostPath, GetPath } from '@/components/api-contract';

export const STATUS_OPTIONS = [
  { label: '在岗', value: 0 },
  { label: '停用', value: 1 },
];
const toOptions = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }));

export interface LibraryPaths {
  resource: string;
  /** 库的中文名 */
  name: string;
  /** 表单与详情的标题（写全文，按原文翻译） */
  titles: { create: string; edit: string; stop: string; detail: string };
  list: PostPath;
  info: PostPath;
  save: PostPath;
  stop: PostPath;
  start: PostPath;
  del: PostPath;
  photo: GetPath;
  works?: PostPath;
  filingUnits: PostPath;
  /** 绑定登录账号的接口（考评员、督导员库）：候选账号、绑定、解除 */
  accounts?: { options: PostPath; bind: PostPath; unbind: PostPath };
}

/** 照片缩略图：有照片才请求（带会话 Cookie 的受控接口） */
export function PersonAvatar({ row, path, size = 36 }: { row: PersonItem; path: GetPath; size?: number }) {
  return row.hasPhoto ? <Avatar shape="square" size={size} src={`/api${path}?id=${row.id}`} alt={row.name} /> : <Avatar shape="square" size={size} icon={<UserOutlined />} />;
}

export function StatusTag({ row }: { row: PersonItem }) {
  return (
    <Tag color={PERSON_STATUS_COLOR[row.status] ?? 'default'} title={row.stopReason ?? undefined}>
      <Tx text={row.statusName} />
    </Tag>
  );
}

interface WorkValue {
  workCode?: string;
  levelCode?: number;
}
interface WorkOption {
  workCode: string;
  workName: string;
  levels: number[];
}
const LEVEL_LABEL: Record<number, string> = { 5: '五级/初级工', 4: '四级/中级工', 3: '三级/高级工', 2: '二级/技师', 1: '一级/高级技师' };

/** 工种与等级：逐行选择工种（可搜索）与该工种开设的等级 */
export function WorksField({ value, onChange, disabled, path }: { value: unknown; onChange: (v: unknown) => void; disabled?: boolean; path: PostPath }) {
  const t = useT();
  const rows = (Array.isArray(value) ? value : []) as WorkValue[];
  const [works, setWorks] = useState<WorkOption[]>([]);
  useEffect(() => {
    let alive = true;
    callConfigured<WorkOption[]>('POST', path, {}, { silent: true })
      .then((w) => alive && setWorks(w))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [path]);
  const set = (i: number, patch: WorkValue) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {rows.map((r, i) => {
        const work = works.find((w) => w.workCode === r.workCode);
        return (
          <Space key={i} style={{ width: '100%' }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 260 }}
              placeholder={t('选择工种')}
              disabled={disabled}
              value={r.workCode}
              options={works.map((w) => ({ label: `${w.workName}（${w.workCode}）`, value: w.workCode }))}
              onChange={(workCode: string) => set(i, { workCode, levelCode: undefined })}
            />
            <Select
              style={{ width: 150 }}
              placeholder={t('等级')}
              disabled={disabled || !work}
              value={r.levelCode}
              options={(work?.levels ?? []).map((l) => ({ label: t(LEVEL_LABEL[l]), value: l }))}
              onChange={(levelCode: number) => set(i, { levelCode })}
            />
            {!disabled && <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('删除工种')} onClick={() => onChange(rows.filter((_, j) => j !== i))} />}
          </Space>
        );
      })}
      {!disabled && (
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...rows, {}])}>
          <Tx text="添加工种" />
        </Button>
      )}
    </Space>
  );
}

const worksRule = {
  validator: async (_: unknown, v: unknown) => {
    const rows = (Array.isArray(v) ? v : []) as WorkValue[];
    if (rows.some((r) => !r.workCode || !r.levelCode)) throw new Error('请为每个工种选择等级，或删除空行');
  },
};

/** 表单字段：基本信息；orgField 为所属机构（机构用户不显示，服务端取本机构） */
export function personFields(p: LibraryPaths, opts: { org: 'required' | 'none'; city?: boolean; works: boolean; unit?: boolean }): FieldSpec[] {
  const fields: FieldSpec[] = [
    { name: 'name', label: '姓名', required: true, span: 12, rules: [{ max: 32, message: '姓名最多 32 个字' }] },
    {
      name: 'idNumber',
      label: '身份证号',
      required: true,
      span: 12,
      help: '性别与出生日期由身份证号自动得出；编辑时显示脱敏号码，不改动即保留原号码',
      rules: [{ max: 18, message: '身份证号最多 18 位' }],
    },
    { name: 'mobile', label: '手机号', required: true, span: 12, rules: [zodRule(() => import('@/lib/platform/identity/masked-input').then((m) => m.mobileOrMaskedSchema))] },
    { name: 'education', label: '学历', type: 'select', options: toOptions(EDUCATIONS), span: 12 },
    { name: 'title', label: '职称', type: 'select', options: toOptions(TITLES), span: 12 },
  ];
  if (opts.org === 'required')
    fields.push({
      name: 'orgId',
      label: '所属机构',
      type: 'select',
      span: 12,
      optionsFrom: { path: p.filingUnits, method: 'POST', labelKey: 'name', valueKey: 'id' },
      help: '机构用户不用选，为本机构',
    });
  if (opts.city)
    fields.push({
      name: 'cityId',
      label: '所在市',
      type: 'select',
      span: 12,
      optionsFrom: { path: '/comApi/getAreaByParent', method: 'GET', query: { pid: 130000 }, labelKey: 'name', valueKey: 'id' },
      help: '市级管理员不用选，为本市',
    });
  if (opts.unit) fields.push({ name: 'workUnit', label: '工作单位', span: 12, rules: [{ max: 128, message: '最多 128 个字' }] }, { name: 'post', label: '职务', span: 12 });
  if (opts.works && p.works) {
    const path = p.works;
    fields.push({ name: 'works', label: '工种与等级', type: 'custom', initialValue: [], rules: [worksRule], render: (props) => <WorksField {...props} path={path} /> });
  }
  fields.push({ name: 'remark', label: '备注', type: 'textarea', rules: [{ max: 500, message: '备注最多 500 个字' }] });
  return fields;
}

/** 新增与编辑表单：编辑时从详情接口取全号身份证与工种 */
export function personForms(p: LibraryPaths, fields: FieldSpec[]): { create: FormSpec<PersonItem>; edit: FormSpec<PersonItem> } {
  const body = (values: Record<string, unknown>, row?: PersonItem) => ({ ...values, id: row?.id });
  return {
    create: { title: p.titles.create, fields, submit: { path: p.save }, body, width: 760 },
    edit: {
      title: p.titles.edit,
      fields,
      submit: { path: p.save },
      body,
      width: 760,
      load: async (row) => {
        const d = await callConfigured<PersonDetail>('POST', p.info, { id: row.id });
        return { ...d, orgId: d.orgId ?? undefined, cityId: d.cityId ?? undefined, works: d.works.map((w) => ({ workCode: w.workCode, levelCode: w.levelCode })) };
      },
    },
  };
}

/** 停用（填原因）、启用（确认） */
export function statusActions(p: LibraryPaths, perms: { stop: string; start: string }): RowAction<PersonItem>[] {
  return [
    {
      key: 'stop',
      label: 'access.action.disable',
      danger: true,
      permission: perms.stop,
      visible: (row) => row.actions.includes(PERSON_ACTIONS.STOP),
      form: {
        title: p.titles.stop,
        fields: [
          { name: 'tip', label: '说明', type: 'custom', render: () => <Typography.Text type="secondary"><Tx text="停用后不能再被分派到考务，可随时启用。" /></Typography.Text> },
          { name: 'reason', label: '停用原因', type: 'textarea', required: true, rules: [{ max: 200, message: '最多 200 个字' }] },
        ],
        submit: { path: p.stop },
        body: (values, row) => ({ ids: [row!.id], reason: values.reason }),
        successMessage: '已停用',
        width: 520,
      },
    },
    {
      key: 'start',
      label: 'access.action.enable',
      permission: perms.start,
      visible: (row) => row.actions.includes(PERSON_ACTIONS.START),
      confirm: (row, t) => t('确定启用{kind}{name}吗？启用后可以分派到考务。', { kind: t(p.name), name: row.name }),
      call: { path: p.start, body: (row) => ({ ids: [row.id] }), successMessage: '已启用' },
    },
  ];
}

/**
 * 绑定账号（选择账号）、解除绑定（确认）：是否显示取服务端算出的行 actions（按库、是否已绑定与该库的 edit 权限），
 * 规则见 lib/domains/personnel/accounts.ts。
 */
export function accountActions(p: LibraryPaths): RowAction<PersonItem>[] {
  const a = p.accounts;
  if (!a) return [];
  return [
    {
      key: 'bindAccount',
      label: '绑定账号',
      permission: `${p.resource}.edit`,
      visible: (row) => row.actions.includes('bindAccount'),
      form: {
        title: '绑定登录账号',
        fields: [
          {
            name: 'tip',
            label: '说明',
            type: 'custom',
            render: () => (
              <Typography.Text type="secondary">
                <Tx text="绑定后，此人以该账号登录即以本人身份录入成绩或办理督导；一个账号只能绑定本库的一个人。" />
              </Typography.Text>
            ),
          },
          {
            name: 'userId',
            label: '登录账号',
            type: 'custom',
            rules: [{ required: true, message: '请选择登录账号' }],
            render: (props) => <AccountPicker {...props} path={a.options} />,
          },
        ],
        submit: { path: a.bind },
        body: (values, row) => ({ id: row!.id, userId: values.userId }),
        load: () => ({}),
        successMessage: '已绑定',
        width: 560,
      },
    },
    {
      key: 'unbindAccount',
      label: '解除绑定',
      danger: true,
      permission: `${p.resource}.edit`,
      visible: (row) => row.actions.includes('unbindAccount'),
      confirm: (row, t) =>
        t('确定解除{kind}{name}与账号“{account}”的绑定吗？解除后该账号不能再以此人身份录入成绩或办理督导。', { kind: t(p.name), name: row.name, account: row.accountName ?? '' }),
      call: { path: a.unbind, body: (row) => ({ id: row.id }), successMessage: '已解除绑定' },
    },
  ];
}

/** 列表与详情里的“登录账号”：账号名（姓名），未绑定显示“未绑定” */
export function AccountText({ row }: { row: Pick<PersonItem, 'accountName' | 'accountRealName'> }) {
  if (!row.accountName) return <Typography.Text type="secondary"><Tx text="未绑定" /></Typography.Text>;
  return <>{row.accountRealName ? `${row.accountName}（${row.accountRealName}）` : row.accountName}</>;
}

export const accountColumn: ListColumn<PersonItem> = {
  title: '登录账号',
  dataIndex: 'accountName',
  width: 130,
  ellipsis: true,
  render: (_: unknown, row) => <AccountText row={row} />,
};

export const accountDetailField = { name: 'accountName', label: '登录账号', render: (_v: unknown, row: PersonItem) => <AccountText row={row} /> };

export function statusBatch(p: LibraryPaths, perms: { stop: string; start: string }): BatchAction<PersonItem>[] {
  return [
    {
      key: 'stop',
      label: '批量停用',
      danger: true,
      permission: perms.stop,
      confirm: (rows, t) => t('确定停用所选的 {count} 名{kind}吗？停用后不能再被分派到考务。', { count: rows.length, kind: t(p.name) }),
      call: { path: p.stop, body: (ids) => ({ ids }), successMessage: '已停用' },
    },
    {
      key: 'start',
      label: '批量启用',
      permission: perms.start,
      confirm: (rows, t) => t('确定启用所选的 {count} 名{kind}吗？', { count: rows.length, kind: t(p.name) }),
      call: { path: p.start, body: (ids) => ({ ids }), successMessage: '已启用' },
    },
  ];
}

// 性别由身份证号得出，只在详情里显示，列表省出宽度给机构与工种（1440 下不出横向滚动）
export const baseColumns = (p: LibraryPaths): ListColumn<PersonItem>[] => [
  { title: '照片', dataIndex: 'hasPhoto', width: 60, render: (_: unknown, row) => <PersonAvatar row={row} path={p.photo} /> },
  { title: '姓名', dataIndex: 'name', width: 80 },
  { title: '身份证号', dataIndex: 'idNumber', width: 160 },
  { title: '手机号', dataIndex: 'mobile', width: 120 },
  statusColumnOf(),
];

function statusColumnOf(): ListColumn<PersonItem> {
  return { title: '状态', dataIndex: 'status', width: 70, render: (_: unknown, row) => <StatusTag row={row} /> };
}

export const personFilters = (extra: FieldSpec[] = []): FieldSpec[] => [
  { name: 'name', label: '姓名' },
  // 身份证号加密存放：只能按完整号码查
  { name: 'idNumber', label: '身份证号', placeholder: '请输入完整身份证号' },
  ...extra,
  { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
];

/** 详情：照片、基本信息、工种、证书 */
export function personDetailSpec(
  p: LibraryPaths,
  extra: { name: string; label: string; render?: (value: unknown, row: PersonItem) => ReactNode }[] = [],
): ListScreenProps<PersonItem>['detail'] {
  return {
    title: p.titles.detail,
    load: (row) => callConfigured<Record<string, unknown>>('POST', p.info, { id: row.id }),
    fields: [
      { name: 'hasPhoto', label: '照片', render: (_v, row) => <PersonAvatar row={row} path={p.photo} size={96} /> },
      { name: 'name', label: '姓名' },
      { name: 'idNumber', label: '身份证号' },
      { name: 'gender', label: '性别' },
      { name: 'birthDate', label: '出生日期', render: (v, row) => (v ? <Tx text="{date}（{age} 岁）" vars={{ date: String(v), age: row.age ?? '' }} /> : '—') },
      { name: 'mobile', label: '手机号' },
      ...extra,
      { name: 'education', label: '学历' },
      { name: 'title', label: '职称' },
      { name: 'worksText', label: '工种与等级', render: (v) => (v as string) || '—' },
      {
        name: 'certs',
        label: '证书',
        render: (v) => {
          const certs = (v ?? []) as PersonDetail['certs'];
          return certs.length ? certs.map((c) => <div key={c.id}>{`${c.certName}：${c.certNo}${c.issuedAt ? `（${c.issuedAt}）` : ''}`}</div>) : '—';
        },
      },
      { name: 'statusName', label: '状态' },
      { name: 'stopReason', label: '停用原因', render: (v) => (v as string) || '—' },
      { name: 'createTime', label: '录入时间' },
    ],
  };
}
