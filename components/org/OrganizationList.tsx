'use client';
// 机构与账号管理 › 机构管理（/org/organization）：左侧区划树筛选，右侧机构列表；新增、编辑、迁移上级、
// 设置工种、变更记录、批量删除。机构用户只看到本机构，编辑时只改基本信息（updateOrganization）。
import { useMemo, useState } from 'react';
import { Tag } from 'antd';
import { apiGet } from '@/components/api-client';
import { Tx } from '@/lib/i18n/client';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec, ListScreenProps } from '@/components/list/types';
import type { OrgItem as OrgRow } from '@/lib/domains/org/schemas';
import { useShell } from '@/components/shell/ShellContext';
import AreaTree from './AreaTree';
import OrgHistoryDialog from './OrgHistoryDialog';
import { CATEGORY_OPTIONS, ORG_SELECT, ORG_STATUS_OPTIONS, ORG_TYPE_OPTIONS } from './options';
import { zodRule } from '@/components/list/rules';


const STATUS_COLORS: Record<number, string> = { 0: 'green', 1: 'red', 2: 'orange' };

const basicFields: FieldSpec[] = [
  { name: 'legalPerson', label: '法定代表人', span: 12 },
  { name: 'contactName', label: '联系人', span: 12 },
  { name: 'contactPhone', label: '联系电话', span: 12, placeholder: '手机号或 0311-85012345' },
  { name: 'address', label: '地址', span: 12 },
  { name: 'remark', label: '备注', type: 'textarea' },
];

const orgFields: FieldSpec[] = [
  {
    name: 'code',
    label: '机构编码',
    required: true,
    disabledOnEdit: true,
    span: 12,
    rules: [zodRule(() => import('@/lib/domains/org/schemas').then((m) => m.OrgSaveInput.shape.code))],
  },
  { name: 'name', label: '机构名称', required: true, span: 12 },
  { name: 'category', label: '机构类别', type: 'select', options: CATEGORY_OPTIONS, required: true, span: 12 },
  { name: 'orgType', label: '机构类型', type: 'select', options: ORG_TYPE_OPTIONS, required: true, span: 12 },
  { name: 'region', label: '所在区划', type: 'region', required: true, span: 12 },
  { name: 'parentId', label: '上级机构', ...ORG_SELECT, span: 12, help: '下级机构的区划须在上级机构的区划之内' },
  { name: 'unifiedSocialCreditCode', label: '统一社会信用代码', span: 12, placeholder: '18 位' },
  { name: 'status', label: '状态', type: 'select', options: ORG_STATUS_OPTIONS, initialValue: 0, span: 12 },
  ...basicFields,
];

/** 每行“编码 名称”，如“6-18-01-01 车工” */
const parseWorks = (text: unknown) =>
  String(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [workCode, ...name] = line.split(/\s+/);
      return { workCode, workName: name.join(' ') };
    });

const worksForm: FormSpec<OrgRow> = {
  title: '设置可开展的工种',
  width: 560,
  fields: [
    {
      name: 'worksText',
      label: '工种',
      type: 'textarea',
      placeholder: '每行一个：工种编码 工种名称，如\n6-18-01-01 车工\n4-01-06-01 电子商务师',
      help: '整体替换该机构的工种；清空即不再允许任何工种',
    },
  ],
  submit: { path: '/sys/orgination-work/save' },
  load: async (row) => {
    const detail = await apiGet('/sys/orgination/detail', { code: row.code }, { silent: true });
    return { worksText: detail.works.map((w) => `${w.workCode} ${w.workName}`).join('\n') };
  },
  body: (values, row) => ({ orgId: row?.id, works: parseWorks(values.worksText) }),
};

const moveForm: FormSpec<OrgRow> = {
  title: '迁移到其他上级机构',
  fields: [
    { name: 'parentId', label: '新的上级机构', ...ORG_SELECT, placeholder: '不选则成为顶级机构', help: '下级机构随之移动；不能选本机构或它的下级' },
    { name: 'region', label: '所在区划', type: 'region', required: true, help: '区划变化时，本机构账号与部门的所在区划一并更新' },
  ],
  submit: { path: '/sys/orgination/updateParentOrg' },
  body: (values, row) => ({ id: row?.id, parentId: values.parentId ?? null, region: values.region }),
  successMessage: '迁移成功',
};

export default function OrganizationList() {
  const { data } = useShell();
  const orgUser = data.user.level === 'org';
  const [areaId, setAreaId] = useState<number | undefined>();
  const [history, setHistory] = useState<OrgRow | null>(null);

  const props = useMemo<ListScreenProps<OrgRow>>(
    () => ({
      title: orgUser ? '本机构信息' : '机构管理',
      resource: 'organization',
      rowKey: 'id',
      list: { path: '/sys/orgination/list', method: 'GET', params: { areaId } },
      filters: orgUser
        ? []
        : [
            { name: 'name', label: '机构名称' },
            { name: 'code', label: '机构编码' },
            { name: 'areaId', label: '所在区划', type: 'region' },
            { name: 'category', label: '机构类别', type: 'select', options: CATEGORY_OPTIONS },
            { name: 'orgType', label: '机构类型', type: 'select', options: ORG_TYPE_OPTIONS },
            { name: 'status', label: '状态', type: 'select', options: ORG_STATUS_OPTIONS },
          ],
      // 左侧有区划树，表格较窄：先放编码、名称、类型、区划与状态，联系人与电话合为一列
      columns: [
        { title: '机构编码', dataIndex: 'code', width: 140 },
        { title: '机构名称', dataIndex: 'name', width: 220, ellipsis: true },
        // 按代码与选项显示：类别与类型名随界面语言翻译（服务端的 categoryName / orgTypeName 只有中文）
        { title: '类别', dataIndex: 'category', width: 80, options: CATEGORY_OPTIONS },
        { title: '类型', dataIndex: 'orgType', width: 140, ellipsis: true, options: ORG_TYPE_OPTIONS },
        { title: '所在区划', dataIndex: 'areaName', width: 150, ellipsis: true, render: (_: unknown, r) => [r.cityName, r.areaName !== r.cityName ? r.areaName : null].filter(Boolean).join(' / ') || <Tx text="河北省" /> },
        { title: '状态', dataIndex: 'status', width: 72, render: (v: number, r) => <Tag color={STATUS_COLORS[v]}><Tx text={r.statusName} /></Tag> },
        { title: '上级机构', dataIndex: 'parentName', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
        { title: '联系人', dataIndex: 'contactName', width: 150, ellipsis: true, render: (v: string | null, r) => [v, r.contactPhone].filter(Boolean).join(' ') || '—' },
        { title: '创建时间', dataIndex: 'createTime', width: 170 },
      ],
      create: orgUser ? undefined : { title: '新增机构', fields: orgFields, submit: { path: '/sys/orgination/save' }, width: 760 },
      edit: orgUser
        ? { title: '维护本机构信息', fields: basicFields, submit: { path: '/bks/v1/organization/updateOrganization' }, body: (values) => values, width: 760 }
        : { title: '编辑机构', fields: orgFields, submit: { path: '/sys/orgination/update' }, width: 760 },
      remove: orgUser
        ? undefined
        : {
            call: { path: '/sys/orgination/batch/remove', body: (row) => ({ ids: [row.id] }) },
            batch: { path: '/sys/orgination/batch/remove', body: (ids) => ({ ids }) },
            confirm: (row, t) => t('确定删除机构「{name}」吗？还有账号、部门或下级机构的机构不能删除。', { name: row.name }),
          },
      detail: {
        title: '机构详情',
        fields: [
          { name: 'code', label: '机构编码' },
          { name: 'name', label: '机构名称' },
          { name: 'categoryName', label: '机构类别' },
          { name: 'orgTypeName', label: '机构类型' },
          { name: 'cityName', label: '所在市' },
          { name: 'areaName', label: '所在区划' },
          { name: 'parentName', label: '上级机构' },
          { name: 'unifiedSocialCreditCode', label: '统一社会信用代码' },
          { name: 'legalPerson', label: '法定代表人' },
          { name: 'contactName', label: '联系人' },
          { name: 'contactPhone', label: '联系电话' },
          { name: 'address', label: '地址' },
          { name: 'statusName', label: '状态' },
          { name: 'userCount', label: '账号数' },
          { name: 'childCount', label: '下级机构数' },
          {
            name: 'works',
            label: '可开展的工种',
            render: (v) => ((v as { workCode: string; workName: string }[] | undefined)?.length ? (v as { workCode: string; workName: string }[]).map((w) => <Tag key={w.workCode}>{`${w.workCode} ${w.workName}`}</Tag>) : <Tx text="未设置" />),
          },
          { name: 'remark', label: '备注' },
          { name: 'createTime', label: '创建时间' },
          { name: 'updateTime', label: '更新时间' },
        ],
        load: (row) => apiGet('/sys/orgination/detail', { code: row.code }, { silent: true }),
      },
      rowActions: orgUser
        ? []
        : [
            { key: 'move', label: '迁移', permission: 'organization.edit', form: moveForm },
            { key: 'works', label: '工种', permission: 'organization.edit', form: worksForm },
            { key: 'history', label: '变更记录', permission: 'organization.get', onClick: (row) => setHistory(row) },
          ],
      emptyText: '暂无机构',
      refreshKey: areaId,
    }),
    [orgUser, areaId],
  );

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      {!orgUser && <AreaTree value={areaId} onChange={setAreaId} />}
      <div style={{ flex: 1, minWidth: 0 }}>
        <ListScreen<OrgRow> {...props} />
      </div>
      {history && <OrgHistoryDialog org={history} onClose={() => setHistory(null)} />}
    </div>
  );
}
