'use client';
// 简单的折线图（SVG，不依赖图表库）：横轴 1–12 月，每个序列一条线、每个点一个圆点（可悬停看数），下方图例。
// dark 为数据大屏的深色配色。

export interface Series {
  label: string;
  color: string;
  values: readonly number[];
}

const W = 720;
const PAD = { left: 48, right: 16, top: 16, bottom: 32 };

/** 纵轴上限取整到 1、2、5 × 10ⁿ */
export function niceMax(v: number): number {
  if (v <= 0) return 5;
  const p = 10 ** Math.floor(Math.log10(v));
  return ([1, 2, 5, 10].find((m) => m * p >= v) ?? 10) * p;
}

export default function LineChart({ series, labels, height = 260, dark = false, testId = 'line-chart' }: { series: readonly Series[]; labels: readonly string[]; height?: number; dark?: boolean; testId?: string }) {
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (labels.length <= 1 ? 0 : (i * innerW) / (labels.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const grid = dark ? 'rgba(120,180,255,0.18)' : '#f0f0f0';
  const text = dark ? '#9fc3ff' : '#8c8c8c';
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));
  const fontSize = dark ? 16 : 11;
  return (
    <div data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${height}`} width="100%" role="img" style={{ display: 'block' }}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke={grid} />
            <text x={PAD.left - 6} y={y(t) + 4} fontSize={fontSize} textAnchor="end" fill={text}>
              {t}
            </text>
          </g>
        ))}
        {labels.map((l, i) => (
          <text key={l} x={x(i)} y={height - 8} fontSize={fontSize} textAnchor="middle" fill={text}>
            {l}
          </text>
        ))}
        {series.map((s) => (
          <g key={s.label} data-series={s.label}>
            <polyline fill="none" stroke={s.color} strokeWidth={2} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
            {s.values.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={s.color} data-point={v}>
                <title>{`${s.label} ${labels[i]}: ${v}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, justifyContent: 'center', marginTop: 4 }}>
        {series.map((s) => (
          <span key={s.label} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: dark ? '#cfe3ff' : undefined, fontSize: dark ? 18 : 13 }}>
            <span style={{ width: 14, height: 3, background: s.color, display: 'inline-block' }} />
            {s.label}
          </span>
        ))}
      </div>
    </div>
  );
}
