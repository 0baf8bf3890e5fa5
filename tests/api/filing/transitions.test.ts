// 备案状态机：由 transitions.ts 的同一张表逐一生成“允许”与“拒绝”的用例，另加驳回须填意见、范围、权限、通知、历史、增量与导入。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { xlsxFile } from '../../helpers/xlsx';
import { authHeaders } from '../access/login-helper';
import { FILING_STATUS, STATUS_LABEL, TRANSITION_ACTIONS, stepOf } from '@/lib/domains/filing/transitions';

const TRANSITIONS = TRANSITION_ACTIONS.map(stepOf);
type Transition = (typeof TRANSITIONS)[number];
import { filingHistory, filings, filingWorks, baseRecordOrgs } from '@/lib/domains/filing/tables';
import { messages } from '@/lib/domains/message/tables';
import { organisations, organisationWorks } from '@/lib/domains/org/tables';
import { baseWorks } from '@/lib/domains/catalog/tables';
import { processRules } from '@/lib/domains/dict/tables';
import { demoUserId } from '@/db/seed';
import type { Db } from '@/lib/platform/db/client';

/** 种子里某演示机构某类别的备案（编号按 BA+年份+类别+序号分配，故按机构与类别找） */
async function demoFiling(db: Db, orgCode: string, kind: number) {
  const [row] = await db
    .select({ filing: filings })
    .from(filings)
    .innerJoin(organisations, eq(organisations.id, filings.orgId))
    .where(and(eq(organisations.code, orgCode), eq(filings.kind, kind)));
  return row.filing;
}

const { db: getDb } = setupTestDb();
let db: Db;

const h: Record<string, Record<string, string>> = {};
const ACTOR_ACCOUNT = { org: 'eval_org', city: 'sjz_admin', province: 'admin' } as const;
let works: { code: string }[] = [];
let filingId = 0;

beforeAll(async () => {
  db = await getDb();
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org', 'supervisor']) h[a] = await authHeaders(a);
  works = await db.select({ code: baseWorks.code }).from(baseWorks).orderBy(baseWorks.code).limit(8);
  // 华元评价新建一份职业资格备案（演示数据中留空的类别），后续用例直接改它的状态
  const { status, body } = await call<{ id: number; status: number }>('POST', '/fil/info/saveFilInfoByOther', {
    headers: h.eval_org,
    json: { kind: 1, orgType: 3, contactName: '陈静', contactPhone: '13831100004', works: [{ workCode: works[0].code, levels: [5] }] },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  filingId = body.data.id;
});

const setStatus = (status: number) => db.update(filings).set({ status }).where(eq(filings.id, filingId));

/** 按办理方调用对应的端点 */
function perform(t: Transition, account: string, opinion: string | null = '意见') {
  if (t.action === 'submit') return call('POST', '/fil/modify/submitAudit', { headers: h[account], json: { id: filingId } });
  if (t.action === 'voidApply') return call('POST', '/fil/modify/voidApply', { headers: h[account], json: { id: filingId, opinion } });
  return call('POST', '/filInfoAudit/updateStatus', { headers: h[account], json: { id: filingId, action: t.action, opinion } });
}

const ALL_STATUSES = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8];

describe('转换表：每个允许的转换', () => {
  for (const t of TRANSITIONS) {
    for (const from of t.from) {
      it(`${t.verb}：${STATUS_LABEL[from]} → ${STATUS_LABEL[t.to]}（${ACTOR_ACCOUNT[t.actor]}）`, async () => {
        await setStatus(from);
        const before = (await db.select({ n: sql<number>`count(*)::int` }).from(filingHistory).where(eq(filingHistory.filingId, filingId)))[0].n;
        const { status, body } = await perform(t, ACTOR_ACCOUNT[t.actor]);
        expect(status, JSON.stringify(body)).toBe(200);
        const [f] = await db.select().from(filings).where(eq(filings.id, filingId));
        expect(f.status).toBe(t.to);
        const rows = await db.select().from(filingHistory).where(eq(filingHistory.filingId, filingId)).orderBy(filingHistory.id);
        expect(rows.length).toBe(before + 1);
        expect(rows.at(-1)).toMatchObject({ action: t.action, fromStatus: from, toStatus: t.to, actorId: await demoUserId(db, ACTOR_ACCOUNT[t.actor]) });
      });
    }
  }
});

describe('转换表：其他状态一律拒绝，且不改变任何东西', () => {
  for (const t of TRANSITIONS) {
    for (const from of ALL_STATUSES.filter((s) => !t.from.includes(s))) {
      it(`${t.verb}：从「${STATUS_LABEL[from]}」拒绝`, async () => {
        await setStatus(from);
        const { status, body } = await perform(t, ACTOR_ACCOUNT[t.actor]);
        expect(status).toBe(409);
        expect(body.returnMsg).toBe(`备案当前为「${STATUS_LABEL[from]}」，不能${t.verb}`);
        const [f] = await db.select().from(filings).where(eq(filings.id, filingId));
        expect(f.status).toBe(from);
      });
    }
  }

  it('从待初审再提交：“备案当前为「待初审」，不能提交”', async () => {
    await setStatus(0);
    const { body } = await call('POST', '/fil/modify/submitAudit', { headers: h.eval_org, json: { id: filingId } });
    expect(body.returnMsg).toBe('备案当前为「待初审」，不能提交');
  });
});

describe('办理方与权限', () => {
  it('机构不能审核（没有审核权限 403）', async () => {
    await setStatus(0);
    const { status } = await call('POST', '/filInfoAudit/updateStatus', { headers: h.eval_org, json: { id: filingId, result: 'pass' } });
    expect(status).toBe(403);
    expect((await db.select().from(filings).where(eq(filings.id, filingId)))[0].status).toBe(0);
  });

  it('省级管理员不能做市级初审，市级不能做省级复审', async () => {
    await setStatus(0);
    const a = await call('POST', '/filInfoAudit/updateStatus', { headers: h.admin, json: { id: filingId, action: 'cityPass' } });
    expect(a.status).toBe(403);
    expect(a.body.returnMsg).toBe('「初审通过」须由市级管理员办理');
    await setStatus(2);
    const b = await call('POST', '/filInfoAudit/updateStatus', { headers: h.sjz_admin, json: { id: filingId, result: 'pass' } });
    expect(b.status).toBe(403);
  });

  it('管理员不能替机构提交', async () => {
    await setStatus(-1);
    const { status, body } = await call('POST', '/fil/modify/submitAudit', { headers: h.admin, json: { id: filingId } });
    expect(status).toBe(403);
    expect(body.returnMsg).toBe('「提交」须由备案机构办理');
  });

  it('保定管理员审核石家庄的备案：404，状态不变', async () => {
    await setStatus(0);
    const { status } = await call('POST', '/filInfoAudit/updateStatus', { headers: h.bd_admin, json: { id: filingId, result: 'pass' } });
    expect(status).toBe(404);
    expect((await db.select().from(filings).where(eq(filings.id, filingId)))[0].status).toBe(0);
  });

  it('石家庄管理员审核保定的备案：404；看不到保定的备案', async () => {
    const bd = await demoFiling(db, 'ORG130607001', 0);
    expect(bd.status).toBe(0);
    const { status } = await call('POST', '/filInfoAudit/updateStatus', { headers: h.sjz_admin, json: { id: bd.id, result: 'pass', opinion: '同意' } });
    expect(status).toBe(404);
    const list = await call<{ list: { cityId: number }[] }>('POST', '/filInfoAudit/list', { headers: h.sjz_admin, json: { pageSize: 100 } });
    expect(list.body.data.list.length).toBeGreaterThan(0);
    expect(list.body.data.list.every((f) => f.cityId === 130100)).toBe(true);
  });

  it('保定管理员看不到石家庄机构的备案详情（404）', async () => {
    const { status } = await call('POST', '/fil/info/filInfoView', { headers: h.bd_admin, json: { id: filingId } });
    expect(status).toBe(404);
  });

  it('没有备案权限的账号：403', async () => {
    const { status } = await call('POST', '/fil/view/filView', { headers: h.supervisor, json: { kind: 0 } });
    expect(status).toBe(403);
  });
});

describe('意见、通知与历史', () => {
  it('驳回必须填写审核意见', async () => {
    await setStatus(0);
    const { status, body } = await call('POST', '/filInfoAudit/updateStatus', { headers: h.sjz_admin, json: { id: filingId, result: 'reject' } });
    expect(status).toBe(400);
    expect(body.returnMsg).toContain('请输入审核意见');
    expect((await db.select().from(filings).where(eq(filings.id, filingId)))[0].status).toBe(0);
  });

  it('完整流程：提交 → 市级通过（带意见）→ 省级通过；机构收到通知，历史完整，工种进入机构已备案工种', async () => {
    await setStatus(-1);
    const orgUser = await demoUserId(db, 'eval_org');
    const msgBefore = (await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.userId, orgUser)))[0].n;
    expect((await call('POST', '/fil/modify/submitAudit', { headers: h.eval_org, json: { id: filingId } })).status).toBe(200);
    expect((await call('POST', '/filInfoAudit/updateStatus', { headers: h.sjz_admin, json: { id: filingId, result: 'pass', opinion: '材料齐全' } })).status).toBe(200);
    // 演示的流程规则要求省级复审填写意见：不填被拒
    const bare = await call('POST', '/filInfoAudit/updateStatus', { headers: h.admin, json: { id: filingId, result: 'pass' } });
    expect(bare.status).toBe(400);
    expect(bare.body.returnMsg).toBe('请输入审核意见（本地流程规则要求填写）');
    expect((await call('POST', '/filInfoAudit/updateStatus', { headers: h.admin, json: { id: filingId, result: 'pass', opinion: '同意备案' } })).status).toBe(200);
    const detail = await call<{ status: number; statusName: string; lastOpinion: string | null }>('POST', '/fil/info/filInfoView', { headers: h.eval_org, json: { id: filingId } });
    expect(detail.body.data).toMatchObject({ status: 8, statusName: '审核完成' });
    const notes = await db.select().from(messages).where(eq(messages.userId, orgUser)).orderBy(messages.id);
    expect(notes.length).toBe(msgBefore + 2);
    expect(notes.at(-2)!.title).toContain('初审通过');
    expect(notes.at(-2)!.content).toContain('材料齐全');
    expect(notes.at(-1)!.title).toContain('复审通过');
    // 消息链接打开该类备案列表并按编号筛选
    expect(notes.at(-1)!.link).toMatch(/^\/evaluation\/filing\/qualification\?code=/);
    const hist = await call<{ actionName: string; opinion: string | null; actorName: string }[]>('POST', '/fil/info/filInfoOperate', { headers: h.eval_org, json: { id: filingId } });
    expect(hist.body.data.slice(-3).map((x) => x.actionName)).toEqual(['提交', '初审通过', '复审通过']);
    expect(hist.body.data.at(-2)).toMatchObject({ opinion: '材料齐全', actorName: '王志强' });
    const org = await db.select().from(organisationWorks).where(eq(organisationWorks.workCode, works[0].code));
    expect(org.length).toBeGreaterThan(0);
  });
});

describe('增量备案', () => {
  it('已完成的备案增加工种：审核期间原工种仍为已备案，增量通过后并入', async () => {
    await setStatus(8);
    const add = await call<{ incrementId: number }>('POST', '/fil/info/incrementAdd', {
      headers: h.eval_org,
      json: { id: filingId, works: [{ workCode: works[1].code, levels: [5] }] },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const incrementId = add.body.data.incrementId;
    const dup = await call('POST', '/fil/info/incrementAdd', { headers: h.eval_org, json: { id: filingId, works: [{ workCode: works[0].code, levels: [5] }] } });
    expect(dup.status).toBe(409);
    expect((await call('POST', '/fil/info/incrementSubmitAudit', { headers: h.eval_org, json: { id: filingId } })).status).toBe(200);
    const mid = await call<{ status: number; works: { workCode: string; filed: boolean }[] }>('POST', '/fil/info/filInfoView', { headers: h.eval_org, json: { id: filingId } });
    expect(mid.body.data.status).toBe(8);
    expect(mid.body.data.works.find((w) => w.workCode === works[0].code)!.filed).toBe(true);
    expect(mid.body.data.works.find((w) => w.workCode === works[1].code)!.filed).toBe(false);
    // 增量驳回须填意见；驳回后备案仍是审核完成
    const rej = await call('POST', '/filInfoAudit/updateStatus', { headers: h.sjz_admin, json: { id: filingId, incrementId, result: 'reject' } });
    expect(rej.status).toBe(400);
    expect((await call('POST', '/filInfoAudit/updateStatus', { headers: h.sjz_admin, json: { id: filingId, incrementId, result: 'pass', opinion: '同意增加' } })).status).toBe(200);
    // 增量不能申请作废
    const voidInc = await call('POST', '/filInfoAudit/updateStatus', { headers: h.admin, json: { id: filingId, incrementId, action: 'voidConfirm' } });
    expect(voidInc.status).toBe(400);
    expect((await call('POST', '/filInfoAudit/updateStatus', { headers: h.admin, json: { id: filingId, incrementId, result: 'pass', opinion: '同意增加' } })).status).toBe(200);
    const end = await call<{ status: number; works: { workCode: string; filed: boolean }[] }>('POST', '/fil/info/filInfoView', { headers: h.eval_org, json: { id: filingId } });
    expect(end.body.data.status).toBe(8);
    expect(end.body.data.works.every((w) => w.filed)).toBe(true);
    const orgWorks = await db.select().from(organisationWorks).where(eq(organisationWorks.workCode, works[1].code));
    expect(orgWorks.length).toBeGreaterThan(0);
  });

  it('停用要求填写意见的流程规则后，审核通过可不填意见', async () => {
    await setStatus(0);
    await db.update(processRules).set({ status: 1 }).where(eq(processRules.processType, 'FILING_AUDIT'));
    try {
      const { status } = await call('POST', '/filInfoAudit/updateStatus', { headers: h.sjz_admin, json: { id: filingId, result: 'pass' } });
      expect(status).toBe(200);
    } finally {
      await db.update(processRules).set({ status: 0 }).where(eq(processRules.processType, 'FILING_AUDIT'));
    }
  });

  it('未完成的备案不能增量', async () => {
    await setStatus(0);
    const { status, body } = await call('POST', '/fil/info/incrementAdd', { headers: h.eval_org, json: { id: filingId, works: [{ workCode: works[2].code, levels: [5] }] } });
    expect(status).toBe(400);
    expect(body.returnMsg).toContain('当前状态为「待初审」');
  });
});

describe('录入与导入', () => {
  it('同一机构同一类别不能重复备案（409）', async () => {
    const { status, body } = await call('POST', '/fil/info/saveFilInfoByOther', {
      headers: h.eval_org,
      json: { kind: 1, orgType: 3, contactName: '陈静', contactPhone: '13831100004' },
    });
    expect(status).toBe(409);
    expect(body.returnMsg).toContain('该机构已有职业资格备案');
  });

  it('联系电话格式错误：中文提示', async () => {
    const { status, body } = await call('POST', '/fil/info/saveFilInfoByOther', {
      headers: h.eval_org,
      json: { kind: 1, orgType: 3, contactName: '陈静', contactPhone: '12345' },
    });
    expect(status).toBe(400);
    expect(body.returnMsg).toContain('手机号');
  });

  it('备案机构导入：有一行错误则一行也不写', async () => {
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(baseRecordOrgs))[0].n;
    const file = await xlsxFile([
      ['机构名称', '统一社会信用代码', '机构类型', '区划代码'],
      ['石家庄新建评价中心', '91130102MA0X1Y2W3A', '社会培训评价组织', '130102'],
      ['保定某机构', '91130606MA0X1Y2W3B', '不存在的类型', '130606'],
    ]);
    const form = new FormData();
    form.set('file', file);
    const { status, body } = await call<{ errors: { row: number }[] }>('POST', '/org/importRecordOrg', { headers: h.admin, form });
    expect(status).toBe(400);
    expect(body.data.errors.map((e) => e.row), JSON.stringify(body.data.errors)).toEqual([3]);
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(baseRecordOrgs))[0].n).toBe(before);
  });

  it('备案机构库：市级管理员只看本市，且没有导入权限（403）', async () => {
    const list = await call<{ list: { cityId: number }[]; total: number }>('POST', '/org/listBaseRecordOrg', { headers: h.sjz_admin, json: { pageSize: 100 } });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(0);
    expect(list.body.data.list.every((o) => o.cityId === 130100)).toBe(true);
    const form = new FormData();
    form.set('file', await xlsxFile([['机构名称'], ['x']]));
    expect((await call('POST', '/org/importRecordOrg', { headers: h.sjz_admin, form })).status).toBe(403);
  });

  it('备案人员导入：身份证号错误的行使整份不写入', async () => {
    await setStatus(-1);
    const file = await xlsxFile([
      ['姓名', '身份证号', '手机号'],
      ['张三', '130102198001010016', '13800000001'],
      ['李四', '130102198013010011', '13800000002'],
    ]);
    const form = new FormData();
    form.set('file', file);
    form.set('filingId', String(filingId));
    const { status, body } = await call<{ errors: { row: number }[] }>('POST', '/fil/evaluator/import', { headers: h.eval_org, form });
    expect(status).toBe(400);
    expect(body.data.errors.map((e) => e.row)).toContain(3);
    const list = await call<{ list: unknown[]; total: number }>('POST', '/fil/evaluator/list', { headers: h.eval_org, json: { filingId } });
    expect(list.body.data).toMatchObject({ list: [], total: 0 });
  });

  it('提交前至少有一个工种', async () => {
    await setStatus(-1);
    await db.delete(filingWorks).where(and(eq(filingWorks.filingId, filingId)));
    const { status, body } = await call('POST', '/fil/modify/submitAudit', { headers: h.eval_org, json: { id: filingId } });
    expect(status).toBe(409);
    expect(body.returnMsg).toBe('不能提交：请至少添加一个备案工种后再提交');
  });

  it('公开摘要无需登录，不含人员信息', async () => {
    const f = await demoFiling(db, 'ORG130102001', 0);
    const { status, body } = await call<Record<string, unknown>>('GET', '/fil/view/publicFilView', { query: { code: f.publicCode } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ orgName: '河北华元职业技能评价有限公司', statusName: '审核完成' });
    expect(JSON.stringify(body.data)).not.toMatch(/idNumber|mobile|contactPhone/);
  });

  it('列表行只给在效备案公示页编号：在审的为空', async () => {
    const rowOf = async () => {
      const list = await call<{ list: { id: number; publicCode: string | null }[] }>('POST', '/filling/listNotFilling', { headers: h.eval_org, json: { pageSize: 100 } });
      return list.body.data!.list.find((r) => r.id === filingId)!;
    };
    await setStatus(FILING_STATUS.COMPLETED);
    expect((await rowOf()).publicCode).toMatch(/^[0-9a-f-]{36}$/);
    await setStatus(FILING_STATUS.FIRST_REVIEW);
    expect((await rowOf()).publicCode).toBeNull();
  });

  it('公示只按随机公示码、只公示有效备案：按序号 id 查 400，在审的备案 404', async () => {
    const f = await demoFiling(db, 'ORG130102001', 0);
    const byId = await call('GET', '/fil/view/publicFilView', { query: { id: f.id } });
    expect(byId.status).toBe(400);
    await setStatus(1);
    const pending = (await db.select().from(filings).where(eq(filings.id, filingId)))[0];
    const res = await call('GET', '/fil/view/publicFilView', { query: { code: pending.publicCode } });
    expect(res.status).toBe(404);
    expect(res.body.returnMsg).toBe('备案不存在或未在公示期内');
  });
});
