// 考生导入：预览（不写、挡住进入下一步）→ 确认（全有或全无）或放弃；坏行点名、数字格式的身份证号、重复、真实工作簿的写法。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees, examineeImports } from '@/lib/domains/examinee/tables';
import { examineesReady } from '@/lib/domains/examinee/gates';
import { IMPORT_STATUS, QUALIFICATION, type ImportPreview } from '@/lib/domains/examinee/schemas';
import { fixRequirements, HEADER, idNo, makePlan, person, upload, workbook } from './helpers';

const { db } = setupTestDb();
const h: Record<string, Record<string, string>> = {};
let plan: ExamPlan;

const countOf = async (planId: number) => (await db()).$count(examinees, eq(examinees.planId, planId));
const imports = async (planId: number) => (await db()).select().from(examineeImports).where(eq(examineeImports.planId, planId));
const preview = (planId: number, file: File) => upload<ImportPreview & { errors: { row: number; column: string; message: string }[]; errorFileUrl: string }>(h.eval_org, '/examaff/student/impStu', { planId: String(planId), file });

beforeAll(async () => {
  for (const a of ['eval_org', 'bd_admin', 'sjz_admin']) h[a] = await authHeaders(a);
  await fixRequirements(await db());
  plan = await makePlan(await db());
});

describe('导入考生 · 全有或全无', () => {
  it('500 行里第 252 行身份证号校验位错误：一行也不写，点名第 252 行', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => person(i + 1));
    const bad = String(rows[250][1]);
    rows[250][1] = bad.slice(0, 17) + (bad.endsWith('1') ? '2' : '1');
    const res = await preview(plan.id, await workbook([HEADER, ...rows]));
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('导入失败：第 252 行「身份证号」：身份证号校验位不正确；共 1 处错误，请下载错误工作簿修改后重新导入');
    expect(res.body.data.errors).toEqual([{ row: 252, column: '身份证号', message: '身份证号校验位不正确' }]);
    expect(res.body.data.errorFileUrl).toMatch(/importErrors/);
    expect(await countOf(plan.id)).toBe(0);
    expect(await imports(plan.id)).toHaveLength(0);
  });

  it('身份证号存成数字：拒绝该行并说明把列设为文本格式；科学计数法的文本同样拒绝', async () => {
    const numeric = person(1);
    numeric[1] = Number(idNo(1, '19800101').replace(/X$/, '1'));
    const sci = person(2);
    sci[1] = '1.30102E+17';
    const res = await preview(plan.id, await workbook([HEADER, numeric, sci, person(3)]));
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      {
        row: 2,
        column: '身份证号',
        message: '该单元格是数字格式，Excel 只保留 15 位有效数字，号码末尾几位已经丢失（显示为 1.3E+17 之类或末尾变成 000）：请把「身份证号」列设置为“文本”格式后重新填写',
      },
      { row: 3, column: '身份证号', message: '身份证号显示成了科学计数法（如 1.30102E+17），末尾几位已经丢失：请把「身份证号」列设置为“文本”格式后重新填写' },
    ]);
    expect(await countOf(plan.id)).toBe(0);
  });

  it('同一人同一工种：文件内重复与计划内已有的都拒绝', async () => {
    const p = await makePlan(await db());
    const saved = await call('POST', '/examaff/student/saveStudent', {
      headers: h.eval_org,
      json: { planId: p.id, name: '已有', idNumber: idNo(900), mobile: '13900000900', workCode: '6-31-01-03', level: 4, workYears: 5 },
    });
    expect(saved.status).toBe(200);
    const dup = person(900);
    const res = await preview(p.id, await workbook([HEADER, person(1), person(1), dup.map((v, i) => (i === 1 ? idNo(900) : v))]));
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      { row: 3, column: '身份证号', message: '与第 2 行重复（同一人在一个计划的一个工种只能报考一次）' },
      { row: 4, column: '身份证号', message: '该考生已报考本计划的这个工种（同一人在一个计划的一个工种只能报考一次）' },
    ]);
    // 同一人报考本计划的另一个等级（同一工种）也算同一工种
    const other = person(1);
    other[4] = '三级/高级工';
    const res2 = await preview(p.id, await workbook([HEADER, person(1), other]));
    expect(res2.body.data.errors?.[0]).toMatchObject({ row: 3, column: '身份证号' });
  });
});

describe('导入考生 · 预览、确认、放弃', () => {
  it('预览不写考生，记一条待确认的导入并挡住进入下一步；确认后写入全部考生', async () => {
    const p = await makePlan(await db());
    const young = person(7, 2015);
    const res = await preview(p.id, await workbook([HEADER, person(5), person(6), young]));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, status: IMPORT_STATUS.PENDING, refusedCount: 1, warningCount: 0 });
    expect(res.body.data.warnings).toEqual([{ row: 4, column: '', message: expect.stringContaining('不符合报考条件：考试时未满 16 周岁'), qualification: QUALIFICATION.REFUSED }]);
    expect(await countOf(p.id)).toBe(0);
    expect(await examineesReady(await db(), p)).toBe('有未确认的考生导入「考生名单.xlsx」，请先确认或放弃');

    const again = await preview(p.id, await workbook([HEADER, person(8)]));
    expect(again.status).toBe(400);
    expect(again.body.returnMsg).toBe('已有未确认的考生导入「考生名单.xlsx」，请先确认或放弃');

    const warning = await call<{ pendingImport: { id: number } | null; messages: string[] }>('POST', '/examaff/student/warning', { headers: h.eval_org, json: { planId: p.id } });
    expect(warning.body.data.pendingImport?.id).toBe(res.body.data.importId);

    const commit = await call<{ total: number }>('POST', '/examaff/student/impStuCommit', { headers: h.eval_org, json: { importId: res.body.data.importId } });
    expect(commit.status).toBe(200);
    expect(commit.body.data.total).toBe(3);
    expect(await countOf(p.id)).toBe(3);
    const [row] = await (await db())
      .select()
      .from(examinees)
      .where(and(eq(examinees.planId, p.id), eq(examinees.name, '考生5')));
    expect(row).toMatchObject({ gender: '男', birthDate: '1985-06-15', workName: '电工', level: 4, qualification: QUALIFICATION.QUALIFIED, importId: res.body.data.importId });
    expect((await imports(p.id))[0].status).toBe(IMPORT_STATUS.COMMITTED);
    expect(await examineesReady(await db(), p)).toBeNull();

    const twice = await call('POST', '/examaff/student/impStuCommit', { headers: h.eval_org, json: { importId: res.body.data.importId } });
    expect(twice.status).toBe(400);
    expect(twice.body.returnMsg).toBe('该导入已确认写入，不能再办理');
  });

  it('放弃：不写考生，不再挡住；只有不符合的考生时条件仍不满足', async () => {
    const p = await makePlan(await db());
    const res = await preview(p.id, await workbook([HEADER, person(9, 2015)]));
    expect(res.status).toBe(200);
    const discard = await call('POST', '/examaff/student/impStuDiscard', { headers: h.eval_org, json: { importId: res.body.data.importId } });
    expect(discard.status).toBe(200);
    expect(await countOf(p.id)).toBe(0);
    expect((await imports(p.id))[0].status).toBe(IMPORT_STATUS.DISCARDED);
    expect(await examineesReady(await db(), p)).toBe('计划还没有符合报考条件的考生');
  });

  it('确认时按当时的数据重新校验：预览之后已单独录入的人，确认失败并点名该行，一行也不写', async () => {
    const p = await makePlan(await db());
    const res = await preview(p.id, await workbook([HEADER, person(11), person(12)]));
    expect(res.status).toBe(200);
    const saved = await call('POST', '/examaff/student/saveStudent', {
      headers: h.eval_org,
      json: { planId: p.id, name: '考生12', idNumber: person(12)[1], mobile: '13900000012', workCode: '电工', level: '四级/中级工', workYears: 3 },
    });
    expect(saved.status).toBe(200);
    const commit = await call<{ errors: { row: number }[] }>('POST', '/examaff/student/impStuCommit', { headers: h.eval_org, json: { importId: res.body.data.importId } });
    expect(commit.status).toBe(400);
    expect(commit.body.data.errors).toEqual([{ row: 3, column: '身份证号', message: '该考生已报考本计划的这个工种（同一人在一个计划的一个工种只能报考一次）' }]);
    expect(await countOf(p.id)).toBe(1);
    expect((await imports(p.id))[0].status).toBe(IMPORT_STATUS.PENDING);
  });

  it('真实工作簿：表头上方有标题行、全角数字与空格、日期是 Excel 序号、工种写编码', async () => {
    const p = await makePlan(await db());
    const id = idNo(21, '19850315');
    const full = id.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    const row = ['  张　三 ', `${full.slice(0, 6)} ${full.slice(6)}`, '１３９ 1234 5678', '6-31-01-03', '三级/高级工', '大学专科', '３', '', '4', 43831];
    const res = await preview(p.id, await workbook([HEADER, row], { title: '2026 年第一期电工考生名单' }));
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    await call('POST', '/examaff/student/impStuCommit', { headers: h.eval_org, json: { importId: res.body.data.importId } });
    const [saved] = await (await db()).select().from(examinees).where(eq(examinees.planId, p.id));
    // 三级：持四级证书（2020-01-01）到考试日已满 2 年
    expect(saved).toMatchObject({ name: '张　三', idNumber: id, mobile: '13912345678', level: 3, workYears: 3, priorLevel: 4, priorCertDate: '2020-01-01', qualification: QUALIFICATION.QUALIFIED, gender: '男' });
  });

  it('模板可下载；别的机构与市看不到导入', async () => {
    const tpl = await call('GET', '/examaff/student/importTemplate', { headers: h.eval_org });
    expect(tpl.status).toBe(200);
    const p = await makePlan(await db());
    const res = await preview(p.id, await workbook([HEADER, person(31)]));
    // 市级管理员能看考生（审核时），但不能办理导入
    const city = await call('POST', '/examaff/student/impStuDiscard', { headers: h.sjz_admin, json: { importId: res.body.data.importId } });
    expect(city.status).toBe(403);
  });
});
