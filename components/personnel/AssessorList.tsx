'use client';
// 评价业务 › 人员管理 › 考评员管理（/evaluation/personnel/assessor）：考评员库，按机构与工种管理，停用的不能再分派。
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import ListScreen from '@/components/list/ListScreen';
import type { ListScreenProps } from '@/components/list/types';
import type { PersonItem } from '@/lib/domains/personnel/schemas';
import { accountActions, accountColumn, accountDetailField, baseColumns, personDetailSpec, personFields, personFilters, personForms, statusActions, statusBatch, type LibraryPaths } from './person-config';

const paths: LibraryPaths = {
  resource: 'assessor',
  name: '考评员',
  titles: { create: '新增考评员', edit: '编辑考评员', stop: '停用考评员', detail: '考评员详情' },
  list: '/perEval/list',
  info: '/fil/evaluation/viewFilEvaluation',
  save: '/fil/evaluation/addFilEvaluation',
  stop: '/perEval/stopService',
  start: '/perEval/startService',
  del: '/perEval/del',
  photo: '/perEval/photo',
  works: '/perEval/workList',
  filingUnits: '/perEval/filingUnitList',
  accounts: { options: '/perEval/accountOptions', bind: '/perEval/bindAccount', unbind: '/perEval/unbindAccount' },
};
const perms = { stop: 'assessor.disable', start: 'assessor.enable' };
const forms = personForms(paths, personFields(paths, { org: 'required', works: true }));

const props: ListScreenProps<PersonItem> = {
  title: '考评员管理',
  resource: paths.resource,
  rowKey: 'id',
  list: { path: paths.list, method: 'POST' },
  filters: personFilters([
    { name: 'orgId', label: '所属机构', type: 'select', optionsFrom: { path: paths.filingUnits, method: 'POST', labelKey: 'name', valueKey: 'id' } },
    { name: 'workCode', label: '工种', type: 'select', optionsFrom: { path: paths.works!, method: 'POST', labelKey: 'workName', valueKey: 'workCode' } },
  ]),
  columns: [
    ...baseColumns(paths),
    { title: '所属机构', dataIndex: 'orgName', width: 190, ellipsis: true },
    { title: '工种与等级', dataIndex: 'worksText', width: 200, ellipsis: true, render: (v: string) => v || '—' },
    accountColumn,
  ],
  ...forms,
  remove: {
    call: { path: paths.del, body: (row) => ({ ids: [row.id] }) },
    batch: { path: paths.del, body: (ids) => ({ ids }) },
    confirm: (row, t) => t('确定删除考评员{name}吗？已参与考务安排的不能删除，可改为停用。', { name: row.name }),
  },
  detail: personDetailSpec(paths, [
    { name: 'orgName', label: '所属机构' },
    { name: 'filingTypeName', label: '业务类型' },
    accountDetailField,
  ]),
  importer: { call: { path: '/perEval/importEvaluation' }, template: { path: '/perEval/importTemplate', method: 'GET' }, title: '导入考评员' },
  exporter: { path: '/perEval/exportEvaluation' },
  rowActions: [...statusActions(paths, perms), ...accountActions(paths)],
  batchActions: statusBatch(paths, perms),
  emptyText: '暂无考评员，可点击“新增”或“导入”录入',
};

export default function AssessorList() {
  const unmask = useUnmaskList<PersonItem>(paths.list, '考评员列表', { exporter: props.exporter });
  return <ListScreen {...props} list={unmask.list} toolbarExtra={unmask.toolbarExtra} />;
}
