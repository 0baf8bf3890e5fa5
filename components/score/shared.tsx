'use client';
// 成绩界面共用：结果标签、各科成绩列、计划合计、成绩单（一份 ListScreen 配置，录入界面与审核界面共用）。
import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { ListColumn, ListScreenProps, RowAction } from '@/components/list/types';
import { Tx, useT } from '@/lib/i18n/client';
import { RESULT_COLOR, RESULT_LABEL, SUBJECT_LABEL } from '@/lib/domains/score/rules';
import type { ScoreCorrectionItem, ScoreRow, ScoreTotals } from '@/lib/domains/score/schemas';
import type { PostPath } from '@/components/api-contract';

export function ResultTag({ result, reason }: { result: number; reason?: string | null }) {
  const tag = (
    <Tag color={RESULT_COLOR[result]} data-testid="score-result">
      <Tx text={RESULT_LABEL[result]} />
    </Tag>
  );
  return reason ? <Tooltip title={<Tx text={reason} />}>{tag}</Tooltip> : tag;
}

/** 一科成绩：分数，或缺考/违纪；未提交的标“未提交” */
export function ScoreCellView({ row, subject }: { row: ScoreRow; subject: number }) {
  const cell = row.scores[subject];
  if (!cell) return <Typography.Text type="secondary">—</Typography.Text>;
  const text = cell.marked ? <Tx text={cell.text} /> : cell.text;
  return (
    <Space size={4}>
      <span style={cell.marked ? { color: '#cf1322' } : undefined}>{text}</span>
      {!cell.submitted && (
        <Tag color="warning" style={{ marginInlineEnd: 0 }}>
          <Tx text="未提交" />
        </Tag>
      )}
    </Space>
  );
}

export const subjectColumns = (subjects: readonly number[]): ListColumn<ScoreRow>[] =>
  subjects.map((s) => ({ title: SUBJECT_LABEL[s], dataIndex: `s${s}`, width: 130, render: (_v: unknown, row: ScoreRow) => <ScoreCellView row={row} subject={s} /> }));

/** 更正历史：一名考生的（成绩表单，first 为“时间”列）或一份计划最近的（审核概况，first 为“考生”列） */
export function CorrectionTable<T extends Pick<ScoreCorrectionItem, 'id' | 'subjectName' | 'before' | 'after' | 'reason' | 'actorName'>>({
  rows,
  first,
  title,
  testId,
}: {
  rows: readonly T[];
  first: { title: string; key: keyof T & string; width: number };
  title?: string;
  testId?: string;
}) {
  const t = useT();
  return (
    <Table<T>
      size="small"
      rowKey="id"
      pagination={false}
      title={title ? () => t(title) : undefined}
      dataSource={rows as T[]}
      data-testid={testId}
      columns={[
        { title: t(first.title), dataIndex: first.key, width: first.width },
        { title: t('科目'), dataIndex: 'subjectName', width: 130, render: (v: string) => t(v) },
        { title: t('改前'), dataIndex: 'before', width: 70, render: (v: string) => t(v) },
        { title: t('改后'), dataIndex: 'after', width: 70, render: (v: string) => t(v) },
        { title: t('原因'), dataIndex: 'reason' },
        { title: t('办理人'), dataIndex: 'actorName', width: 90 },
      ]}
    />
  );
}

/** 计划的合计：应考、各科已提交、合格、不合格、待定、缺考、违纪、更正 */
export function TotalsBar({ totals, subjects }: { totals: ScoreTotals; subjects: readonly number[] }) {
  const t = useT();
  const item = (label: string, value: number, color?: string, testId?: string) => (
    <span key={label} data-testid={testId}>
      <Typography.Text type="secondary">{t(label)}</Typography.Text> <Typography.Text strong style={color ? { color } : undefined}>{value}</Typography.Text>
    </span>
  );
  return (
    <Space wrap size={[20, 4]} data-testid="score-totals">
      {item('应考人数', totals.examinees)}
      {subjects.map((s) => (
        <span key={s} data-testid={`totals-submitted-${s}`}>
          <Typography.Text type="secondary">{t('{subject}已提交', { subject: t(SUBJECT_LABEL[s]) })}</Typography.Text> <Typography.Text strong>{totals.submitted[s] ?? 0}</Typography.Text>
        </span>
      ))}
      {/* 合格数用成功色（主题 token，达 4.5:1） */}
      {item('合格', totals.passed, 'var(--ant-color-success)', 'totals-passed')}
      {item('不合格', totals.failed, '#cf1322')}
      {item('待定', totals.pending, undefined, 'totals-pending')}
      {item('缺考', totals.absent)}
      {item('违纪', totals.cheating)}
      {item('更正', totals.corrections)}
    </Space>
  );
}

/** 成绩单：计划的考生一人一行（录入界面与审核界面共用的配置） */
export function ScoreSheet(props: {
  planId: number;
  subjects: readonly number[];
  resource: string;
  list: PostPath;
  rowActions: RowAction<ScoreRow>[];
  refreshKey?: unknown;
  toolbarExtra?: ListScreenProps<ScoreRow>['toolbarExtra'];
  importer?: ListScreenProps<ScoreRow>['importer'];
  withMine?: boolean;
  onLoaded?: () => void;
}) {
  const resultOptions = Object.entries(RESULT_LABEL).map(([value, label]) => ({ value: Number(value), label }));
  return (
    <ListScreen<ScoreRow>
      title="成绩单"
      resource={props.resource}
      rowKey="examineeId"
      testId="score-list"
      list={{ path: props.list, params: { planId: props.planId } }}
      filters={[
        { name: 'name', label: '姓名' },
        { name: 'ticketNo', label: '准考证号' },
        { name: 'result', label: '结果', type: 'select', options: resultOptions },
        ...(props.withMine
          ? [
              {
                name: 'mine',
                label: '范围',
                type: 'select' as const,
                options: [
                  { value: 'true', label: '我可录入的' },
                  { value: 'false', label: '全部考生' },
                ],
              },
            ]
          : []),
      ]}
      columns={[
        { title: '准考证号', dataIndex: 'ticketNo', width: 170 },
        { title: '姓名', dataIndex: 'name', width: 90 },
        { title: '身份证号', dataIndex: 'idNumber', width: 180 },
        { title: '工种', dataIndex: 'workName', width: 120 },
        { title: '等级', dataIndex: 'levelName', width: 120, render: (v: string) => <Tx text={v} /> },
        ...subjectColumns(props.subjects),
        { title: '结果', dataIndex: 'result', width: 90, render: (_v: number, r) => <ResultTag result={r.result} reason={r.reason} /> },
      ]}
      rowActions={props.rowActions}
      exporter={{ path: '/exaAff/exportScoreList' }}
      importer={props.importer}
      refreshKey={props.refreshKey}
      toolbarExtra={props.toolbarExtra}
      onLoaded={props.onLoaded}
      emptyText="该计划暂无考生"
    />
  );
}
