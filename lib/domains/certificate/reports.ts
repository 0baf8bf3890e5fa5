// 计划的版式报表（/layoutReport/…，PDF）：成绩报告（getLayoutReportPdf：计划概况、合计与每名考生的各科成绩、结果、证书编号）
// 与成绩流转单（updateGradeGradeCirculationSheet：每名考生一行，各科成绩后留评分人、复核人签字栏）。A4 竖向，每页 30 行，表头每页重复。
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult } from '@/lib/platform/api/files';
import type { Session } from '@/lib/platform/auth/session';
import { formatBeijing } from '@/lib/platform/time';
import { maskIdNumber } from '@/lib/platform/identity';
import { LEVEL_NAMES } from '../catalog/schemas';
import { examinees } from '../exaPlan/tables';
import { loadPlan } from '../exaPlan/access';
import { PLAN_KINDS, PLAN_STEP } from '../exaPlan/transitions';
import { QUALIFICATION } from '../examinee/schemas';
import { planSubjects } from '../examSite/sessions';
import { examResults, examScores } from '../score/tables';
import { RESULT_LABEL, SUBJECT_SHORT, scoreText } from '../score/rules';
import { certificates } from './tables';
import { FONT_PATH, orgNameOf } from './pdf';

const ROWS_PER_PAGE = 30;
let font: Buffer | null = null;

export async function planReportPdf(db: Db, session: Session, input: { planId: number; kind: 'result' | 'circulation' }): Promise<FileResult> {
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
  font ??= fs.readFileSync(FONT_PATH);
  doc.registerFont('cjk', font);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cols =
    input.kind === 'result'
      ? [
          { t: '准考证号', w: 92 },
          { t: '姓名', w: 52 },
          { t: '证件号码', w: 96 },
          { t: '工种等级', w: 96 },
          ...subjects.map((s) => ({ t: SUBJECT_SHORT[s], w: 36 })),
          { t: '结果', w: 40 },
          { t: '证书编号', w: 0 },
        ]
      : [
          { t: '准考证号', w: 92 },
          { t: '姓名', w: 56 },
          { t: '工种等级', w: 100 },
          ...subjects.map((s) => ({ t: SUBJECT_SHORT[s], w: 40 })),
          { t: '评分人签字', w: 70 },
          { t: '复核人签字', w: 0 },
        ];
  const width = 595.28 - 72;
  const fixed = cols.reduce((n, c) => n + c.w, 0);
  const last = cols[cols.length - 1];
  last.w = Math.max(40, width - fixed);
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
      if (header) doc.rect(36, y - 3, width, 20).fill('#eeeeee');
      doc.lineWidth(0.4).strokeColor('#bbb').moveTo(36, y + 17).lineTo(36 + width, y + 17).stroke();
      cells.forEach((c, i) => {
        doc
          .fillColor(header ? '#333' : '#000')
          .fontSize(8.5)
          .text(c, x + 2, y + 2, { width: cols[i].w - 4, lineBreak: false, ellipsis: true });
        x += cols[i].w;
      });
      y += 20;
    };
    row(
      cols.map((c) => c.t),
      true,
    );
    for (const p of people.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE)) {
      const subjectCells = subjects.map((s) => scoreText(byKey.get(`${p.id}|${s}`) ?? undefined) || '—');
      const work = `${p.workName} ${LEVEL_NAMES[p.level] ?? ''}`;
      row(
        input.kind === 'result'
          ? [p.ticketNo ?? '', p.name, maskIdNumber(p.idNumber), work, ...subjectCells, RESULT_LABEL[p.result ?? 0], p.cerCode ?? '']
          : [p.ticketNo ?? '', p.name, work, ...subjectCells, '', ''],
        false,
      );
    }
    doc
      .fontSize(8)
      .fillColor('#666')
      .text(`第 ${page + 1} 页，共 ${pages} 页　生成时间 ${formatBeijing(new Date())}`, 36, 842 - 40, { width, align: 'right' });
  }
  doc.end();
  return new FileResult(new Uint8Array(await done), 'pdf', `${title}-${plan.code}.pdf`);
}
