'use client';
// 按步骤办理的界面（考点考场、监控、考务安排）顶部的考试计划选择：服务端列出范围内可办理的计划（可按名称或编号搜索），
// 计划带服务端算出的可办理标志，只读时说明原因。各界面给出列表接口与文字。
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Select, Space, Tag, Typography } from 'antd';
import { callConfigured } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import type { PagedPath } from '@/components/api-contract';
import { useServerData, useSkipSeededRun } from '@/components/screens/ServerDataContext';

export interface PlanPickBase {
  id: number;
  label: string;
  positionName: string;
  examStartDate: string;
  examEndDate: string;
}

export interface PlanPickerOptions<P extends PlanPickBase> {
  /** 计划列表接口（POST，keyword、pageSize） */
  path: PagedPath<'POST'>;
  /** 没有可选计划时的说明 */
  emptyText: string;
  /** 计划只读时的说明（readOnly 为真时显示） */
  readOnlyText: string;
  readOnly: (plan: P) => boolean;
  /** 可清空（清空即不限计划）；否则默认选中第一个 */
  allowClear?: boolean;
  testId?: string;
}

/** 选中的计划（随列表刷新）、选择框、可选计划数与重新加载（办理后计划的可办理标志会变） */
export function usePlanPicker<P extends PlanPickBase>(opts: PlanPickerOptions<P>): [P | null, ReactNode, { count: number; reload: () => void }] {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const { path, allowClear } = opts;
  // 服务端随页面带来的计划列表（components/screens/catalog.ts 的 serverData）：打开就选好计划、画出它的内容，不再请求
  const seeded = useServerData<{ list: P[] }>(path, { pageSize: 100 });
  const [plans, setPlans] = useState<P[] | null>(seeded?.list ?? null);
  const [selected, setSelected] = useState<number | null>(() => (allowClear ? null : (seeded?.list[0]?.id ?? null)));
  const [version, setVersion] = useState(0);
  const seededRun = useSkipSeededRun(seeded);

  useEffect(() => {
    if (seededRun()) return;
    let alive = true;
    callConfigured<{ list: P[] }>('POST', path, { keyword: keyword || undefined, pageSize: 100 }, { silent: true })
      .then((page) => {
        if (!alive) return;
        setPlans(page.list);
        if (!allowClear) setSelected((cur) => cur ?? page.list[0]?.id ?? null);
      })
      .catch(() => alive && setPlans([]));
    return () => {
      alive = false;
    };
  }, [path, keyword, allowClear, version, seededRun]);

  const plan = plans?.find((p) => p.id === selected) ?? null;
  const picker = (
    <Space wrap style={{ marginBottom: 12 }} data-testid={opts.testId ?? 'plan-picker'}>
      <Typography.Text strong>{t('考试计划')}</Typography.Text>
      <Select
        aria-label={t('考试计划')}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        allowClear={allowClear}
        style={{ minWidth: 420 }}
        placeholder={t('请选择考试计划')}
        value={selected ?? undefined}
        loading={plans === null}
        notFoundContent={plans ? opts.emptyText : undefined}
        options={(plans ?? []).map((p) => ({ value: p.id, label: p.label }))}
        onChange={(id?: number) => setSelected(id ?? null)}
      />
      {plan && (
        <>
          <Tag>
            <Tx text={plan.positionName} />
          </Tag>
          <Typography.Text type="secondary">
            {t('考试日期')} {plan.examStartDate} ~ {plan.examEndDate}
          </Typography.Text>
          {opts.readOnly(plan) && <Typography.Text type="secondary">{opts.readOnlyText}</Typography.Text>}
        </>
      )}
    </Space>
  );
  return [plan, picker, { count: plans?.length ?? 0, reload: useCallback(() => setVersion((v) => v + 1), []) }];
}
