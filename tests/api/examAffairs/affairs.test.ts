// 考务安排：改动只在第 4 步；考务办公室的校验；题库与离线试卷的分发；开考前不能读取试卷、开考后可以；
// 考务附件；第 4 → 5 步的条件（点名缺的项，补齐后放行）。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { examPlans } from '@/lib/domains/exaPlan/tables';
import { PLAN_STATE, PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { paperUses } from '@/lib/domains/questionBank/tables';
import { examRoomPapers } from '@/lib/domains/examAffairs/tables';
import type { AffairsOverview, OfflinePaperItem, RoomPaperItem } from '@/lib/domains/examAffairs/schemas';
import { arrangedPlan, bankPaper, login, moveSession, personId, post, setStep, tinyPdf, type Arranged, type Paged } from './helpers';

const { db } = setupTestDb();

let a: Arranged;
let headers: Record<string, string>;

beforeAll(async () => {
  await login('eval_org', 'sjz_admin', 'bd_admin', 'assessor');
  headers = await authHeaders('eval_org');
  a = await arrangedPlan(await db());
}, 120_000);

const office = (over: Record<string, unknown> = {}) => post('eval_org', '/exaAff/createExaOffice', { planId: a.plan.id, place: '一号楼 101 室', contactName: '陈静', contactPhone: '13831100004', ...over });

async function upload(path: string, fields: Record<string, string | number>, file: { name: string; bytes: Uint8Array; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new File([file.bytes as BlobPart], file.name, { type: file.type ?? 'application/pdf' }));
  return call<Record<string, unknown>>('POST', path, { headers, form });
}

describe('考务安排只在第 4 步改动', () => {
  it('第 3 步与第 5 步拒绝，说明须在“考务安排”办理；查看任何时候都可以', async () => {
    const d = await db();
    await setStep(d, a.plan, PLAN_STEP.ARRANGE_ROOMS);
    const early = await office();
    expect(early.status).toBe(400);
    expect(early.body.returnMsg).toBe('计划当前处于「编排考场 · 办理中」，设立考务办公室须在「考务安排」步骤办理');
    await setStep(d, a.plan, PLAN_STEP.SCORES);
    const late = await post('eval_org', '/exaAff/distributePerson', { sessionId: a.knowledge, staff: [] });
    expect(late.body.returnMsg).toBe('计划当前处于「成绩管理 · 办理中」，分派考务人员须在「考务安排」步骤办理');
    const view = await post<AffairsOverview>('eval_org', '/exaAff/getExamAff', { planId: a.plan.id });
    expect(view.status).toBe(200);
    expect(view.body.data.plan.actions).toEqual([]);
    await setStep(d, a.plan, PLAN_STEP.EXAM_AFFAIRS);
    const now = await post<AffairsOverview>('eval_org', '/exaAff/getExamAff', { planId: a.plan.id });
    expect(now.body.data.plan.actions).toEqual(['office', 'staff', 'paper', 'attach']);
  });

  it('其他机构与市级管理员不能改；他市的计划 404', async () => {
    const city = await post('sjz_admin', '/exaAff/createExaOffice', { planId: a.plan.id, place: 'x', contactName: 'x', contactPhone: '13831100004' });
    expect(city.status).toBe(403);
    const other = await post('bd_admin', '/exaAff/getExamAff', { planId: a.plan.id });
    expect(other.status).toBe(404);
  });
});

describe('考务办公室', () => {
  it('校验消息：地点必填、手机号格式、办公室人员须是本机构的考务人员或考评员', async () => {
    const noPlace = await office({ place: '  ' });
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.returnMsg).toContain('请输入考务办公室地点');
    const badPhone = await office({ contactPhone: '12345' });
    expect(badPhone.status).toBe(400);
    expect((badPhone.body.data as { fields: Record<string, string> }).fields.contactPhone).toBeTruthy();
    const d = await db();
    const supervisor = await office({ staffIds: [await personId(d, 'supervisor', '杨帆')] });
    expect(supervisor.body.returnMsg).toBe('办公室人员须是本机构的考务人员或考评员');
  });

  it('设立后再次提交即修改（每个计划一个）', async () => {
    const d = await db();
    const staffId = await personId(d, 'examStaff', '赵文静');
    expect((await office({ staffIds: [staffId] })).status).toBe(200);
    const again = await office({ place: '二号楼 201 室', staffIds: [] });
    expect(again.status).toBe(200);
    const view = await post<AffairsOverview>('eval_org', '/exaAff/getExamAff', { planId: a.plan.id });
    expect(view.body.data.office).toMatchObject({ place: '二号楼 201 室', staff: [] });
  });
});

describe('试卷', () => {
  it('题库试卷分发到考场、题库记下使用；离线试卷须为 PDF，分发到实操考场', async () => {
    const d = await db();
    const paperId = await bankPaper(d, a.plan);
    const options = await post<{ id: number }[]>('eval_org', '/exaAff/bankPapers', { sessionId: a.knowledge });
    expect(options.body.data.map((o) => o.id)).toContain(paperId);
    const wrongRoom = await post('eval_org', '/exaAff/distributePaper', { sessionId: a.knowledge, paperId, roomIds: [a.rooms.S201] });
    expect(wrongRoom.body.returnMsg).toBe('所选考场在该场次没有考生，不能分发试卷');
    const ok = await post<{ distributed: number }>('eval_org', '/exaAff/distributePaper', { sessionId: a.knowledge, paperId });
    expect(ok.body.data.distributed).toBe(1);
    const uses = await d.select().from(paperUses).where(eq(paperUses.sessionId, a.knowledge));
    expect(uses.map((u) => [u.paperId, u.roomId])).toEqual([[paperId, a.rooms.K101]]);

    const notPdf = await upload('/exaAff/uploadPaper', { planId: a.plan.id, name: '实操任务书' }, { name: 'task.png', bytes: new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')), type: 'image/png' });
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.returnMsg).toBe('离线试卷须为 PDF 文件');
    const up = await upload('/exaAff/uploadPaper', { planId: a.plan.id, name: '实操任务书', subject: 2 }, { name: 'task.pdf', bytes: tinyPdf('task') });
    expect(up.status).toBe(200);
    const offlineId = (up.body.data as unknown as OfflinePaperItem).id;
    const dup = await upload('/exaAff/uploadPaper', { planId: a.plan.id, name: '实操任务书' }, { name: 'task2.pdf', bytes: tinyPdf('task2') });
    expect(dup.body.returnMsg).toBe('本计划已有名为「实操任务书」的离线试卷');
    const wrongSubject = await post('eval_org', '/exaAff/paperMatchPlaces', { offlinePaperId: offlineId, sessionId: a.knowledge });
    expect(wrongSubject.body.returnMsg).toBe('离线试卷「实操任务书」适用于「操作技能考核」，与场次「理论知识考试」的科目不符');
    expect((await post('eval_org', '/exaAff/paperMatchPlaces', { offlinePaperId: offlineId, sessionId: a.onSite })).status).toBe(200);

    const list = await post<Paged<RoomPaperItem>>('eval_org', '/exaAff/getPaperList', { planId: a.plan.id });
    expect(list.body.data.list.map((r) => [r.sessionName, r.roomName, r.sourceName, r.paperName !== null])).toEqual([
      ['理论知识考试', 'K101', '题库组卷', true],
      ['操作技能考核', 'S201', '离线试卷', true],
    ]);
    // 离线试卷的文件地址不随列表下发
    const offline = await post<Paged<OfflinePaperItem>>('eval_org', '/exaAff/offlinePaperList', { planId: a.plan.id });
    expect(JSON.stringify(offline.body.data)).not.toContain('/files/');
  });

  it('开考前不能读取试卷内容与文件（说明何时开放），开考后可以', async () => {
    const d = await db();
    const [row] = await d
      .select()
      .from(examRoomPapers)
      .where(and(eq(examRoomPapers.sessionId, a.knowledge), eq(examRoomPapers.roomId, a.rooms.K101)));
    const [offline] = await d.select().from(examRoomPapers).where(eq(examRoomPapers.sessionId, a.onSite));

    const before = await post('eval_org', '/exaAff/paperPreview', { id: row.id });
    expect(before.status).toBe(400);
    expect(before.body.returnMsg).toBe('试卷尚未开放：场次「理论知识考试」于 2031-03-10 09:00（北京时间）开始，开考后才能查看试卷');
    const file = await call('GET', '/exaAff/paperFile', { headers, query: { id: offline.id } });
    expect(file.status).toBe(400);
    expect(file.body.returnMsg).toContain('试卷尚未开放：场次「操作技能考核」于 2031-03-10 13:30');
    const list = await post<Paged<RoomPaperItem>>('eval_org', '/exaAff/getPaperList', { planId: a.plan.id });
    expect(list.body.data.list.every((r) => !r.released && !r.actions.includes('preview'))).toBe(true);

    await moveSession(d, a.knowledge, '2020-06-01');
    await moveSession(d, a.onSite, '2020-06-01');
    const after = await post<{ source: number; paper: { sections: { questions: { stem: string; answer?: string }[] }[] } }>('eval_org', '/exaAff/paperPreview', { id: row.id });
    expect(after.status).toBe(200);
    const qs = after.body.data.paper.sections.flatMap((s) => s.questions);
    expect(qs.map((q) => q.stem)).toContain('停电检修前须验电。');
    expect(qs.every((q) => q.answer === undefined)).toBe(true);
    const pdf = await call('GET', '/exaAff/paperFile', { headers, query: { id: row.id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const offlineFile = await call('GET', '/exaAff/paperFile', { headers, query: { id: offline.id } });
    expect(offlineFile.status).toBe(200);
    expect(Buffer.from(await offlineFile.res.arrayBuffer()).toString('latin1')).toContain('% task');
    // 考评员（本机构、只读）开考后也可以查看
    expect((await post('assessor', '/exaAff/paperPreview', { id: row.id })).status).toBe(200);
    await moveSession(d, a.knowledge, '2031-03-10');
    await moveSession(d, a.onSite, '2031-03-10');
  });

  it('撤下题库试卷同时撤下其使用', async () => {
    const d = await db();
    const [row] = await d.select().from(examRoomPapers).where(eq(examRoomPapers.sessionId, a.knowledge));
    expect((await post('eval_org', '/exaAff/cancelPaper', { id: row.id })).status).toBe(200);
    expect(await d.select().from(paperUses).where(eq(paperUses.sessionId, a.knowledge))).toEqual([]);
  });
});

describe('考务附件', () => {
  it('上传签到表（multipart）、列出、删除；场次须属于该计划', async () => {
    const up = await upload('/exaAff/uploadAttach', { planId: a.plan.id, sessionId: a.knowledge, kind: 'signIn' }, { name: '签到表.pdf', bytes: tinyPdf('sign') });
    expect(up.status).toBe(200);
    const bad = await post('eval_org', '/exaAff/attach', { planId: a.plan.id, sessionId: 999999, kind: 'photo', url: (up.body.data as { url: string }).url });
    expect(bad.body.returnMsg).toBe('所选场次不属于该考试计划');
    const badKind = await post('eval_org', '/exaAff/attach', { planId: a.plan.id, kind: 'video', url: (up.body.data as { url: string }).url });
    expect(badKind.body.returnMsg).toContain('附件类别不正确');
    const list = await post<Paged<{ id: number; kindName: string; sessionName: string }>>('eval_org', '/exaAff/getAttachList', { planId: a.plan.id });
    expect(list.body.data.list).toMatchObject([{ kindName: '签到表', sessionName: '理论知识考试' }]);
    expect((await post('eval_org', '/exaAff/deleteAttach', { id: list.body.data.list[0].id })).status).toBe(200);
  });
});

describe('第 4 → 5 步的条件', () => {
  it('缺考务办公室、试卷、负责考场的考评员时拒绝并点名；补齐后进入成绩管理', async () => {
    const d = await db();
    const plan = await arrangedPlan(d, '2031-04-20');
    const refused = await post('eval_org', '/exaPlan/nextStep', { id: plan.plan.id });
    expect(refused.status).toBe(409);
    expect(refused.body.returnMsg).toBe('不能进入下一步：尚未设立考务办公室；场次考场「理论知识考试 K101」、「操作技能考核 S201」尚未分发试卷');

    const paperId = await bankPaper(d, plan.plan);
    expect((await post('eval_org', '/exaAff/createExaOffice', { planId: plan.plan.id, place: '一号楼 101 室', contactName: '陈静', contactPhone: '13831100004' })).status).toBe(200);
    expect((await post('eval_org', '/exaAff/distributePaper', { sessionId: plan.knowledge, paperId })).status).toBe(200);
    // 考务人员改为负责整个场次（不指定考场）：配比仍满足，但考场 K101 没有负责的人
    const sup = await personId(d, 'supervisor', '杨帆');
    const staff = await personId(d, 'examStaff', '赵文静');
    const loose = await post('eval_org', '/exaAff/distributePerson', { sessionId: plan.knowledge, staff: [{ personId: sup, role: 'supervisor' }, { personId: staff, role: 'examStaff' }] });
    expect(loose.status).toBe(200);
    const two = await post('eval_org', '/exaPlan/nextStep', { id: plan.plan.id });
    expect(two.body.returnMsg).toBe('不能进入下一步：场次考场「操作技能考核 S201」尚未分发试卷；场次考场「理论知识考试 K101」没有分派负责该考场的考评员（理论考场也可以是考务人员）');
    const fixed = await post('eval_org', '/exaAff/distributePerson', {
      sessionId: plan.knowledge,
      staff: [
        { personId: sup, role: 'supervisor' },
        { personId: staff, role: 'examStaff', roomId: plan.rooms.K101 },
      ],
    });
    expect(fixed.status).toBe(200);
    const one = await post('eval_org', '/exaPlan/nextStep', { id: plan.plan.id });
    expect(one.body.returnMsg).toBe('不能进入下一步：场次考场「操作技能考核 S201」尚未分发试卷');

    const up = await upload('/exaAff/uploadPaper', { planId: plan.plan.id }, { name: '实操考核任务书.pdf', bytes: tinyPdf('s') });
    expect((up.body.data as unknown as OfflinePaperItem).name).toBe('实操考核任务书');
    expect((await post('eval_org', '/exaAff/paperMatchPlaces', { offlinePaperId: (up.body.data as unknown as OfflinePaperItem).id, sessionId: plan.onSite })).status).toBe(200);
    const ok = await post('eval_org', '/exaPlan/nextStep', { id: plan.plan.id });
    expect(ok.status).toBe(200);
    const [after] = await d.select().from(examPlans).where(eq(examPlans.id, plan.plan.id));
    expect([after.step, after.state]).toEqual([PLAN_STEP.SCORES, PLAN_STATE.WORKING]);
    // 进入第 5 步后考务安排只读
    const late = await post('eval_org', '/exaAff/delTest', { id: (up.body.data as unknown as OfflinePaperItem).id });
    expect(late.body.returnMsg).toBe('计划当前处于「成绩管理 · 办理中」，删除离线试卷须在「考务安排」步骤办理');
  });
});
