'use client';
// 评价业务 › 人员管理 › 监考人员（/evaluation/personnel/proctor）：评价机构的考务人员库，停用的不能再分派监考。
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import ListScreen from '@/components/list/ListScreen';
import type { ListScreenProps } from '@/components/list/types';
import type { PersonItem } from '@/lib/domains/personnel/schemas';
import { baseColumns, personDetailSpec, personFields, personFilters, personForms, statusActions, statusBatch, type LibraryPaths } from './person-config';

const paths: LibraryPaths = {
  resource: 'examStaff',
  name: '监考人员',
  titles: { create: '新增监考人员', edit: '编辑监考人员', stop: '停用监考人员', detail: '监考人员详情' },
  list: '/examStaff/listExamStaff',
  info: '/examStaff/examStaffInfo',
  save: '/examStaff/saveExamStaff',
  stop: '/examStaff/stopService',
  start: '/examStaff/startService',
  del: '/examStaff/del',
  photo: '/examStaff/photo',
  filingUnits: '/examStaff/filingUnitList',
};
// 监考人员菜单没有启用/停用动作，停用与启用随“编辑”权限
const perms = { stop: 'examStaff.edit', start: 'examStaff.edit' };
const fields = personFields(paths, { org: 'required', works: false });
fields.splice(fields.length - 1, 0, { name: 'post', label: '岗位', span: 12, placeholder: '如 监考员、考务主管' });
const forms = personForms(paths, fields);

const props: ListScreenProps<PersonItem> = {
  title: '监考人员',
  resource: paths.resource,
  rowKey: 'id',
  list: { path: paths.list, method: 'POST' },
  filters: personFilters([{ name: 'orgId', label: '所属机构', type: 'select', optionsFrom: { path: paths.filingUnits, method: 'POST', labelKey: 'name', valueKey: 'id' } }]),
  columns: [
    ...baseColumns(paths),
    { title: '所属机构', dataIndex: 'orgName', width: 200, ellipsis: true },
    { title: '岗位', dataIndex: 'post', width: 100 },
  ],
  ...forms,
  remove: {
    call: { path: paths.del, body: (row) => ({ ids: [row.id] }) },
    batch: { path: paths.del, body: (ids) => ({ ids }) },
    confirm: (row, t) => t('确定删除监考人员{name}吗？已参与考务安排的不能删除，可改为停用。', { name: row.name }),
  },
  detail: personDetailSpec(paths, [
    { name: 'orgName', label: '所属机构' },
    { name: 'post', label: '岗位' },
  ]),
  exporter: { path: '/examStaff/exportExamStaff' },
  rowActions: statusActions(paths, perms),
  batchActions: statusBatch(paths, perms),
  emptyText: '暂无监考人员，可点击“新增”录入',
};

export default function ProctorList() {
  const unmask = useUnmaskList<PersonItem>(paths.list, '监考人员列表', { exporter: props.exporter });
  return <ListScreen {...props} list={unmask.list} toolbarExtra={unmask.toolbarExtra} />;
}
