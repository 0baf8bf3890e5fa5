'use client';
// 备案机构库：按市维护登记在册的备案机构，可导入导出。
import ListScreen from '@/components/list/ListScreen';
import { ORG_TYPES } from '@/lib/domains/org/codes';
import type { RecordOrgItem } from '@/lib/domains/filing/record-org';

const ORG_TYPE_OPTIONS = Object.entries(ORG_TYPES).map(([value, label]) => ({ value: Number(value), label }));

export default function BaseRecordOrgList() {
  return (
    <ListScreen<RecordOrgItem>
      title="备案机构库"
      resource="baseRecordOrg"
      rowKey="id"
      list={{ path: '/org/listBaseRecordOrg' }}
      filters={[
        { name: 'name', label: '机构名称' },
        { name: 'orgType', label: '机构类型', type: 'select', options: ORG_TYPE_OPTIONS },
      ]}
      columns={[
        { title: '机构名称', dataIndex: 'name' },
        { title: '统一社会信用代码', dataIndex: 'unifiedSocialCreditCode', width: 190 },
        { title: '机构类型', dataIndex: 'orgType', width: 160, options: ORG_TYPE_OPTIONS },
        { title: '所在市', dataIndex: 'cityName', width: 100 },
        { title: '所在区划', dataIndex: 'areaName', width: 100 },
        { title: '联系人', dataIndex: 'contactName', width: 100 },
        { title: '联系电话', dataIndex: 'contactPhone', width: 130 },
      ]}
      create={{
        title: '新增备案机构',
        submit: { path: '/org/saveBaseRecordOrg' },
        fields: [
          { name: 'name', label: '机构名称', required: true },
          { name: 'unifiedSocialCreditCode', label: '统一社会信用代码', required: true },
          { name: 'orgType', label: '机构类型', type: 'select', required: true, options: ORG_TYPE_OPTIONS },
          { name: 'areaId', label: '区划代码', type: 'number', required: true, help: '市或县区的 6 位代码' },
          { name: 'legalPerson', label: '法定代表人' },
          { name: 'contactName', label: '联系人' },
          { name: 'contactPhone', label: '联系电话' },
          { name: 'address', label: '地址' },
        ],
      }}
      edit={{
        title: '修改备案机构',
        submit: { path: '/org/saveBaseRecordOrg' },
        body: (v, r) => ({ ...v, id: r?.id }),
        fields: [
          { name: 'name', label: '机构名称', required: true },
          { name: 'unifiedSocialCreditCode', label: '统一社会信用代码', required: true },
          { name: 'orgType', label: '机构类型', type: 'select', required: true, options: ORG_TYPE_OPTIONS },
          { name: 'areaId', label: '区划代码', type: 'number', required: true },
          { name: 'legalPerson', label: '法定代表人' },
          { name: 'contactName', label: '联系人' },
          { name: 'contactPhone', label: '联系电话' },
          { name: 'address', label: '地址' },
        ],
      }}
      remove={{ call: { path: '/org/delBaseRecordOrg', body: (r) => ({ ids: [r.id] }) }, batch: { path: '/org/delBaseRecordOrg', body: (ids) => ({ ids }) } }}
      exporter={{ path: '/org/exportBaseRecordOrg', method: 'POST' }}
      importer={{ call: { path: '/org/importRecordOrg' }, template: { path: '/org/importRecordOrgTemplate', method: 'GET' }, title: '导入备案机构' }}
      emptyText="暂无备案机构"
    />
  );
}
