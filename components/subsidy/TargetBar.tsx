'use client';
// 年度目标的完成进度（年度目标任务与年度任务完成情况共用）：进度条 + “完成 / 目标”，金额按千分位两位小数。
import { Progress, Typography } from 'antd';
import { formatMoney } from '@/components/list/values';
import { useT } from '@/lib/i18n/client';

/** rate 不给时按 actual / target 算；actual 为 null 表示该项不统计 */
export default function TargetBar({ actual, target, rate, money = false }: { actual: number | null; target: number; rate?: number | null; money?: boolean }) {
  const t = useT();
  if (actual === null || rate === null) return <span>{t('不统计')}</span>;
  const percent = rate ?? (target > 0 ? Math.round((actual * 100) / target) : 0);
  const show = (n: number) => (money ? formatMoney(n) : n.toLocaleString('en-US'));
  const text = `${show(actual)} / ${show(target)}`;
  return (
    <div title={text}>
      {/* 进度条的名称是“完成数 / 目标”（读屏） */}
      <Progress percent={Math.min(percent, 100)} size="small" format={() => `${percent}%`} status={percent >= 100 ? 'success' : 'active'} aria-label={text} />
      <Typography.Text type="secondary" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
        {text}
      </Typography.Text>
    </div>
  );
}
