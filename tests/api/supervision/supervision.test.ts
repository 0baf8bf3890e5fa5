// 督导：督导员只看分派给自己的计划（其余 404）；意见只能由分派到该计划的督导员填写、只在考务安排或成绩管理步骤；
// 异常记录的校验消息、本人才能改；异常记录导入有坏行一行不写；报送材料提交后不能删除。
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { xlsxFile } from '../../helpers/xlsx';
import { authHeaders } from '../access/login-helper';
import { examinees } from '@/lib/domains/examinee/tables';
import { examSessions } from '@/lib/domains/examSite/tables';
import { PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { abnormalRecords, chinaNetworkFileHistory, supervisorOpinions } from '@/lib/domains/supervision/tables';
import { NETWORK_FILE_STATUS, type AbnormalItem, type NetworkFileItem, type OpinionItem, type TaskItem } from '@/lib/domains/supervision/schemas';
import { arrangedPlan, login, post, setStep, tinyPdf, type Arranged, type Paged } from '../examAffairs/helpers';

const { db } = setupTestDb();

let mine: Arranged;
let others: Arranged;

beforeAll(async () => {
  await login('supervisor', 'sjz_admin', 'admin', 'eval_org');
  const d = await db();
  mine = await arrangedPlan(d, '2026-05-11', '杨帆');
  others = await arrangedPlan(d, '2026-05-12', '胡立新');
}, 120_000);

const opinion = (account: string, planId: number, over: Record<string, unknown> = {}) => post(account, '/exaSupervisorOpinion/add', { planId, conclusion: 1, content: '考场秩序良好', ...over });
const abnormal = (account: string, sessionId: number, over: Record<string, unknown> = {}) =>
  post<{ id: number }>(account, '/exaExamAbnormalRecord/add', { sessionId, kind: 1, occurredAt: '2026-05-11 09:25', description: '考生携带手机', ...over });

describe('督导员只看分派给自己的计划', () => {
  it('任务列表只有本人督导的场次；市级管理员看得到本市全部', async () => {
    const tasks = await post<Paged<TaskItem>>('supervisor', '/perSuper/listSuperTask', { keyword: mine.plan.code, pageSize: 100 });
    expect(tasks.body.data.list.map((t) => t.sessionName).sort()).toEqual(['操作技能考核', '理论知识考试']);
    expect(tasks.body.data.list[0].actions).toEqual(['opinion', 'orgOpinion', 'networkFile', 'abnormal']);
    const hidden = await post<Paged<TaskItem>>('supervisor', '/perSuper/listSuperTask', { keyword: others.plan.code });
    expect(hidden.body.data.total).toBe(0);
    const city = await post<Paged<TaskItem>>('sjz_admin', '/perSuper/listSuperTask', { keyword: others.plan.code });
    expect(city.body.data.total).toBe(2);
  });

  it('对未分派的计划：填写意见、记录异常、报送材料 404，列表里看不到', async () => {
    expect((await opinion('supervisor', others.plan.id)).status).toBe(404);
    const ab = await abnormal('supervisor', others.knowledge);
    expect(ab.status).toBe(404);
    expect(ab.body.returnMsg).toBe('考试计划不存在或不在您的管辖范围内');
    expect((await post('supervisor', '/exaChinaNetworkFile/byCommit', { planId: others.plan.id })).status).toBe(404);
    // 别人填的意见也看不到
    expect((await opinion('admin', others.plan.id)).status).toBe(403);
    const d = await db();
    await d.insert(supervisorOpinions).values({ planId: others.plan.id, orgId: others.plan.orgId, cityId: others.plan.cityId, personId: 1, authorName: '胡立新', conclusion: 1, content: '良好' });
    const list = await post<Paged<OpinionItem>>('supervisor', '/exaSupervisorOpinion/byCode', { planCode: others.plan.code });
    expect(list.body.data.total).toBe(0);
    const cityList = await post<Paged<OpinionItem>>('sjz_admin', '/exaSupervisorOpinion/byCode', { planCode: others.plan.code });
    expect(cityList.body.data.total).toBe(1);
  });
});

describe('督导意见', () => {
  it('开考之前不能填写督导意见与异常记录（议题 27 第 3 项）', async () => {
    const d = await db();
    // 把理论场次挪到将来：对该场次的意见、异常记录与对整个计划的意见都拒绝，并说明何时可以
    await d.update(examSessions).set({ examDate: '2031-05-11' }).where(eq(examSessions.id, mine.knowledge));
    await d.update(examSessions).set({ examDate: '2031-05-11' }).where(eq(examSessions.id, mine.onSite));
    try {
      const bySession = await opinion('supervisor', mine.plan.id, { sessionId: mine.knowledge });
      expect(bySession.status).toBe(409);
      expect(bySession.body.returnMsg).toBe('场次「理论知识考试」2031-05-11 09:00 开考，开考之后才能填写督导意见');
      const wholePlan = await opinion('supervisor', mine.plan.id);
      expect(wholePlan.status).toBe(409);
      const orgOpinion = await post('supervisor', '/exaSupervisorOpinionOrg/add', { planId: mine.plan.id, rating: 1, content: '良好' });
      expect(orgOpinion.status).toBe(409);
      expect(orgOpinion.body.returnMsg).toContain('开考之后才能填写对评价机构的评价');
      const record = await abnormal('supervisor', mine.knowledge, { occurredAt: '2031-05-11 09:25' });
      expect(record.status).toBe(409);
      expect(record.body.returnMsg).toBe('场次「理论知识考试」2031-05-11 09:00 开考，开考之后才能填写考试异常记录');
    } finally {
      await d.update(examSessions).set({ examDate: '2026-05-11' }).where(eq(examSessions.id, mine.knowledge));
      await d.update(examSessions).set({ examDate: '2026-05-11' }).where(eq(examSessions.id, mine.onSite));
    }
    // 发生时间早于开考：拒绝
    const before = await abnormal('supervisor', mine.knowledge, { occurredAt: '2026-05-11 08:00' });
    expect(before.status).toBe(400);
    expect(before.body.returnMsg).toBe('发生时间早于场次「理论知识考试」开考（2026-05-11 09:00），请核对发生时间或场次');
  });

  it('分派的督导员可填写；省级管理员不是该计划的督导员 403；只在考务安排或成绩管理步骤', async () => {
    const ok = await opinion('supervisor', mine.plan.id, { sessionId: mine.knowledge, conclusion: 2 });
    expect(ok.status).toBe(200);
    const admin = await opinion('admin', mine.plan.id);
    expect(admin.status).toBe(403);
    expect(admin.body.returnMsg).toBe('只有分派到该计划的督导员可以填写督导意见');
    const badConclusion = await opinion('supervisor', mine.plan.id, { conclusion: 9 });
    expect(badConclusion.status).toBe(400);
    expect(badConclusion.body.returnMsg).toContain('督导结论不正确');
    const empty = await opinion('supervisor', mine.plan.id, { content: ' ' });
    expect(empty.body.returnMsg).toContain('请输入督导意见');
    const d = await db();
    await setStep(d, mine.plan, PLAN_STEP.ARRANGE_ROOMS);
    const early = await opinion('supervisor', mine.plan.id);
    expect(early.body.returnMsg).toBe('计划当前处于「编排考场 · 办理中」，填写督导意见须在「考务安排」或「成绩管理」步骤');
    await setStep(d, mine.plan, PLAN_STEP.EXAM_AFFAIRS);
    const list = await post<Paged<OpinionItem>>('eval_org', '/exaSupervisorOpinion/byCode', { planCode: mine.plan.code });
    expect(list.body.data.list).toMatchObject([{ conclusionName: '基本规范', sessionName: '理论知识考试', authorName: '杨帆' }]);
    const org = await post('supervisor', '/exaSupervisorOpinionOrg/add', { planId: mine.plan.id, rating: 1, content: '组织有序' });
    expect(org.status).toBe(200);
    const again = await post('supervisor', '/exaSupervisorOpinionOrg/add', { planId: mine.plan.id, rating: 2, content: '组织基本有序' });
    expect(again.status).toBe(200);
    const orgs = await post<Paged<{ ratingName: string }>>('supervisor', '/exaSupervisorOpinionOrg/by', { planId: mine.plan.id });
    expect(orgs.body.data.list.map((o) => o.ratingName)).toEqual(['合格']);
  });
});

describe('考试异常记录', () => {
  it('校验消息；督导员只能改本人填写的', async () => {
    const badKind = await abnormal('supervisor', mine.knowledge, { kind: 8 });
    expect(badKind.body.returnMsg).toContain('异常类别不正确');
    const badTime = await abnormal('supervisor', mine.knowledge, { occurredAt: '2026/05/11' });
    expect(badTime.body.returnMsg).toContain('发生时间格式应为 YYYY-MM-DD HH:mm');
    const badTicket = await abnormal('supervisor', mine.knowledge, { ticketNo: 'NOPE0001' });
    expect(badTicket.body.returnMsg).toBe('准考证号「NOPE0001」不是本计划的考生');
    const d = await db();
    const [e] = await d.select().from(examinees).where(eq(examinees.planId, mine.plan.id)).limit(1);
    const ok = await abnormal('supervisor', mine.knowledge, { ticketNo: e.ticketNo, files: [] });
    expect(ok.status).toBe(200);
    const byAdmin = await abnormal('admin', mine.onSite, { kind: 4, description: '设备故障', occurredAt: '2026-05-11 13:50' });
    expect(byAdmin.status).toBe(200);
    const edit = await post('supervisor', '/exaExamAbnormalRecord/update', { id: byAdmin.body.data.id, sessionId: mine.onSite, kind: 4, occurredAt: '2026-05-11 14:00', description: '改' });
    expect(edit.status).toBe(403);
    expect(edit.body.returnMsg).toBe('只能修改本人填写的异常记录');
    const list = await post<Paged<AbnormalItem>>('supervisor', '/exaExamAbnormalRecord/by', { planId: mine.plan.id });
    const mineRow = list.body.data.list.find((r) => r.id === ok.body.data.id)!;
    expect(mineRow).toMatchObject({ examineeName: e.name, kindName: '违纪', occurredAt: '2026-05-11 09:25', actions: ['edit', 'delete'] });
    expect(list.body.data.list.find((r) => r.id === byAdmin.body.data.id)!.actions).toEqual([]);
    expect((await post('supervisor', '/exaExamAbnormalRecord/del', { ids: [ok.body.data.id] })).status).toBe(200);
  });

  it('导入：有坏行时一行不写并给出错误工作簿；全对时写入', async () => {
    const d = await db();
    const headers = await authHeaders('supervisor');
    const countRows = async () => (await d.select({ n: count() }).from(abnormalRecords).where(eq(abnormalRecords.planId, mine.plan.id)))[0].n;
    const before = await countRows();
    const head = ['计划编号', '场次名称', '考场名称', '准考证号', '异常类别', '发生时间', '情况说明', '处理结果'];
    const good = [mine.plan.code, '理论知识考试', 'K101', null, '违纪', '2026-05-11 09:40', '交头接耳', '警告'];
    const form = async (rows: unknown[][]) => {
      const f = new FormData();
      f.append('file', await xlsxFile([head, ...(rows as never[])]));
      return f;
    };
    const bad = await call<{ errorCount: number; errors: { row: number; column: string; message: string }[]; errorFileUrl: string }>('POST', '/exaExamAbnormalRecord/exceptionImport', {
      headers,
      form: await form([good, [mine.plan.code, '不存在的场次', null, null, '违纪', '2026-05-11 09:45', '说明', null], [others.plan.code, '理论知识考试', null, null, '作弊', '2026-05-12 09:45', '说明', null]]),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errorCount).toBe(2);
    expect(bad.body.data.errors).toEqual([
      { row: 3, column: '场次名称', message: '本计划没有该场次' },
      { row: 4, column: '计划编号', message: '计划不存在或不在您的管辖范围内' },
    ]);
    expect(bad.body.data.errorFileUrl).toMatch(/importErrors/);
    expect(await countRows()).toBe(before);

    const ok = await call<{ total: number }>('POST', '/exaExamAbnormalRecord/exceptionImport', { headers, form: await form([good, [mine.plan.code, '操作技能考核', 'S201', null, '设备故障', '2026-05-11 14:10', '断电', '恢复']]) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.total).toBe(2);
    expect(await countRows()).toBe(before + 2);
  });
});

describe('报送全国网的材料', () => {
  it('上传、提交后不能删除', async () => {
    const headers = await authHeaders('supervisor');
    const f = new FormData();
    f.append('file', new File([tinyPdf('report') as BlobPart], '督导报告.pdf', { type: 'application/pdf' }));
    f.append('purpose', 'attachment');
    const up = await call<{ url: string }[]>('POST', '/uploadMulti', { headers, form: f });
    expect(up.status).toBe(200);
    const url = (up.body as unknown as { data: { url: string }[] }).data[0].url;
    const add = await post<{ id: number }>('supervisor', '/exaChinaNetworkFile/add', { planId: mine.plan.id, name: '督导报告', fileType: 1, url });
    expect(add.status).toBe(200);
    const listed = await post<Paged<NetworkFileItem>>('supervisor', '/exaChinaNetworkFile/by', { planId: mine.plan.id });
    expect(listed.body.data.list[0].actions).toEqual(['delete', 'commit']);
    // 市级管理员看得到，但不是分派的督导员：不能提交
    expect((await post('sjz_admin', '/exaChinaNetworkFile/byCommit', { planId: mine.plan.id })).status).toBe(403);
    expect((await post('supervisor', '/exaChinaNetworkFile/byCommit', { planId: mine.plan.id })).status).toBe(200);
    const history = await db().then((d) => d.select().from(chinaNetworkFileHistory).where(eq(chinaNetworkFileHistory.fileId, add.body.data.id)));
    expect(history).toMatchObject([{ action: 'commit', fromStatus: NETWORK_FILE_STATUS.DRAFT, toStatus: NETWORK_FILE_STATUS.COMMITTED, actorName: '杨帆' }]);
    const del = await post('supervisor', '/exaChinaNetworkFile/del', { ids: [add.body.data.id] });
    expect(del.status).toBe(409);
    expect(del.body.returnMsg).toBe('报送材料当前为「已提交」，不能删除');
    const again = await post('supervisor', '/exaChinaNetworkFile/byCommit', { planId: mine.plan.id });
    expect(again.status).toBe(409);
    expect(again.body.returnMsg).toBe('该计划没有未提交的报送材料');
  });
});
