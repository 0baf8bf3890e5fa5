// 轮播图：链接只能是站内路径或 https（javascript: 等拒绝）、图片须为上传的图片、门户只给启用且在展示期内的、
// 调整顺序持久、范围（市级只管本市的，别的 404 且不改动任何一条）。
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { banners } from '@/lib/domains/content/tables';
import { FILE_URL_MESSAGE, LINK_MESSAGE, type BannerItem } from '@/lib/domains/content/schemas';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { PDF_BYTES, pngBytes, post, signIn, upload } from './helpers';

const { db } = setupTestDb();

let image: string;
beforeAll(async () => {
  await signIn();
  image = await upload('admin', await pngBytes('#13a8a8'), 'banner.png', 'image');
});

const publicTitles = async (query: Record<string, string | number> = {}) =>
  ((await call<{ title: string }[]>('GET', '/comApi/banners', { query })).body.data ?? []).map((b) => b.title);
const list = async (who: Parameters<typeof post>[0], query: Record<string, unknown> = {}) =>
  (await post<{ list: BannerItem[] }>(who, '/sys/content/banner/list', { pageSize: 100, ...query })).body.data.list;

describe('链接与图片', () => {
  it('javascript:、data:、http:、协议相对、无协议的地址一律拒绝', async () => {
    for (const link of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://rst.hebei.gov.cn', '//evil.example.com', 'www.hebei.gov.cn', 'vbscript:x', '/\\evil.example.com']) {
      const res = await post('admin', '/sys/content/banner/save', { title: '链接校验', imageUrl: image, link });
      expect(res.status, link).toBe(400);
      expect(res.body.returnMsg, link).toContain(LINK_MESSAGE);
    }
  });

  it('站内路径、https 地址与空链接可以', async () => {
    for (const [i, link] of ['/articles/notice', 'https://rst.hebei.gov.cn/a?b=1', ''].entries()) {
      const res = await post('admin', '/sys/content/banner/save', { title: `链接可用 ${i}`, imageUrl: image, link });
      expect(res.status, link).toBe(200);
    }
    const [row] = await (await db()).select().from(banners).where(eq(banners.title, '链接可用 2'));
    expect(row.link).toBeNull();
  });

  it('图片须是上传得到的图片：外部地址、文档都拒绝', async () => {
    const outside = await post('admin', '/sys/content/banner/save', { title: '外部图片', imageUrl: 'https://example.com/a.png' });
    expect(outside.status).toBe(400);
    expect(outside.body.returnMsg).toContain(FILE_URL_MESSAGE);
    const pdf = await upload('admin', PDF_BYTES, 'a.pdf', 'attachment');
    const doc = await post('admin', '/sys/content/banner/save', { title: '文档当图片', imageUrl: pdf });
    expect(doc.status).toBe(400);
    expect(doc.body.returnMsg).toContain('轮播图须为图片文件');
  });

  it('结束日期不能早于开始日期', async () => {
    const res = await post('admin', '/sys/content/banner/save', { title: '日期颠倒', imageUrl: image, startDate: '2026-05-10', endDate: '2026-05-01' });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toContain('结束日期不能早于开始日期');
  });
});

describe('门户展示', () => {
  it('只给启用且今天在展示期内的：停用的、过期的不给', async () => {
    const titles = await publicTitles();
    expect(titles).toContain('2026年全省职业技能等级认定工作全面启动');
    expect(titles).not.toContain('全省第二届职业技能大赛（筹备中）');
    expect(titles).not.toContain('2025年度技能人才表彰活动');
  });

  it('停用后不再展示，启用后恢复', async () => {
    const [row] = (await list('admin', { title: '技能河北' }));
    expect((await post('admin', '/sys/content/banner/disable', { ids: [row.id] })).status).toBe(200);
    expect(await publicTitles()).not.toContain(row.title);
    expect((await post('admin', '/sys/content/banner/enable', { ids: [row.id] })).status).toBe(200);
    expect(await publicTitles()).toContain(row.title);
  });

  it('按市：全省的与该市的', async () => {
    expect(await publicTitles({ cityId: 130100 })).toContain('石家庄市养老护理员技能等级认定报名开始');
    expect(await publicTitles({ cityId: 130600 })).not.toContain('石家庄市养老护理员技能等级认定报名开始');
    expect(await publicTitles({ cityId: 130600 })).toContain('2026年全省职业技能等级认定工作全面启动');
  });
});

describe('调整顺序', () => {
  it('按给出的顺序写入排序号，门户按新顺序展示', async () => {
    const rows = (await list('admin')).filter((r) => r.cityId === null);
    const reversed = [...rows].reverse();
    const res = await post<{ updated: number }>('admin', '/sys/content/banner/reorder', { ids: reversed.map((r) => r.id) });
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBe(rows.length);
    const after = (await list('admin')).filter((r) => r.cityId === null);
    expect(after.map((r) => r.id)).toEqual(reversed.map((r) => r.id));
    expect(after.map((r) => r.sort)).toEqual(reversed.map((_, i) => i + 1));
    const shown = reversed.filter((r) => r.showingNow).map((r) => r.title);
    expect((await publicTitles()).filter((t) => shown.includes(t))).toEqual(shown);
  });
});

describe('范围', () => {
  it('市级管理员只看到、只改得了本市的；对全省的与别的市的操作一律 404，一条不改', async () => {
    const sjz = await list('sjz_admin');
    expect(sjz.map((r) => r.title)).toEqual(['石家庄市养老护理员技能等级认定报名开始']);
    const province = (await list('admin')).find((r) => r.cityId === null)!;
    const before = await (await db()).select().from(banners).where(eq(banners.id, province.id));
    for (const [path, json] of [
      ['/sys/content/banner/save', { id: province.id, title: '越权', imageUrl: image }],
      ['/sys/content/banner/disable', { ids: [province.id] }],
      ['/sys/content/banner/del', { ids: [province.id] }],
      ['/sys/content/banner/reorder', { ids: [sjz[0].id, province.id] }],
    ] as const) {
      expect((await post('sjz_admin', path, json)).status, path).toBe(404);
    }
    expect(await (await db()).select().from(banners).where(eq(banners.id, province.id))).toEqual(before);
    expect(await (await db()).select().from(banners).where(eq(banners.id, sjz[0].id))).toHaveLength(1);
  });

  it('市级管理员新增的轮播图属于本市，不能发全省的', async () => {
    const own = await upload('sjz_admin', await pngBytes('#fa8c16'), 'sjz.png', 'image');
    expect((await post('sjz_admin', '/sys/content/banner/save', { title: '石家庄市技能培训季', imageUrl: own })).status).toBe(200);
    const [row] = await (await db()).select().from(banners).where(eq(banners.title, '石家庄市技能培训季'));
    expect(row.cityId).toBe(130100);
    const wide = await post('sjz_admin', '/sys/content/banner/save', { title: '想发全省的轮播图', imageUrl: own, cityId: 0 });
    expect(wide.status).toBe(403);
  });

  it('没有轮播图权限的角色 403', async () => {
    expect((await post('teacher', '/sys/content/banner/list')).status).toBe(403);
  });
});
