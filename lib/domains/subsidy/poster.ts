// 补贴公示海报（GET subsidy/getClassSubsidyPosterUrl 给出地址）：财务审批通过之后，机构张贴在培训场所的公示——
// 班级、补贴标准来源、同意补贴的学员（姓名与证件号脱敏）与金额、监督电话留给机构手写。A4 竖版 PDF，字体同准考证。
import PDFDocument from 'pdfkit';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult } from '@/lib/platform/api/files';
import { assertInScope } from '@/lib/platform/auth/scope';
import type { SessionUser } from '@/lib/platform/auth/session';
import { maskIdNumber, maskName } from '@/lib/platform/identity';
import { beijingDate } from '@/lib/platform/time';
import { cjkFont } from '@/lib/platform/pdf';
import { organisations } from '@/lib/domains/org/tables';
import { trainClasses } from '@/lib/domains/trainClass/tables';
import { subsidyApplies, subsidyItems } from './tables';
import { applyStatusLabel, DECISION, PUBLIC_STATUSES, SUBSIDY_KIND_LABEL, type SubsidyKind } from './transitions';

/** 一个班某种补贴的公示海报地址：最近一批财务审批通过的申请（通过之后才有） */
export async function posterUrl(db: Db, user: SessionUser, f: { classId: number; kind: SubsidyKind }) {
  const [c] = await db.select().from(trainClasses).where(eq(trainClasses.id, f.classId));
  assertInScope(user, c, '培训班');
  const [a] = await db
    .select()
    .from(subsidyApplies)
    .where(and(eq(subsidyApplies.classId, c.id), eq(subsidyApplies.kind, f.kind), inArray(subsidyApplies.status, [...PUBLIC_STATUSES])))
    .orderBy(desc(subsidyApplies.approvedAt), desc(subsidyApplies.id))
    .limit(1);
  if (!a) throw ApiError.badRequest(`本班还没有财务审批通过的${SUBSIDY_KIND_LABEL[f.kind]}申请，通过后才能生成公示海报`);
  return { url: `/api/subsidy/classSubsidyPoster?id=${a.id}`, code: a.code };
}


export async function posterPdf(db: Db, user: SessionUser, f: { id: number }): Promise<FileResult> {
  const [a] = await db.select().from(subsidyApplies).where(eq(subsidyApplies.id, f.id));
  assertInScope(user, a, '补贴申请');
  if (!PUBLIC_STATUSES.includes(a.status)) throw ApiError.badRequest(`申请 ${a.code} 当前为「${applyStatusLabel(a.status)}」，财务审批通过后才能生成公示海报`);
  const [c] = await db.select().from(trainClasses).where(eq(trainClasses.id, a.classId));
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, a.orgId));
  const items = await db.select().from(subsidyItems).where(and(eq(subsidyItems.applyId, a.id), eq(subsidyItems.decision, DECISION.APPROVED))).orderBy(asc(subsidyItems.id));
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `补贴公示 ${a.code}` } });
  doc.registerFont('cjk', cjkFont());
  const chunks: Buffer[] = [];
  doc.on('data', (x: Buffer) => chunks.push(x));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.font('cjk').fontSize(22).text(`${SUBSIDY_KIND_LABEL[a.kind as SubsidyKind]}公示`, { align: 'center' });
  doc.moveDown(0.8).fontSize(11);
  doc.text(`培训机构：${org?.name ?? ''}`);
  doc.text(`培训班：${c.code}「${c.name}」  ${c.startDate} 至 ${c.endDate}`);
  doc.text(`申请编号：${a.code}    同意补贴 ${items.length} 人，合计 ${a.approvedAmount} 元`);
  doc.moveDown(0.6);
  const cols = [48, 100, 200, 360, 460];
  const header = ['序号', '姓名', '证件号码', '金额（元）'];
  let y = doc.y;
  header.forEach((h, i) => doc.text(h, cols[i], y, { width: cols[i + 1] - cols[i] - 6 }));
  y += 20;
  items.forEach((it, n) => {
    if (y > 760) {
      doc.addPage();
      y = 48;
    }
    [String(n + 1), maskName(it.name), maskIdNumber(it.idNumber), String(it.amount)].forEach((v, i) => doc.text(v, cols[i], y, { width: cols[i + 1] - cols[i] - 6 }));
    y += 18;
  });
  doc.text(`公示期 7 天，如有异议请向当地人力资源和社会保障部门反映。    ${beijingDate(new Date())}`, 48, Math.min(y + 24, 780));
  doc.end();
  await done;
  return new FileResult(new Uint8Array(Buffer.concat(chunks)), 'pdf');
}
