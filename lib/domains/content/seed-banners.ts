// 演示轮播图与新闻封面：图片在写入时用 sharp 生成（渐变底色加几何图形，不含文字——标题由门户叠在图片上），
// 经上传服务存进当前存储（本地目录或对象存储）并登记引用。只为还没有的轮播图、还没有封面的新闻生成，可重复执行。
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '@/lib/platform/db/client';
import { formatBeijing } from '@/lib/platform/time';
import { storeFile } from '../file/service';
import { attachContentFiles } from './files';
import { articles, banners } from './tables';
import { ARTICLE_STATUS } from './transitions';

const DAY = 86_400_000;
const dateOffset = (days: number) => formatBeijing(new Date(Date.now() + days * DAY)).slice(0, 10);

interface Palette {
  from: string;
  to: string;
  accent: string;
}

/** 一张横幅：对角渐变、几个半透明的圆与一组斜线（seed 决定位置，每张不同） */
function artwork(width: number, height: number, p: Palette, seed: number): string {
  const rnd = (n: number) => ((Math.sin(seed * 97 + n * 13) + 1) / 2) * 0.999;
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const r = (0.18 + rnd(i) * 0.3) * height;
      return `<circle cx="${(0.55 + rnd(i + 10) * 0.45) * width}" cy="${rnd(i + 20) * height}" r="${r}" fill="${i % 2 ? '#ffffff' : p.accent}" fill-opacity="${0.06 + rnd(i + 30) * 0.1}"/>`;
    })
    .join('');
  const lines = [0, 1, 2, 3, 4, 5]
    .map((i) => `<line x1="${width * 0.05 + i * 36}" y1="${height}" x2="${width * 0.25 + i * 36}" y2="0" stroke="#ffffff" stroke-opacity="0.07" stroke-width="10"/>`)
    .join('');
  const bar = `<rect x="${width * 0.06}" y="${height * 0.3}" width="${width * 0.08}" height="6" rx="3" fill="${p.accent}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${lines}${circles}${bar}</svg>`;
}

async function image(width: number, height: number, p: Palette, seed: number): Promise<Uint8Array> {
  return new Uint8Array(await sharp(Buffer.from(artwork(width, height, p, seed))).jpeg({ quality: 78 }).toBuffer());
}

const PALETTES: Palette[] = [
  { from: '#002766', to: '#1677ff', accent: '#91caff' },
  { from: '#0b3d2e', to: '#13a8a8', accent: '#87e8de' },
  { from: '#5c0011', to: '#d4380d', accent: '#ffbb96' },
  { from: '#22075e', to: '#722ed1', accent: '#d3adf7' },
  { from: '#613400', to: '#fa8c16', accent: '#ffe7ba' },
  { from: '#1f1f1f', to: '#595959', accent: '#d9d9d9' },
  { from: '#003a8c', to: '#36cfc9', accent: '#b5f5ec' },
];

const SEED_BANNERS = [
  { title: '2026年全省职业技能等级认定工作全面启动', link: '/articles/notice', sort: 1 },
  { title: '技能河北 · 技能成才 技能报国', link: '/articles/news', sort: 2 },
  { title: '《河北省职业技能等级认定工作规程（试行）》发布', link: '/articles/policy', sort: 3 },
  { title: '职业技能培训补贴线上申领指南', link: '/articles/help', sort: 4 },
  { title: '石家庄市养老护理员技能等级认定报名开始', link: '/articles/notice', sort: 5, city: 130100 },
  { title: '全省第二届职业技能大赛（筹备中）', link: null, sort: 6, enabled: false },
  { title: '2025年度技能人才表彰活动', link: 'https://rst.hebei.gov.cn', sort: 7, startDate: dateOffset(-60), endDate: dateOffset(-10) },
];

/** 有封面的演示新闻 */
const NEWS_WITH_COVER = ['我省技能人才总量突破千万，高技能人才占比持续提升', '“技能河北”线上培训平台上线精品课程 200 门'];

export async function seedBanners(db: Db, authorId: number | null): Promise<void> {
  const existing = new Set((await db.select({ title: banners.title }).from(banners)).map((b) => b.title));
  let n = 0;
  for (const b of SEED_BANNERS) {
    n++;
    if (existing.has(b.title)) continue;
    const { url } = await storeFile(db, null, { data: await image(1200, 400, PALETTES[(n - 1) % PALETTES.length], n), fileName: `banner-${n}.jpg`, purpose: 'image' });
    const [row] = await db
      .insert(banners)
      .values({
        title: b.title,
        imageUrl: url,
        link: b.link,
        sort: b.sort,
        enabled: b.enabled ?? true,
        startDate: b.startDate ?? null,
        endDate: b.endDate ?? null,
        cityId: b.city ?? null,
        createdBy: authorId,
        updatedBy: authorId,
      })
      .onConflictDoNothing()
      .returning({ id: banners.id });
    if (row) await attachContentFiles(db, 'content_banner', row.id, [url], { public: true });
  }

  const news = await db
    .select({ id: articles.id, title: articles.title, status: articles.status })
    .from(articles)
    .where(and(eq(articles.kind, 'news'), inArray(articles.title, NEWS_WITH_COVER), isNull(articles.coverUrl)));
  for (const [i, a] of news.entries()) {
    const { url } = await storeFile(db, null, { data: await image(800, 450, PALETTES[(i + 3) % PALETTES.length], 40 + i), fileName: `news-${i + 1}.jpg`, purpose: 'image' });
    await db.update(articles).set({ coverUrl: url }).where(eq(articles.id, a.id));
    await attachContentFiles(db, 'content_article', a.id, [url], { public: a.status === ARTICLE_STATUS.PUBLISHED });
  }
}
