// 考生的规则：报考资格（年龄、申报条件、已有证书）、只在第 2 步由本机构修改、范围 404、列表分页、照片压缩包、附件、调整工种等级、导出。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues } from '../../helpers/xlsx';
import { authHeaders } from '../access/login-helper';
import { type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { fileUploads } from '@/lib/domains/file/tables';
import { QUALIFICATION, type ExamineeItem, type PhotoZipOutcome } from '@/lib/domains/examinee/schemas';
import type { ExamineePage } from '@/lib/domains/examinee/service';
import { ELECTRICIAN, fixRequirements, idNo, makePlan, upload } from './helpers';

const { db } = setupTestDb();
const h: Record<string, Record<string, string>> = {};
let plan: ExamPlan;

const save = (json: Record<string, unknown>, account = 'eval_org') =>
  call<ExamineeItem>('POST', '/examaff/student/saveStudent', { headers: h[account], json: { mobile: '13900001111', workCode: ELECTRICIAN, level: 4, workYears: 5, ...json } });

beforeAll(async () => {
  for (const a of ['eval_org', 'bd_admin', 'sjz_admin']) h[a] = await authHeaders(a);
  await fixRequirements(await db());
  plan = await makePlan(await db());
});

describe('报考资格', () => {
  it('年龄：未满 16 或超过 65 周岁不符合', async () => {
    const young = await save({ planId: plan.id, name: '少年', idNumber: idNo(101, '20150601') });
    expect(young.status).toBe(200);
    expect(young.body.data).toMatchObject({ qualification: QUALIFICATION.REFUSED, qualificationReason: expect.stringMatching(/^考试时未满 16 周岁（1[01] 岁）$/) });
    const old = await save({ planId: plan.id, name: '长者', idNumber: idNo(102, '19500101') });
    expect(old.body.data.qualification).toBe(QUALIFICATION.REFUSED);
    expect(old.body.data.qualificationReason).toMatch(/^考试时已超过 65 周岁/);
    const ok = await save({ planId: plan.id, name: '青年', idNumber: idNo(103, '19990101') });
    expect(ok.body.data).toMatchObject({ qualification: QUALIFICATION.QUALIFIED, qualificationReason: null, gender: '男', birthDate: '1999-01-01' });
  });

  it('申报条件：四级须从业 2 年（未填为提示，不足为不符合）；三级须持四级证书满 2 年或从业 8 年', async () => {
    const noYears = await save({ planId: plan.id, name: '未填年限', idNumber: idNo(111), workYears: null });
    expect(noYears.body.data).toMatchObject({ qualification: QUALIFICATION.WARNING, qualificationReason: '申报四级/中级工须累计从事本职业 2 年，未填写从业年限' });
    const short = await save({ planId: plan.id, name: '年限不足', idNumber: idNo(112), workYears: 1 });
    expect(short.body.data).toMatchObject({ qualification: QUALIFICATION.REFUSED, qualificationReason: '申报四级/中级工须累计从事本职业 2 年，实际 1 年' });
    const lv3 = await save({ planId: plan.id, name: '三级无证', idNumber: idNo(113), level: 3, workYears: 3 });
    expect(lv3.body.data).toMatchObject({ qualification: QUALIFICATION.REFUSED, qualificationReason: '申报三级/高级工须持四级/中级工证书满 2 年，或累计从事本职业 8 年' });
    const lv3cert = await save({ planId: plan.id, name: '三级有证', idNumber: idNo(114), level: 3, workYears: 3, priorLevel: 4, priorCertDate: '2018-06-01' });
    expect(lv3cert.body.data.qualification).toBe(QUALIFICATION.QUALIFIED);
    const lv3years = await save({ planId: plan.id, name: '三级年限', idNumber: idNo(115), level: 3, workYears: 9 });
    expect(lv3years.body.data.qualification).toBe(QUALIFICATION.QUALIFIED);
  });

  it('已取得同工种同等级证书（以已到证书管理步骤的计划代替）不符合；getPlanQualificationget 与 warning 列出', async () => {
    const done = await makePlan(await db(), { step: 7 });
    await (await db()).insert(examinees).values({
      planId: done.id,
      orgId: done.orgId,
      cityId: done.cityId,
      name: '持证者',
      idNumber: idNo(121),
      idNumberIndex: blindIndex('idNumber', idNo(121)),
      mobile: '13900000121',
      workCode: ELECTRICIAN,
      workName: '电工',
      level: 4,
    });
    const again = await save({ planId: plan.id, name: '持证者', idNumber: idNo(121) });
    expect(again.body.data).toMatchObject({ qualification: QUALIFICATION.REFUSED, qualificationReason: `已取得该工种四级/中级工的证书（考试计划「${done.name}」）` });

    const q = await call<{ refused: number; warning: number; list: { name: string; qualification: number }[]; messages: string[] }>('POST', '/examaff/student/getPlanQualificationget', {
      headers: h.eval_org,
      json: { planId: plan.id },
    });
    expect(q.status).toBe(200);
    expect(q.body.data.list[0].qualification).toBe(QUALIFICATION.REFUSED);
    expect(q.body.data.list.map((r) => r.name)).toContain('持证者');
    const w = await call<{ messages: string[] }>('POST', '/examaff/student/warning', { headers: h.sjz_admin, json: { planId: plan.id } });
    expect(w.status).toBe(200);
    expect(w.body.data.messages.join('；')).toContain('名考生不符合报考条件，不能安排考场');
  });

  it('同一人同一工种只报一次（409）；工种等级须是计划的', async () => {
    const dup = await save({ planId: plan.id, name: '重复', idNumber: idNo(103, '19990101'), level: 3 });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('该考生已报考本计划的这个工种（同一人在一个计划的一个工种只能报考一次）');
    const badLevel = await save({ planId: plan.id, name: '等级不对', idNumber: idNo(131), level: 5 });
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.returnMsg).toBe('本计划的「电工」没有五级/初级工（可报：三级/高级工、四级/中级工）');
  });
});

describe('只在第 2 步、由计划所属机构修改；范围', () => {
  it('计划不在“导入考生”步骤：拒绝并说明', async () => {
    const later = await makePlan(await db(), { step: 3 });
    const res = await save({ planId: later.id, name: '晚了', idNumber: idNo(141) });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('计划当前处于「编排考场 · 办理中」，导入考生须在「导入考生」步骤办理');
    const list = await call<ExamineePage>('POST', '/examaff/student/selectExaPlanStudent', { headers: h.eval_org, json: { planId: later.id } });
    expect(list.body.data.editable).toBe(false);
  });

  it('别的机构的计划：404；保定市管理员看不到石家庄计划的考生（404）', async () => {
    const bdPlan = await makePlan(await db(), { orgCode: 'ORG130606001', works: [[ELECTRICIAN, 4]] });
    const res = await save({ planId: bdPlan.id, name: '越界', idNumber: idNo(151) });
    expect(res.status).toBe(404);
    const list = await call('POST', '/examaff/student/selectExaPlanStudent', { headers: h.bd_admin, json: { planId: plan.id } });
    expect(list.status).toBe(404);
    const [one] = await (await db()).select().from(examinees).where(eq(examinees.planId, plan.id)).limit(1);
    const detail = await call('POST', '/examaff/student/selectStudentPer', { headers: h.bd_admin, json: { id: one.id } });
    expect(detail.status).toBe(404);
    const del = await call('POST', '/examaff/student/delete', { headers: h.eval_org, json: { planId: bdPlan.id, ids: [one.id] } });
    expect(del.status).toBe(404);
    // 市级管理员能看本市计划的考生，但不能修改
    const cityList = await call<ExamineePage>('POST', '/examaff/student/selectExaPlanStudent', { headers: h.sjz_admin, json: { planId: plan.id } });
    expect(cityList.status).toBe(200);
    expect(cityList.body.data.editable).toBe(false);
    expect(cityList.body.data.list[0].actions).toEqual([]);
  });
});

describe('列表、详情、调整、删除、附件、导出', () => {
  it('分页：页码与键集（afterId）取到同样的行；筛选；身份证号脱敏，详情全号', async () => {
    const p = await makePlan(await db());
    for (let i = 0; i < 7; i++) await save({ planId: p.id, name: `分页${i}`, idNumber: idNo(200 + i), level: i % 2 ? 3 : 4, workYears: 9 });
    const page2 = await call<ExamineePage>('POST', '/examaff/student/selectExaPlanStudent', { headers: h.eval_org, json: { planId: p.id, pageNo: 2, pageSize: 3 } });
    expect(page2.body.data).toMatchObject({ total: 7, pageNo: 2, pageSize: 3, editable: true });
    expect(page2.body.data.list.map((r) => r.name)).toEqual(['分页3', '分页4', '分页5']);
    expect(page2.body.data.list[0].actions).toEqual(['edit', 'delete']);
    expect(page2.body.data.list[0].idNumber).toMatch(/^130102\*+\d{3}[\dX]$/);
    const page1 = await call<ExamineePage>('POST', '/examaff/student/selectExaPlanStudent', { headers: h.eval_org, json: { planId: p.id, pageSize: 3 } });
    const seek = await call<ExamineePage>('POST', '/examaff/student/selectExaPlanStudent', {
      headers: h.eval_org,
      json: { planId: p.id, pageNo: 2, pageSize: 3, afterId: page1.body.data.list[2].id },
    });
    expect(seek.body.data.list.map((r) => r.id)).toEqual(page2.body.data.list.map((r) => r.id));
    expect(seek.body.data.total).toBeNull();
    const lv3 = await call<ExamineePage>('POST', '/examaff/student/selectExaPlanStudent', { headers: h.eval_org, json: { planId: p.id, workCode: ELECTRICIAN, level: 3, name: '分页' } });
    expect(lv3.body.data.total).toBe(3);
    const byId = await call<ExamineePage>('POST', '/examaff/student/selectExaPlanStudent', { headers: h.eval_org, json: { planId: p.id, idNumber: idNo(204) } });
    expect(byId.body.data.list.map((r) => r.name)).toEqual(['分页4']);
    const detail = await call<ExamineeItem & { attaches: unknown[] }>('POST', '/examaff/student/selectStudentPer', { headers: h.eval_org, json: { id: byId.body.data.list[0].id } });
    // 详情默认脱敏（看全见 sealed.test.ts）
    expect(detail.body.data.idNumber).toMatch(/^130102\*+\d{3}[\dX]$/);

    // 调整到三级、个人信息修改、同一人的报考记录
    const assign = await call('POST', '/examaff/student/assignStudent', { headers: h.eval_org, json: { planId: p.id, ids: [detail.body.data.id], workCode: '电工', level: 3 } });
    expect(assign.status).toBe(200);
    const per = await call<ExamineeItem>('POST', '/examaff/student/perStudentUpd', { headers: h.eval_org, json: { id: detail.body.data.id, name: '改名', mobile: '13700000000', education: '大学本科' } });
    expect(per.body.data).toMatchObject({ name: '改名', level: 3, education: '大学本科' });
    const regs = await call<{ planId: number }[]>('POST', '/examaff/student/byStudentList', { headers: h.eval_org, json: { id: detail.body.data.id } });
    expect(regs.body.data.map((r) => r.planId)).toEqual([p.id]);

    // 附件：先经上传服务，再登记
    const form = new FormData();
    form.set('purpose', 'attachment');
    form.set('file', new File([await sharp({ create: { width: 200, height: 200, channels: 3, background: '#88a' } }).jpeg().toBuffer()], '学历证明.jpg', { type: 'image/jpeg' }));
    const up = await call<{ url: string }[]>('POST', '/uploadMulti', { headers: h.eval_org, form });
    const url = (up.body as unknown as { data: { url: string }[] }).data[0].url;
    const added = await call<{ url: string; name: string }[]>('POST', '/examaff/student/uploadAttach', { headers: h.eval_org, json: { id: detail.body.data.id, url } });
    expect(added.body.data).toEqual([expect.objectContaining({ url, name: '学历证明.jpg' })]);
    const removed = await call<unknown[]>('POST', '/examaff/student/deleteAttach', { headers: h.eval_org, json: { id: detail.body.data.id, url } });
    expect(removed.body.data).toEqual([]);

    // 删除
    const del = await call<{ deleted: number }>('POST', '/examaff/student/delete', { headers: h.eval_org, json: { planId: p.id, ids: [detail.body.data.id] } });
    expect(del.body.data.deleted).toBe(1);

    // 两种导出
    for (const [path, header] of [
      ['/examaff/student/exportStudent', '姓名'],
      ['/examaff/student/exportStudent2', '序号'],
    ] as const) {
      const file = await call('POST', path, { headers: h.eval_org, json: { planId: p.id } });
      expect(file.status).toBe(200);
      const rows = sheetValues((await readWorkbook(await file.res.arrayBuffer())).worksheets[0]);
      expect(rows[0][0]).toBe(header);
      expect(rows).toHaveLength(7);
    }
  });

  it('照片压缩包按身份证号匹配本计划的考生：经上传服务保存并有缩略图；不匹配的逐个说明', async () => {
    const p = await makePlan(await db());
    await save({ planId: p.id, name: '有照片', idNumber: idNo(301) });
    const zip = new JSZip();
    const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ccd' } }).jpeg().toBuffer();
    zip.file(`照片/${idNo(301)}.jpg`, photo);
    zip.file(`${idNo(302)}.jpg`, photo);
    zip.file('说明.txt', 'x');
    zip.file(`${idNo(303)}.png`, await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } }).png().toBuffer());
    await save({ planId: p.id, name: '小照片', idNumber: idNo(303) });
    const file = new File([new Uint8Array(await zip.generateAsync({ type: 'uint8array' }))], 'photos.zip', { type: 'application/zip' });
    const res = await upload<PhotoZipOutcome>(h.eval_org, '/examaff/student/importStudentImgZip', { planId: String(p.id), file });
    expect(res.status).toBe(200);
    expect(res.body.data.matched).toEqual([{ fileName: `${idNo(301)}.jpg`, idNumber: idNo(301), name: '有照片' }]);
    expect(res.body.data.unmatched).toEqual(
      expect.arrayContaining([
        { fileName: `${idNo(302)}.jpg`, reason: '本计划没有该身份证号的考生' },
        { fileName: '说明.txt', reason: '不是 jpg 或 png 图片' },
        { fileName: `${idNo(303)}.png`, reason: '照片太小（40×40），至少 100×100 像素' },
      ]),
    );
    const [row] = await (await db()).select().from(examinees).where(eq(examinees.idNumberIndex, blindIndex('idNumber', idNo(301))));
    expect(row.photoUrl).toMatch(/^\/files\/.+\.jpg$/);
    const [stored] = await (await db()).select().from(fileUploads).where(eq(fileUploads.storageKey, row.photoUrl!.replace(/^\/files\//, '')));
    expect(stored.thumbKey).toMatch(/_t\.jpg$/);
  });
});
