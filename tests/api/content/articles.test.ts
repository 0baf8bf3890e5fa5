// 文章（通知公告等）：状态转换（允许与拒绝）、已发布的不能改不能删、范围（市级只管本市，别市的 404，不能发全省的）、
// 权限、公开列表只给已发布且到期的、阅读数、首页公告接口、附件与封面、文件随发布公开、操作日志。
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles } from '@/lib/domains/content/tables';
import { ARTICLE_STATUS } from '@/lib/domains/content/transitions';
import { operationLogs } from '@/lib/domains/ops/tables';
import { readableFile } from '@/lib/domains/file/service';
import { FORBIDDEN_MESSAGE } from '@/lib/platform/api/errors';
import type { ArticleDetail, ArticleItem, PublicArticle, PublicArticleItem } from '@/lib/domains/content/schemas';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { PDF_BYTES, pngBytes, post, signIn, upload } from './helpers';

const { db } = setupTestDb();

beforeAll(signIn);

const BODY = '<p>各有关单位：现将有关事项通知如下。</p>';
const create = (who: Parameters<typeof post>[0], title: string, extra: Record<string, unknown> = {}) =>
  post<{ id: number }>(who, '/sys/content/notice/save', { title, category: '通知', body: BODY, ...extra });
const row = async (who: Parameters<typeof post>[0], title: string) =>
  (await post<{ list: ArticleItem[] }>(who, '/sys/content/notice/list', { title, pageSize: 100 })).body.data.list.find((r) => r.title === title);
const publicTitles = async (query: Record<string, string | number> = {}) =>
  ((await call<{ list: PublicArticleItem[] }>('GET', '/comApi/articles', { query: { kind: 'notice', pageSize: 50, ...query } })).body.data?.list ?? []).map((a) => a.title);

describe('状态转换', () => {
  let id: number;
  const title = '关于开展职业技能竞赛裁判员培训的通知';

  it('新增为草稿：可编辑、发布、置顶、删除', async () => {
    const res = await create('admin', title);
    expect(res.status).toBe(200);
    id = res.body.data.id;
    const r = await row('admin', title);
    expect(r?.status).toBe(ARTICLE_STATUS.DRAFT);
    expect(r?.scopeName).toBe('全省');
    expect(r?.actions).toEqual(['edit', 'top', 'delete', 'publish']);
  });

  it('发布后不能修改、不能删除、不能再次发布；可撤回', async () => {
    expect((await post('admin', '/sys/content/notice/publish', { id })).status).toBe(200);
    const r = await row('admin', title);
    expect(r?.status).toBe(ARTICLE_STATUS.PUBLISHED);
    expect(r?.publishTime).not.toBeNull();
    expect(r?.actions).toEqual(['top', 'withdraw']);

    const edit = await post('admin', '/sys/content/notice/save', { id, title, category: '通知', body: '<p>改了</p>' });
    expect(edit.status).toBe(400);
    expect(edit.body.returnMsg).toBe('已发布的通知公告不能直接修改，请先撤回再修改');
    const del = await post('admin', '/sys/content/notice/del', { ids: [id] });
    expect(del.status).toBe(400);
    expect(del.body.returnMsg).toContain('已发布，不能删除，请先撤回');
    const again = await post('admin', '/sys/content/notice/publish', { id });
    expect(again.status).toBe(409);
    expect(again.body.returnMsg).toBe('文章当前为「已发布」，不能发布');
  });

  it('撤回后门户不再展示，可修改后重新发布；已撤回的不能再撤回', async () => {
    expect(await publicTitles()).toContain(title);
    expect((await post('admin', '/sys/content/notice/withdraw', { id })).status).toBe(200);
    expect(await publicTitles()).not.toContain(title);
    const twice = await post('admin', '/sys/content/notice/withdraw', { id });
    expect(twice.status).toBe(409);
    expect(twice.body.returnMsg).toBe('文章当前为「已撤回」，不能撤回');
    expect((await row('admin', title))?.actions).toEqual(['edit', 'top', 'delete', 'publish']);
    expect((await post('admin', '/sys/content/notice/save', { id, title, category: '公告', body: '<p>修改后的正文</p>' })).status).toBe(200);
    expect((await post('admin', '/sys/content/notice/publish', { id })).status).toBe(200);
    expect(await publicTitles()).toContain(title);
  });

  it('置顶与取消置顶：置顶的排在公开列表最前', async () => {
    expect((await post('admin', '/sys/content/notice/top', { id, top: true })).status).toBe(200);
    const list = await publicTitles();
    expect(list.indexOf(title)).toBeLessThan(list.indexOf('关于公布第二批社会培训评价组织名单的公告'));
    expect((await row('admin', title))?.actions).toContain('untop');
    expect((await post('admin', '/sys/content/notice/top', { id, top: false })).status).toBe(200);
  });

  it('草稿与已撤回的可删除；别的类别的端点找不到这篇（404）', async () => {
    const draft = await create('admin', '待删除的草稿通知');
    expect((await post('admin', '/sys/content/news/del', { ids: [draft.body.data.id] })).status).toBe(404);
    expect((await post('admin', '/sys/content/notice/del', { ids: [draft.body.data.id] })).status).toBe(200);
    expect(await row('admin', '待删除的草稿通知')).toBeUndefined();
  });

  it('每次改动写入操作日志（改前改后）', async () => {
    const logs = await (await db()).select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(20);
    const text = JSON.stringify(logs);
    expect(text).toContain('content_article');
    expect(text).toContain(`通知公告“${title}”：发布（草稿 → 已发布）`);
    expect(text).toContain(`通知公告“${title}”：撤回（已发布 → 已撤回）`);
  });
});

describe('校验', () => {
  it('分类只能是本类的分类；标题与正文必填；同一范围内标题不能重复', async () => {
    const wrong = await post('admin', '/sys/content/notice/save', { title: '分类不对', category: '国家', body: BODY });
    expect(wrong.status).toBe(400);
    expect(wrong.body.returnMsg).toContain('请选择分类');
    const empty = await post('admin', '/sys/content/notice/save', { title: '', category: '通知', body: '' });
    expect(empty.status).toBe(400);
    expect(Object.keys((empty.body.data as { fields: Record<string, string> }).fields)).toEqual(expect.arrayContaining(['title', 'body']));
    const dup = await create('admin', '关于开展2026年度职业技能等级认定工作的通知');
    expect(dup.status).toBe(400);
    expect(dup.body.returnMsg).toBe('同一发布范围内已有标题为“关于开展2026年度职业技能等级认定工作的通知”的通知公告');
    // 不同范围（石家庄）可以同名
    expect((await create('sjz_admin', '关于开展2026年度职业技能等级认定工作的通知')).status).toBe(200);
  });

  it('定时发布最多提前一年；发布时间格式不对 400', async () => {
    const { body } = await create('admin', '定时发布校验');
    const far = await post('admin', '/sys/content/notice/publish', { id: body.data.id, publishAt: new Date(Date.now() + 400 * 86400_000).toISOString() });
    expect(far.status).toBe(400);
    expect(far.body.returnMsg).toContain('定时发布最多提前一年');
    expect((await post('admin', '/sys/content/notice/publish', { id: body.data.id, publishAt: 'tomorrow' })).status).toBe(400);
  });
});

describe('范围', () => {
  let sjzId: number;
  const sjzTitle = '石家庄市考评员年度考核的通知';

  it('市级管理员新增的固定为本市；要全省的或别的市的 403', async () => {
    const created = await create('sjz_admin', sjzTitle);
    expect(created.status).toBe(200);
    sjzId = created.body.data.id;
    const [r] = await (await db()).select().from(articles).where(eq(articles.id, sjzId));
    expect(r.cityId).toBe(130100);

    const provinceWide = await create('sjz_admin', '想发全省的通知', { cityId: 0 });
    expect(provinceWide.status).toBe(403);
    expect(provinceWide.body.returnMsg).toBe('市级管理员只能发布本市的内容，不能发布全省范围的内容');
    const otherCity = await create('sjz_admin', '想发保定的通知', { cityId: 130600 });
    expect(otherCity.status).toBe(403);
    expect(otherCity.body.returnMsg).toBe('市级管理员只能发布本市的内容');
  });

  it('省级管理员可发全省或任一市的；发布范围不是市即 400', async () => {
    const bd = await create('admin', '省级为保定发布的通知', { cityId: 130600 });
    expect(bd.status).toBe(200);
    expect((await row('admin', '省级为保定发布的通知'))?.scopeName).toBe('保定市');
    const county = await create('admin', '发布范围是县', { cityId: 130102 });
    expect(county.status).toBe(400);
    expect(county.body.returnMsg).toContain('发布范围不正确');
  });

  it('保定管理员看不到、改不了石家庄的通知（404）', async () => {
    expect(await row('bd_admin', sjzTitle)).toBeUndefined();
    for (const [path, json] of [
      ['/sys/content/notice/detail', { id: sjzId }],
      ['/sys/content/notice/save', { id: sjzId, title: '越权修改', category: '通知', body: BODY }],
      ['/sys/content/notice/publish', { id: sjzId }],
      ['/sys/content/notice/withdraw', { id: sjzId }],
      ['/sys/content/notice/top', { id: sjzId, top: true }],
      ['/sys/content/notice/del', { ids: [sjzId] }],
    ] as const) {
      const res = await post('bd_admin', path, json);
      expect(res.status, path).toBe(404);
    }
    const [r] = await (await db()).select().from(articles).where(eq(articles.id, sjzId));
    expect({ title: r.title, status: r.status, top: r.top }).toEqual({ title: sjzTitle, status: ARTICLE_STATUS.DRAFT, top: false });
  });

  it('市级管理员的列表只有本市的；省级看全部', async () => {
    const sjz = (await post<{ list: ArticleItem[] }>('sjz_admin', '/sys/content/notice/list', { pageSize: 100 })).body.data.list;
    expect(sjz.length).toBeGreaterThan(0);
    expect(sjz.every((r) => r.cityId === 130100)).toBe(true);
    const all = (await post<{ list: ArticleItem[] }>('admin', '/sys/content/notice/list', { pageSize: 100 })).body.data.list;
    expect(new Set(all.map((r) => r.cityId))).toEqual(new Set([null, 130100, 130600]));
    const filtered = (await post<{ list: ArticleItem[] }>('admin', '/sys/content/notice/list', { pageSize: 100, cityId: 0 })).body.data.list;
    expect(filtered.every((r) => r.cityId === null)).toBe(true);
  });

  it('市级管理员编辑本市的通知：发布范围不变', async () => {
    expect((await post('sjz_admin', '/sys/content/notice/save', { id: sjzId, title: sjzTitle, category: '公告', body: BODY })).status).toBe(200);
    const [r] = await (await db()).select().from(articles).where(eq(articles.id, sjzId));
    expect(r.cityId).toBe(130100);
    expect(r.category).toBe('公告');
  });
});

describe('权限', () => {
  it('没有内容权限的角色 403；市级管理员没有帮助中心的权限', async () => {
    const teacher = await post('teacher', '/sys/content/notice/list');
    expect(teacher.status).toBe(403);
    expect(teacher.body.returnMsg).toBe(FORBIDDEN_MESSAGE);
    expect((await post('sjz_admin', '/sys/content/help/list')).status).toBe(403);
    expect((await post('eval_org', '/sys/content/notice/save', { title: 'x', category: '通知', body: BODY })).status).toBe(403);
  });
});

describe('门户公开读取', () => {
  it('只列已发布且到发布时间的：草稿、已撤回、定时未到的都不在', async () => {
    const titles = await publicTitles();
    expect(titles).toContain('关于公布第二批社会培训评价组织名单的公告');
    expect(titles).not.toContain('关于征集2027年度职业技能竞赛项目的通知（草稿）');
    expect(titles).not.toContain('关于暂停部分考点考务安排的通知');
    expect(titles).not.toContain('关于开展2026年下半年职业技能等级认定计划申报的预通知');
  });

  it('定时发布：到点之前不公开、文章页 404；到点后出现', async () => {
    const { body } = await create('admin', '定时发布的通知');
    const at = new Date(Date.now() + 3600_000);
    const res = await post<{ publishTime: string }>('admin', '/sys/content/notice/publish', { id: body.data.id, publishAt: at.toISOString() });
    expect(res.status).toBe(200);
    expect((await row('admin', '定时发布的通知'))?.scheduled).toBe(true);
    expect(await publicTitles()).not.toContain('定时发布的通知');
    expect((await call('GET', '/comApi/article', { query: { id: body.data.id } })).status).toBe(404);
    // 时间到了（改库模拟）
    await (await db()).update(articles).set({ publishAt: new Date(Date.now() - 1000) }).where(eq(articles.id, body.data.id));
    expect(await publicTitles()).toContain('定时发布的通知');
  });

  it('按市筛选：全省的与该市的', async () => {
    const bd = await publicTitles({ cityId: 130600 });
    expect(bd).toContain('保定市职业技能等级认定考评员培训班报名的公告');
    expect(bd).toContain('关于公布第二批社会培训评价组织名单的公告');
    expect(bd).not.toContain('石家庄市2026年第二季度养老护理员技能等级认定安排的通知');
  });

  it('文章全文：每次读取阅读数加一；草稿 404', async () => {
    const [a] = await (await db())
      .select()
      .from(articles)
      .where(and(eq(articles.kind, 'notice'), eq(articles.title, '关于系统升级维护的公告')));
    const first = await call<PublicArticle>('GET', '/comApi/article', { query: { id: a.id } });
    expect(first.status).toBe(200);
    expect(first.body.data.readCount).toBe(a.readCount + 1);
    expect(first.body.data.body).toContain('<p>');
    const second = await call<PublicArticle>('GET', '/comApi/article', { query: { id: a.id } });
    expect(second.body.data.readCount).toBe(a.readCount + 2);

    const [draft] = await (await db()).select().from(articles).where(eq(articles.status, ARTICLE_STATUS.DRAFT)).limit(1);
    const res = await call('GET', '/comApi/article', { query: { id: draft.id } });
    expect(res.status).toBe(404);
    expect(res.body.returnMsg).toBe('文章不存在或尚未发布');
  });

  it('首页公告接口（/comApi/announcements）：置顶在前、其余新的在前，limit 最多 20，只有已发布的', async () => {
    const res = await call<{ title: string; top: boolean; publishTime: string; summary: string }[]>('GET', '/comApi/announcements', { query: { limit: 20 } });
    expect(res.status).toBe(200);
    const list = res.body.data;
    expect(list[0].title).toBe('关于开展2026年度职业技能等级认定工作的通知');
    expect(list[0].top).toBe(true);
    expect(list[0].summary.length).toBeGreaterThan(0);
    const rest = list.filter((n) => !n.top).map((n) => n.publishTime);
    expect(rest).toEqual([...rest].sort().reverse());
    expect(list.map((n) => n.title)).not.toContain('关于征集2027年度职业技能竞赛项目的通知（草稿）');
    expect((await call<unknown[]>('GET', '/comApi/announcements', { query: { limit: 2 } })).body.data).toHaveLength(2);
    const tooMany = await call('GET', '/comApi/announcements', { query: { limit: 21 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.returnMsg).toContain('条数最多 20');
  });
});

describe('封面与附件', () => {
  it('封面须为图片；附件显示上传时的原名；发布后附件对未登录的人可读，撤回后收回', async () => {
    const pdf = await upload('admin', PDF_BYTES, '认定工作规程.pdf', 'attachment');
    const cover = await upload('admin', await pngBytes(), 'cover.png', 'image');

    const badCover = await post('admin', '/sys/content/policy/save', { title: '封面不是图片', category: '省级', body: BODY, coverUrl: pdf });
    expect(badCover.status).toBe(400);
    expect(badCover.body.returnMsg).toContain('封面图片须为图片文件');
    const notUploaded = await post('admin', '/sys/content/policy/save', { title: '封面不是上传的', category: '省级', body: BODY, coverUrl: 'https://example.com/a.png' });
    expect(notUploaded.status).toBe(400);

    const saved = await post<{ id: number }>('admin', '/sys/content/policy/save', { title: '带附件的政策文件', category: '省级', body: BODY, coverUrl: cover, attachments: [pdf] });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    const detail = (await post<ArticleDetail>('admin', '/sys/content/policy/detail', { id })).body.data;
    expect(detail.coverUrl).toBe(cover);
    expect(detail.attachments).toEqual([{ url: pdf, name: '认定工作规程.pdf' }]);

    const key = pdf.replace('/files/', '');
    expect(await readableFile(await db(), null, key)).toBeNull();
    expect((await post('admin', '/sys/content/policy/publish', { id })).status).toBe(200);
    expect(await readableFile(await db(), null, key)).not.toBeNull();
    const pub = await call<PublicArticle>('GET', '/comApi/article', { query: { id } });
    expect(pub.body.data.attachments[0].name).toBe('认定工作规程.pdf');
    expect((await post('admin', '/sys/content/policy/withdraw', { id })).status).toBe(200);
    expect(await readableFile(await db(), null, key)).toBeNull();
  });

  it('不能引用管辖范围外的机构上传的私有附件（保定管理员引用石家庄机构的）', async () => {
    const theirs = await upload('eval_org', PDF_BYTES, '机构内部材料.pdf', 'attachment');
    const res = await post('bd_admin', '/sys/content/notice/save', { title: '引用别人的附件', category: '通知', body: BODY, attachments: [theirs] });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toContain('文件不存在或不能使用');
  });
});
