// 计划的版式报表（/layoutReport/…，PDF）：成绩报告（getLayoutReportPdf：计划概况、合计与每名考生的各科成绩、结果、证书编号）
// 与成绩流转单（updateGradeGradeCirculationSheet：每名考生一行，各科成绩后留评分人、复核人签字栏）。A4 竖向，每页 30 行，表头每页重复。
// 存档（generateLayoutReport / updatePlanLayoutReport）：成绩报告经文件服务存为文件，以 plan_layout_report / 计划 id 引用，
// 之后可随时下载同一份（layoutReportFile）；updatePlanLayoutReport 重新生成并替换（旧文件不再被引用，由定时清理删除）。
import PDFDocument from 'pdfkit';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { Audit } from '@/lib/platform/api/endpoint';
import { FILE_STATUS, fileRefs, fileUploads } from '../file/tables';
import { attachFiles, fileUrl, readStoredFile, storeFile } from '../file/service';
import { FileResult } from '@/lib/platform/api/files';
import type { Session } from '@/lib/platform/auth/session';
import { formatBeijing } from '@/lib/platform/time';
import { maskIdNumber } from '@/lib/platform/identity';
import { LEVEL_NAMES } from '../catalog/schemas';
import { examinees } from '../examinee/tables';
import { loadPlan } from '../exaPlan/access';
import { PLAN_KINDS, PLAN_STEP } from '../exaPlan/transitions';
import { QUALIFICATION } from '../examinee/schemas';
import { planSubjects } from '../examSite/sessions';
import { examResults, examScores } from '../score/tables';
import { RESULT_LABEL, SUBJECT_SHORT, scoreText } from '../score/rules';
import { certificates } from './tables';
import { cjkFont } from '@/lib/platform/pdf';
import { orgNameOf } from './pdf';

const ROWS_PER_PAGE = 30;
/** 表格的行高、单元格字号（放不下时缩小，不小于 MIN_FONT）与左右留白（磅） */
const ROW_HEIGHT = 20;
const CELL_FONT = 8.5;
const MIN_FONT = 6;
const CELL_PAD = 2;
/** 弹性列（工种等级）至少这么宽 */
const MIN_FLEX = 60;

interface Column {
  t: string;
  /** 至少这么宽（签字栏、成绩栏） */
  min?: number;
  /** 占去其余宽度的列 */
  flex?: boolean;
}

/**
 * 按内容量出列宽：每列取表头与各行文字在标准字号下最宽的一个（加留白），弹性列占去其余宽度（至少 MIN_FLEX）；
 * 合计仍超出页宽时按比例收窄各列，由 fitCell 缩小字号。这样 22 位的证书编号等在一行里印完，不会折到下一行去被横线穿过。
 */
export function columnWidths(doc: PDFKit.PDFDocument, cols: readonly Column[], body: readonly string[][], total: number): number[] {
  doc.fontSize(CELL_FONT);
  const natural = cols.map((c, i) => Math.max(c.min ?? 0, doc.widthOfString(c.t), ...body.map((r) => doc.widthOfString(r[i] ?? ''))) + 2 * CELL_PAD);
  const flex = cols.findIndex((c) => c.flex);
  const others = natural.reduce((n, w, i) => (i === flex ? n : n + w), 0);
  const widths = natural.map((w, i) => (i === flex ? Math.max(MIN_FLEX, total - others) : w));
  const sum = widths.reduce((n, w) => n + w, 0);
  return sum > total ? widths.map((w) => (w * total) / sum) : widths;
}

/** 一格文字，只占一行：放不下时先缩小字号（不小于 MIN_FONT），仍放不下再截断加省略号 */
export function fitCell(doc: PDFKit.PDFDocument, text: string, x: number, y: number, w: number): void {
  const avail = w - 2 * CELL_PAD;
  doc.fontSize(CELL_FONT);
  const natural = doc.widthOfString(text);
  const size = natural > avail ? Math.max(MIN_FONT, (CELL_FONT * avail) / natural) : CELL_FONT;
  doc.fontSize(size);
  let shown = text;
  if (doc.widthOfString(shown) > avail) {
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > avail) shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  // 缩小的字与标准字号的字垂直居中对齐
  doc.text(shown, x + CELL_PAD, y + 2 + (CELL_FONT - size) / 2, { lineBreak: false });
}

export async function planReportPdf(db: Db, session: Session, input: { planId: number; kind: 'result' | 'circulation' }): Promise<FileResult> {
  const { pdf } = await renderPlanReport(db, session, input);
  return new FileResult(new Uint8Array(pdf), 'pdf');
}

async function renderPlanReport(db: Db, session: Session, input: { planId: number; kind: 'result' | 'circulation' }): Promise<{ pdf: Buffer; fileName: string }> {
  const plan = await loadPlan(db, session.user, input.planId);
  if (plan.step < PLAN_STEP.SCORES) throw ApiError.badRequest('计划还没有到“成绩管理”步骤，没有成绩报表');
  const subjects = planSubjects(plan);
  const people = await db
    .select({ id: examinees.id, name: examinees.name, idNumber: examinees.idNumber, workName: examinees.workName, level: examinees.level, ticketNo: examinees.ticketNo, result: examResults.result, cerCode: certificates.cerCode })
    .from(examinees)
    .leftJoin(examResults, eq(examResults.examineeId, examinees.id))
    .leftJoin(certificates, eq(certificates.examineeId, examinees.id))
    .where(and(eq(examinees.planId, plan.id), ne(examinees.qualification, QUALIFICATION.REFUSED)))
    .orderBy(asc(examinees.ticketNo), asc(examinees.id));
  const scores = people.length
    ? await db
        .select({ examineeId: examScores.examineeId, subject: examScores.subject, score: examScores.score, mark: examScores.mark })
        .from(examScores)
        .where(inArray(
          examScores.examineeId,
          people.map((p) => p.id),
        ))
    : [];
  const byKey = new Map(scores.map((s) => [`${s.examineeId}|${s.subject}`, s]));
  const orgName = await orgNameOf(db, plan.orgId);
  const title = input.kind === 'result' ? '成绩报告' : '成绩流转单';

  const doc = new PDFDocument({ size: 'A4', margin: 36, autoFirstPage: false, info: { Title: `${title} ${plan.code}` } });
  doc.registerFont('cjk', cjkFont());
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // 列：工种等级是弹性列（占去其余的宽度）；签字栏留出签名的地方。列宽按实际内容量出（证书编号 22 位、准考证号等不折行）
  const cols: Column[] =
    input.kind === 'result'
      ? [{ t: '准考证号' }, { t: '姓名' }, { t: '证件号码' }, { t: '工种等级', flex: true }, ...subjects.map((s) => ({ t: SUBJECT_SHORT[s], min: 32 })), { t: '结果' }, { t: '证书编号' }]
      : [{ t: '准考证号' }, { t: '姓名' }, { t: '工种等级', flex: true }, ...subjects.map((s) => ({ t: SUBJECT_SHORT[s], min: 40 })), { t: '评分人签字', min: 70 }, { t: '复核人签字', min: 70 }];
  const body = people.map((p) => {
    const subjectCells = subjects.map((s) => scoreText(byKey.get(`${p.id}|${s}`) ?? undefined) || '—');
    const work = `${p.workName} ${LEVEL_NAMES[p.level] ?? ''}`;
    return input.kind === 'result'
      ? [p.ticketNo ?? '', p.name, maskIdNumber(p.idNumber), work, ...subjectCells, RESULT_LABEL[p.result ?? 0], p.cerCode ?? '']
      : [p.ticketNo ?? '', p.name, work, ...subjectCells, '', ''];
  });
  const width = 595.28 - 72;
  doc.font('cjk');
  const widths = columnWidths(doc, cols, body, width);
  const passed = people.filter((p) => p.result === 1).length;
  const pages = Math.max(1, Math.ceil(people.length / ROWS_PER_PAGE));
  for (let page = 0; page < pages; page++) {
    doc.addPage();
    doc.font('cjk').fillColor('#000').fontSize(16).text(`${plan.name} ${title}`, 36, 36, { width, align: 'center' });
    doc
      .fontSize(9)
      .fillColor('#444')
      .text(`${PLAN_KINDS[plan.kind]}　计划编号 ${plan.code}　评价机构 ${orgName}　考试日期 ${plan.examStartDate} 至 ${plan.examEndDate}`, 36, 60, { width, align: 'center' });
    if (input.kind === 'result') doc.text(`应考 ${people.length} 人，合格 ${passed} 人，合格率 ${people.length ? ((passed * 100) / people.length).toFixed(1) : '0.0'}%`, 36, 74, { width, align: 'center' });
    let y = 94;
    const row = (cells: string[], header: boolean) => {
      let x = 36;
      if (header) doc.rect(36, y - 3, width, ROW_HEIGHT).fill('#eeeeee');
      doc.lineWidth(0.4).strokeColor('#bbb').moveTo(36, y + ROW_HEIGHT - 3).lineTo(36 + width, y + ROW_HEIGHT - 3).stroke();
      cells.forEach((c, i) => {
        doc.fillColor(header ? '#333' : '#000');
        fitCell(doc, c, x, y, widths[i]);
        x += widths[i];
      });
      y += ROW_HEIGHT;
    };
    row(
      cols.map((c) => c.t),
      true,
    );
    for (const cells of body.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE)) row(cells, false);
    doc
      .fontSize(8)
      .fillColor('#666')
      .text(`第 ${page + 1} 页，共 ${pages} 页　生成时间 ${formatBeijing(new Date())}`, 36, 842 - 40, { width, align: 'right' });
  }
  doc.end();
  return { pdf: await done, fileName: `${title}-${plan.code}.pdf` };
}

// ---------- 成绩报告存档 ----------

export const LAYOUT_REPORT_ENTITY = 'plan_layout_report';

export interface ArchivedReport {
  planId: number;
  url: string;
  name: string;
  size: number;
  generatedAt: Date;
}

/** 计划存档的成绩报告；没有时为 null */
export async function archivedReport(db: Db, planId: number): Promise<ArchivedReport | null> {
  const [row] = await db
    .select({ key: fileUploads.storageKey, name: fileUploads.originalName, size: fileUploads.size, createdAt: fileUploads.createdAt })
    .from(fileRefs)
    .innerJoin(fileUploads, eq(fileUploads.id, fileRefs.fileId))
    .where(and(eq(fileRefs.entity, LAYOUT_REPORT_ENTITY), eq(fileRefs.entityId, planId), eq(fileUploads.status, FILE_STATUS.READY)))
    .orderBy(desc(fileUploads.id))
    .limit(1);
  return row ? { planId, url: fileUrl(row.key), name: row.name, size: row.size, generatedAt: row.createdAt } : null;
}

/**
 * 存档计划的成绩报告：生成 PDF、经文件服务存下并与计划关联。regenerate 为假且已有存档时直接给出已有的（generateLayoutReport）；
 * 为真时重新生成并替换（updatePlanLayoutReport，如成绩或证书有变）。
 */
export async function archiveLayoutReport(db: Db, session: Session, input: { planId: number; regenerate: boolean }, audit: Audit): Promise<ArchivedReport> {
  const plan = await loadPlan(db, session.user, input.planId);
  if (!input.regenerate) {
    const existing = await archivedReport(db, plan.id);
    if (existing) return existing;
  }
  const { pdf, fileName } = await renderPlanReport(db, session, { planId: plan.id, kind: 'result' });
  const saved = await storeFile(db, session.user, { data: new Uint8Array(pdf), fileName, purpose: 'document' });
  await attachFiles(db, { entity: LAYOUT_REPORT_ENTITY, entityId: plan.id }, [saved.url]);
  audit({ entity: 'exam_plan', entityId: plan.id, after: { layoutReport: saved.url }, detail: `${input.regenerate ? '重新生成' : '生成'}并存档计划 ${plan.code} 的成绩报告` });
  const archived = await archivedReport(db, plan.id);
  if (!archived) throw new Error('成绩报告存档后读不到');
  return archived;
}

/** 下载计划存档的成绩报告（范围内的计划） */
export async function archivedReportFile(db: Db, session: Session, input: { planId: number }): Promise<FileResult> {
  const plan = await loadPlan(db, session.user, input.planId);
  const archived = await archivedReport(db, plan.id);
  const data = archived ? await readStoredFile(archived.url) : null;
  if (!archived || !data) throw ApiError.notFound('该计划还没有存档的成绩报告，请先生成');
  return new FileResult(data, 'pdf');
}
