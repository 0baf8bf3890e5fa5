// 工作流引擎本身：用一张只在本测试库里建的小表（申请：草稿 → 待审核 → 通过/驳回），
// 检查可做的操作、统一的拒绝、办理一步的全部效果（条件更新、历史、操作日志、通知）与并发时只有一个生效。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import type { AuditChange } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Db } from '@/lib/platform/db/client';
import { defineWorkflow, historyColumns, registerGate, statusHistoryColumns } from '@/lib/platform/workflow';
import { setupTestDb } from '../../helpers/db';
import { fakeSession } from '../../helpers/session';

const probes = pgTable('wf_probe', { id: serial('id').primaryKey(), orgId: integer('org_id').notNull(), status: smallint('status').notNull(), note: varchar('note', { length: 100 }) });
const probeHistory = pgTable('wf_probe_history', { ...historyColumns(), probeId: integer('probe_id').notNull(), ...statusHistoryColumns() });
type Probe = typeof probes.$inferSelect & { items: number };

const S = { DRAFT: 0, PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;
const sent: { ids: readonly number[]; title: string }[] = [];

const wf = defineWorkflow({
  key: 'probe',
  label: '测试申请',
  entity: 'wf_probe',
  table: probes,
  id: probes.id,
  position: { status: probes.status },
  labels: { status: { 0: '草稿', 1: '待审核', 2: '已通过', 3: '已驳回' } },
  actors: { org: '申请机构', city: '市级管理员' },
  actorsOf: (user, p: Probe) => [...(user.level === 'org' && user.orgId === p.orgId ? (['org'] as const) : []), ...(user.level === 'city' ? (['city'] as const) : [])],
  transitions: [
    { action: 'submit', verb: '提交', from: [S.DRAFT, S.REJECTED], to: S.PENDING, actor: 'org', permission: 'probe.edit', opinion: 'none', gates: ['hasItems', 'remote'] },
    { action: 'approve', verb: '审核通过', from: [S.PENDING], to: S.APPROVED, actor: 'city', permission: 'probeAudit.edit', opinion: 'optional' },
    { action: 'reject', verb: '审核驳回', from: [S.PENDING], to: S.REJECTED, actor: 'city', permission: 'probeAudit.edit', opinion: 'required', opinionMessage: '请输入驳回原因' },
  ],
  operations: { edit: { label: '修改', from: [S.DRAFT, S.REJECTED], actor: 'org', permission: 'probe.edit' } },
  gates: {
    hasItems: { label: '至少一项', check: (_db, p) => (p.items > 0 ? null : '还没有任何项目') },
    remote: { label: '别的领域登记的条件' },
  },
  load: async (db: Db, _user, id) => {
    const [row] = await db.select().from(probes).where(eq(probes.id, id));
    if (!row) throw ApiError.notFound('申请不存在');
    return { ...row, items: row.note === 'empty' ? 0 : 1 };
  },
  describe: (p) => `测试申请 ${p.id}`,
  history: { table: probeHistory, values: (p) => ({ probeId: p.id }) },
  effects: { approve: (_db, _p, ctx) => ({ note: `通过：${ctx.opinion ?? ''}` }) },
  notice: {
    ownerActor: 'org',
    recipients: async (_db, _p, actor, permissions) => (actor === 'city' && permissions.includes('probeAudit.edit') ? [201, 202] : []),
    owners: async () => [101],
    link: (_p, actor) => (actor === 'city' ? '/probe/audit' : '/probe'),
    send: async (_db, ids, m) => void sent.push({ ids, title: m.title }),
  },
});

registerGate<Probe>('probe', 'remote', (_db, p) => (p.note === 'blocked' ? ['别处不允许', '还有一条'] : null));

const { db } = setupTestDb();
const org = fakeSession({ id: 11, level: 'org', orgId: 7 }, { probe: ['edit'] });
const otherOrg = fakeSession({ id: 12, level: 'org', orgId: 8 }, { probe: ['edit'] });
const city = fakeSession({ id: 21, level: 'city', cityId: 130100 }, { probeAudit: ['edit'] });
const cityNoPerm = fakeSession({ id: 22, level: 'city', cityId: 130100 }, {});

async function insert(status: number, note: string | null = null) {
  const [row] = await (await db()).insert(probes).values({ orgId: 7, status, note }).returning();
  return row.id;
}
const read = async (id: number) => (await (await db()).select().from(probes).where(eq(probes.id, id)))[0];
const history = async (id: number) => (await db()).select().from(probeHistory).where(eq(probeHistory.probeId, id));
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: ApiError) => ({ status: e.httpStatus, message: e.message, fields: e.fields }));

beforeAll(async () => {
  const d = await db();
  await d.execute(sql`create table wf_probe (id serial primary key, org_id int not null, status smallint not null, note varchar(100))`);
  await d.execute(
    sql`create table wf_probe_history (id serial primary key, probe_id int not null, action varchar(32) not null, from_status smallint not null, to_status smallint not null, opinion varchar(500), actor_id int, actor_name varchar(64) not null, created_at timestamptz not null default now())`,
  );
});

describe('工作流引擎', () => {
  it('可做的操作按办理方、权限与位置算出', () => {
    const p = (status: number): Probe => ({ id: 1, orgId: 7, status, note: null, items: 1 });
    expect(wf.availableActions(p(S.DRAFT), org)).toEqual(['edit', 'submit']);
    expect(wf.availableActions(p(S.DRAFT), otherOrg)).toEqual([]);
    expect(wf.availableActions(p(S.PENDING), org)).toEqual([]);
    expect(wf.availableActions(p(S.PENDING), city)).toEqual(['approve', 'reject']);
    expect(wf.availableActions(p(S.PENDING), cityNoPerm)).toEqual([]);
    expect(wf.pendingStatuses('city')).toEqual([S.PENDING]);
  });

  it('拒绝：缺权限与不是办理方 403，位置不对 409，意见必填 400（带字段）', async () => {
    const id = await insert(S.PENDING);
    const audit = () => {};
    expect(await refusal(wf.apply(await db(), cityNoPerm, { id, action: 'approve' }, audit))).toMatchObject({ status: 403, message: '没有审核通过的权限' });
    expect(await refusal(wf.apply(await db(), otherOrg, { id, action: 'submit' }, audit))).toMatchObject({ status: 403, message: '「提交」须由申请机构办理' });
    expect(await refusal(wf.apply(await db(), org, { id, action: 'submit' }, audit))).toMatchObject({ status: 409, message: '测试申请当前为「待审核」，不能提交' });
    expect(await refusal(wf.apply(await db(), city, { id, action: 'reject', opinion: '  ' }, audit))).toMatchObject({ status: 400, fields: { opinion: '请输入驳回原因' } });
    expect(await refusal(wf.apply(await db(), city, { id, action: 'nope' as 'approve' }, audit))).toMatchObject({ status: 400 });
    expect((await read(id)).status).toBe(S.PENDING);
    expect(await history(id)).toHaveLength(0);
  });

  it('条件不满足：409 列出全部原因（声明处的与别的领域登记的），一行不改', async () => {
    const empty = await insert(S.DRAFT, 'empty');
    expect(await refusal(wf.apply(await db(), org, { id: empty, action: 'submit' }, () => {}))).toMatchObject({ status: 409, message: '不能提交：还没有任何项目' });
    const blocked = await insert(S.DRAFT, 'blocked');
    expect(await refusal(wf.apply(await db(), org, { id: blocked, action: 'submit' }, () => {}))).toMatchObject({ status: 409, message: '不能提交：别处不允许；还有一条' });
    expect((await read(blocked)).status).toBe(S.DRAFT);
  });

  it('办理一步：到达去向、写一行历史、记操作日志、附带动作写入、通知下一步能办的人与所属方', async () => {
    const id = await insert(S.DRAFT);
    const changes: AuditChange[] = [];
    sent.length = 0;
    const r = await wf.apply(await db(), org, { id, action: 'submit' }, (c) => changes.push(c));
    expect(r).toMatchObject({ to: { status: S.PENDING }, positionName: '待审核' });
    expect(sent).toEqual([{ ids: [201, 202], title: `测试申请 ${id}：提交，待市级管理员审核通过或审核驳回` }]);

    sent.length = 0;
    await wf.apply(await db(), city, { id, action: 'approve', opinion: '同意' }, (c) => changes.push(c));
    const row = await read(id);
    expect(row).toMatchObject({ status: S.APPROVED, note: '通过：同意' });
    expect(sent).toEqual([{ ids: [101], title: `测试申请 ${id}：审核通过` }]);
    const h = await history(id);
    expect(h.map((x) => [x.action, x.fromStatus, x.toStatus, x.opinion, x.actorId])).toEqual([
      ['submit', S.DRAFT, S.PENDING, null, 11],
      ['approve', S.PENDING, S.APPROVED, '同意', 21],
    ]);
    expect(changes.map((c) => c.detail)).toEqual([`测试申请 ${id}：提交（草稿 → 待审核）`, `测试申请 ${id}：审核通过（待审核 → 已通过）`]);
  });

  it('并发办理同一对象：只有一个生效，其余得到 409，只有一行历史', async () => {
    const id = await insert(S.PENDING);
    const d = await db();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => refusal(wf.apply(d, city, { id, action: i % 2 ? 'approve' : 'reject', opinion: '并发' }, () => {}))));
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.filter((r) => r?.status === 409)).toHaveLength(5);
    expect(await history(id)).toHaveLength(1);
  });

  it('操作的拒绝与“谁可做什么”表', () => {
    const p: Probe = { id: 1, orgId: 7, status: S.PENDING, note: null, items: 1 };
    expect(() => wf.assertOperation(p, org, 'edit')).toThrow('测试申请当前为「待审核」，不能修改');
    expect(() => wf.assertOperation({ ...p, status: S.DRAFT }, city, 'edit')).toThrow('没有修改的权限');
    expect(wf.matrix()).toEqual([
      { action: 'submit', verb: '提交', from: '草稿、已驳回', to: '待审核', actor: '申请机构', permission: 'probe.edit', opinion: '—', gates: ['至少一项', '别的领域登记的条件'] },
      { action: 'approve', verb: '审核通过', from: '待审核', to: '已通过', actor: '市级管理员', permission: 'probeAudit.edit', opinion: '可填', gates: [] },
      { action: 'reject', verb: '审核驳回', from: '待审核', to: '已驳回', actor: '市级管理员', permission: 'probeAudit.edit', opinion: '必填', gates: [] },
    ]);
  });
});
