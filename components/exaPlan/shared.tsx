'use client';
// 考试计划界面的共用部分：步骤进度条、位置标签、办理历史、计划表单（四类共用）、详情配置。
import TwoLineCell from '@/components/list/TwoLineCell';
import { useEffect, useState } from 'react';
import { Alert, Checkbox, Empty, Progress, Space, Spin, Table, Tag, Typography } from 'antd';
import { apiPost } from '@/components/api-client';
import { HistoryDialog as SharedHistoryDialog } from '@/components/list/HistoryDialog';
import type { FieldSpec, FormSpec, ListScreenProps } from '@/components/list/types';
import { useT } from '@/lib/i18n/client';
import { ARRANGE_TYPE_LABEL, LAST_STEP, STATE_COLOR, STATE_LABEL, STEP_LABEL } from '@/lib/domains/exaPlan/transitions';
import type { PlanHistoryItem, PlanItem } from '@/lib/domains/exaPlan/schemas';

export const STEP_OPTIONS = STEP_LABEL.map((label, value) => ({ value, label }));
export const STATE_OPTIONS = Object.entries(STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }));
export const ARRANGE_OPTIONS = Object.entries(ARRANGE_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }));

/** 步骤进度：十格进度条，下方为当前步骤与步内状态 */
export function StepProgress({ row }: { row: Pick<PlanItem, 'step' | 'state' | 'progress' | 'stepName' | 'stateName' | 'cancelled' | 'rejected'> }) {
  const t = useT();
  return (
    <div data-testid="plan-progress" style={{ minWidth: 150 }}>
      <Progress
        steps={LAST_STEP + 1}
        percent={row.progress}
        size={[12, 6]}
        showInfo={false}
        status={row.cancelled || row.rejected ? 'exception' : undefined}
        aria-label={t('第 {n} 步，共 {total} 步', { n: row.step + 1, total: LAST_STEP + 1 })}
      />
      {/* 环节与状态放不下一行时（英文）折到第二行，不伸进下一列 */}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 6, rowGap: 2 }}>
        <Typography.Text style={{ fontSize: 12 }}>{t(row.stepName)}</Typography.Text>
        <Tag color={STATE_COLOR[row.state]} style={{ marginInlineEnd: 0 }} data-testid={`plan-state-${row.state}`}>
          {t(row.stateName)}
        </Tag>
      </div>
    </div>
  );
}

/** 计划名称，下方灰色小字为评价机构 */
/** 名称一行；编号（整个显示）与机构一行 */
export function PlanName({ row }: { row: Pick<PlanItem, 'name' | 'code' | 'orgName'> }) {
  return <TwoLineCell main={row.name} sub={`${row.code} · ${row.orgName}`} testId="plan-code" />;
}

/** 办理历史（时间线）：驳回、取消红，进入下一步绿，其余蓝 */
export function PlanHistoryDialog({ planId, onClose }: { planId: number | null; onClose: () => void }) {
  return (
    <SharedHistoryDialog<PlanHistoryItem>
      recordId={planId}
      onClose={onClose}
      path="/exaPlan/listRecord"
      colorOf={(h) => h.color}
      testId="plan-history"
    />
  );
}

interface FiledWork {
  workCode: string;
  workName: string;
  levels: number[];
  levelNames: string[];
}
type Chosen = { workCode: string; levels: number[] }[];

/** 计划的工种与等级：只列本机构该类有效备案的工种，每个工种勾选等级（受控：value/onChange） */
export function FiledWorksInput({ kind, value, onChange, disabled }: { kind: number; value?: Chosen; onChange?: (v: Chosen) => void; disabled?: boolean }) {
  const t = useT();
  const [data, setData] = useState<{ filingCode: string | null; works: FiledWork[] } | null>(null);
  useEffect(() => {
    let alive = true;
    apiPost('/exaPlan/filedWorks', { kind }, { silent: true }).then(
      (d) => alive && setData(d),
      () => alive && setData({ filingCode: null, works: [] }),
    );
    return () => {
      alive = false;
    };
  }, [kind]);
  const chosen = value ?? [];
  const levelsOf = (code: string) => chosen.find((c) => c.workCode === code)?.levels ?? [];
  const set = (code: string, levels: number[]) => onChange?.([...chosen.filter((c) => c.workCode !== code), ...(levels.length ? [{ workCode: code, levels }] : [])]);
  if (!data) return <Spin size="small" />;
  if (!data.works.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('本机构没有该类有效的备案工种，请先完成备案')} />;
  return (
    <div data-testid="plan-works">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('可选的工种与等级来自本机构已完成的备案 {code}', { code: data.filingCode ?? '' })}
      </Typography.Text>
      <Table<FiledWork>
        size="small"
        rowKey="workCode"
        pagination={false}
        dataSource={data.works}
        columns={[
          { title: t('工种'), dataIndex: 'workName', width: 200, render: (v: string, w) => `${v}（${w.workCode}）` },
          {
            title: t('等级'),
            dataIndex: 'levels',
            render: (_v, w) => (
              <Checkbox.Group
                disabled={disabled}
                value={levelsOf(w.workCode)}
                onChange={(v) => set(w.workCode, v as number[])}
                options={w.levels.map((l, i) => ({ value: l, label: t(w.levelNames[i]) }))}
                data-testid={`plan-work-${w.workCode}`}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

const worksField = (kind: number): FieldSpec => ({
  name: 'works',
  label: '工种与等级',
  type: 'custom',
  rules: [
    {
      required: true,
      validator: async (_rule, value) => {
        if (!Array.isArray(value) || value.length === 0) throw new Error('请选择计划的工种与等级');
      },
    },
  ],
  render: ({ value, onChange, disabled }) => <FiledWorksInput kind={kind} value={value as Chosen} onChange={onChange} disabled={disabled} />,
});

/** 制定或修改计划的表单（四类共用，kind 决定可选的工种） */
export function planForm(kind: number, title: string): FormSpec<PlanItem> {
  return {
    title,
    width: 820,
    submit: { path: '/exaPlan/saveExaPlan' },
    fields: [
      { name: 'name', label: '计划名称', required: true, span: 24 },
      worksField(kind),
      { name: 'arrangeTypes', label: '考试安排类型', type: 'multiSelect', required: true, options: ARRANGE_OPTIONS, span: 12 },
      { name: 'dates', label: '考试日期', type: 'dateRange', required: true, span: 12 },
      { name: 'expectedCount', label: '计划人数', type: 'number', required: true, span: 12 },
      { name: 'fee', label: '考试费（元/人）', type: 'number', required: true, span: 12, initialValue: 0 },
      { name: 'contactName', label: '联系人', required: true, span: 12 },
      { name: 'contactPhone', label: '联系电话', required: true, span: 12, rules: [{ pattern: /^1[3-9]\d{9}$/, message: '手机号格式有误，请重新输入' }] },
      { name: 'remark', label: '备注', type: 'textarea' },
      { name: 'attachments', label: '附件', type: 'file', upload: { purpose: 'attachment', maxCount: 10 } },
    ],
    body: (v, row) => {
      // 日期区间提交为 datesStart / datesEnd
      const { datesStart, datesEnd, ...rest } = v;
      const files = v.attachments;
      return { ...rest, id: row?.id, kind, examStartDate: datesStart, examEndDate: datesEnd, attachments: Array.isArray(files) ? files : files ? [files] : [] };
    },
    load: async (row) => {
      const d = await apiPost('/exaPlan/getPlanDetail', { id: row.id });
      return { ...d, datesStart: d.examStartDate, datesEnd: d.examEndDate, fee: Number(d.fee), works: d.works.map((w) => ({ workCode: w.workCode, levels: w.levels })) };
    },
  };
}

/** 审核提示：计划的工种或机构不在当年已发布的年度评价计划内 */
export function OfficialWarning({ text }: { text: string | null }) {
  const t = useT();
  if (!text) return null;
  return <Alert type="warning" showIcon title={t('年度评价计划提示')} description={text} style={{ marginBottom: 12 }} data-testid="plan-official-warning" />;
}

/** 详情（查看）：从详情接口加载 */
export const planDetail: NonNullable<ListScreenProps<PlanItem>['detail']> = {
  title: '考试计划详情',
  load: (row) => apiPost('/exaPlan/getPlanDetail', { id: row.id }),
  fields: [
    { name: 'code', label: '计划编号' },
    { name: 'name', label: '计划名称' },
    { name: 'orgName', label: '评价机构' },
    { name: 'kindName', label: '计划类型', render: (v) => <TxText text={v as string} /> },
    { name: 'positionName', label: '当前步骤', render: (_v, r) => <StepProgress row={r} /> },
    { name: 'workSummary', label: '工种与等级' },
    { name: 'arrangeTypeNames', label: '考试安排类型', render: (v) => <TxList items={v as string[]} /> },
    { name: 'examStartDate', label: '考试日期', render: (_v, r) => `${r.examStartDate} ~ ${r.examEndDate}` },
    { name: 'expectedCount', label: '计划人数' },
    { name: 'fee', label: '考试费（元/人）' },
    { name: 'contactName', label: '联系人' },
    { name: 'contactPhone', label: '联系电话' },
    { name: 'remark', label: '备注' },
    { name: 'lastOpinion', label: '最近意见' },
    { name: 'officialPlanWarning', label: '年度评价计划提示' },
    { name: 'cancelReason', label: '取消原因' },
    { name: 'attachments', label: '附件', type: 'file' },
  ],
};

function TxText({ text }: { text: string }) {
  const t = useT();
  return <>{t(text)}</>;
}

function TxList({ items }: { items: string[] }) {
  const t = useT();
  return <Space size={4} wrap>{items.map((i) => <Tag key={i}>{t(i)}</Tag>)}</Space>;
}
