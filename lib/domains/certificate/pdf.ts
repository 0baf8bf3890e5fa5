// 证书 PDF（pdfkit）：每类证书一份模板（版面、字段位置、照片、二维码、发证机构与印章），字体为随仓库提供的
// 文泉驿微米黑子集（assets/fonts，与准考证同一份，进程内只读一次，每批登记一次）。
// 两种打印：full 整张证书（电子证书、白纸打印）；overlay 套打（预印的证书纸上只打字段的值，按本人的 X/Y 偏移校准）。
// 校准页：在模板各字段的位置画十字与字段名，按偏移打出，对照预印纸调整偏移。二维码内容为 /certificateView 的签名链接。
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { cjkFont, drawQrCode } from '@/lib/platform/pdf';
import { publicBaseUrl } from '@/lib/platform/http/public-base';
import JSZip from 'jszip';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { getStorage } from '@/lib/platform/storage';
import { LEVEL_NAMES } from '../catalog/schemas';
import { organisations } from '../org/tables';
import { keyOfUrl } from '../file/service';
import { certificateSeals, type Certificate } from './tables';
import { loadPhotos, photoRefusal, type PhotoVerb } from './photos';
import { CERT_STATUS, CER_TYPE_LABEL } from './rules';
import { signedViewPath } from './signature';


const MM = 72 / 25.4;
export type PrintMode = 'full' | 'overlay';
export interface Offset {
  offsetX: number;
  offsetY: number;
}

type FieldKey = 'name' | 'gender' | 'idCard' | 'workName' | 'level' | 'cerCode' | 'cerDate' | 'orgName';
interface Template {
  title: string;
  /** 证书上的字段：标签、位置（毫米，自左上角）、宽度、字号 */
  fields: { key: FieldKey; label: string; x: number; y: number; w: number; size: number }[];
  photo: { x: number; y: number; w: number; h: number };
  qr: { x: number; y: number; size: number };
  seal: { x: number; y: number; r: number };
  border: string;
}

const base = (title: string, border: string, levelLabel: string): Template => ({
  title,
  border,
  fields: [
    { key: 'name', label: '姓　　名', x: 40, y: 62, w: 80, size: 14 },
    { key: 'gender', label: '性　　别', x: 40, y: 74, w: 80, size: 12 },
    { key: 'idCard', label: '证件号码', x: 40, y: 86, w: 110, size: 12 },
    { key: 'workName', label: '职业（工种）', x: 40, y: 98, w: 120, size: 12 },
    { key: 'level', label: levelLabel, x: 40, y: 110, w: 120, size: 12 },
    { key: 'cerCode', label: '证书编号', x: 40, y: 122, w: 130, size: 12 },
    { key: 'cerDate', label: '发证日期', x: 40, y: 134, w: 80, size: 12 },
    { key: 'orgName', label: '评价机构', x: 40, y: 146, w: 140, size: 12 },
  ],
  photo: { x: 205, y: 58, w: 30, h: 40 },
  qr: { x: 208, y: 128, size: 26 },
  seal: { x: 175, y: 160, r: 17 },
});

/** 每类证书的模板（A4 横向，297 × 210 毫米） */
export const TEMPLATES: Record<number, Template> = {
  0: base('职业技能等级证书', '#b8860b', '技能等级'),
  1: base('职业资格证书', '#1f4e8c', '资格等级'),
  2: { ...base('专项职业能力证书', '#2e7d32', '能力等级'), fields: base('', '', '能力等级').fields.filter((f) => f.key !== 'level') },
  3: base('机关事业单位工勤技能岗位技术等级证书', '#8b1a1a', '技术等级'),
};

export interface CertificateForPdf extends Certificate {
  orgName: string;
}

async function toBuffer(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * 一批证书的照片（小 JPEG）。有读不出的即拒绝（photoRefusal）：证书不能带着空的照片框印出来。
 * 调用方在生成之前已用 assertPhotosReadable 检查过整批；这里读到损坏的文件（或检查之后文件没了）同样拒绝。
 */
async function photosOf(db: Db, list: readonly Certificate[], verb: PhotoVerb): Promise<Map<number, Buffer>> {
  const { photos, problems } = await loadPhotos(db, list);
  if (problems.size) throw photoRefusal(list, problems, verb);
  return photos;
}

/** 评价机构的印章图片（上传服务的 PNG）→ 缩放后的 PNG（保留透明）；没有或读不到的机构不在结果里（画矢量圆章） */
export async function sealsOf(db: Db, orgIds: readonly number[]): Promise<Map<number, Buffer>> {
  const out = new Map<number, Buffer>();
  if (!orgIds.length) return out;
  const rows = await db.select({ orgId: certificateSeals.orgId, url: certificateSeals.url }).from(certificateSeals).where(inArray(certificateSeals.orgId, [...orgIds]));
  if (!rows.length) return out;
  const sharp = (await import('sharp')).default;
  for (const r of rows) {
    const key = keyOfUrl(r.url);
    if (!key) continue;
    try {
      const object = await getStorage().get(key);
      if (!object) continue;
      out.set(r.orgId, await sharp(await toBuffer(object.body)).resize(240, 240, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer());
    } catch {
      // 印章读不到：画矢量圆章
    }
  }
  return out;
}

/** 一批证书共用的：机构名称与印章图片 */
interface RenderContext {
  orgName: Map<number, string>;
  seals: Map<number, Buffer>;
}
async function renderContext(db: Db, list: readonly Certificate[]): Promise<RenderContext> {
  const orgIds = [...new Set(list.map((c) => c.orgId))];
  const orgs = orgIds.length ? await db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, orgIds)) : [];
  return { orgName: new Map(orgs.map((o) => [o.id, o.name])), seals: await sealsOf(db, orgIds) };
}

/** 在文档上加一页证书（机构名称、印章取自 ctx） */
function addCertificatePage(doc: PDFKit.PDFDocument, ctx: RenderContext, c: Certificate, photo: Buffer, mode: PrintMode, offset: Offset) {
  drawCertificate(doc, { ...c, orgName: ctx.orgName.get(c.orgId) ?? '' }, photo, mode, offset, ctx.seals.get(c.orgId));
}


function valueOf(c: CertificateForPdf, key: FieldKey): string {
  switch (key) {
    case 'level':
      return LEVEL_NAMES[c.level] ?? String(c.level);
    case 'gender':
      return c.gender ?? '';
    case 'orgName':
      return c.orgName;
    default:
      return String(c[key] ?? '');
  }
}

function drawSeal(doc: PDFKit.PDFDocument, t: Template, orgName: string, dx: number, dy: number, image?: Buffer) {
  const cx = (t.seal.x + dx) * MM;
  const cy = (t.seal.y + dy) * MM;
  const r = t.seal.r * MM;
  if (image) {
    doc.image(image, cx - r, cy - r, { fit: [2 * r, 2 * r], align: 'center', valign: 'center' });
    return;
  }
  doc.save().lineWidth(2).strokeColor('#d22').circle(cx, cy, r).stroke();
  doc.fillColor('#d22').fontSize(14).text('★', cx - 7, cy - 9, { width: 14, align: 'center' });
  doc.fontSize(7).text(orgName.slice(0, 16), cx - r + 6, cy + 8, { width: 2 * r - 12, align: 'center', lineBreak: false, ellipsis: true });
  doc.restore();
}

function drawCertificate(doc: PDFKit.PDFDocument, c: CertificateForPdf, photo: Buffer, mode: PrintMode, offset: Offset, seal?: Buffer) {
  const t = TEMPLATES[c.cerType];
  doc.addPage();
  doc.font('cjk');
  const dx = mode === 'overlay' ? offset.offsetX : 0;
  const dy = mode === 'overlay' ? offset.offsetY : 0;
  const W = doc.page.width;
  if (mode === 'full') {
    doc.lineWidth(6).strokeColor(t.border).rect(10 * MM, 10 * MM, W - 20 * MM, doc.page.height - 20 * MM).stroke();
    doc.lineWidth(1).rect(14 * MM, 14 * MM, W - 28 * MM, doc.page.height - 28 * MM).stroke();
    doc.fillColor('#222').fontSize(28).text(t.title, 0, 28 * MM, { width: W, align: 'center', characterSpacing: 4 });
    doc.fillColor('#777').fontSize(10).text(`${CER_TYPE_LABEL[c.cerType]} · 河北省`, 0, 44 * MM, { width: W, align: 'center' });
  }
  for (const f of t.fields) {
    const x = (f.x + dx) * MM;
    const y = (f.y + dy) * MM;
    if (mode === 'full') doc.fillColor('#666').fontSize(11).text(f.label, x, y + 1, { width: 34 * MM, lineBreak: false });
    doc
      .fillColor('#000')
      .fontSize(f.size)
      .text(valueOf(c, f.key), x + 36 * MM, y, { width: f.w * MM, lineBreak: false, ellipsis: true });
  }
  // 照片总有：读不出照片的证书在生成之前就被拒绝（photos.ts），不画空的占位框
  const p = t.photo;
  doc.image(photo, (p.x + dx) * MM, (p.y + dy) * MM, { fit: [p.w * MM, p.h * MM], align: 'center', valign: 'center' });
  drawQrCode(doc, publicBaseUrl() + signedViewPath(c), (t.qr.x + dx) * MM, (t.qr.y + dy) * MM, t.qr.size * MM);
  if (mode === 'full') {
    doc.fillColor('#777').fontSize(7).text('扫码核验', (t.qr.x + dx) * MM, (t.qr.y + t.qr.size + 1) * MM, { width: t.qr.size * MM, align: 'center' });
    drawSeal(doc, t, c.orgName, 0, 0, seal);
    if (c.status === CERT_STATUS.VOID) doc.save().rotate(-20, { origin: [W / 2, doc.page.height / 2] }).fillColor('#d22').opacity(0.35).fontSize(90).text('作 废', 0, doc.page.height / 2 - 50, { width: W, align: 'center' }).restore();
  }
}

function newDoc(title: string) {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0, autoFirstPage: false, info: { Title: title } });
  doc.registerFont('cjk', cjkFont());
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** 一批证书（各一页）的 PDF；onProgress(已完成页数) 每页报一次（后台打印任务据此节流地写进度） */
export async function renderCertificates(
  db: Db,
  list: readonly Certificate[],
  opts: { mode?: PrintMode; offset?: Offset; title?: string; verb?: PhotoVerb; onProgress?: (done: number) => Promise<void> | void } = {},
): Promise<Buffer> {
  const mode = opts.mode ?? 'full';
  const offset = opts.offset ?? { offsetX: 0, offsetY: 0 };
  const ctx = await renderContext(db, list);
  const { doc, done } = newDoc(opts.title ?? '证书');
  const BATCH = 200;
  for (let i = 0; i < list.length; i += BATCH) {
    const slice = list.slice(i, i + BATCH);
    const photos = await photosOf(db, slice, opts.verb ?? '打印');
    for (const [j, c] of slice.entries()) {
      addCertificatePage(doc, ctx, c, photos.get(c.id)!, mode, offset);
      await opts.onProgress?.(i + j + 1);
    }
    // 让出事件循环，输出端得以消费已生成的内容
    await new Promise(setImmediate);
  }
  doc.end();
  return done;
}

/** 生成时输出端积压超过这么多字节就等客户端读走（背压：内存不随页数增长） */
const STREAM_BACKLOG = 1 << 20;

/**
 * 流式的批量证书 PDF：边生成边发出（客户端看得到下载进度），输出端积压时暂停生成；客户端断开即停止。
 * 先取机构名称与第一批照片再返回，开头就出错时调用方得到普通异常。
 */
export async function streamCertificates(db: Db, list: readonly Certificate[], opts: { title?: string } = {}): Promise<ReadableStream<Uint8Array>> {
  const ctx = await renderContext(db, list);
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0, autoFirstPage: false, info: { Title: opts.title ?? '证书' } });
  doc.registerFont('cjk', cjkFont());
  let cancelled = false;
  const BATCH = 100;
  const pump = async () => {
    for (let i = 0; i < list.length && !cancelled; i += BATCH) {
      const slice = list.slice(i, i + BATCH);
      const photos = await photosOf(db, slice, '生成电子证书');
      for (const c of slice) {
        if (cancelled) break;
        addCertificatePage(doc, ctx, c, photos.get(c.id)!, 'full', { offsetX: 0, offsetY: 0 });
        while (doc.readableLength > STREAM_BACKLOG && !cancelled) await new Promise((r) => setTimeout(r, 5));
      }
    }
    doc.end();
  };
  pump().catch((err: unknown) => {
    console.error('[certificate] PDF 生成中断', err);
    doc.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  const chunks = doc[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        } catch (err) {
          controller.error(err);
        }
      },
      async cancel() {
        cancelled = true;
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** 压缩包里每张证书一个 PDF 的文件名：编号-姓名.pdf（去掉文件名里不能用的字符） */
export const zipEntryName = (c: Pick<Certificate, 'cerCode' | 'name'>) => `${c.cerCode}-${c.name.replace(/[\\/:*?"<>|]/g, '_')}.pdf`;

/**
 * 流式的证书压缩包（.zip，每张证书一个 PDF，不再压缩）：一个一个生成、边生成边发出；每个 PDF 在压缩包写到它时才生成，
 * 照片按 100 张一批取，内存不随张数增长；客户端断开即停止。
 */
export async function zipCertificates(db: Db, list: readonly Certificate[]): Promise<ReadableStream<Uint8Array>> {
  const ctx = await renderContext(db, list);
  const BATCH = 100;
  let photoBatch = -1;
  let photos = new Map<number, Buffer>();
  const photoOf = async (i: number) => {
    const b = Math.floor(i / BATCH);
    if (b !== photoBatch) {
      photos = await photosOf(db, list.slice(b * BATCH, (b + 1) * BATCH), '生成电子证书');
      photoBatch = b;
    }
    return photos.get(list[i].id)!;
  };
  const one = async (i: number): Promise<Buffer> => {
    const c = list[i];
    const { doc, done } = newDoc(c.cerCode);
    addCertificatePage(doc, ctx, c, await photoOf(i), 'full', { offsetX: 0, offsetY: 0 });
    doc.end();
    return done;
  };
  const zip = new JSZip();
  list.forEach((c, i) => {
    let started = false;
    // 压缩包写到这一项时才读（JSZip 先 pause 再挂 data，读之前不生成）
    const lazy = new Readable({
      read() {
        if (started) return;
        started = true;
        one(i).then(
          (buf) => {
            this.push(buf);
            this.push(null);
          },
          (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
        );
      },
    });
    zip.file(zipEntryName(c), lazy, { binary: true, date: new Date() });
  });
  const out = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' }) as unknown as Readable;
  out.on('error', (err) => console.error('[certificate] 压缩包生成中断', err));
  // JSZip 的输出是旧式流：包成 Node 的 Readable（背压：读得慢时 JSZip 暂停），再交给 Web 流
  return Readable.toWeb(new Readable().wrap(out)) as ReadableStream<Uint8Array>;
}

/** 套打校准页：按模板各字段位置画十字与字段名（加上本人的偏移），对照预印的证书纸调整 X / Y 偏移 */
export async function calibrationPage(cerType: number, offset: Offset): Promise<Buffer> {
  const t = TEMPLATES[cerType] ?? TEMPLATES[0];
  const { doc, done } = newDoc('套打校准页');
  doc.addPage();
  doc.font('cjk');
  doc.fillColor('#333').fontSize(12).text(`套打校准页：${t.title}　X 偏移 ${offset.offsetX} 毫米　Y 偏移 ${offset.offsetY} 毫米`, 15 * MM, 15 * MM);
  doc.fontSize(9).fillColor('#666').text('把本页打在预印的证书纸上：十字应落在各栏目的起点；偏右则减小 X，偏下则减小 Y（单位毫米），保存后重打本页核对。', 15 * MM, 22 * MM, { width: 260 * MM });
  const cross = (x: number, y: number, label: string) => {
    const px = (x + offset.offsetX) * MM;
    const py = (y + offset.offsetY) * MM;
    doc.save().lineWidth(0.6).strokeColor('#d22').moveTo(px - 8, py).lineTo(px + 8, py).moveTo(px, py - 8).lineTo(px, py + 8).stroke().restore();
    doc.fillColor('#d22').fontSize(8).text(label, px + 4, py + 2, { lineBreak: false });
  };
  for (const f of t.fields) cross(f.x + 36, f.y, f.label.replace(/\s|　/g, ''));
  cross(t.photo.x, t.photo.y, '照片');
  cross(t.qr.x, t.qr.y, '二维码');
  // 毫米刻度
  doc.save().lineWidth(0.4).strokeColor('#999');
  for (let mm = 0; mm <= 280; mm += 10) doc.moveTo((10 + mm) * MM, 195 * MM).lineTo((10 + mm) * MM, (mm % 50 === 0 ? 190 : 192) * MM).stroke();
  doc.restore();
  doc.end();
  return done;
}

export const orgNameOf = async (db: Db, orgId: number) => (await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId)))[0]?.name ?? '';
