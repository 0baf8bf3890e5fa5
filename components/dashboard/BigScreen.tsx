'use client';
// 数据大屏（BigScreenEval、BigScreenTrain）：按 1920×1080 设计的深色全屏页，按窗口等比缩放；每分钟自动刷新。
// 计数、当年各月趋势（recharts 折线图）、河北 11 市地图（按数值着色）与各市排行（地图与排行是同一份 cities）。
// 数据未到时画同样版面的骨架（灰色地图、占位的计数与排行）；缩放由 CSS 算，首帧就是缩放后的版面；时钟水合后才显示，不会水合不一致。
import { useCallback, useEffect, useState } from 'react';
import { callConfigured } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { formatBeijing } from '@/lib/platform/time';
import type { BigScreenData, CityActivity } from '@/lib/domains/dashboard/big-screen';
import type { GetPath } from '@/components/api-contract';
import { formatCount } from './chart-ticks';
import HebeiMap from './HebeiMap';
import TrendChart from './TrendChart';
import { useHydrated } from './use-hydrated';
import BigScreenFrame from './BigScreenFrame';
import { useServerData } from '@/components/screens/ServerDataContext';

export const REFRESH_MS = 60_000;
/** 河北的地级市数：排行骨架的行数 */
const CITY_COUNT = 11;
const SERIES_COLORS = ['#36cfc9', '#ffc53d'];

const panel: React.CSSProperties = { background: 'rgba(10, 40, 90, 0.55)', border: '1px solid rgba(64, 158, 255, 0.35)', borderRadius: 6, padding: 20, boxSizing: 'border-box', minHeight: 0 };
const panelTitle: React.CSSProperties = { color: '#9fc3ff', fontSize: 22, marginBottom: 12, borderLeft: '4px solid #36cfc9', paddingLeft: 10 };
/** 骨架里的占位条 */
const placeholder: React.CSSProperties = { display: 'inline-block', borderRadius: 4, background: 'rgba(120, 180, 255, 0.16)' };

function Ranking({ cities, secondLabel }: { cities: CityActivity[] | null; secondLabel: string }) {
  const t = useT();
  const max = Math.max(1, ...(cities ?? []).map((c) => c.value));
  const row: React.CSSProperties = { display: 'grid', gridTemplateColumns: '36px 100px 1fr 90px 110px', alignItems: 'center', gap: 10, color: '#cfe3ff', fontSize: 20, height: 40 };
  if (!cities)
    return (
      <div data-testid="city-ranking-skeleton" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {Array.from({ length: CITY_COUNT }, (_, i) => (
          <div key={i} style={row}>
            <span style={{ ...placeholder, width: 20, height: 20 }} />
            <span style={{ ...placeholder, width: 80, height: 20 }} />
            <span style={{ ...placeholder, height: 14 }} />
            <span style={{ ...placeholder, height: 20 }} />
            <span style={{ ...placeholder, height: 16 }} />
          </div>
        ))}
      </div>
    );
  return (
    <ol data-testid="city-ranking" style={{ display: 'flex', flexDirection: 'column', gap: 12, listStyle: 'none', margin: 0, padding: 0 }}>
      {cities.map((c, i) => (
        <li key={c.cityId} data-city={c.cityName} data-value={c.value} style={row}>
          <span style={{ color: i < 3 ? '#ffc53d' : '#8fb0df', fontWeight: 700 }}>{i + 1}</span>
          <span>{t(c.cityName)}</span>
          <span style={{ height: 14, background: 'rgba(64,158,255,0.15)', borderRadius: 7 }}>
            <span style={{ display: 'block', height: 14, borderRadius: 7, width: `${(c.value / max) * 100}%`, background: 'linear-gradient(90deg,#1677ff,#36cfc9)' }} />
          </span>
          <span style={{ textAlign: 'right', color: '#fff', fontVariantNumeric: 'tabular-nums' }}>{formatCount(c.value)}</span>
          <span style={{ textAlign: 'right', fontSize: 16, color: '#8fb0df' }}>
            {secondLabel} {formatCount(c.second)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** 时钟：只在浏览器里走（服务端与水合时为空），免得服务端与浏览器的时间不同造成水合不一致 */
function Clock() {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const clock = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(clock);
  }, []);
  return <span style={{ fontSize: 22, color: '#8fb0df', width: 360, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{hydrated ? formatBeijing(now) : ''}</span>;
}

function BigScreen({ path, title, valueLabel, secondLabel, counterSlots }: { path: GetPath; title: string; valueLabel: string; secondLabel: string; counterSlots: number }) {
  const t = useT();
  // 服务端随页面带来的数据（components/screens/catalog.ts 的 serverData）：打开就是有数的版面，一分钟后才再取
  const seeded = useServerData<BigScreenData>(path);
  const [data, setData] = useState<BigScreenData | null>(seeded ?? null);
  const [fromServer] = useState(seeded !== undefined);
  const load = useCallback(() => {
    callConfigured<BigScreenData>('GET', path).then(setData, () => undefined);
  }, [path]);
  useEffect(() => {
    if (!fromServer) load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load, fromServer]);
  const months = Array.from({ length: 12 }, (_, i) => t('{month}月', { month: i + 1 }));
  const value = t(valueLabel);
  return (
    <BigScreenFrame busy={!data}>
      <header style={{ height: 96, display: 'flex', alignItems: 'center', justifyContent: 'space-between', borderBottom: '1px solid rgba(64,158,255,0.35)' }}>
        <span style={{ fontSize: 20, color: '#8fb0df', width: 360 }}>{data ? t('{year}年', { year: data.year }) : ''}</span>
        <h1 style={{ margin: 0, fontSize: 44, letterSpacing: 6, color: '#e6f4ff', textShadow: '0 0 12px #1677ff' }}>{t(title)}</h1>
        <Clock />
      </header>
      <section style={{ display: 'flex', gap: 20, margin: '24px 0', height: 116 }}>
        {data
          ? data.counters.map((c) => (
              <div key={c.key} data-testid={`big-counter-${c.key}`} style={{ ...panel, flex: 1, textAlign: 'center', padding: 16 }}>
                <div style={{ fontSize: 20, color: '#9fc3ff' }}>{t(c.label)}</div>
                <div style={{ fontSize: 48, fontWeight: 700, color: '#36cfc9', fontVariantNumeric: 'tabular-nums' }}>{formatCount(c.value)}</div>
              </div>
            ))
          : Array.from({ length: counterSlots }, (_, i) => (
              <div key={i} data-testid="big-counter-skeleton" style={{ ...panel, flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, padding: 16 }}>
                <span style={{ ...placeholder, width: 120, height: 20 }} />
                <span style={{ ...placeholder, width: 160, height: 44 }} />
              </div>
            ))}
      </section>
      <section style={{ flex: 1, display: 'grid', gridTemplateColumns: '1fr 1.15fr 1fr', gap: 20, minHeight: 0 }}>
        <div style={panel}>
          <div style={panelTitle}>{t('当年各月趋势')}</div>
          <TrendChart
            dark
            height={660}
            ariaLabel={t('当年各月趋势')}
            labels={months}
            series={(data?.trend ?? []).map((s, i) => ({ key: `s${i}`, label: t(s.label), color: SERIES_COLORS[i % SERIES_COLORS.length], values: s.points.map((p) => p.amount) }))}
          />
        </div>
        <div style={{ ...panel, display: 'flex', flexDirection: 'column' }}>
          <div style={panelTitle}>{t('各市活跃度（{label}）', { label: value })}</div>
          <div style={{ flex: 1, minHeight: 0 }}>
            <HebeiMap cities={data?.cities ?? null} texts={{ title: t('河北省各市{label}地图', { label: value }), valueLabel: value, noData: t('无数据') }} />
          </div>
        </div>
        <div style={panel}>
          <div style={panelTitle}>{t('各市排行（{label}）', { label: value })}</div>
          <Ranking cities={data?.cities ?? null} secondLabel={t(secondLabel)} />
        </div>
      </section>
    </BigScreenFrame>
  );
}

export function BigScreenEval() {
  return <BigScreen path="/home/bigScreen/eval" title="评价数据大屏" valueLabel="报名人数" secondLabel="取证" counterSlots={6} />;
}

export function BigScreenTrain() {
  return <BigScreen path="/home/bigScreen/train" title="培训数据大屏" valueLabel="培训人次" secondLabel="班" counterSlots={5} />;
}
