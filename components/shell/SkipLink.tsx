'use client';
// “跳到主要内容”（WCAG 2.4.1 跳过重复区块）：页面第一个可聚焦的元素，平时不可见，Tab 聚焦时出现在左上角。
// 门户框架、公开首页与栏目页、登录注册页共用；目标是各自的主内容（<main id={MAIN_ID}>）。
import { useT } from '@/lib/i18n/client';

export const MAIN_ID = 'main-content';

export default function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {t('shell.skipToContent')}
    </a>
  );
}
