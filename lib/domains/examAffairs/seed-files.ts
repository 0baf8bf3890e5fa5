// 考务与督导种子共用：第 4 步及以后的计划逐个写入；种子用的文件：一页简单的 PDF（借用题库的试卷版式与字体），经上传服务的种子入口
// 以固定的键存下并登记为上传文件（私有用途 attachment，归属计划所属机构的账号与所在市：本机构与管辖它的管理员可读）。
// 反复写种子不会在存储里越积越多。
import { and, asc, gte, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { orgFileOwners, storeSeedFile } from '../file/service';
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
 * 存一个种子 PDF（经上传服务的种子入口：与上传相同的检查与登记，私有用途 attachment，归属计划所属机构的账号与所在市），
 * 返回地址与大小。已登记且存储里有的不再生成。
 */
export async function storeSeedPdf(db: Db, file: { dir: string; name: string; originalName: string; orgId: number; cityId: number | null; make: () => Promise<Buffer> }): Promise<{ url: string; size: number }> {
  const saved = await storeSeedFile(db, { directory: file.dir, logicalName: file.name, data: await file.make(), fileName: file.originalName, purpose: 'attachment', owner: await orgFileOwners(db)({ id: file.orgId, cityId: file.cityId }) });
  return { url: saved.url, size: saved.fileSize };
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
