'use client';
// 数据大屏（BigScreenEval、BigScreenTrain）：按 1920×1080 设计的深色全屏页，按窗口等比缩放；每分钟自动刷新。
// 计数、当年各月趋势（LineChart）、各市排行、河北 11 市的方位格（按数值着色，位置按各市的大致方位排，名称取自本地区划表）。
import { useCallback, useEffect, useState } from 'react';
import { callConfigured } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { formatBeijing } from '@/lib/platform/time';
import type { BigScreenData, CityActivity } from '@/lib/domains/dashboard/big-screen';
import LineChart from './LineChart';
import type { GetPath } from '@/components/api-contract';

export const REFRESH_MS = 60_000;
const W = 1920;
const H = 1080;

/** 各市在方位格里的位置 [列, 行]（区划代码 → 大致的地理方位：北为上） */
const CITY_CELLS: Record<number, [number, number]> = {
  130700: [1, 1], // 张家口
  130800: [3, 1], // 承德
  130200: [4, 2], // 唐山
  130300: [5, 2], // 秦皇岛
  130600: [2, 3], // 保定
  131000: [3, 3], // 廊坊
  130100: [1, 4], // 石家庄
  131100: [2, 4], // 衡水
  130900: [3, 4], // 沧州
  130500: [1, 5], // 邢台
  130400: [1, 6], // 邯郸
};

const SERIES_COLORS = ['#36cfc9', '#ffc53d'];

/** 0–1 → 由深蓝到亮青的颜色 */
export function heat(ratio: number): string {
  const r = Math.max(0, Math.min(1, ratio));
  const from = [16, 42, 84];
  const to = [19, 194, 194];
  return `rgb(${from.map((f, i) => Math.round(f + (to[i] - f) * r)).join(',')})`;
}

function useScale() {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const fit = () => setScale(Math.min(window.innerWidth / W, window.innerHeight / H));
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return scale;
}

const panel: React.CSSProperties = { background: 'rgba(10, 40, 90, 0.55)', border: '1px solid rgba(64, 158, 255, 0.35)', borderRadius: 6, padding: 20, boxSizing: 'border-box' };
const panelTitle: React.CSSProperties = { color: '#9fc3ff', fontSize: 22, marginBottom: 12, borderLeft: '4px solid #36cfc9', paddingLeft: 10 };

function CityGrid({ cities, valueLabel }: { cities: CityActivity[]; valueLabel: string }) {
  const max = Math.max(1, ...cities.map((c) => c.value));
  return (
    <div data-testid="city-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gridTemplateRows: 'repeat(6, 1fr)', gap: 10, height: '100%' }}>
      {cities.map((c, i) => {
        const [col, row] = CITY_CELLS[c.cityId] ?? [5, 4 + (i % 3)];
        return (
          <div
            key={c.cityId}
            data-city={c.cityName}
            title={`${c.cityName} ${valueLabel} ${c.value}`}
            style={{ gridColumn: col, gridRow: row, background: heat(c.value / max), borderRadius: 6, border: '1px solid rgba(160, 220, 255, 0.35)', display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', color: '#fff' }}
          >
            <div style={{ fontSize: 22 }}>{c.cityName}</div>
            <div style={{ fontSize: 26, fontWeight: 700 }}>{c.value}</div>
          </div>
        );
      })}
    </div>
  );
}

function Ranking({ cities, secondLabel }: { cities: CityActivity[]; secondLabel: string }) {
  const max = Math.max(1, ...cities.map((c) => c.value));
  return (
    <div data-testid="city-ranking" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {cities.map((c, i) => (
        <div key={c.cityId} style={{ display: 'grid', gridTemplateColumns: '36px 90px 1fr 80px 110px', alignItems: 'center', gap: 10, color: '#cfe3ff', fontSize: 20 }}>
          <span style={{ color: i < 3 ? '#ffc53d' : '#6f8fbf', fontWeight: 700 }}>{i + 1}</span>
          <span>{c.cityName}</span>
          <span style={{ height: 14, background: 'rgba(64,158,255,0.15)', borderRadius: 7 }}>
            <span style={{ display: 'block', height: 14, borderRadius: 7, width: `${(c.value / max) * 100}%`, background: 'linear-gradient(90deg,#1677ff,#36cfc9)' }} />
          </span>
          <span style={{ textAlign: 'right', color: '#fff' }}>{c.value}</span>
          <span style={{ textAlign: 'right', fontSize: 16, color: '#8fb0df' }}>
            {secondLabel} {c.second}
          </span>
        </div>
      ))}
    </div>
  );
}

function BigScreen({ path, title, valueLabel, secondLabel }: { path: GetPath; title: string; valueLabel: string; secondLabel: string }) {
  const t = useT();
  const scale = useScale();
  const [data, setData] = useState<BigScreenData | null>(null);
  const [now, setNow] = useState(() => new Date());
  const load = useCallback(() => {
    callConfigured<BigScreenData>('GET', path).then(setData, () => undefined);
  }, [path]);
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    const clock = setInterval(() => setNow(new Date()), 1000);
    return () => {
      clearInterval(timer);
      clearInterval(clock);
    };
  }, [load]);
  const months = Array.from({ length: 12 }, (_, i) => t('{month}月', { month: i + 1 }));
  return (
    <div data-testid="big-screen" style={{ position: 'fixed', inset: 0, zIndex: 1500, background: '#020b1f', overflow: 'hidden' }}>
      <div style={{ width: W, height: H, transform: `scale(${scale})`, transformOrigin: '0 0', background: 'radial-gradient(ellipse at center, #0b2a5c 0%, #020b1f 75%)', color: '#fff', fontFamily: 'inherit', display: 'flex', flexDirection: 'column', padding: '0 32px 28px', boxSizing: 'border-box' }}>
        <header style={{ height: 96, display: 'flex', alignItems: 'center', justifyContent: 'space-between', borderBottom: '1px solid rgba(64,158,255,0.35)' }}>
          <span style={{ fontSize: 20, color: '#8fb0df', width: 360 }}>{data ? t('{year}年', { year: data.year }) : ''}</span>
          <h1 style={{ margin: 0, fontSize: 44, letterSpacing: 6, color: '#e6f4ff', textShadow: '0 0 12px #1677ff' }}>{t(title)}</h1>
          <span style={{ fontSize: 22, color: '#8fb0df', width: 360, textAlign: 'right' }}>{formatBeijing(now)}</span>
        </header>
        <section style={{ display: 'flex', gap: 20, margin: '24px 0' }}>
          {(data?.counters ?? []).map((c) => (
            <div key={c.key} data-testid={`big-counter-${c.key}`} style={{ ...panel, flex: 1, textAlign: 'center', padding: 16 }}>
              <div style={{ fontSize: 20, color: '#9fc3ff' }}>{t(c.label)}</div>
              <div style={{ fontSize: 48, fontWeight: 700, color: '#36cfc9', fontVariantNumeric: 'tabular-nums' }}>{c.value.toLocaleString()}</div>
            </div>
          ))}
        </section>
        <section style={{ flex: 1, display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 20, minHeight: 0 }}>
          <div style={panel}>
            <div style={panelTitle}>{t('当年各月趋势')}</div>
            <LineChart dark height={520} labels={months} series={(data?.trend ?? []).map((s, i) => ({ label: t(s.label), color: SERIES_COLORS[i % 2], values: s.points.map((p) => p.amount) }))} />
          </div>
          <div style={{ ...panel, display: 'flex', flexDirection: 'column' }}>
            <div style={panelTitle}>{t('各市活跃度（{label}）', { label: t(valueLabel) })}</div>
            <div style={{ flex: 1, minHeight: 0 }}>
              <CityGrid cities={data?.cities ?? []} valueLabel={t(valueLabel)} />
            </div>
          </div>
          <div style={panel}>
            <div style={panelTitle}>{t('各市排行（{label}）', { label: t(valueLabel) })}</div>
            <Ranking cities={data?.cities ?? []} secondLabel={t(secondLabel)} />
          </div>
        </section>
      </div>
    </div>
  );
}

export function BigScreenEval() {
  return <BigScreen path="/home/bigScreen/eval" title="评价数据大屏" valueLabel="报名人数" secondLabel="取证" />;
}

export function BigScreenTrain() {
  return <BigScreen path="/home/bigScreen/train" title="培训数据大屏" valueLabel="培训人次" secondLabel="班" />;
}
