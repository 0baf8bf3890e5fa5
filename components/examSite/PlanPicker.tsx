'use client';
// 考点、考场、监控界面顶部的考试计划选择：范围内已到“编排考场”及以后、未取消的计划（可按名称或编号搜索）。
// 计划带服务端算出的 editable（可编排考点考场）与 staffEditable（可分派工作人员），界面按它们显示按钮。
import { useEffect, useState, type ReactNode } from 'react';
import { Select, Space, Tag, Typography } from 'antd';
import { apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import type { ExamPlanPick } from '@/lib/domains/examSite/schemas';

export function usePlanPicker(opts: { allowClear?: boolean } = {}): [ExamPlanPick | null, ReactNode, number] {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [plans, setPlans] = useState<ExamPlanPick[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [selected, setSelected] = useState<ExamPlanPick | null>(null);

  useEffect(() => {
    let alive = true;
    apiPost<{ list: ExamPlanPick[] }>('/examaff/site/planList', { keyword: keyword || undefined, pageSize: 100 }, { silent: true })
      .then((page) => {
        if (!alive) return;
        setPlans(page.list);
        setLoaded(true);
        if (!opts.allowClear) setSelected((cur) => cur ?? page.list[0] ?? null);
      })
      .catch(() => alive && setLoaded(true));
    return () => {
      alive = false;
    };
  }, [keyword, opts.allowClear]);

  const picker = (
    <Space wrap style={{ marginBottom: 12 }} data-testid="plan-picker">
      <Typography.Text strong>{t('考试计划')}</Typography.Text>
      <Select
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        allowClear={opts.allowClear}
        style={{ minWidth: 420 }}
        placeholder={t('请选择考试计划')}
        value={selected?.id}
        loading={!loaded}
        notFoundContent={loaded ? t('暂无可编排考场的考试计划（计划须进入“编排考场”步骤）') : undefined}
        options={plans.map((p) => ({ value: p.id, label: p.label }))}
        onChange={(id) => setSelected(plans.find((p) => p.id === id) ?? null)}
      />
      {selected && (
        <>
          <Tag>
            <Tx text={selected.positionName} />
          </Tag>
          <Typography.Text type="secondary">
            {t('考试日期')} {selected.examStartDate} ~ {selected.examEndDate}
          </Typography.Text>
          {!selected.editable && <Typography.Text type="secondary">{t('（只读：计划不在本机构办理的“编排考场”步骤）')}</Typography.Text>}
        </>
      )}
    </Space>
  );
  return [selected, picker, plans.length];
}
