// 证书：计划的证书压缩包（每张一个 PDF，流式）、机构印章图片（PDF 用它代替画出的圆章；不是 PNG 图片的拒绝）、
// 成绩报告存档（generateLayoutReport 存档一次、updatePlanLayoutReport 重新生成、之后可下载同一份）。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { storeFile } from '@/lib/domains/file/service';
import { fileRefs } from '@/lib/domains/file/tables';
import { certificates, certificateSeals } from '@/lib/domains/certificate/tables';
import { zipEntryName } from '@/lib/domains/certificate/pdf';
import { SEAL_NOT_PNG } from '@/lib/domains/certificate/print';
import { LAYOUT_REPORT_ENTITY } from '@/lib/domains/certificate/reports';
import { h, huayuanPlan, login, ok, refused } from '../score/helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('eval_org', 'sjz_admin', 'bd_admin');
});

const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('计划的证书压缩包', () => {
  it('format=zip：每张有效证书一个 PDF（编号-姓名.pdf），范围外 404', async () => {
    // 第 9 步的计划：每张都有照片（读不出照片的不生成，见 photos.test.ts）
    const plan = await huayuanPlan(db, 9);
    const valid = await db.select().from(certificates).where(and(eq(certificates.planId, plan.id), eq(certificates.status, 0)));
    expect(valid.length).toBeGreaterThan(1);
    const r = await call('GET', '/certificate/certificatesExport', { headers: h.eval_org, query: { planId: plan.id, format: 'zip' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(Buffer.from(await r.res.arrayBuffer()));
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(valid.map(zipEntryName).sort());
    const first = await zip.file(names[0])!.async('nodebuffer');
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const other = await call('GET', '/certificate/certificatesExport', { headers: h.bd_admin, query: { planId: plan.id, format: 'zip' } });
    expect(other.status).toBe(404);
    const bad = await call('GET', '/certificate/certificatesExport', { headers: h.eval_org, query: { planId: plan.id, format: 'rar' } });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toMatch(/格式只能是 pdf/);
  });
});

describe('机构印章图片', () => {
  it('PNG 印章：证书 PDF 多出印章的图片对象（代替画出的圆章）；删除后恢复圆章', async () => {
    const plan = await huayuanPlan(db, 7);
    const [c] = await db.select().from(certificates).where(and(eq(certificates.planId, plan.id), eq(certificates.status, 0))).limit(1);
    const pdfOf = async () => Buffer.from(await (await call('POST', '/certificate/downloadUrl', { headers: h.eval_org, json: { id: c.id } })).res.arrayBuffer());
    const before = imageCount(await pdfOf());
    const png = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 210, g: 20, b: 20, alpha: 0.8 } } }).png().toBuffer();
    const seal = await storeFile(db, null, { data: new Uint8Array(png), fileName: '印章.png', purpose: 'image' });
    const saved = await ok<{ url: string }>('eval_org', '/certificate/saveSeal', { url: seal.url });
    expect(saved.url).toBe(seal.url);
    const got = await ok<{ url: string | null; orgName: string }>('eval_org', '/certificate/getSeal', {});
    expect(got.url).toBe(seal.url);
    expect(await db.$count(fileRefs, eq(fileRefs.entity, 'certificate_seal'))).toBe(1);
    const withSeal = await pdfOf();
    // 印章是带透明的 PNG：图片对象与它的透明蒙版（SMask）
    expect(imageCount(withSeal)).toBeGreaterThan(before);
    expect(withSeal.toString('latin1')).toContain('/SMask');
    // 删除后恢复矢量圆章
    await ok('eval_org', '/certificate/saveSeal', { url: null });
    expect(imageCount(await pdfOf())).toBe(before);
    expect(await db.$count(certificateSeals)).toBe(0);
  });

  it('不是 PNG 图片的文件、不是经上传得到的地址被拒绝；不是评价机构的用户不能设置', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF');
    const doc = await storeFile(db, null, { data: new Uint8Array(pdf), fileName: '印章.pdf', purpose: 'attachment' });
    await refused('eval_org', '/certificate/saveSeal', { url: doc.url }, 400, SEAL_NOT_PNG);
    const jpg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#c00' } }).jpeg().toBuffer();
    const j = await storeFile(db, null, { data: new Uint8Array(jpg), fileName: '印章.jpg', purpose: 'image' });
    await refused('eval_org', '/certificate/saveSeal', { url: j.url }, 400, SEAL_NOT_PNG);
    await refused('eval_org', '/certificate/saveSeal', { url: 'https://example.com/seal.png' }, 400, /须是经本系统上传/);
    await refused('sjz_admin', '/certificate/saveSeal', { url: null }, 400, '只有评价机构可以设置本机构的印章');
    expect(await db.$count(certificateSeals)).toBe(0);
  });
});

describe('成绩报告存档', () => {
  it('generateLayoutReport 存档一次（再调给同一份）；updatePlanLayoutReport 重新生成并替换；可下载；范围外 404', async () => {
    const plan = await huayuanPlan(db, 7);
    const none = await call('POST', '/layoutReport/downloadLayoutReport', { headers: h.eval_org, json: { planId: plan.id } });
    expect(none.status).toBe(404);
    expect(none.body.returnMsg).toBe('该计划还没有存档的成绩报告，请先生成');
    const first = await ok<{ url: string; name: string; size: number }>('eval_org', '/layoutReport/generateLayoutReport', { planId: plan.id });
    expect(first.url).toMatch(/^\/files\//);
    expect(first.name).toBe(`成绩报告-${plan.code}.pdf`);
    const again = await ok<{ url: string }>('eval_org', '/layoutReport/generateLayoutReport', { planId: plan.id });
    expect(again.url).toBe(first.url);
    const info = await ok<{ url: string }>('sjz_admin', '/layoutReport/getLayoutReport', { planId: plan.id });
    expect(info.url).toBe(first.url);
    const d = await call('POST', '/layoutReport/downloadLayoutReport', { headers: h.sjz_admin, json: { planId: plan.id } });
    expect(d.status).toBe(200);
    expect(d.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await d.res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(first.size);
    const updated = await ok<{ url: string }>('eval_org', '/layoutReport/updatePlanLayoutReport', { planId: plan.id });
    expect(updated.url).not.toBe(first.url);
    // 计划只引用新的一份
    const refs = await db.select().from(fileRefs).where(and(eq(fileRefs.entity, LAYOUT_REPORT_ENTITY), eq(fileRefs.entityId, plan.id)));
    expect(refs).toHaveLength(1);
    expect((await ok<{ url: string }>('eval_org', '/layoutReport/getLayoutReport', { planId: plan.id })).url).toBe(updated.url);
    await refused('bd_admin', '/layoutReport/generateLayoutReport', { planId: plan.id }, 404);
    await refused('bd_admin', '/layoutReport/downloadLayoutReport', { planId: plan.id }, 404);
  });
});
