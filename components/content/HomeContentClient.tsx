'use client';
// 首页内容区块的交互部分：轮播图（自动切换、可点圆点）与通知公告／政策法规／新闻资讯的页签。
import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n/client';
import type { PublicArticleItem } from '@/lib/domains/content/schemas';
import { KIND_LABEL, type ArticleKind } from '@/lib/domains/content/transitions';
import { listPath, readerPath } from './paths';
import styles from './content.module.css';

export interface HomeBanner {
  id: number;
  title: string;
  imageUrl: string;
  link: string | null;
}

const INTERVAL_MS = 5000;

export function BannerCarousel({ banners }: { banners: HomeBanner[] }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || banners.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % banners.length), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, banners.length]);
  return (
    <div className={styles.carousel} onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} data-testid="home-banners" aria-roledescription="carousel">
      {banners.map((b, i) => {
        const image = (
          <>
            {/* eslint-disable-next-line @next/next/no-img-element -- 上传的图片由 /files 提供，不经 next/image */}
            <img src={b.imageUrl} alt={b.title} />
            <div className={styles.slideCaption}>{b.title}</div>
          </>
        );
        return (
          <div key={b.id} className={`${styles.slide} ${i === index ? styles.slideActive : ''}`} aria-hidden={i !== index}>
            {b.link ? (
              <a href={b.link} tabIndex={i === index ? 0 : -1} {...(b.link.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {image}
              </a>
            ) : (
              image
            )}
          </div>
        );
      })}
      {banners.length > 1 && (
        <div className={styles.dots}>
          {banners.map((b, i) => (
            <button key={b.id} type="button" className={`${styles.dot} ${i === index ? styles.dotActive : ''}`} aria-label={t('第 {n} 张', { n: i + 1 })} onClick={() => setIndex(i)} />
          ))}
        </div>
      )}
    </div>
  );
}

export function NewsTabs({ groups }: { groups: { kind: ArticleKind; items: PublicArticleItem[] }[] }) {
  const t = useT();
  const [active, setActive] = useState(groups[0]?.kind);
  const current = groups.find((g) => g.kind === active) ?? groups[0];
  if (!current) return null;
  return (
    <div className={styles.newsPanel} data-testid="home-news">
      {/* 页签条里只放页签（tablist 的子项只能是 tab），“更多”链接放在它旁边；列表包在 tabpanel 里，ul>li 的结构不被角色覆盖 */}
      <div className={styles.tabs}>
        <div className={styles.tabList} role="tablist">
          {groups.map((g) => (
            <button
              key={g.kind}
              id={`news-tab-${g.kind}`}
              type="button"
              role="tab"
              aria-selected={g.kind === current.kind}
              aria-controls="news-panel"
              className={`${styles.tab} ${g.kind === current.kind ? styles.tabActive : ''}`}
              onClick={() => setActive(g.kind)}
            >
              {t(KIND_LABEL[g.kind])}
            </button>
          ))}
        </div>
        <a className={styles.tabMore} href={listPath(current.kind)}>
          {t('更多')} ›
        </a>
      </div>
      <div id="news-panel" role="tabpanel" aria-labelledby={`news-tab-${current.kind}`}>
        {current.items.length === 0 ? (
          <div className={styles.empty}>{t('暂无内容')}</div>
        ) : (
          <ul className={styles.newsList}>
            {current.items.map((a) => (
              <li key={a.id} className={styles.newsItem}>
                {a.top && <span className={`${styles.badge} ${styles.badgeTop}`}>{t('置顶')}</span>}
                <a href={readerPath(a.kind, a.id)} title={a.title}>
                  {a.title}
                </a>
                <span className={styles.newsDate}>{a.publishTime.slice(5, 10)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
