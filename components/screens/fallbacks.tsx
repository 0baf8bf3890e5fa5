// 界面代码到来之前（菜单里点开、按需加载）Suspense 显示的占位：默认是浅色的骨架；
// 深色全屏的数据大屏换成同样深色、已缩放的外框，不先闪一下浅色骨架。占位只引用轻的外框，不带界面代码。
import type { ReactNode } from 'react';
import BigScreenFrame from '@/components/dashboard/BigScreenFrame';

const darkFrame = <BigScreenFrame busy testId="big-screen-frame" />;

const FALLBACKS: Record<string, ReactNode> = {
  BigScreenEval: darkFrame,
  BigScreenTrain: darkFrame,
};

/** 界面自己的占位；没有登记就是 undefined（用默认骨架） */
export function screenFallback(name: string): ReactNode | undefined {
  return Object.prototype.hasOwnProperty.call(FALLBACKS, name) ? FALLBACKS[name] : undefined;
}
