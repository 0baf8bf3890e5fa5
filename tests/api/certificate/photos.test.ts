// 证书的照片：演示数据第 9 步的计划整份打印，每一页都印上照片（pdfimages 数每页的图片）；
// 照片读不出的证书（文件已不在存储中、损坏、不是经本系统上传的地址）在打印与生成电子证书时被拒绝并说明是哪张、为什么，
// 打印次数不变；“资料齐全”、第 7 → 8 步的条件与国网组批都把照片读不出算作资料不全。
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '@/lib/platform/db/client';
import { getStorage } from '@/lib/platform/storage';
import { fileUploads } from '@/lib/domains/file/tables';
import { keyOfUrl } from '@/lib/domains/file/service';
import { certificates, stateGridBatches, stateGridItems, type Certificate } from '@/lib/domains/certificate/tables';
import { PHOTO_PIXELS, PHOTO_PROBLEM } from '@/lib/domains/certificate/photos';
import type { CertificateItem } from '@/lib/domains/certificate/schemas';
import { PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { h, huayuanPlan, login, ok, refused } from '../score/helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('eval_org', 'sjz_admin');
});

/** PDF 每页的图片（pdfimages -list）：页号 → 各图片的宽高 */
function imagesPerPage(pdf: Buffer): { pages: number; images: Map<number, { width: number; height: number }[]> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-photos-'));
  try {
    const file = path.join(dir, 'c.pdf');
    fs.writeFileSync(file, pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    const images = new Map<number, { width: number; height: number }[]>();
    for (const line of execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 5 || cols[2] !== 'image') continue;
      const page = Number(cols[0]);
      images.set(page, [...(images.get(page) ?? []), { width: Number(cols[3]), height: Number(cols[4]) }]);
    }
    return { pages, images };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 每页恰有一张证书照片（180 × 240 的图片） */
function expectPhotoOnEveryPage(pdf: Buffer, pages: number) {
  const found = imagesPerPage(pdf);
  expect(found.pages).toBe(pages);
  const withoutPhoto: number[] = [];
  for (let p = 1; p <= pages; p++) {
    const photos = (found.images.get(p) ?? []).filter((i) => i.width === PHOTO_PIXELS.width && i.height === PHOTO_PIXELS.height);
    if (photos.length !== 1) withoutPhoto.push(p);
  }
  expect(withoutPhoto, '没有照片的页').toEqual([]);
}

const validOf = (planId: number) =>
  db
    .select()
    .from(certificates)
    .where(and(eq(certificates.planId, planId), eq(certificates.status, 0)))
    .orderBy(asc(certificates.cerCode));

const printCounts = async (ids: number[]) => new Map((await db.select({ id: certificates.id, n: certificates.printCount }).from(certificates).where(inArray(certificates.id, ids))).map((r) => [r.id, r.n]));

async function uploadPhoto(color: string): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: color } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), '证件照.png');
  form.append('purpose', 'attachment');
  const res = await call('POST', '/uploadMulti', { headers: h.eval_org, form });
  expect(res.status).toBe(200);
  return (res.body as unknown as { data: { url: string }[] }).data[0].url;
}

/** 给证书补一张新照片（经补填接口，与界面相同） */
async function givePhoto(c: Certificate, color: string): Promise<string> {
  const url = await uploadPhoto(color);
  await ok('eval_org', '/certificate/fillCertificate', { id: c.id, education: c.education ?? '高中', company: c.company ?? '石家庄某机械厂', mobile: c.mobile ?? '13900003333', photoUrl: url });
  return url;
}

describe('演示数据第 9 步的计划：整份打印每页都有照片', () => {
  it('打印整份计划（整张与套打）与计划的电子证书：每页一张照片，没有空的照片框；打印次数各加一', async () => {
    const plan = await huayuanPlan(db, PLAN_STEP.PRINTING);
    const list = await validOf(plan.id);
    expect(list.length).toBeGreaterThan(10);
    const before = await printCounts(list.map((c) => c.id));

    const printed = await call('POST', '/certificate/printCertificates', { headers: h.eval_org, json: { planId: plan.id, mode: 'full' } });
    expect(printed.status, JSON.stringify(printed.body)).toBe(200);
    const pdf = Buffer.from(await printed.res.arrayBuffer());
    expectPhotoOnEveryPage(pdf, list.length);
    // 空的照片框里写着“照片”两个字：一页也不应出现
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-text-'));
    fs.writeFileSync(path.join(dir, 'c.pdf'), pdf);
    expect(execFileSync('pdftotext', [path.join(dir, 'c.pdf'), '-'], { encoding: 'utf8' })).not.toContain('照片');
    fs.rmSync(dir, { recursive: true, force: true });
    const after = await printCounts(list.map((c) => c.id));
    for (const c of list) expect(after.get(c.id)).toBe(before.get(c.id)! + 1);

    const overlay = await call('POST', '/layoutReport/certificatePrinting', { headers: h.eval_org, json: { planId: plan.id, mode: 'overlay' } });
    expect(overlay.status).toBe(200);
    expectPhotoOnEveryPage(Buffer.from(await overlay.res.arrayBuffer()), list.length);

    const electronic = await call('GET', '/certificate/certificatesExport', { headers: h.eval_org, query: { planId: plan.id } });
    expect(electronic.status).toBe(200);
    expectPhotoOnEveryPage(Buffer.from(await electronic.res.arrayBuffer()), list.length);
  });

  it('列表里演示证书的照片都读得出，资料齐全', async () => {
    const plan = await huayuanPlan(db, PLAN_STEP.PRINTING);
    const { list } = await ok<{ list: CertificateItem[] }>('eval_org', '/certificate/listCertificate', { planId: plan.id, status: 0, pageNo: 1, pageSize: 100 });
    expect(list.filter((c) => !c.complete || c.photoProblem)).toEqual([]);
  });
});

describe('照片读不出的证书：拒绝并说明，打印次数不变', () => {
  it('照片文件已不在存储中：打印（所选的、整份计划、套打）与电子证书（单张、整份、压缩包）都拒绝，说明是哪张证书、谁、为什么', async () => {
    const plan = await huayuanPlan(db, PLAN_STEP.PRINTING);
    const [victim, fine] = await validOf(plan.id);
    const url = await givePhoto(victim, '#E8684A');
    await getStorage().delete(keyOfUrl(url)!);
    const ids = [victim.id, fine.id];
    const before = await printCounts((await validOf(plan.id)).map((c) => c.id));
    const reason = `证书 ${victim.cerCode}（${victim.name}）：${PHOTO_PROBLEM.GONE}`;

    const printed = await refused('eval_org', '/certificate/printCertificates', { ids }, 400);
    expect(printed.body.returnMsg).toBe(`有 1 张证书的照片无法读取，不能打印：${reason}。请在“证书填报”中重新上传照片`);
    await refused('eval_org', '/certificate/printCertificates', { planId: plan.id }, 400, reason);
    await refused('eval_org', '/certificate/printCertificates', { ids, mode: 'overlay' }, 400, reason);
    await refused('eval_org', '/layoutReport/certificatePrinting', { planId: plan.id }, 400, reason);
    expect(await printCounts([...before.keys()])).toEqual(before);

    const single = await refused('eval_org', '/certificate/downloadUrl', { id: victim.id }, 400);
    expect(single.body.returnMsg).toBe(`有 1 张证书的照片无法读取，不能生成电子证书：${reason}。请在“证书填报”中重新上传照片`);
    for (const format of ['pdf', 'zip']) {
      const r = await call('GET', '/certificate/certificatesExport', { headers: h.eval_org, query: { planId: plan.id, format } });
      expect(r.status, format).toBe(400);
      expect(r.body.returnMsg).toContain(reason);
    }
    // 别的证书照常
    expect((await call('POST', '/certificate/downloadUrl', { headers: h.eval_org, json: { id: fine.id } })).status).toBe(200);

    // 列表与详情：资料不全，并给出原因
    const detail = await ok<CertificateItem>('eval_org', '/certificate/getCertificate', { id: victim.id });
    expect(detail).toMatchObject({ complete: false, photoProblem: PHOTO_PROBLEM.GONE });

    // 重新上传照片后即可打印
    await givePhoto(victim, '#5AD8A6');
    const again = await call('POST', '/certificate/printCertificates', { headers: h.eval_org, json: { ids } });
    expect(again.status).toBe(200);
    expectPhotoOnEveryPage(Buffer.from(await again.res.arrayBuffer()), 2);
    const counted = await printCounts(ids);
    for (const id of ids) expect(counted.get(id)).toBe(before.get(id)! + 1);
  });

  it('照片文件损坏（内容不是图片）、照片地址不是经本系统上传的（旧演示数据的写法）：同样拒绝，打印次数不变', async () => {
    const plan = await huayuanPlan(db, PLAN_STEP.PRINTING);
    const list = await validOf(plan.id);
    const broken = list[2];
    const url = await givePhoto(broken, '#F6BD16');
    const [file] = await db.select().from(fileUploads).where(eq(fileUploads.storageKey, keyOfUrl(url)!));
    // 同样大小的乱码：存储里还在，读出来却不是图片（缩略图一并坏掉）
    for (const key of [file.storageKey, file.thumbKey!]) {
      const size = (await getStorage().stat(key))!.size;
      await getStorage().put(key, Buffer.alloc(size, 7), { contentType: 'image/png', size });
    }
    const stray = list[3];
    await db.update(certificates).set({ photoUrl: '/files/seed-examinee/o1-p1.jpg' }).where(eq(certificates.id, stray.id));
    const before = await printCounts([broken.id, stray.id]);

    await refused('eval_org', '/certificate/printCertificates', { ids: [broken.id] }, 400, `证书 ${broken.cerCode}（${broken.name}）：${PHOTO_PROBLEM.BROKEN}`);
    await refused('eval_org', '/certificate/downloadUrl', { id: broken.id }, 400, PHOTO_PROBLEM.BROKEN);
    await refused('eval_org', '/certificate/printCertificates', { ids: [stray.id] }, 400, `证书 ${stray.cerCode}（${stray.name}）：${PHOTO_PROBLEM.NOT_UPLOADED}`);
    const both = await refused('eval_org', '/certificate/printCertificates', { ids: [broken.id, stray.id] }, 400);
    expect(both.body.returnMsg).toContain(PHOTO_PROBLEM.NOT_UPLOADED);
    expect(await printCounts([broken.id, stray.id])).toEqual(before);
    const item = await ok<CertificateItem>('eval_org', '/certificate/getCertificate', { id: stray.id });
    expect(item).toMatchObject({ complete: false, photoProblem: PHOTO_PROBLEM.NOT_UPLOADED });
  });

  it('多张读不出：列出前三张并给出总数', async () => {
    const plan = await huayuanPlan(db, PLAN_STEP.PRINTING);
    const list = (await validOf(plan.id)).slice(4, 9);
    await db.update(certificates).set({ photoUrl: null }).where(inArray(certificates.id, list.map((c) => c.id)));
    const r = await refused('eval_org', '/certificate/printCertificates', { ids: list.map((c) => c.id) }, 400);
    const msg = r.body.returnMsg;
    expect(msg).toMatch(/^有 5 张证书的照片无法读取，不能打印：/);
    expect(msg).toContain(`证书 ${list[0].cerCode}（${list[0].name}）：${PHOTO_PROBLEM.MISSING}`);
    expect(msg).toContain('；……。请在“证书填报”中重新上传照片');
    expect(msg).not.toContain(list[4].cerCode);
  });
});

describe('“资料齐全”看照片是否读得出', () => {
  it('第 7 → 8 步：照片文件丢了的证书算资料不全，不能进入国网上报', async () => {
    const plan = await huayuanPlan(db, PLAN_STEP.CERTIFICATES);
    // 先补齐其余资料、审完更正，只留照片的问题
    const list = await validOf(plan.id);
    const photo = await uploadPhoto('#6DC8EC');
    for (const c of list) {
      await ok('eval_org', '/certificate/fillCertificate', { id: c.id, education: c.education ?? '高中', company: c.company ?? '某公司', mobile: c.mobile ?? '13900004444', photoUrl: c.photoUrl ?? photo });
    }
    const pending = await ok<{ list: { id: number; status: number }[] }>('sjz_admin', '/certificate/listCorrection', { status: 0, pageNo: 1, pageSize: 100 });
    for (const x of pending.list) await ok('sjz_admin', '/certificate/reviewCorrection', { id: x.id, result: 'reject', opinion: '测试：驳回' });
    const victim = list[0];
    const url = await givePhoto(victim, '#9270CA');
    await getStorage().delete(keyOfUrl(url)!);
    const r = await refused('eval_org', '/exaPlan/nextStep', { id: plan.id }, 409);
    expect(r.body.returnMsg).toContain('尚有 1 张证书的资料不全');
    expect(r.body.returnMsg).toContain('其中 1 张证书的照片无法读取');
    // 资料不全的筛选：照片地址不是登记的文件也算
    await db.update(certificates).set({ photoUrl: '/files/seed-examinee/o1-p1.jpg' }).where(eq(certificates.id, list[1].id));
    const incomplete = await ok<{ list: CertificateItem[] }>('eval_org', '/certificate/listCertificate', { planId: plan.id, incomplete: 1, pageNo: 1, pageSize: 100 });
    expect(incomplete.list.map((c) => c.id)).toContain(list[1].id);
    expect(incomplete.list.find((c) => c.id === list[1].id)?.photoProblem).toBe(PHOTO_PROBLEM.NOT_UPLOADED);
  });

  it('国网组批：照片读不出的证书不能上报，说明是谁、为什么', async () => {
    const plan = await huayuanPlan(db, PLAN_STEP.STATE_GRID);
    // 清掉已有的批次与台账，让全部有效证书都待上报
    const batches = await db.select({ id: stateGridBatches.id }).from(stateGridBatches).where(eq(stateGridBatches.planId, plan.id));
    if (batches.length) {
      await db.delete(stateGridItems).where(inArray(stateGridItems.batchId, batches.map((b) => b.id)));
      await db.delete(stateGridBatches).where(inArray(stateGridBatches.id, batches.map((b) => b.id)));
    }
    const [victim] = await db
      .select()
      .from(certificates)
      .where(and(eq(certificates.planId, plan.id), eq(certificates.status, 0), ne(certificates.photoUrl, '')))
      .orderBy(asc(certificates.id))
      .limit(1);
    const url = await givePhoto(victim, '#FF9D4D');
    await getStorage().delete(keyOfUrl(url)!);
    await refused('eval_org', '/examaff/stategrid/apply', { planId: plan.id }, 400, `有 1 张证书的资料不全或照片无法读取（如 ${victim.name} ${victim.cerCode}：${PHOTO_PROBLEM.GONE}）`);
    expect(await db.$count(stateGridBatches, eq(stateGridBatches.planId, plan.id))).toBe(0);
    const ledger = await ok<{ list: { id: number; complete: boolean; photoProblem: string | null }[] }>('eval_org', '/examaff/stategrid/list', { planId: plan.id, pageNo: 1, pageSize: 100 });
    expect(ledger.list.find((r) => r.id === victim.id)).toMatchObject({ complete: false, photoProblem: PHOTO_PROBLEM.GONE });
  });
});
