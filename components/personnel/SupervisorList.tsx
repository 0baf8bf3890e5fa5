'use client';
// 评价业务 › 人员管理 › 督导员管理（/evaluation/personnel/supervisor）：市里管理的督导员库，含照片压缩包上传。
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import ListScreen from '@/components/list/ListScreen';
import type { ListScreenProps } from '@/components/list/types';
import { useCan } from '@/components/shell/ShellContext';
import type { PersonItem } from '@/lib/domains/personnel/schemas';
import PhotoZipButton from './PhotoZipButton';
import { accountActions, accountColumn, accountDetailField, baseColumns, personDetailSpec, personFields, personFilters, personForms, statusActions, statusBatch, type LibraryPaths } from './person-config';

const paths: LibraryPaths = {
  resource: 'supervisor',
  name: '督导员',
  titles: { create: '新增督导员', edit: '编辑督导员', stop: '停用督导员', detail: '督导员详情' },
  list: '/perSuper/listSuper',
  info: '/perSuper/supervisorInfo',
  save: '/perSuper/savePerSupervisor',
  stop: '/perSuper/stopService',
  start: '/perSuper/startService',
  del: '/perSuper/del',
  photo: '/perSuper/photo',
  works: '/perSuper/workList',
  filingUnits: '/perSuper/filingUnitList',
  accounts: { options: '/perSuper/accountOptions', bind: '/perSuper/bindAccount', unbind: '/perSuper/unbindAccount' },
};
const perms = { stop: 'supervisor.disable', start: 'supervisor.enable' };
const forms = personForms(paths, personFields(paths, { org: 'none', city: true, unit: true, works: true }));

const base: ListScreenProps<PersonItem> = {
  title: '督导员管理',
  resource: paths.resource,
  rowKey: 'id',
  list: { path: paths.list, method: 'POST' },
  filters: personFilters([
    { name: 'mobile', label: '手机号' },
    { name: 'cityId', label: '所在市', type: 'select', optionsFrom: { path: '/comApi/getAreaByParent', method: 'GET', query: { pid: 130000 }, labelKey: 'name', valueKey: 'id' } },
  ]),
  columns: [
    ...baseColumns(paths),
    { title: '所在市', dataIndex: 'cityName', width: 90 },
    { title: '工作单位', dataIndex: 'workUnit', width: 180, ellipsis: true },
    { title: '职务', dataIndex: 'post', width: 100 },
    accountColumn,
  ],
  ...forms,
  remove: {
    call: { path: paths.del, body: (row) => ({ ids: [row.id] }) },
    batch: { path: paths.del, body: (ids) => ({ ids }) },
    confirm: (row, t) => t('确定删除督导员{name}吗？已参与考务安排的不能删除，可改为停用。', { name: row.name }),
  },
  detail: personDetailSpec(paths, [
    { name: 'cityName', label: '所在市' },
    { name: 'workUnit', label: '工作单位' },
    { name: 'post', label: '职务' },
    accountDetailField,
  ]),
  importer: { call: { path: '/perSuper/importSupervisor' }, template: { path: '/perSuper/importTemplate', method: 'GET' }, title: '导入督导员' },
  exporter: { path: '/perSuper/exportSupervisor' },
  rowActions: [...statusActions(paths, perms), ...accountActions(paths)],
  batchActions: statusBatch(paths, perms),
  emptyText: '暂无督导员，可点击“新增”或“导入”录入',
};

export default function SupervisorList() {
  const can = useCan();
  const unmask = useUnmaskList<PersonItem>(paths.list, '督导员列表', { exporter: base.exporter });
  return (
    <ListScreen
      {...base}
      list={unmask.list}
      toolbarExtra={(helpers) => (
        <>
          {can('supervisor.import') ? <PhotoZipButton path="/perSuper/importSupervisorImgZip" libraryName="督导员" onDone={helpers.reload} /> : null}
          {unmask.toolbarExtra(helpers)}
        </>
      )}
    />
  );
}
