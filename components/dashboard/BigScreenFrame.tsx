// 数据大屏的外框：深色全屏、按窗口等比缩放的 1920×1080 版面（CSS 算缩放，服务端画出的 HTML 首帧就按窗口缩放）。
// 大屏（BigScreen.tsx）与界面代码到来之前的占位（components/screens/fallbacks.tsx）共用，占位不带大屏的代码（图表、地图）。
import type { CSSProperties, ReactNode } from 'react';

export const BIG_W = 1920;
export const BIG_H = 1080;
/**
 * 等比缩放到窗口：min(窗口宽 / 1920, 窗口高 / 1080)。tan(atan2(长度, 长度)) 是两个长度之比（无单位的数），
 * 在 CSS 里算，服务端画出的 HTML 首帧就按窗口缩放，不等脚本。
 */
export const FIT_SCALE = `scale(min(tan(atan2(100vw, ${BIG_W}px)), tan(atan2(100vh, ${BIG_H}px))))`;

const outer: CSSProperties = { position: 'fixed', inset: 0, zIndex: 1500, background: '#020b1f', overflow: 'hidden' };
const stage: CSSProperties = {
  width: BIG_W,
  height: BIG_H,
  transform: FIT_SCALE,
  transformOrigin: '0 0',
  background: 'radial-gradient(ellipse at center, #0b2a5c 0%, #020b1f 75%)',
  color: '#fff',
  fontFamily: 'inherit',
  display: 'flex',
  flexDirection: 'column',
  padding: '0 32px 28px',
  boxSizing: 'border-box',
};

export default function BigScreenFrame({ busy, testId = 'big-screen', children }: { busy: boolean; testId?: string; children?: ReactNode }) {
  return (
    <div data-testid={testId} aria-busy={busy} style={outer}>
      <div style={stage}>{children}</div>
    </div>
  );
}
