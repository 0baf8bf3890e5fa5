'use client';
// 河北 11 个地级市的地图（数据大屏）：边界取自仓库里的 lib/domains/dashboard/hebei.geo.json（来源与许可见 docs/DASHBOARD.md），
// 等距圆柱投影（经度按中纬度的余弦压缩）画成 SVG，不另加依赖。各市按数值由深蓝到亮青着色，下方色标；
// 悬停的市在角上显示名称与数。数与旁边的排行是同一份数据（大屏接口的 cities），不在范围内的市画成灰色“无数据”。
import { useState } from 'react';
import geo from '@/lib/domains/dashboard/hebei.geo.json';
import type { CityActivity } from '@/lib/domains/dashboard/big-screen';
import { formatCount } from './chart-ticks';
import { useT } from '@/lib/i18n/client';

type Ring = number[][];
interface CityFeature {
  properties: { adcode: number; name: string };
  geometry: { coordinates: Ring[][] };
}

const VIEW_W = 500;
/** 河北的中纬度：经度方向按其余弦压缩，形状不被拉宽 */
const MID_LAT = 39.3;
const K = Math.cos((MID_LAT * Math.PI) / 180);
const PAD = 8;

const features = (geo as { features: CityFeature[] }).features;
const allPoints = features.flatMap((f) => f.geometry.coordinates.flat(2));
const minLon = Math.min(...allPoints.map((p) => p[0]));
const maxLon = Math.max(...allPoints.map((p) => p[0]));
const minLat = Math.min(...allPoints.map((p) => p[1]));
const maxLat = Math.max(...allPoints.map((p) => p[1]));
const SCALE = (VIEW_W - 2 * PAD) / ((maxLon - minLon) * K);
const VIEW_H = Math.ceil((maxLat - minLat) * SCALE + 2 * PAD);

const project = ([lon, lat]: number[]): [number, number] => [PAD + (lon - minLon) * K * SCALE, PAD + (maxLat - lat) * SCALE];
const round1 = (v: number) => Math.round(v * 10) / 10;

/** 环的面积与形心（投影后的坐标） */
function centroid(ring: [number, number][]): { area: number; x: number; y: number } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    a += cross;
    cx += (ring[j][0] + ring[i][0]) * cross;
    cy += (ring[j][1] + ring[i][1]) * cross;
  }
  return { area: Math.abs(a / 2), x: cx / (3 * a), y: cy / (3 * a) };
}

/** 各市的 SVG 路径与标注位置（最大一块的形心），模块加载时算一次；服务端与浏览器算出的相同 */
const CITY_SHAPES = features.map((f) => {
  const polygons = f.geometry.coordinates.map((poly) => poly.map((ring) => ring.map(project)));
  const d = polygons
    .flatMap((poly) => poly.map((ring) => `M${ring.map(([x, y]) => `${round1(x)},${round1(y)}`).join('L')}Z`))
    .join('');
  const main = polygons.map((poly) => centroid(poly[0])).reduce((a, b) => (b.area > a.area ? b : a));
  return { adcode: f.properties.adcode, name: f.properties.name, d, labelX: round1(main.x), labelY: round1(main.y) };
});

/** 0–1 → 由深蓝到亮青的颜色 */
function heat(ratio: number): string {
  const r = Math.max(0, Math.min(1, ratio));
  const from = [16, 42, 84];
  const to = [19, 194, 194];
  return `rgb(${from.map((f, i) => Math.round(f + (to[i] - f) * r)).join(',')})`;
}

const NO_DATA = '#2b3a52';

export interface HebeiMapTexts {
  /** 地图的文字说明（读屏） */
  title: string;
  valueLabel: string;
  noData: string;
}

/** cities 为 null：数据未到，画灰色底图（骨架） */
export default function HebeiMap({ cities, texts }: { cities: CityActivity[] | null; texts: HebeiMapTexts }) {
  // 城市名按界面语言（英文为拼音）；按名称对数据时仍用原文
  const t = useT();
  const [hover, setHover] = useState<number | null>(null);
  const byCode = new Map((cities ?? []).map((c) => [c.cityId, c]));
  const byName = new Map((cities ?? []).map((c) => [c.cityName, c]));
  const valueOf = (s: (typeof CITY_SHAPES)[number]) => byCode.get(s.adcode) ?? byName.get(s.name);
  const max = Math.max(1, ...(cities ?? []).map((c) => c.value));
  const missing = cities !== null && CITY_SHAPES.some((s) => !valueOf(s));
  const hovered = CITY_SHAPES.find((s) => s.adcode === hover);
  const hoveredValue = hovered && valueOf(hovered);
  const summary = CITY_SHAPES.map((s) => {
    const v = valueOf(s);
    return `${t(s.name)} ${v ? formatCount(v.value) : texts.noData}`;
  }).join('; ');
  return (
    <div data-testid="hebei-map" style={{ position: 'relative', height: '100%', display: 'flex', flexDirection: 'column' }}>
      <svg viewBox={`0 0 ${VIEW_W} ${VIEW_H}`} role="img" aria-label={`${texts.title}: ${summary}`} style={{ flex: 1, minHeight: 0, width: '100%' }} onMouseLeave={() => setHover(null)}>
        <title>{texts.title}</title>
        {CITY_SHAPES.map((s) => {
          const v = valueOf(s);
          return (
            <path
              key={s.adcode}
              d={s.d}
              data-city={s.name}
              data-value={v?.value}
              fill={!cities ? NO_DATA : v ? heat(v.value / max) : NO_DATA}
              stroke={hover === s.adcode ? '#ffe58f' : 'rgba(190, 230, 255, 0.75)'}
              strokeWidth={hover === s.adcode ? 2.5 : 1}
              onMouseEnter={() => setHover(s.adcode)}
            >
              <title>{`${t(s.name)} ${texts.valueLabel} ${v ? formatCount(v.value) : texts.noData}`}</title>
            </path>
          );
        })}
        {CITY_SHAPES.map((s) => {
          const v = valueOf(s);
          return (
            <text key={s.adcode} x={s.labelX} y={s.labelY} textAnchor="middle" pointerEvents="none" fill="#fff" stroke="#020b1f" strokeWidth={3} paintOrder="stroke" fontSize={18}>
              <tspan x={s.labelX}>{t(s.name)}</tspan>
              {v && (
                <tspan x={s.labelX} dy={21} fontWeight={700} fontSize={19}>
                  {formatCount(v.value)}
                </tspan>
              )}
            </text>
          );
        })}
      </svg>
      {hovered && (
        <div data-testid="hebei-map-tip" style={{ position: 'absolute', top: 0, right: 0, padding: '8px 14px', background: 'rgba(2,11,31,0.9)', border: '1px solid rgba(64,158,255,0.6)', borderRadius: 4, color: '#e6f4ff', fontSize: 20 }}>
          {t(hovered.name)} · {texts.valueLabel} {hoveredValue ? formatCount(hoveredValue.value) : texts.noData}
        </div>
      )}
      <div data-testid="hebei-map-legend" style={{ display: 'flex', alignItems: 'center', gap: 10, color: '#cfe3ff', fontSize: 16, marginTop: 8 }}>
        <span>0</span>
        <span aria-hidden style={{ flex: 1, height: 12, borderRadius: 6, background: `linear-gradient(90deg, ${heat(0)}, ${heat(1)})` }} />
        <span>{cities ? formatCount(max) : ''}</span>
        {missing && (
          <>
            <span aria-hidden style={{ width: 14, height: 12, background: NO_DATA, border: '1px solid rgba(190,230,255,0.5)' }} />
            <span>{texts.noData}</span>
          </>
        )}
      </div>
    </div>
  );
}
