// 考务与督导种子共用：第 4 步及以后的计划逐个写入；种子用的文件：一页简单的 PDF（借用题库的试卷版式与字体），以固定的键存进当前存储并登记为上传文件
// （私有用途 attachment，归属计划所属机构与市：本机构与管辖它的管理员可读）。反复写种子不会在存储里越积越多。
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { getStorage } from '@/lib/platform/storage';
import { fileUploads, FILE_STATUS } from '../file/tables';
import { paperPdf, type RenderedPaper } from '../questionBank/usage';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { PLAN_STATE, PLAN_STEP } from '../exaPlan/transitions';

/** 一页 PDF：标题与几段文字 */
export function simplePdf(title: string, sections: { heading: string; lines: string[] }[]): Promise<Buffer> {
  const paper: RenderedPaper = {
    id: 0,
    title,
    totalScore: 0,
    durationMinutes: null,
    sections: sections.map((s) => ({
      type: 'short',
      typeLabel: s.heading,
      questions: s.lines.map((stem, i) => ({ no: i + 1, id: 0, stem, options: [], score: 0 })),
    })),
  };
  return paperPdf(paper);
}

/**
 * 存一个种子 PDF，返回地址 /files/<目录>/<名称>.pdf。name 只用字母、数字、短横线，不少于 16 个字符（上传地址的格式）。
 * 已登记且存储里有的不再生成。
 */
export async function storeSeedPdf(db: Db, file: { dir: string; name: string; originalName: string; orgId: number; cityId: number | null; make: () => Promise<Buffer> }): Promise<{ url: string; size: number }> {
  const key = `${file.dir}/${file.name.padEnd(16, '0')}.pdf`;
  const [existing] = await db.select({ id: fileUploads.id, size: fileUploads.size }).from(fileUploads).where(eq(fileUploads.storageKey, key));
  const storage = getStorage();
  if (existing && (await storage.stat(key))) return { url: `/files/${key}`, size: existing.size };
  const bytes = await file.make();
  await storage.put(key, bytes, { contentType: 'application/pdf', size: bytes.length });
  if (!existing) {
    await db
      .insert(fileUploads)
      .values({
        storageKey: key,
        originalName: file.originalName,
        ext: 'pdf',
        mime: 'application/pdf',
        kind: 'document',
        purpose: 'attachment',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        status: FILE_STATUS.READY,
        orgId: file.orgId,
        cityId: file.cityId,
      })
      .onConflictDoNothing();
  }
  return { url: `/files/${key}`, size: bytes.length };
}

/** 第 4 步及以后、未取消、还没有这份种子数据的计划（seeded 给出其中已有的计划 id）逐个写入：按计划幂等 */
export async function eachUnseededPlan(db: Db, seeded: (planIds: number[]) => Promise<number[]>, write: (db: Db, plan: ExamPlan) => Promise<void>): Promise<void> {
  const plans = await db
    .select()
    .from(examPlans)
    .where(and(gte(examPlans.step, PLAN_STEP.EXAM_AFFAIRS), ne(examPlans.state, PLAN_STATE.CANCELLED)))
    .orderBy(asc(examPlans.id));
  if (!plans.length) return;
  const done = new Set(await seeded(plans.map((p) => p.id)));
  for (const plan of plans) if (!done.has(plan.id)) await write(db, plan);
}
