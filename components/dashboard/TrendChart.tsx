'use client';
// 各月趋势折线图（recharts）：横轴 1–12 月，纵轴从 0 起的整数刻度（chart-ticks.ts），悬停显示各序列当月的数，下方图例。
// 图表在浏览器里量容器宽度，服务端与水合时先画同高的骨架（几条横向网格线；不会水合不一致、版面不跳）。dark 为数据大屏的深色配色。
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, niceTicks } from './chart-ticks';
import { useHydrated } from './use-hydrated';

export interface TrendSeries {
  key: string;
  label: string;
  color: string;
  values: readonly number[];
}

const LIGHT = { grid: '#f0f0f0', text: '#595959', fontSize: 12, tooltipBg: '#fff', tooltipBorder: '#d9d9d9', tooltipText: '#262626' };
const DARK = { grid: 'rgba(120,180,255,0.18)', text: '#9fc3ff', fontSize: 18, tooltipBg: 'rgba(2,11,31,0.92)', tooltipBorder: 'rgba(64,158,255,0.6)', tooltipText: '#e6f4ff' };

export default function TrendChart({ labels, series, height = 300, dark = false, ariaLabel, testId = 'trend-chart' }: { labels: readonly string[]; series: readonly TrendSeries[]; height?: number; dark?: boolean; ariaLabel: string; testId?: string }) {
  const hydrated = useHydrated();
  const c = dark ? DARK : LIGHT;
  const rows = labels.map((label, i) => Object.fromEntries([['label', label], ...series.map((s) => [s.key, s.values[i] ?? 0])]));
  const ticks = niceTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  return (
    <div data-testid={testId} role="figure" aria-label={ariaLabel} style={{ height, width: '100%' }}>
      {!hydrated && (
        <div data-testid={`${testId}-skeleton`} aria-hidden style={{ height: '100%', boxSizing: 'border-box', padding: `12px 16px ${dark ? 64 : 48}px ${dark ? 80 : 56}px`, display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} style={{ borderTop: `1px solid ${c.grid}` }} />
          ))}
        </div>
      )}
      {hydrated && (
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 12, right: 16, bottom: 4, left: 0 }} accessibilityLayer title={ariaLabel}>
            <CartesianGrid stroke={c.grid} vertical={false} />
            <XAxis dataKey="label" tick={{ fill: c.text, fontSize: c.fontSize }} stroke={c.grid} interval={0} />
            <YAxis allowDecimals={false} domain={[0, ticks[ticks.length - 1]]} ticks={ticks} tickFormatter={formatCount} tick={{ fill: c.text, fontSize: c.fontSize }} stroke={c.grid} width={dark ? 80 : 56} />
            <Tooltip
              contentStyle={{ background: c.tooltipBg, borderColor: c.tooltipBorder, color: c.tooltipText, fontSize: c.fontSize }}
              labelStyle={{ color: c.tooltipText }}
              formatter={(v) => (typeof v === 'number' ? formatCount(v) : v)}
            />
            <Legend wrapperStyle={{ color: c.text, fontSize: c.fontSize }} />
            {series.map((s) => (
              <Line key={s.key} dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={dark ? 3 : 2} dot={{ r: dark ? 4 : 3 }} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
