'use client';
// 培训管理 › 工时管理：工时列表（WorkTimeList，每节线下课程一行）与工时统计（WorkTimeCount，每名教师一行）。
// 工时由审核通过之后、未作废的班级的课程体系生成；教师本人登录时只看自己的。
import { useEffect, useState } from 'react';
import { Card, Space, Statistic, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec } from '@/components/list/types';
import { apiPost } from '@/components/api-client';
import { useServerData, useSkipSeededRun } from '@/components/screens/ServerDataContext';
import { Tx, useT } from '@/lib/i18n/client';

const FILTERS: FieldSpec[] = [
  { name: 'teacherName', label: '教师姓名' },
  { name: 'classCode', label: '班级编号' },
  { name: 'date', label: '上课日期', type: 'dateRange' },
];

interface WorkTimeRow {
  id: number;
  teacherName: string;
  classCode: string;
  className: string;
  lessonName: string;
  time: string;
  place: string;
  hours: number;
  delivered: boolean;
}

export function WorkTimeList() {
  return (
    <ListScreen<WorkTimeRow>
      title="工时列表"
      resource="workTime"
      rowKey="id"
      testId="work-time-list"
      list={{ path: '/workTime/list' }}
      filters={FILTERS}
      columns={[
        { title: '教师', dataIndex: 'teacherName', width: 100 },
        { title: '班级', dataIndex: 'className', width: 240, ellipsis: true, render: (_v, r) => `${r.className}（${r.classCode}）` },
        { title: '课程', dataIndex: 'lessonName', width: 160 },
        { title: '上课时间', dataIndex: 'time', width: 200 },
        { title: '地点', dataIndex: 'place', ellipsis: true },
        { title: '学时', dataIndex: 'hours', width: 70 },
        {
          title: '是否已授',
          dataIndex: 'delivered',
          width: 90,
          render: (v: boolean) => (
            <Tag color={v ? 'success' : 'default'}>
              <Tx text={v ? '已授' : '待授'} />
            </Tag>
          ),
        },
      ]}
      exporter={{ path: '/workTime/export' }}
      emptyText="暂无工时记录（审核通过的班级排了课才有）"
    />
  );
}

interface CountRow {
  teacherId: number;
  teacherName: string;
  classes: number;
  lessons: number;
  hours: number;
  deliveredHours: number;
}

/** 合计：只取一行，用答复里的 summary */
const SUMMARY_QUERY = { pageSize: 1 };

export function WorkTimeCount() {
  const t = useT();
  // 合计随页面从服务端带来（components/screens/catalog.ts），表头上方不会晚一拍才出现
  const seeded = useServerData<{ summary: { teachers: number; lessons: number; hours: number } }>('/workTime/count', SUMMARY_QUERY);
  const skipSeeded = useSkipSeededRun(seeded);
  const [summary, setSummary] = useState<{ teachers: number; lessons: number; hours: number } | null>(() => seeded?.summary ?? null);
  useEffect(() => {
    if (skipSeeded()) return;
    let live = true;
    apiPost('/workTime/count', SUMMARY_QUERY, { silent: true }).then(
      (d) => live && setSummary(d.summary),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [skipSeeded]);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {summary && (
        <Card variant="borderless" size="small" title={t('全部工时合计')} data-testid="work-time-summary">
          <Space size={48}>
            <Statistic title={t('教师')} value={summary.teachers} />
            <Statistic title={t('课程节数')} value={summary.lessons} />
            <Statistic title={t('总学时')} value={summary.hours} />
          </Space>
        </Card>
      )}
      <ListScreen<CountRow>
        title="工时统计"
        resource="workTimeCount"
        rowKey="teacherId"
        testId="work-time-count"
        list={{ path: '/workTime/count' }}
        filters={FILTERS}
        columns={[
          { title: '教师', dataIndex: 'teacherName', width: 140 },
          { title: '班级数', dataIndex: 'classes', width: 100 },
          { title: '课程节数', dataIndex: 'lessons', width: 100 },
          { title: '总学时', dataIndex: 'hours', width: 100 },
          { title: '已授学时', dataIndex: 'deliveredHours', width: 100 },
        ]}
        exporter={{ path: '/workTime/countExport' }}
        emptyText="暂无工时记录"
      />
    </Space>
  );
}
