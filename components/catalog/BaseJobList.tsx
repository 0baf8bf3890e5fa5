'use client';
// 评价管理 › 基础数据 › 职业工种（/evaluation/base/job）：职业及其工种、等级与申报条件的维护，导入职业工种与申报条件，导出。
import { useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import ListScreen from '@/components/list/ListScreen';
import ImportButton from '@/components/list/ImportButton';
import { useCan } from '@/components/shell/ShellContext';
import { useT } from '@/lib/i18n/client';
import type { Translate } from '@/lib/i18n/locales';
import type { FieldSpec, FormSpec, ListScreenProps, Option } from '@/components/list/types';
import { CATALOG_STATUS, JOB_CATEGORIES, LEVEL_NAMES, STATUS_NAMES, WORK_ORGS_NOTE, WORK_TAG_COLOR } from '@/lib/domains/catalog/constants';
import type { JobItem, WorkItem } from '@/lib/domains/catalog/schemas';
import WorkRowsEditor, { type WorkRow } from './WorkRowsEditor';
import LevelRestrictionDialog from './LevelRestrictionDialog';
import WorkOrgsDialog from './WorkOrgsDialog';
import { zodRule } from '@/components/list/rules';

/** 大类筛选：编号加所选语言的大类名（列表里的 categoryName 由服务端按语言返回） */
const categoryOptions = (t: Translate): Option[] => Object.entries(JOB_CATEGORIES).map(([value, label]) => ({ value: Number(value), label: `${value} ${t(label)}` }));
const STATUS_OPTIONS: Option[] = Object.entries(STATUS_NAMES).map(([value, label]) => ({ value: Number(value), label }));

/** 等级区间的简写：五级–一级；不连续时逐个列出 */
function levelRange(levels: { levelCode: number }[], t: Translate): string {
  const codes = levels.map((l) => l.levelCode).sort((a, b) => b - a);
  if (!codes.length) return t('未开设等级');
  const short = (c: number) => t(LEVEL_NAMES[c]).split('/')[0];
  const contiguous = codes.every((c, i) => i === 0 || codes[i - 1] - c === 1);
  return contiguous && codes.length > 1 ? `${short(codes[0])}–${short(codes[codes.length - 1])}` : codes.map(short).join(t('access.action.separator'));
}

function WorkTags({ works }: { works: WorkItem[] }) {
  const t = useT();
  return (
    <Space size={[4, 4]} wrap>
      {works.map((w) => (
        <Tag key={w.code} color={WORK_TAG_COLOR[w.status] ?? 'default'} title={t('{code}；{count} 家机构开展', { code: w.code, count: w.orgCount })}>
          {w.name} · {levelRange(w.levels, t)}
        </Tag>
      ))}
    </Space>
  );
}

const fields: FieldSpec[] = [
  {
    name: 'code',
    label: '职业编码',
    required: true,
    placeholder: '如 6-18-01-01',
    rules: [zodRule(() => import('@/lib/domains/catalog/schemas').then((m) => m.jobCode))],
    help: '《中华人民共和国职业分类大典》(2022) 的细类编码；首位即大类',
    span: 12,
  },
  { name: 'name', label: '职业名称', required: true, span: 12 },
  { name: 'status', label: '状态', type: 'radio', options: STATUS_OPTIONS, initialValue: 0, span: 12 },
  { name: 'description', label: '职业描述', type: 'textarea' },
  {
    name: 'works',
    label: '工种与等级',
    type: 'custom',
    initialValue: [{ code: '', name: '', levels: [5, 4, 3, 2, 1] }],
    rules: [
      // 值为数组：必填须声明 type 'array'（FormSpec 的 required 按字符串校验）
      { required: true, type: 'array', min: 1, message: '至少填写一个工种' },
      {
        validator: (_r, v: WorkRow[] | undefined) =>
          !v?.length ? Promise.reject(new Error('至少填写一个工种')) : v.filter((w) => !w.code.trim()).length > 1 ? Promise.reject(new Error('只有一个工种可以留空编码（与职业相同）')) : v.some((w) => !w.levels.length) ? Promise.reject(new Error('每个工种至少选择一个等级')) : Promise.resolve(),
      },
    ],
    render: ({ value, onChange, disabled }) => <WorkRowsEditor value={value as WorkRow[]} onChange={onChange} disabled={disabled} />,
  },
];

const toWorkRows = (works: WorkItem[]): WorkRow[] =>
  works.map((w) => ({ code: w.code, name: w.name, status: w.status, skillStandardUrl: w.skillStandardUrl ?? undefined, levels: w.levels.map((l) => l.levelCode) }));

/** 提交体：工种行去空白；工种编码、名称留空的取职业的 */
const body = (values: Record<string, unknown>, row?: JobItem) => {
  const works = ((values.works as WorkRow[] | undefined) ?? []).map((w) => ({
    ...w,
    code: w.code.trim() || values.code,
    name: w.name.trim() || values.name,
    skillStandardUrl: w.skillStandardUrl || undefined,
  }));
  return { ...(row ? { id: row.id } : {}), ...values, works };
};

const createForm: FormSpec<JobItem> = {
  title: '新增职业',
  width: 860,
  fields,
  submit: { path: '/job/saveBaseJob' },
  body,
};
const editForm: FormSpec<JobItem> = {
  ...createForm,
  title: '编辑职业',
  load: (row) => ({ ...row, works: toWorkRows(row.works) }),
};

export default function BaseJobList() {
  const can = useCan();
  const t = useT();
  const [restrictionsOf, setRestrictionsOf] = useState<{ job: JobItem; reload: () => void } | null>(null);
  const [orgsOpen, setOrgsOpen] = useState(false);

  const props: ListScreenProps<JobItem> = {
    title: '职业工种',
    resource: 'baseJob',
    rowKey: 'id',
    testId: 'base-job-list',
    list: { path: '/job/listBaseJob' },
    filters: [
      { name: 'keyword', label: '名称/编码', placeholder: '职业或工种' },
      { name: 'category', label: '大类', type: 'select', options: categoryOptions(t) },
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
    ],
    columns: [
      { title: '职业编码', dataIndex: 'code', width: 120 },
      { title: '职业名称', dataIndex: 'name', width: 180 },
      { title: '大类', dataIndex: 'categoryName', width: 200, ellipsis: true },
      { title: '工种及等级', dataIndex: 'works', render: (works: WorkItem[]) => <WorkTags works={works} /> },
      { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => <Tag color={s === 0 ? 'green' : 'red'}>{t(STATUS_NAMES[s])}</Tag> },
    ],
    create: createForm,
    edit: editForm,
    remove: {
      call: { path: '/job/delJob', body: (row) => ({ id: row.id }) },
      batch: { path: '/job/batchDelJob', body: (ids) => ({ ids }) },
      confirm: (row, tr) => tr('确定删除职业「{name}」及其 {count} 个工种吗？已有机构开展的工种不能删除。', { name: row.name, count: row.works.length }),
    },
    detail: {
      title: '职业详情',
      fields: [
        { name: 'code', label: '职业编码' },
        { name: 'name', label: '职业名称' },
        { name: 'categoryName', label: '大类' },
        { name: 'statusName', label: '状态' },
        { name: 'description', label: '职业描述' },
        {
          name: 'works',
          label: '工种',
          render: (works) => (
            <Space orientation="vertical" size={2}>
              {(works as WorkItem[]).map((w) => (
                <Typography.Text key={w.code}>
                  {w.code} {w.name}：{levelRange(w.levels, t)}
                  <Typography.Text type="secondary">{t(WORK_ORGS_NOTE[w.status] ?? WORK_ORGS_NOTE[CATALOG_STATUS.ENABLED], { count: w.orgCount })}</Typography.Text>
                </Typography.Text>
              ))}
            </Space>
          ),
        },
      ],
    },
    rowActions: [
      {
        key: 'restrictions',
        label: '申报条件',
        permission: ['baseJob.get', 'baseJob.edit'],
        onClick: (row, helpers) => setRestrictionsOf({ job: row, reload: helpers.reload }),
      },
    ],
    importer: { call: { path: '/job/impJob' }, template: { path: '/job/impJob/template' }, title: '导入职业工种' },
    exporter: { path: '/job/exportBaseJob' },
    toolbarExtra: (helpers) => (
      <Space>
        {can('baseJob.import') && (
          <Tooltip title={t('导入等级申报条件（工种编码、等级、年限、申报条件）')}>
            <span data-testid="import-work-require">
              <ImportButton call={{ path: '/job/impWorkRequire' }} template={{ path: '/job/impWorkRequire/template' }} title={t('导入等级申报条件')} onImported={helpers.reload} />
            </span>
          </Tooltip>
        )}
        <Button icon={<SearchOutlined />} onClick={() => setOrgsOpen(true)} data-testid="work-orgs-open">
          {t('按工种查机构')}
        </Button>
      </Space>
    ),
    emptyText: '暂无职业，可新增或导入',
  };

  return (
    <>
      <ListScreen {...props} />
      {restrictionsOf && (
        <LevelRestrictionDialog
          job={restrictionsOf.job}
          editable={can('baseJob.edit')}
          onClose={() => setRestrictionsOf(null)}
          onSaved={() => {
            restrictionsOf.reload();
            setRestrictionsOf(null);
          }}
        />
      )}
      {orgsOpen && <WorkOrgsDialog onClose={() => setOrgsOpen(false)} />}
    </>
  );
}

