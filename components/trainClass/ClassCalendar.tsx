'use client';
// 培训管理 › 开班管理 › 开班日历（ClassCalendar）：antd 日历按月显示范围内的课程（时间、课程、班级），可限定一个班；
// 点某一天在右侧列出当天的课；当月开班的班级列在上方。
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import dayjs, { type Dayjs } from 'dayjs';
import { Badge, Calendar, Card, Col, Empty, List, Row, Select, Space, Tag, Typography } from 'antd';
import { apiGet, apiPost } from '@/components/api-client';
import { useLocale, useT } from '@/lib/i18n/client';
import type { ClassOption } from './shared';
import { beijingDate } from '@/lib/platform/time';

/** 日历一格里列出的课（其余显示“另有 n 节”，点开当天看全） */
const SHOWN_PER_DAY = 2;

interface Lesson {
  id: number;
  classId: number;
  classCode: string;
  className: string;
  name: string;
  date: string;
  startTime: string;
  endTime: string;
  place: string;
  teacherName: string;
  hours: number;
}

interface Month {
  month: string;
  lessons: Lesson[];
  classes: { id: number; code: string; name: string; startDate: string; endDate: string; starting: boolean }[];
}

const COLORS = ['blue', 'green', 'purple', 'orange', 'cyan', 'magenta', 'gold', 'geekblue', 'volcano', 'lime'];

export default function ClassCalendar() {
  const t = useT();
  // 开班申请的“开班日历”跳过来时带 ?classId=&month=YYYY-MM
  const params = useSearchParams();
  const [value, setValue] = useState<Dayjs>(() => {
    const m = params.get('month');
    // 今天按北京时间：服务端（UTC）与浏览器在北京时间 0–8 点不是同一天，用各自的 dayjs() 会画出不同的月份与日期（水合错误 #418）
    return m && /^\d{4}-\d{2}$/.test(m) ? dayjs(`${m}-01`) : dayjs(beijingDate(new Date()));
  });
  const [classId, setClassId] = useState<number | null>(() => Number(params.get('classId')) || null);
  const [classes, setClasses] = useState<ClassOption[]>([]);
  const [data, setData] = useState<Month | null>(null);
  const month = value.format('YYYY-MM');

  useEffect(() => {
    let live = true;
    apiGet('/trainInfo/toTrainInfoList', undefined, { silent: true }).then(
      (list) => live && setClasses(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    apiPost('/trainInfo/classCalendar', { month, classId: classId ?? undefined }).then(
      (d) => live && setData(d),
      () => live && setData({ month, lessons: [], classes: [] }),
    );
    return () => {
      live = false;
    };
  }, [month, classId]);

  const byDay = useMemo(() => {
    const map = new Map<string, Lesson[]>();
    for (const l of data?.lessons ?? []) map.set(l.date, [...(map.get(l.date) ?? []), l]);
    return map;
  }, [data]);
  const colorOf = (id: number) => COLORS[id % COLORS.length];
  const selected = value.format('YYYY-MM-DD');
  const today = byDay.get(selected) ?? [];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="class-calendar">
      <Card variant="borderless" size="small">
        <Space wrap>
          <Typography.Text>{t('培训班')}</Typography.Text>
          <Select
            style={{ minWidth: 420 }}
            allowClear
            value={classId ?? undefined}
            placeholder={t('全部班级')}
            aria-label={t('培训班')}
            onChange={(v: number | undefined) => setClassId(v ?? null)}
            options={classes.map((c) => ({ value: c.id, label: `${c.name}（${c.code}）` }))}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="calendar-class"
          />
          {data && (
            <Typography.Text type="secondary" data-testid="calendar-summary">
              {t('本月 {lessons} 节课，{classes} 个班在培训期内', { lessons: data.lessons.length, classes: data.classes.length })}
            </Typography.Text>
          )}
        </Space>
      </Card>
      <Row gutter={12} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card variant="borderless" size="small">
            <Calendar
              value={value}
              headerRender={({ value: shown, onChange }) => <CalendarHeader value={shown} onChange={onChange} />}
              onSelect={(d) => setValue(d)}
              onPanelChange={(d) => setValue(d)}
              cellRender={(current, info) => {
                if (info.type !== 'date') return info.originNode;
                const lessons = byDay.get(current.format('YYYY-MM-DD')) ?? [];
                if (!lessons.length) return null;
                return (
                  <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid={`calendar-day-${current.format('YYYY-MM-DD')}`}>
                    {/* 时间与课名各占一行：1366 宽时一格只有约 110px，挤在一行里课名只剩三四个字 */}
                    {lessons.slice(0, SHOWN_PER_DAY).map((l) => (
                      <li key={l.id} style={{ fontSize: 12, lineHeight: '16px', marginBottom: 2 }} title={`${l.startTime}–${l.endTime} ${l.name}（${l.className}）`}>
                        <Badge color={colorOf(l.classId)} text={<span style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>{l.startTime}</span>} />
                        <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', paddingLeft: 14 }}>{l.name}</div>
                      </li>
                    ))}
                    {lessons.length > SHOWN_PER_DAY && (
                      <li>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('另有 {n} 节', { n: lessons.length - SHOWN_PER_DAY })}
                        </Typography.Text>
                      </li>
                    )}
                  </ul>
                );
              }}
            />
          </Card>
        </Col>
        <Col flex="300px">
          <Card variant="borderless" size="small" title={t('{date} 的课程', { date: selected })} data-testid="calendar-day-list">
            {today.length ? (
              <List
                size="small"
                dataSource={today}
                renderItem={(l) => (
                  <List.Item>
                    <List.Item.Meta
                      title={
                        <Space size={4}>
                          <Tag color={colorOf(l.classId)}>{`${l.startTime}–${l.endTime}`}</Tag>
                          <span>{l.name}</span>
                        </Space>
                      }
                      description={`${l.className}（${l.classCode}）· ${l.place} · ${l.teacherName} · ${t('{n} 学时', { n: l.hours })}`}
                    />
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('当天没有课程')} />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

/** 日历前后可选的年数 */
const YEAR_SPAN = 10;

/**
 * 日历页头：年、月两个下拉框。antd 默认的页头下拉框没有名称（读屏只读出“组合框”），这里带上 aria-label（WCAG 4.1.2）；
 * 月份名按界面语言（Intl）显示。
 */
function CalendarHeader({ value, onChange }: { value: Dayjs; onChange: (date: Dayjs) => void }) {
  const t = useT();
  const locale = useLocale();
  const monthName = useMemo(() => new Intl.DateTimeFormat(locale, { month: 'short' }), [locale]);
  const years = Array.from({ length: YEAR_SPAN * 2 + 1 }, (_, i) => value.year() - YEAR_SPAN + i);
  return (
    <Space style={{ display: 'flex', justifyContent: 'flex-end', padding: '8px 0' }}>
      <Select
        aria-label={t('年份')}
        value={value.year()}
        onChange={(y: number) => onChange(value.year(y))}
        options={years.map((y) => ({ value: y, label: String(y) }))}
        popupMatchSelectWidth={false}
        data-testid="calendar-year"
      />
      <Select
        aria-label={t('月份')}
        value={value.month()}
        onChange={(m: number) => onChange(value.month(m))}
        options={Array.from({ length: 12 }, (_, m) => ({ value: m, label: monthName.format(new Date(2000, m, 1)) }))}
        popupMatchSelectWidth={false}
        data-testid="calendar-month"
      />
    </Space>
  );
}
