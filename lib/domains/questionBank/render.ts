// 试卷的呈现：按题型分大题、连续编号的结构（预览、考务分发共用），与 PDF（A4，文泉驿微米黑，进程内只读一次）。
import PDFDocument from 'pdfkit';
import { cjkFont } from '@/lib/platform/pdf';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { paperQuestions, papers, questions } from './tables';
import { QUESTION_TYPE_LABEL, QUESTION_TYPES, type QuestionType } from './constants';
import type { RenderedPaper } from './schemas';

export type { RenderedPaper, RenderedQuestion } from './schemas';

/** 大题的序号：一、二、三… */
const CN_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** 一份试卷的结构；withAnswers 为 false 时不带答案与解析（考生看到的样子）。试卷不存在 404 */
export async function renderPaper(db: Db, paperId: number, opts: { withAnswers: boolean }): Promise<RenderedPaper> {
  const [paper] = await db.select().from(papers).where(eq(papers.id, paperId));
  if (!paper) throw ApiError.notFound('试卷不存在');
  const rows = await db
    .select({ id: questions.id, type: questions.type, stem: questions.stem, options: questions.options, answer: questions.answer, analysis: questions.analysis, score: paperQuestions.score })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.sort));
  const byType = new Map<string, typeof rows>();
  for (const r of rows) byType.set(r.type, [...(byType.get(r.type) ?? []), r]);
  let no = 0;
  const sections = QUESTION_TYPES.filter((t) => byType.has(t)).map((type: QuestionType) => ({
    type,
    typeLabel: QUESTION_TYPE_LABEL[type],
    questions: byType.get(type)!.map((q) => ({
      no: ++no,
      id: q.id,
      stem: q.stem,
      options: q.options ?? [],
      score: Number(q.score),
      ...(opts.withAnswers ? { answer: q.answer, ...(q.analysis ? { analysis: q.analysis } : {}) } : {}),
    })),
  }));
  return { id: paper.id, title: paper.name, totalScore: Number(paper.totalScore), durationMinutes: paper.durationMinutes, sections };
}

/** 大题标题，如“一、单项选择题（共 60 题，每题 1 分，共 60 分）” */
export function sectionTitle(index: number, s: RenderedPaper['sections'][number]): string {
  const total = s.questions.reduce((sum, q) => sum + q.score, 0);
  const scores = new Set(s.questions.map((q) => q.score));
  const each = scores.size === 1 ? `每题 ${[...scores][0]} 分，` : '';
  return `${CN_NUMBERS[index] ?? index + 1}、${s.typeLabel}（共 ${s.questions.length} 题，${each}共 ${Math.round(total * 10) / 10} 分）`;
}


/** 试卷 PDF（A4 纵向）：标题、总分与时长、各大题；带答案时每题后附答案与解析 */
export async function paperPdf(paper: RenderedPaper): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: paper.title } });
  doc.registerFont('cjk', cjkFont());
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  doc.font('cjk').fillColor('#000').fontSize(18).text(paper.title, { align: 'center', width });
  doc.moveDown(0.4);
  const meta = [`满分 ${paper.totalScore} 分`, paper.durationMinutes ? `考试时间 ${paper.durationMinutes} 分钟` : ''].filter(Boolean).join('　　');
  doc.fontSize(10).fillColor('#555').text(meta, { align: 'center', width });
  doc.moveDown(1);
  paper.sections.forEach((s, i) => {
    doc.fontSize(12.5).fillColor('#000').text(sectionTitle(i, s), { width });
    doc.moveDown(0.4);
    for (const q of s.questions) {
      doc.fontSize(10.5).fillColor('#000').text(`${q.no}. ${q.stem}（${q.score} 分）`, { width });
      for (const o of q.options) doc.text(`    ${o.key}. ${o.text}`, { width });
      if (q.answer !== undefined) {
        doc.fillColor('#1f6f43').text(`【答案】${q.answer}`, { width });
        if (q.analysis) doc.fillColor('#666').text(`【解析】${q.analysis}`, { width });
      }
      if (s.type === 'short' || s.type === 'task') doc.moveDown(q.answer === undefined ? 3 : 0.5);
      else doc.moveDown(0.5);
    }
    doc.moveDown(0.6);
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
