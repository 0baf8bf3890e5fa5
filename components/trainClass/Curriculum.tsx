'use client';
// 培训管理 › 课程管理 › 课程体系（Curriculum）：选一个培训班，看并维护它的课程体系——
// 线下课程（时间、地点、授课教师、学时；教师或地点时间冲突由服务端拒绝并说明；可批量导入）与线上课程（取自课程资源库或精品课程）。
// 只在服务端说可改时（班级为草稿或被驳回、本机构）出现新增、导入、编辑、删除与选课。
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Checkbox, Input, Modal, Radio, Space, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import ListScreen from '@/components/list/ListScreen';
import type { FormSpec, ListScreenProps } from '@/components/list/types';
import { apiGet, apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { LessonItem } from '@/lib/domains/trainClass/curriculum';
import { ClassPickerBar, useClassPicker, type ClassOption } from './shared';
import { useConfirm } from '@/components/list/useConfirm';

type Lesson = LessonItem;

interface OnlineCourse {
  id: number;
  code: string;
  name: string;
  kind: string;
  typeName: string;
  workName: string | null;
  teacherName: string;
  hours: number;
  actions?: string[];
}

const TIME_RULE = [{ pattern: /^([01]?\d|2[0-3])[:：][0-5]\d$/, message: '请按 08:30 的格式填写时刻' }];

function lessonForm(cls: ClassOption, title: string): FormSpec<Lesson> {
  return {
    title,
    width: 720,
    submit: { path: '/class/addOrUpdateOfflineCourse' },
    fields: [
      { name: 'name', label: '课程名称', required: true },
      { name: 'date', label: '上课日期', type: 'date', required: true, span: 8, help: `${cls.startDate} ~ ${cls.endDate}` },
      { name: 'startTime', label: '开始时刻', required: true, span: 8, placeholder: '08:30', rules: TIME_RULE },
      { name: 'endTime', label: '结束时刻', required: true, span: 8, placeholder: '11:30', rules: TIME_RULE },
      { name: 'place', label: '上课地点', required: true, span: 16 },
      { name: 'hours', label: '学时', type: 'number', required: true, span: 8, help: '每学时 45 分钟' },
      { name: 'teacherId', label: '授课教师', type: 'select', required: true, optionsFrom: { path: '/class/selectTeacherList', method: 'GET', query: { classId: cls.id }, labelKey: 'name', valueKey: 'id' } },
      { name: 'content', label: '授课内容', type: 'textarea' },
    ],
    body: (v, row) => ({ ...v, id: row?.id, classId: cls.id }),
  };
}

function OfflineLessons({ cls, editable }: { cls: ClassOption; editable: boolean }) {
  const props: ListScreenProps<Lesson> = {
    title: '线下课程',
    // 导入按钮按资源的 import 权限显示：课程体系属于班级（开班申请的资源）
    resource: 'trainInfo',
    rowKey: 'id',
    testId: 'lesson-list',
    list: { path: '/class/listOfflineCourse', params: { classId: cls.id } },
    columns: [
      { title: '课程名称', dataIndex: 'name', width: 180 },
      { title: '上课时间', dataIndex: 'time', width: 200 },
      { title: '上课地点', dataIndex: 'place', width: 200, ellipsis: true },
      { title: '授课教师', dataIndex: 'teacherName', width: 100 },
      { title: '学时', dataIndex: 'hours', width: 70 },
      { title: '授课内容', dataIndex: 'content', ellipsis: true },
    ],
    create: editable ? lessonForm(cls, '新增线下课程') : undefined,
    importer: editable ? { call: { path: '/class/addBatchOfflineCourse', query: { classId: cls.id } }, template: { path: '/class/offlineCourseTemplate' }, title: '导入线下课程' } : undefined,
    rowActions: [
      { key: 'edit', label: '编辑', permission: 'trainInfo.edit', visible: (r) => r.actions.includes('edit'), form: lessonForm(cls, '修改线下课程') },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        permission: 'trainInfo.edit',
        visible: (r) => r.actions.includes('delete'),
        confirm: (r, tr) => tr('确定删除课程「{name}」吗？', { name: r.name }),
        call: { path: '/class/deleteOffline', body: (r) => ({ classId: cls.id, ids: [r.id] }), successMessage: '已删除' },
      },
    ],
    pageSizeOptions: [50, 100],
    emptyText: editable ? '还没有线下课程，可点击“新增”或“导入线下课程”' : '该班没有线下课程',
  };
  return <ListScreen<Lesson> key={cls.id} {...props} />;
}

/** 选课弹窗：学习平台（课程资源库或精品课程）、关键字、只看适用于本班工种的，勾选后关联 */
function CoursePicker({ cls, open, onClose, onAdded }: { cls: ClassOption; open: boolean; onClose: () => void; onAdded: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [source, setSource] = useState<'library' | 'excellent'>('library');
  const [platforms, setPlatforms] = useState<{ value: string; label: string }[]>([]);
  const [keyword, setKeyword] = useState('');
  const [matchWork, setMatchWork] = useState(false);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: OnlineCourse[]; total: number } | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    apiPost('/class/getStudyPlatformList', {}).then(
      (p) => live && setPlatforms(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    const path = source === 'excellent' ? '/class/unSeletedCourseListJingPin' : matchWork ? '/class/unSeletedCourseList2' : '/class/unSeletedCourseList';
    apiGet(path, { classId: cls.id, keyword: keyword || undefined, pageNo: page, pageSize: 10 }).then(
      (d) => live && setData(d),
      () => live && setData({ list: [], total: 0 }),
    );
    return () => {
      live = false;
    };
  }, [open, cls.id, source, matchWork, keyword, page]);

  const add = async () => {
    setBusy(true);
    try {
      await apiPost(source === 'excellent' ? '/class/selectCourseAttachClassJingPin' : '/class/selectCourseAttachClass', { classId: cls.id, courseIds: chosen });
      void message.success(t('已关联 {n} 门课程', { n: chosen.length }));
      setChosen([]);
      onAdded();
      onClose();
    } catch {
      // 已提示
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('选择线上课程')} width={860} onCancel={onClose} onOk={() => void add()} okButtonProps={{ disabled: !chosen.length, loading: busy }} okText={t('关联所选课程')} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Radio.Group
          value={source}
          onChange={(e) => {
            setSource(e.target.value);
            setPage(1);
            setChosen([]);
          }}
          options={platforms.map((p) => ({ value: p.value, label: t(p.label) }))}
          optionType="button"
        />
        <Input.Search allowClear placeholder={t('课程名称或编号')} onSearch={(v) => (setKeyword(v.trim()), setPage(1))} style={{ width: 240 }} />
        {source === 'library' && (
          <Checkbox checked={matchWork} onChange={(e) => (setMatchWork(e.target.checked), setPage(1))}>
            {t('只看适用于本班工种的')}
          </Checkbox>
        )}
      </Space>
      <Table<OnlineCourse>
        size="small"
        rowKey="id"
        loading={!data}
        dataSource={data?.list ?? []}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]), preserveSelectedRowKeys: true }}
        pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('课程编号'), dataIndex: 'code', width: 150 },
          { title: t('课程名称'), dataIndex: 'name' },
          { title: t('课程类型'), dataIndex: 'typeName', width: 120 },
          { title: t('适用工种'), dataIndex: 'workName', width: 110 },
          { title: t('学时'), dataIndex: 'hours', width: 70 },
        ]}
      />
    </Modal>
  );
}

function OnlineCourses({ cls, editable }: { cls: ClassOption; editable: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [rows, setRows] = useState<OnlineCourse[] | null>(null);
  const [picking, setPicking] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    apiGet('/class/listAttachmentCourse', { classId: cls.id }).then(
      (d) => live && setRows(d),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [cls.id, version]);
  const remove = (c: OnlineCourse) =>
    confirm({
      content: t('确定取消关联课程「{name}」吗？', { name: c.name }),
      danger: true,
      onOk: async () => {
        await apiPost('/class/delOnlineCourse', { classId: cls.id, courseIds: [c.id] });
        void message.success(t('已取消关联'));
        reload();
      },
    });
  return (
    <Card
      variant="borderless"
      size="small"
      title={t('线上课程')}
      extra={
        editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="online-add">
            {t('选择课程')}
          </Button>
        )
      }
    >
      <Table<OnlineCourse>
        size="small"
        rowKey="id"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: t('该班没有关联线上课程') }}
        columns={[
          { title: t('课程编号'), dataIndex: 'code', width: 150 },
          { title: t('课程名称'), dataIndex: 'name' },
          { title: t('种类'), dataIndex: 'kind', width: 100, render: (v: string) => <Tag>{t(v === 'video' ? '视频课程' : '图文课程')}</Tag> },
          { title: t('课程类型'), dataIndex: 'typeName', width: 120 },
          { title: t('讲师'), dataIndex: 'teacherName', width: 100 },
          { title: t('学时'), dataIndex: 'hours', width: 70 },
          ...(editable
            ? [
                {
                  title: t('list.column.actions'),
                  key: 'actions',
                  width: 100,
                  render: (_v: unknown, c: OnlineCourse) => (
                    <Button type="link" danger size="small" onClick={() => remove(c)}>
                      {t('取消关联')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <CoursePicker cls={cls} open={picking} onClose={() => setPicking(false)} onAdded={reload} />
    </Card>
  );
}

export default function Curriculum() {
  const t = useT();
  const picker = useClassPicker();
  const cls = picker.current;
  const editable = Boolean(cls?.actions.includes('curriculum'));
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="curriculum-screen">
      <ClassPickerBar
        picker={picker}
        testId="curriculum-class"
        extra={
          cls && (
            <Tag color={editable ? 'processing' : 'default'}>
              <Typography.Text style={{ fontSize: 12 }}>{t(editable ? '可修改课程体系' : '只读：班级不在草稿或审核驳回状态，或您不能修改')}</Typography.Text>
            </Tag>
          )
        }
      />
      {cls && (
        <Tabs
          items={[
            { key: 'offline', label: t('线下课程'), children: <OfflineLessons cls={cls} editable={editable} /> },
            { key: 'online', label: t('线上课程'), children: <OnlineCourses cls={cls} editable={editable} /> },
          ]}
        />
      )}
    </Space>
  );
}
