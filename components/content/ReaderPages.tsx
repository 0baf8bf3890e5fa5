import 'server-only';
// 门户的栏目页与文章页（公开，免登录，服务端渲染）：页头页脚与公开首页相同。
// 只显示已发布且到发布时间的文章；文章页每次打开阅读数加一（同一请求内只读一次）。
import { cache } from 'react';
import Link from 'next/link';
import { ArticleBody } from './ArticleBody';
import HomeFooter from '@/components/home/HomeFooter';
import HomeHeader from '@/components/home/HomeHeader';
import SkipLink, { MAIN_ID } from '@/components/shell/SkipLink';
import { homeViewer } from '@/components/home/viewer';
import homeStyles from '@/components/home/home.module.css';
import { getDb } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { getT } from '@/lib/i18n/server';
import { latestArticles, publicArticles, readArticle } from '@/lib/domains/content/service';
import { ARTICLE_CATEGORIES, type PublicArticle, type PublicArticleItem } from '@/lib/domains/content/schemas';
import { ARTICLE_KINDS, KIND_LABEL, type ArticleKind } from '@/lib/domains/content/transitions';
import { listPath, readerPath } from './paths';
import styles from './content.module.css';

export const READER_PAGE_SIZE = 10;

/** 同一请求里（元数据与页面）只读一次：阅读数只加一 */
export const readOnce = cache(async (id: number): Promise<PublicArticle | null> => {
  try {
    return await readArticle(await getDb(), id);
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus === 404) return null;
    throw err;
  }
});

async function ReaderFrame({ children }: { children: React.ReactNode }) {
  const viewer = await homeViewer();
  return (
    <div className={homeStyles.page}>
      <SkipLink />
      <HomeHeader viewer={viewer} />
      <main id={MAIN_ID} tabIndex={-1} className={styles.readerMain}>
        <div className={homeStyles.container}>{children}</div>
      </main>
      <HomeFooter />
    </div>
  );
}

async function SideNav({ active }: { active: ArticleKind }) {
  const t = await getT();
  return (
    <nav className={styles.sideNav} aria-label={t('信息公开')}>
      <h2 className={styles.sideNavTitle}>{t('信息公开')}</h2>
      {ARTICLE_KINDS.map((k) => (
        <a key={k} href={listPath(k)} className={`${styles.sideNavLink} ${k === active ? styles.sideNavActive : ''}`} aria-current={k === active ? 'page' : undefined}>
          {t(KIND_LABEL[k])}
        </a>
      ))}
    </nav>
  );
}

function Pager({ kind, category, pageNo, total, t }: { kind: ArticleKind; category?: string; pageNo: number; total: number; t: (k: string, v?: Record<string, string | number>) => string }) {
  const pages = Math.max(1, Math.ceil(total / READER_PAGE_SIZE));
  if (pages <= 1) return null;
  const around = [...new Set([1, pageNo - 1, pageNo, pageNo + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return (
    <nav className={styles.pager} aria-label={t('分页')}>
      {pageNo > 1 ? <a href={listPath(kind, { category, page: pageNo - 1 })}>{t('上一页')}</a> : <span className={styles.pagerDisabled}>{t('上一页')}</span>}
      {around.map((n, i) => (
        <span key={n} style={{ display: 'contents' }}>
          {i > 0 && n - around[i - 1] > 1 && <span className={styles.pagerDisabled}>…</span>}
          {n === pageNo ? (
            <span className={styles.pagerCurrent} aria-current="page">
              {n}
            </span>
          ) : (
            <a href={listPath(kind, { category, page: n })}>{n}</a>
          )}
        </span>
      ))}
      {pageNo < pages ? <a href={listPath(kind, { category, page: pageNo + 1 })}>{t('下一页')}</a> : <span className={styles.pagerDisabled}>{t('下一页')}</span>}
      <span className={styles.pagerDisabled}>{t('共 {total} 条', { total })}</span>
    </nav>
  );
}

function Row({ item, t }: { item: PublicArticleItem; t: (k: string, v?: Record<string, string | number>) => string }) {
  return (
    <li className={styles.articleRow} data-testid="reader-row">
      {item.coverUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- 上传的图片由 /files 提供（带缩略图参数），不经 next/image
        <img src={`${item.coverUrl}?thumb=1`} alt="" className={styles.rowCover} loading="lazy" />
      )}
      <div className={styles.rowMain}>
        <h3 className={styles.rowTitle}>
          {item.top && <span className={`${styles.badge} ${styles.badgeTop}`}>{t('置顶')}</span>}
          <span className={`${styles.badge} ${styles.badgeCategory}`}>{t(item.category)}</span>
          <a href={readerPath(item.kind, item.id)} title={item.title}>
            {item.title}
          </a>
        </h3>
        {item.summary && <p className={styles.rowSummary}>{item.summary}</p>}
        <div className={styles.rowMeta}>
          <span>{item.publishTime.slice(0, 10)}</span>
          <span>{t(item.scopeName)}</span>
          <span>{t('阅读 {count} 次', { count: item.readCount })}</span>
        </div>
      </div>
    </li>
  );
}

/** 栏目页：某类已发布的文章，可按分类筛选，分页 */
export async function ReaderListPage({ kind, category, pageNo }: { kind: ArticleKind; category?: string; pageNo: number }) {
  const t = await getT();
  const validCategory = category && (ARTICLE_CATEGORIES[kind] as readonly string[]).includes(category) ? category : undefined;
  const page = { pageNo, pageSize: READER_PAGE_SIZE, offset: (pageNo - 1) * READER_PAGE_SIZE };
  const { list, total } = await publicArticles(await getDb(), { kind, category: validCategory }, page);
  return (
    <ReaderFrame>
      <nav className={styles.breadcrumb} aria-label={t('当前位置')}>
        <Link href="/">{t('首页')}</Link>
        <span aria-hidden>/</span>
        <span aria-current="page">{t(KIND_LABEL[kind])}</span>
      </nav>
      <div className={styles.readerLayout}>
        <SideNav active={kind} />
        <section className={styles.panel} data-testid="reader-list">
          <div className={styles.listHead}>
            <h1 className={styles.listTitle}>{t(KIND_LABEL[kind])}</h1>
            <div className={styles.chips}>
              <a href={listPath(kind)} className={`${styles.chip} ${!validCategory ? styles.chipActive : ''}`}>
                {t('全部')}
              </a>
              {ARTICLE_CATEGORIES[kind].map((c) => (
                <a key={c} href={listPath(kind, { category: c })} className={`${styles.chip} ${validCategory === c ? styles.chipActive : ''}`}>
                  {t(c)}
                </a>
              ))}
            </div>
          </div>
          {list.length === 0 ? (
            <div className={styles.empty}>{t('暂无内容')}</div>
          ) : (
            <ul className={styles.articleList}>
              {list.map((item) => (
                <Row key={item.id} item={item} t={t} />
              ))}
            </ul>
          )}
          <Pager kind={kind} category={validCategory} pageNo={pageNo} total={total} t={t} />
        </section>
      </div>
    </ReaderFrame>
  );
}

/** 文章页：标题、发布信息、封面、正文（清洗过的 HTML）、附件；右侧为同栏目的最新文章 */
export async function ReaderArticlePage({ article }: { article: PublicArticle }) {
  const t = await getT();
  const latest = (await latestArticles(await getDb(), article.kind, 8)).filter((a) => a.id !== article.id).slice(0, 6);
  return (
    <ReaderFrame>
      <nav className={styles.breadcrumb} aria-label={t('当前位置')}>
        <Link href="/">{t('首页')}</Link>
        <span aria-hidden>/</span>
        <a href={listPath(article.kind)}>{t(KIND_LABEL[article.kind])}</a>
        <span aria-hidden>/</span>
        <span aria-current="page">{t('正文')}</span>
      </nav>
      <div className={styles.articleLayout}>
        <article className={styles.panel} data-testid="reader-article">
          <h1 className={styles.articleTitle}>{article.title}</h1>
          <div className={styles.articleMeta}>
            <span>{t('发布时间：{time}', { time: article.publishTime.slice(0, 16) })}</span>
            <span>{t('分类：{category}', { category: t(article.category) })}</span>
            <span>{t('发布范围：{scope}', { scope: t(article.scopeName) })}</span>
            <span data-testid="reader-count">{t('阅读 {count} 次', { count: article.readCount })}</span>
          </div>
          <ArticleBody coverUrl={article.coverUrl} body={article.body} attachments={article.attachments} attachmentsTitle={t('附件')} />
        </article>
        <aside className={styles.panel}>
          <h2 className={styles.sideHead}>{t('最新{kind}', { kind: t(KIND_LABEL[article.kind]) })}</h2>
          {latest.length === 0 ? (
            <div className={styles.empty}>{t('暂无内容')}</div>
          ) : (
            <ul className={styles.sideList}>
              {latest.map((a) => (
                <li key={a.id}>
                  <a href={readerPath(a.kind, a.id)} title={a.title}>
                    {a.title}
                  </a>
                  <span className={styles.sideDate}>{a.publishTime.slice(0, 10)}</span>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </ReaderFrame>
  );
}
