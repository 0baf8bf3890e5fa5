// 准考证（PDF）：一名考生一页（A5 横向），按考生或按“考场 + 场次”（该考场该场次的全部考生）生成。
// 字体为随仓库提供的文泉驿微米黑子集（assets/fonts，Apache 2.0），进程内只读一次；照片经存储层读取并缩成小图，
// 没有照片时画占位框；二维码内容为准考证号。证件号码中间脱敏（前 6 后 4）：准考证常被张贴与拍照。
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { cjkFont, drawQrCode } from '@/lib/platform/pdf';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult } from '@/lib/platform/api/files';
import { assertInScope } from '@/lib/platform/auth/scope';
import type { SessionUser } from '@/lib/platform/auth/session';
import { maskIdNumber } from '@/lib/platform/identity';
import { getStorage } from '@/lib/platform/storage';
import { LEVEL_NAMES } from '../catalog/schemas';
import { organisations } from '../org/tables';
import { fileUploads } from '../file/tables';
import { keyOfUrl } from '../file/service';
import { type ExamPlan } from '../exaPlan/tables';
import { examinees, type Examinee } from '../examinee/tables';
import { examRooms, examSeats, examSessions, examSites } from './tables';
import { loadPlan, loadRoom, loadSession } from './context';
import { timeText } from './rules';
import { SUBJECT_LABEL } from './schemas';


const PHOTO = { w: 90, h: 120 };
const QR_SIZE = 78;

interface TicketSeat {
  subject: number;
  examDate: string;
  startTime: string;
  endTime: string;
  siteName: string;
  address: string;
  roomName: string;
  seatNo: number;
}

interface Ticket {
  examinee: Examinee;
  seats: TicketSeat[];
  photo: Buffer | null;
}

async function streamToBuffer(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** 考生照片（上传服务的地址）→ 小 JPEG；读不到或不是图片时为 null（画占位框） */
async function photoOf(db: Db, url: string | null): Promise<Buffer | null> {
  const key = url ? keyOfUrl(url) : null;
  if (!key) return null;
  try {
    const [file] = await db.select({ storageKey: fileUploads.storageKey, thumbKey: fileUploads.thumbKey, kind: fileUploads.kind }).from(fileUploads).where(eq(fileUploads.storageKey, key));
    if (!file || file.kind !== 'image') return null;
    const object = await getStorage().get(file.thumbKey ?? file.storageKey);
    if (!object) return null;
    const sharp = (await import('sharp')).default;
    return await sharp(await streamToBuffer(object.body))
      .resize(PHOTO.w * 2, PHOTO.h * 2, { fit: 'cover' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

async function seatsOf(db: Db, examineeIds: number[]): Promise<Map<number, TicketSeat[]>> {
  const rows = await db
    .select({
      examineeId: examSeats.examineeId,
      subject: examSessions.subject,
      examDate: examSessions.examDate,
      startTime: examSessions.startTime,
      endTime: examSessions.endTime,
      siteName: examSites.name,
      address: examSites.address,
      roomName: examRooms.name,
      seatNo: examSeats.seatNo,
    })
    .from(examSeats)
    .innerJoin(examSessions, eq(examSessions.id, examSeats.sessionId))
    .innerJoin(examRooms, eq(examRooms.id, examSeats.roomId))
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .where(inArray(examSeats.examineeId, examineeIds))
    .orderBy(asc(examSessions.examDate), asc(examSessions.startTime));
  const map = new Map<number, TicketSeat[]>();
  for (const { examineeId, ...seat } of rows) map.set(examineeId, [...(map.get(examineeId) ?? []), seat]);
  return map;
}

function drawTicket(doc: PDFKit.PDFDocument, plan: ExamPlan, orgName: string, t: Ticket): void {
  const e = t.examinee;
  doc.addPage();
  const W = doc.page.width;
  const left = 36;
  doc.font('cjk');
  doc.fillColor('#333').fontSize(10).text(plan.name, left, 26, { width: W - left * 2, align: 'center' });
  doc.fillColor('#000').fontSize(22).text('准 考 证', left, 42, { width: W - left * 2, align: 'center', characterSpacing: 2 });
  doc
    .moveTo(left, 76)
    .lineTo(W - left, 76)
    .lineWidth(0.8)
    .stroke('#999');

  const first = t.seats[0];
  const rows: [string, string][] = [
    ['准考证号', e.ticketNo ?? ''],
    ['姓　　名', `${e.name}${e.gender ? `（${e.gender}）` : ''}`],
    ['证件号码', maskIdNumber(e.idNumber)],
    ['报考工种', `${e.workName}　${LEVEL_NAMES[e.level] ?? ''}`],
    ['考　　点', first ? first.siteName : ''],
    ['考点地址', first ? first.address : ''],
    ['评价机构', orgName],
  ];
  let y = 88;
  for (const [label, value] of rows) {
    doc.fillColor('#666').fontSize(10).text(label, left, y, { width: 60 });
    doc.fillColor('#000').fontSize(label === '准考证号' ? 13 : 11).text(value, left + 64, y - (label === '准考证号' ? 2 : 0), { width: 330, lineBreak: false, ellipsis: true });
    y += 21;
  }

  // 照片与二维码
  const px = W - left - PHOTO.w - 14;
  const py = 86;
  if (t.photo) doc.image(t.photo, px, py, { fit: [PHOTO.w, PHOTO.h], align: 'center', valign: 'center' });
  else {
    doc.rect(px, py, PHOTO.w, PHOTO.h).lineWidth(0.8).dash(3, { space: 2 }).stroke('#999').undash();
    doc.fillColor('#999').fontSize(10).text('照片', px, py + PHOTO.h / 2 - 6, { width: PHOTO.w, align: 'center' });
  }
  drawQrCode(doc, t.examinee.ticketNo ?? '', px + (PHOTO.w - QR_SIZE) / 2, py + PHOTO.h + 8, QR_SIZE, { margin: 1 });

  // 场次表
  const cols = [
    { title: '科目', w: 112 },
    { title: '日期与时间', w: 136 },
    { title: '考点', w: 120 },
    { title: '考场', w: 80 },
    { title: '座号', w: 40 },
  ];
  let ty = Math.max(y + 8, py + PHOTO.h + QR_SIZE + 16);
  const drawRow = (cells: string[], header: boolean) => {
    let x = left;
    if (header) doc.rect(left, ty - 3, W - left * 2, 17).fill('#f0f0f0');
    cols.forEach((c, i) => {
      doc
        .fillColor(header ? '#555' : '#000')
        .fontSize(9.5)
        .text(cells[i], x + 3, ty, { width: c.w - 6, lineBreak: false, ellipsis: true });
      x += c.w;
    });
    ty += 17;
  };
  drawRow(
    cols.map((c) => c.title),
    true,
  );
  for (const s of t.seats) drawRow([SUBJECT_LABEL[s.subject], timeText(s), s.siteName, s.roomName, String(s.seatNo)], false);

  doc
    .fillColor('#666')
    .fontSize(8)
    .text('考生须知：请携带本准考证与有效身份证件，于开考前 30 分钟到达考点，按考场、座号就座；开考 15 分钟后不得入场。', left, doc.page.height - 34, {
      width: W - left * 2,
      lineBreak: false,
      ellipsis: true,
    });
}

/** 一批考生的准考证（各一页）。字体每批登记一次 */
async function renderTickets(db: Db, plan: ExamPlan, list: Examinee[]): Promise<Buffer> {
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, plan.orgId));
  const seats = await seatsOf(
    db,
    list.map((e) => e.id),
  );
  const tickets: Ticket[] = [];
  for (const e of list) {
    tickets.push({ examinee: e, seats: seats.get(e.id) ?? [], photo: await photoOf(db, e.photoUrl) });
  }
  const doc = new PDFDocument({ size: 'A5', layout: 'landscape', margin: 24, autoFirstPage: false, info: { Title: `准考证 ${plan.code}`, Author: org?.name ?? '' } });
  doc.registerFont('cjk', cjkFont());
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const t of tickets) drawTicket(doc, plan, org?.name ?? '', t);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** 准考证 PDF：examineeId 给出一名考生；或 roomId + sessionId 给出该考场该场次的全部考生（按座号） */
export async function ticketPdf(db: Db, user: SessionUser, input: { examineeId?: number; roomId?: number; sessionId?: number }): Promise<FileResult> {
  if (input.examineeId !== undefined) {
    const [row] = await db.select().from(examinees).where(eq(examinees.id, input.examineeId));
    const e = assertInScope(user, row, '考生');
    const plan = await loadPlan(db, user, e.planId);
    if (!e.ticketNo) throw ApiError.badRequest(`考生「${e.name}」还没有安排考场，没有准考证`);
    return new FileResult(new Uint8Array(await renderTickets(db, plan, [e])), 'pdf');
  }
  const room = await loadRoom(db, user, input.roomId!);
  const target = await loadSession(db, user, input.sessionId!);
  if (room.planId !== target.planId) throw ApiError.badRequest('考场与场次不属于同一考试计划');
  const plan = await loadPlan(db, user, room.planId);
  const rows = await db
    .select({ e: examinees })
    .from(examSeats)
    .innerJoin(examinees, eq(examinees.id, examSeats.examineeId))
    .where(and(eq(examSeats.roomId, room.id), eq(examSeats.sessionId, target.id)))
    .orderBy(asc(examSeats.seatNo));
  if (!rows.length) throw ApiError.badRequest(`考场「${room.name}」在场次「${target.name}」还没有安排考生`);
  return new FileResult(
    new Uint8Array(
      await renderTickets(
        db,
        plan,
        rows.map((r) => r.e),
      ),
    ),
    'pdf',
  );
}
