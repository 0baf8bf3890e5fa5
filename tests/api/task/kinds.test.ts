// 长操作作为后台任务：证书打印（逐页进度，与直接打印同样的 PDF、同样计打印次数）、按规则组卷（同一种子与直接组卷同一份试卷）、
// 分步导入的确认（全有或全无：有坏行时库里一行不变，任务失败并给出错误工作簿；通过时与直接确认写入相同）。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { runQueuedTasks } from '@/lib/platform/task/runner';
import { backgroundTasks } from '@/lib/platform/task/tables';
import type { TaskItem } from '@/lib/domains/task/schemas';
import { certificates } from '@/lib/domains/certificate/tables';
import { paperQuestions } from '@/lib/domains/questionBank/tables';
import type { PaperItem } from '@/lib/domains/questionBank/schemas';
import { examinees, examineeImports } from '@/lib/domains/examinee/tables';
import { IMPORT_STATUS, type ImportPreview } from '@/lib/domains/examinee/schemas';
import { operationLogs } from '@/lib/domains/ops/tables';
import { h, huayuanPlan, login } from '../score/helpers';
import { demoBank } from '../questionBank/helpers';
import { fixRequirements, HEADER, makePlan, person, upload as uploadTo, workbook } from '../examinee/helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('eval_org', 'sjz_admin');
  await fixRequirements(db);
});

const task = async (account: string, id: number) => {
  const r = await call<TaskItem>('GET', '/task/get', { headers: h[account], query: { id: String(id) } });
  expect(r.status).toBe(200);
  return r.body.data;
};
const started = async (path: string, json: Record<string, unknown>, account = 'eval_org') => {
  const r = await call<{ taskId: number }>('POST', path, { headers: h[account], json: { ...json, background: true } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data.taskId).toBeGreaterThan(0);
  return r.body.data.taskId;
};
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('证书打印任务', () => {
  it('进度按页，完成后下载的 PDF 与直接打印的页数相同；打印次数同样加一', async () => {
    const plan = await huayuanPlan(db, 7);
    const list = await db
      .select()
      .from(certificates)
      .where(and(eq(certificates.planId, plan.id), eq(certificates.status, 0), isNotNull(certificates.photoUrl)))
      .orderBy(asc(certificates.id))
      .limit(3);
    expect(list.length).toBeGreaterThanOrEqual(2);
    const ids = list.map((c) => c.id);
    const direct = await call('POST', '/certificate/printCertificates', { headers: h.eval_org, json: { ids } });
    expect(direct.status).toBe(200);
    const directPdf = Buffer.from(await direct.res.arrayBuffer());

    const taskId = await started('/certificate/printCertificates', { ids, mode: 'full' });
    const queued = await task('eval_org', taskId);
    expect(queued).toMatchObject({ kind: 'certificate.print', status: 'queued', total: ids.length, done: 0 });
    expect(queued.title).toBe(`打印证书 ${ids.length} 张（整张）`);
    await runQueuedTasks(db);
    const done = await task('eval_org', taskId);
    expect(done).toMatchObject({ status: 'done', done: ids.length, total: ids.length, percent: 100, hasFile: true, result: { count: ids.length } });
    const file = await call('GET', '/task/download', { headers: h.eval_org, query: { id: String(taskId) } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const taskPdf = Buffer.from(await file.res.arrayBuffer());
    expect(taskPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(taskPdf)).toBe(ids.length);
    expect(pageCount(taskPdf)).toBe(pageCount(directPdf));
    const after = await db.select().from(certificates).where(eq(certificates.id, ids[0]));
    expect(after[0].printCount).toBe(list[0].printCount + 2);
    // 同一机构的别的账号看不到（只给发起人）
    const other = await call('GET', '/task/get', { headers: h.sjz_admin, query: { id: String(taskId) } });
    expect(other.status).toBe(404);
    // 打印次数的变更写进操作日志，写明是哪个任务
    const [logged] = await db.select().from(operationLogs).where(eq(operationLogs.requestId, `task-${taskId}`));
    expect(logged).toMatchObject({ endpoint: 'TASK certificate.print', entity: 'certificate' });
  });

  it('发起时照常检查：作废的证书与范围外的证书当场拒绝，不排任务', async () => {
    const before = await db.$count(backgroundTasks);
    const r = await call('POST', '/certificate/printCertificates', { headers: h.eval_org, json: { ids: [999999], background: true } });
    expect(r.status).toBe(404);
    expect(await db.$count(backgroundTasks)).toBe(before);
  });

  it('计划的全部证书（layoutReport/certificatePrinting）同样可以作为任务', async () => {
    const plan = await huayuanPlan(db, 7);
    const r = await call<{ taskId?: number }>('POST', '/layoutReport/certificatePrinting', { headers: h.eval_org, json: { planId: plan.id, background: true } });
    // 演示计划里有缺照片的证书时整批拒绝（与直接打印相同）；否则排一个任务
    if (r.status === 200) {
      await runQueuedTasks(db);
      expect((await task('eval_org', r.body.data.taskId!)).status).toBe('done');
    } else expect(r.status).toBe(400);
  });
});

describe('按规则组卷任务', () => {
  it('同一种子：任务组出的试卷与直接组卷的题目相同；进度按规则', async () => {
    const { bank, theory } = await demoBank(db);
    const rules = [
      { type: 'single', count: 10, score: 2 },
      { type: 'judge', count: 5, score: 1 },
    ];
    const body = { bankId: bank.id, subjectId: theory, name: '后台组卷', durationMinutes: 90, rules, seed: 'TASK1' };
    const direct = await call<PaperItem>('POST', '/tes/paper/compose', { headers: h.eval_org, json: body });
    expect(direct.status).toBe(200);
    const taskId = await started('/tes/paper/compose', body);
    expect(await task('eval_org', taskId)).toMatchObject({ kind: 'paper.compose', total: 2, status: 'queued' });
    await runQueuedTasks(db);
    const done = await task('eval_org', taskId);
    expect(done).toMatchObject({ status: 'done', done: 2, total: 2, hasFile: false, result: { questionCount: 15, seed: 'TASK1' } });
    const ids = async (paperId: number) =>
      (await db.select({ id: paperQuestions.questionId }).from(paperQuestions).where(eq(paperQuestions.paperId, paperId)).orderBy(asc(paperQuestions.sort))).map((r) => r.id);
    const paperId = Number(done.result!.paperId);
    expect(paperId).not.toBe(direct.body.data.id);
    expect(await ids(paperId)).toEqual(await ids(direct.body.data.id));
  });

  it('题不够时当场拒绝，不排任务', async () => {
    const { bank, theory } = await demoBank(db);
    const before = await db.$count(backgroundTasks);
    const r = await call('POST', '/tes/paper/compose', {
      headers: h.eval_org,
      json: { bankId: bank.id, subjectId: theory + 100000, name: 'x', rules: [{ type: 'single', count: 1, score: 1 }], background: true },
    });
    expect(r.status).toBe(400);
    expect(await db.$count(backgroundTasks)).toBe(before);
  });
});

describe('导入确认任务', () => {
  const preview = (planId: number, file: File) => uploadTo<ImportPreview>(h.eval_org, '/examaff/student/impStu', { planId: String(planId), file });
  const countOf = (planId: number) => db.$count(examinees, eq(examinees.planId, planId));

  it('通过时与直接确认写入相同：全部考生写入，导入记为已写入', async () => {
    const p = await makePlan(db);
    const rows = Array.from({ length: 30 }, (_, i) => person(i + 1));
    const res = await preview(p.id, await workbook([HEADER, ...rows]));
    expect(res.status).toBe(200);
    const taskId = await started('/examaff/student/impStuCommit', { importId: res.body.data.importId });
    expect(await countOf(p.id)).toBe(0);
    await runQueuedTasks(db);
    const done = await task('eval_org', taskId);
    expect(done).toMatchObject({ kind: 'import.examinee_import', status: 'done', result: { total: 30 } });
    expect(done.total).toBeGreaterThanOrEqual(30);
    expect(done.done).toBe(done.total);
    expect(await countOf(p.id)).toBe(30);
    const [row] = await db.select().from(examineeImports).where(eq(examineeImports.id, res.body.data.importId!));
    expect(row.status).toBe(IMPORT_STATUS.COMMITTED);
  });

  it('确认时有一行不再通过：一行也不写，任务失败、点名该行并给出错误工作簿', async () => {
    const p = await makePlan(db);
    const res = await preview(p.id, await workbook([HEADER, person(41), person(42), person(43)]));
    expect(res.status).toBe(200);
    // 预览之后单独录入了第 3 行的人：确认时该行重复
    const saved = await call('POST', '/examaff/student/saveStudent', {
      headers: h.eval_org,
      json: { planId: p.id, name: '考生42', idNumber: person(42)[1], mobile: '13900000042', workCode: '电工', level: '四级/中级工', workYears: 3 },
    });
    expect(saved.status).toBe(200);
    const taskId = await started('/examaff/student/impStuCommit', { importId: res.body.data.importId });
    await runQueuedTasks(db);
    const failed = await task('eval_org', taskId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^导入失败：第 3 行「身份证号」/);
    expect(failed.result).toMatchObject({ errorCount: 1, errorFileUrl: expect.stringMatching(/importErrors/) });
    expect(await countOf(p.id)).toBe(1);
    const [row] = await db.select().from(examineeImports).where(eq(examineeImports.id, res.body.data.importId!));
    expect(row.status).toBe(IMPORT_STATUS.PENDING);
    // 错误工作簿只给上传者（任务的发起人）
    const errorFile = await call('GET', String(failed.result!.errorFileUrl).replace(/^\/api/, ''), { headers: h.eval_org });
    expect(errorFile.status).toBe(200);
  });
});
