'use client';
// 培训班界面的共用部分：状态标签、班级名称格、工种与等级的输入、班级表单与详情、办理历史、录像、班级选择（课程体系、学员名单、日历）。
import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter, useSearchParams } from 'next/navigation';
import { Card, Empty, Form, Select, Space, Tag, Typography } from 'antd';
import TwoLineCell from '@/components/list/TwoLineCell';
import { HistoryDialog } from '@/components/list/HistoryDialog';
import WorkTypePicker, { type PickedWork } from '@/components/catalog/WorkTypePicker';
import type { FieldSpec, FormSpec, ListScreenProps, RowAction } from '@/components/list/types';
import { apiGet, apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { LEVEL_NAMES } from '@/lib/domains/catalog/constants';
import { CLASS_STATUS, CLASS_STATUS_COLOR, CLASS_STATUS_LABEL, VIEW_CLASS_RECORDINGS_PERMISSIONS, type ClassAction } from '@/lib/domains/trainClass/transitions';
import type { ClassItem } from '@/lib/domains/trainClass/schemas';
import { useServerData, useSkipSeededRun } from '@/components/screens/ServerDataContext';

/** 办理历史里去向状态的颜色（按状态取值，不比较状态号） */
const HISTORY_COLOR: Record<number, string> = { [CLASS_STATUS.REJECTED]: 'red', [CLASS_STATUS.DISCARDED]: 'red', [CLASS_STATUS.ASSESSED]: 'green' };

export const CLASS_STATUS_OPTIONS = Object.entries(CLASS_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));
export const LEVEL_OPTIONS = Object.entries(LEVEL_NAMES)
  .map(([value, label]) => ({ value: Number(value), label }))
  .sort((a, b) => b.value - a.value);

export function ClassStatusTag({ status, name }: { status: number; name: string }) {
  return (
    <Tag color={CLASS_STATUS_COLOR[status]} data-testid={`class-status-${status}`}>
      <Tx text={name} />
    </Tag>
  );
}

/** 名称一行；编号与机构一行 */
export function ClassName({ row }: { row: Pick<ClassItem, 'name' | 'code' | 'orgName'> }) {
  return <TwoLineCell main={row.name} sub={`${row.code} · ${row.orgName}`} testId="class-code" />;
}

/** 日期区间：开始一行，“至 结束”一行 */
export function DateSpan({ from, to }: { from: string; to: string }) {
  const t = useT();
  return <TwoLineCell main={from} sub={from === to ? undefined : t('至 {date}', { date: to })} />;
}

/** 工种（单选，取自职业目录）与该工种开设的等级 */
interface WorkLevel {
  workCode?: string;
  workName?: string;
  level?: number;
  levels?: number[];
}

function WorkLevelInput({ value, onChange, disabled }: { value?: WorkLevel; onChange?: (v: WorkLevel) => void; disabled?: boolean }) {
  const t = useT();
  const v = value ?? {};
  const picked: PickedWork[] = v.workCode ? [{ workCode: v.workCode, workName: v.workName ?? v.workCode, levels: v.levels }] : [];
  const levels = v.levels?.length ? v.levels : [5, 4, 3, 2, 1];
  return (
    <Space wrap data-testid="class-work">
      <WorkTypePicker
        multiple={false}
        disabled={disabled}
        value={picked}
        onChange={(list) => {
          const w = list[0];
          onChange?.(w ? { workCode: w.workCode, workName: w.workName, levels: w.levels, level: w.levels?.includes(v.level ?? -1) ? v.level : undefined } : {});
        }}
      />
      <Select
        style={{ width: 160 }}
        disabled={disabled || !v.workCode}
        placeholder={t('等级')}
        value={v.level}
        onChange={(level: number) => onChange?.({ ...v, level })}
        options={levels.map((l) => ({ value: l, label: t(LEVEL_NAMES[l]) }))}
        data-testid="class-level"
      />
    </Space>
  );
}

interface Teacher {
  id: number;
  name: string;
}

/** 开班机构（管理员新建班级时选）：范围内可以开班的机构；换了机构就清空已选的教师（教师须是该机构可排的） */
function ClassOrgSelect({ id, value, onChange }: { id?: string; value?: number; onChange?: (v: number) => void }) {
  const t = useT();
  const form = Form.useFormInstance();
  const [orgs, setOrgs] = useState<{ id: number; name: string; code: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    apiGet('/trainInfo/classOrgs', undefined, { silent: true }).then(
      (list) => live && setOrgs(list),
      () => live && setOrgs([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Select
      id={id}
      data-testid="class-org"
      loading={orgs === null}
      value={value}
      placeholder={t('选择开班的培训机构或企业')}
      options={(orgs ?? []).map((o) => ({ value: o.id, label: `${o.name}（${o.code}）` }))}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(v: number) => {
        onChange?.(v);
        form.setFieldsValue({ headTeacherId: undefined, teacherIds: [] });
      }}
    />
  );
}

/**
 * 班主任或授课教师：开班机构可排的教师。机构用户为本机构；管理员按表单里选的开班机构（orgId）取，没选机构时不可选。
 */
function TeacherSelect({ id, multiple, pickOrg, value, onChange, disabled, testId }: { id?: string; multiple: boolean; pickOrg: boolean; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean; testId: string }) {
  const t = useT();
  const orgId = Form.useWatch<number | undefined>('orgId');
  const waiting = pickOrg && !orgId;
  const [teachers, setTeachers] = useState<Teacher[] | null>(null);
  useEffect(() => {
    if (waiting) return;
    let live = true;
    apiGet('/class/selectTeacherList', pickOrg ? { orgId } : undefined, { silent: true }).then(
      (list) => live && setTeachers(list),
      () => live && setTeachers([]),
    );
    return () => {
      live = false;
    };
  }, [waiting, pickOrg, orgId]);
  return (
    <Select
      id={id}
      data-testid={testId}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      disabled={disabled || waiting}
      loading={!waiting && teachers === null}
      value={value as number | number[] | undefined}
      onChange={(v) => onChange?.(v)}
      placeholder={waiting ? t('请先选择开班机构') : undefined}
      options={(waiting ? [] : (teachers ?? [])).map((x) => ({ value: x.id, label: x.name }))}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

/**
 * 新建或修改班级：工种与等级、培训类型、日期、学时、地点、人数、班主任与授课教师、联系人。
 * pickOrg：管理员新建班级时先选开班机构，班主任与授课教师随之列出该机构可排的教师（机构用户为本机构，不选）。
 */
export function classForm(title: string, opts: { pickOrg?: boolean } = {}): FormSpec<ClassItem> {
  const pickOrg = Boolean(opts.pickOrg);
  const fields: FieldSpec[] = [
    ...(pickOrg
      ? [{ name: 'orgId', label: '开班机构', type: 'custom', required: true, createOnly: true, render: ({ value, onChange, id }) => <ClassOrgSelect id={id} value={value as number | undefined} onChange={onChange} /> } satisfies FieldSpec]
      : []),
    { name: 'name', label: '班级名称', required: true },
    {
      name: 'work',
      label: '工种与等级',
      type: 'custom',
      rules: [
        {
          required: true,
          validator: async (_rule, value: WorkLevel | undefined) => {
            if (!value?.workCode) throw new Error('请选择工种');
            if (!value.level) throw new Error('请选择等级');
          },
        },
      ],
      render: ({ value, onChange, disabled }) => <WorkLevelInput value={value as WorkLevel} onChange={onChange} disabled={disabled} />,
    },
    { name: 'trainType', label: '培训类型', type: 'dict', dictType: 'TRAIN_TYPE', required: true, span: 12 },
    { name: 'dates', label: '培训日期', type: 'dateRange', required: true, span: 12 },
    { name: 'hours', label: '班级学时', type: 'number', required: true, span: 12 },
    { name: 'capacity', label: '计划招收人数', type: 'number', required: true, span: 12 },
    { name: 'place', label: '培训地点', required: true },
    {
      name: 'headTeacherId',
      label: '班主任',
      type: 'custom',
      span: 12,
      render: ({ value, onChange, disabled, id }) => <TeacherSelect id={id} multiple={false} pickOrg={pickOrg} value={value} onChange={onChange} disabled={disabled} testId="class-head-teacher" />,
    },
    {
      name: 'teacherIds',
      label: '授课教师',
      type: 'custom',
      span: 12,
      render: ({ value, onChange, disabled, id }) => <TeacherSelect id={id} multiple pickOrg={pickOrg} value={value} onChange={onChange} disabled={disabled} testId="class-teachers" />,
    },
    { name: 'contactName', label: '联系人', required: true, span: 12 },
    { name: 'contactPhone', label: '联系电话', required: true, span: 12 },
    { name: 'remark', label: '备注', type: 'textarea' },
  ];
  return {
    title,
    width: 820,
    fields,
    submit: { path: '/trainInfo/saveTrainInfo' },
    body: (v, row) => {
      const { work, datesStart, datesEnd, ...rest } = v as { work?: WorkLevel; datesStart?: string; datesEnd?: string } & Record<string, unknown>;
      return { ...rest, id: row?.id, workCode: work?.workCode, level: work?.level, startDate: datesStart, endDate: datesEnd };
    },
    load: async (row) => {
      const d = await apiPost('/trainInfo/toEditTrainInfo', { id: row.id });
      return { ...d, work: { workCode: d.workCode, workName: d.workName, level: d.level }, datesStart: d.startDate, datesEnd: d.endDate };
    },
  };
}

/** 班级详情（查看） */
export const classDetail: NonNullable<ListScreenProps<ClassItem>['detail']> = {
  title: '培训班详情',
  load: (row) => apiPost('/trainInfo/toEditTrainInfo', { id: row.id }),
  fields: [
    { name: 'code', label: '班级编号' },
    { name: 'name', label: '班级名称' },
    { name: 'orgName', label: '开班机构' },
    { name: 'statusName', label: '状态', render: (v, r) => <ClassStatusTag status={r.status} name={v as string} /> },
    { name: 'workName', label: '工种与等级', render: (_v, r) => `${r.workName} · ${r.levelName}` },
    { name: 'trainTypeName', label: '培训类型' },
    { name: 'startDate', label: '培训日期', render: (_v, r) => `${r.startDate} ~ ${r.endDate}` },
    { name: 'hours', label: '班级学时' },
    { name: 'place', label: '培训地点' },
    { name: 'studentCount', label: '学员人数', render: (_v, r) => `${r.studentCount} / ${r.capacity}` },
    { name: 'headTeacherName', label: '班主任' },
    { name: 'teachers', label: '授课教师', render: (v) => ((v as { name: string }[]) ?? []).map((x) => x.name).join('、') },
    { name: 'curriculum', label: '课程体系', render: (v) => <CurriculumSummary value={v as CurriculumValue} /> },
    { name: 'contactName', label: '联系人', render: (_v, r) => `${r.contactName} ${r.contactPhone}` },
    { name: 'lastOpinion', label: '最近意见' },
    { name: 'discardReason', label: '作废原因' },
    { name: 'remark', label: '备注' },
  ],
};

interface CurriculumValue {
  lessons: number;
  lessonHours: number;
  online: number;
  onlineHours: number;
}

function CurriculumSummary({ value }: { value?: CurriculumValue }) {
  const t = useT();
  if (!value) return null;
  return <>{t('线下 {lessons} 节 {lessonHours} 学时，线上 {online} 门 {onlineHours} 学时', { ...value })}</>;
}

/** 班级的录像列表、播放与录制（components/recording，planCode 为班级编号）：点“录像”时才加载 */
const RecordingListDialog = dynamic(() => import('@/components/recording/RecordingListDialog'), { ssr: false });

/** “开始录制”只在行上有 record 时给出（已发布或培训中、开班机构或所在市与省级、有录像权限）；结业之后只看录像 */
export function ClassRecordingDialog({ row, onClose }: { row: Pick<ClassItem, 'code' | 'name' | 'actions'> | null; onClose: () => void }) {
  return row ? <RecordingListDialog open planCode={row.code} name={row.name} canStart={row.actions.includes('record')} onClose={onClose} /> : null;
}

/** 行操作“录像”：只在服务端给出 recordings 时显示（发布之后的班、有查看班级的权限）；能否再录看 record */
export function recordingAction(onClick: (row: ClassItem) => void): RowAction<ClassItem> {
  return { key: 'recording', label: '录像', permission: VIEW_CLASS_RECORDINGS_PERMISSIONS, visible: (r) => r.actions.includes('recordings'), onClick };
}

/** 办理历史 */
export function ClassHistoryDialog({ classId, onClose }: { classId: number | null; onClose: () => void }) {
  return (
    <HistoryDialog<{ id: number; actionName: string; fromStatusName: string; toStatusName: string; opinion: string | null; actorName: string; createTime: string; subject: string; toStatus: number | null; subjectName: string }>
      recordId={classId}
      onClose={onClose}
      path="/trainInfo/toOperationRecord"
      colorOf={(h) => (h.subject === 'class' && h.toStatus !== null ? (HISTORY_COLOR[h.toStatus] ?? 'blue') : 'blue')}
      extra={(h) => (h.subject === 'class' ? null : <Tag>{<Tx text={h.subjectName} />}</Tag>)}
      testId="class-history"
    />
  );
}

export interface ClassOption {
  id: number;
  code: string;
  name: string;
  orgName: string;
  status: number;
  statusName: string;
  startDate: string;
  endDate: string;
  hours: number;
  workName: string;
  levelName: string;
  actions: ClassAction[];
}

/**
 * 班级选择（课程体系、学员名单、日历）：范围内未作废的班级；地址栏的 ?classId= 选中那个班（开班申请的“课程”“学员”按钮跳过来）。
 * allowAll 时可选“全部班级”（学员库）。
 */
export function useClassPicker(opts: { allowAll?: boolean } = {}) {
  const params = useSearchParams();
  const fromUrl = Number(params.get('classId')) || null;
  // 服务端随页面带来的班级列表（components/screens/catalog.ts 的 serverData）：打开就选好班级、画出它的内容
  const seeded = useServerData<ClassOption[]>('/trainInfo/toTrainInfoList');
  const [classes, setClasses] = useState<ClassOption[] | null>(seeded ?? null);
  const [classId, setClassId] = useState<number | null>(() =>
    !seeded ? fromUrl : fromUrl !== null && seeded.some((c) => c.id === fromUrl) ? fromUrl : opts.allowAll ? null : (seeded[0]?.id ?? null),
  );
  const [version, setVersion] = useState(0);
  const seededRun = useSkipSeededRun(seeded);
  useEffect(() => {
    if (seededRun()) return;
    let live = true;
    apiGet('/trainInfo/toTrainInfoList', undefined, { silent: true }).then(
      (list) => {
        if (!live) return;
        setClasses(list);
        setClassId((cur) => (cur !== null && list.some((c) => c.id === cur) ? cur : opts.allowAll ? null : (list[0]?.id ?? null)));
      },
      () => live && setClasses([]),
    );
    return () => {
      live = false;
    };
  }, [version, opts.allowAll, seededRun]);
  const current = classes?.find((c) => c.id === classId) ?? null;
  return { classes, classId, setClassId, current, reload: () => setVersion((v) => v + 1) };
}

export function ClassPickerBar({ picker, allowAll, extra, testId }: { picker: ReturnType<typeof useClassPicker>; allowAll?: boolean; extra?: React.ReactNode; testId: string }) {
  const t = useT();
  const { classes, classId, setClassId, current } = picker;
  return (
    <Card variant="borderless" size="small">
      <Space wrap>
        <Typography.Text>{t('培训班')}</Typography.Text>
        <Select
          aria-label={t('培训班')}
          style={{ minWidth: 440 }}
          loading={classes === null}
          value={classId ?? (allowAll ? 0 : undefined)}
          placeholder={t('请选择班级')}
          onChange={(v: number) => setClassId(v || null)}
          options={[...(allowAll ? [{ value: 0, label: t('全部班级') }] : []), ...(classes ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.code}）· ${t(c.statusName)}` }))]}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid={testId}
        />
        {current && (
          <Typography.Text type="secondary">
            {`${current.startDate} ~ ${current.endDate} · ${current.workName} ${t(current.levelName)} · ${t('{n} 学时', { n: current.hours })}`}
          </Typography.Text>
        )}
        {extra}
      </Space>
      {classes !== null && !classes.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无培训班')} />}
    </Card>
  );
}

/** 跳到别的菜单页（带上班级） */
export function useGoTo() {
  const router = useRouter();
  return (path: string, classId: number, month?: string) => router.push(`${path}?classId=${classId}${month ? `&month=${month}` : ''}`);
}

export const PATHS = {
  apply: '/train/class/apply',
  curriculum: '/train/course/curriculum',
  students: '/train/student',
  calendar: '/train/class/calendar',
};
