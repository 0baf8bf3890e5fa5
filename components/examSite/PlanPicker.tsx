'use client';
// 考点、考场、监控界面顶部的考试计划选择：范围内已到“编排考场”及以后、未取消的计划。
// 计划带服务端算出的 editable（可编排考点考场）与 staffEditable（可分派工作人员），界面按它们显示按钮。
import { usePlanPicker as usePicker } from '@/components/exaPlan/PlanPicker';
import { useT } from '@/lib/i18n/client';
import type { ExamPlanPick } from '@/lib/domains/examSite/schemas';

export function usePlanPicker(opts: { allowClear?: boolean } = {}) {
  const t = useT();
  const [plan, picker] = usePicker<ExamPlanPick>({
    path: '/examaff/site/planList',
    emptyText: t('暂无可编排考场的考试计划（计划须进入“编排考场”步骤）'),
    readOnlyText: t('（只读：计划不在本机构办理的“编排考场”步骤）'),
    readOnly: (p) => !p.editable,
    allowClear: opts.allowClear,
  });
  return [plan, picker] as const;
}
