// 部门：数据范围、新增校验与编码重复、审核流转（驳回须填意见、不能重复审核、驳回后修改重新待审核）、意见历史、权限。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { organisations } from '@/lib/domains/org/tables';
import type { DeptItem } from '@/lib/domains/org/schemas';

const { db } = setupTestDb();

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'enterprise']) h[a] = await authHeaders(a);
});

const post = <T = unknown>(account: string, path: string, json: unknown) => call<T>('POST', path, { headers: h[account], json });
const get = <T = unknown>(account: string, path: string, query: Record<string, string | number> = {}) => call<T>('GET', path, { headers: h[account], query });
const list = (account: string, query: Record<string, string | number> = {}) =>
  get<{ list: DeptItem[]; total: number }>(account, '/bks/v1/sys/department/list', { pageSize: 100, ...query });
const idOf = async (code: string) => (await (await db()).select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code)))[0].id;

describe('部门的数据范围', () => {
  it('市级管理员只看到本市机构的部门；对方城市的部门详情与审核答 404', async () => {
    const sjz = await list('sjz_admin');
    expect(sjz.status).toBe(200);
    expect(sjz.body.data.total).toBe(4);
    expect(sjz.body.data.list.every((d) => d.cityId === 130100)).toBe(true);
    const bd = await list('bd_admin');
    expect(bd.body.data.list.map((d) => d.name).sort()).toEqual(['培训教务科', '综合办公室', '鉴定评价部'].sort());
    const bdDept = bd.body.data.list.find((d) => d.name === '综合办公室')!;
    const form = await get('sjz_admin', '/bks/v1/sys/department/form', { id: bdDept.id });
    expect(form.status).toBe(404);
    expect(form.body.returnMsg).toBe('部门不存在或不在您的管辖范围内');
    expect((await post('sjz_admin', '/bks/v1/sys/department/audit', { id: bdDept.id, auditStatus: 1 })).status).toBe(404);
    expect((await post('sjz_admin', '/bks/v1/sys/department/batch/remove', { ids: [bdDept.id] })).status).toBe(404);
    expect((await list('admin')).body.data.total).toBe(7);
  });

  it('按审核状态与机构名称筛选', async () => {
    const pending = await list('admin', { auditStatus: 0 });
    expect(pending.body.data.list.every((d) => d.auditStatusName === '待审核')).toBe(true);
    expect(pending.body.data.total).toBe(3);
    const byOrg = await list('admin', { orgName: '明德' });
    expect(byOrg.body.data.list.map((d) => d.name).sort()).toEqual(['教学管理处', '招生就业处'].sort());
    const rejected = byOrg.body.data.list.find((d) => d.auditStatus === 2)!;
    expect(rejected).toMatchObject({ auditStatusName: '审核驳回', auditorName: '王志强' });
  });

  it('缺少权限答 403', async () => {
    expect((await list('enterprise')).status).toBe(403);
    expect((await post('enterprise', '/bks/v1/sys/department/save', { orgId: 1, code: 'X1', name: '某部门' })).status).toBe(403);
  });
});

describe('新增与修改部门', () => {
  it('校验消息、编码重复、所属机构须在范围内', async () => {
    const orgId = await idOf('ORG130104001');
    const bad = await post('sjz_admin', '/bks/v1/sys/department/save', { orgId, code: 'D9', name: '' });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { fields: Record<string, string> }).fields.name).toBe('部门名称至少 2 个字');
    const ok = await post<DeptItem>('sjz_admin', '/bks/v1/sys/department/save', { orgId, code: 'D01', name: '生产技术部', leader: '周海涛', phone: '13831100006' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ orgName: '石家庄恒瑞精密机械制造有限公司', auditStatus: 0, auditStatusName: '待审核', cityId: 130100 });
    const dup = await post('sjz_admin', '/bks/v1/sys/department/save', { orgId, code: 'D01', name: '质量部' });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('机构「石家庄恒瑞精密机械制造有限公司」下已有部门编码 D01');
    const cross = await post('sjz_admin', '/bks/v1/sys/department/save', { orgId: await idOf('ORG130607001'), code: 'D01', name: '质量部' });
    expect(cross.status).toBe(400);
    expect(cross.body.returnMsg).toBe('所属机构不存在或不在您的管辖范围内');
  });
});

describe('部门审核', () => {
  it('驳回须填意见；审核后不能再审；驳回的修改后重新待审核再通过；意见历史新到旧', async () => {
    const orgId = await idOf('ORG130105001');
    const created = await post<DeptItem>('sjz_admin', '/bks/v1/sys/department/save', { orgId, code: 'D10', name: '财务科' });
    const id = created.body.data.id;

    const noOpinion = await post('sjz_admin', '/bks/v1/sys/department/audit', { id, auditStatus: 2, auditOpinion: '  ' });
    expect(noOpinion.status).toBe(400);
    expect(noOpinion.body.returnMsg).toContain('请输入审核意见');
    const badStatus = await post('sjz_admin', '/bks/v1/sys/department/audit', { id, auditStatus: 0 });
    expect(badStatus.body.returnMsg).toContain('审核结果只能是 1 通过或 2 驳回');

    const rejected = await post<DeptItem>('sjz_admin', '/bks/v1/sys/department/audit', { id, auditStatus: 2, auditOpinion: '缺少负责人' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ auditStatus: 2, auditOpinion: '缺少负责人', auditorName: '王志强' });
    expect(rejected.body.data.auditTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const again = await post('sjz_admin', '/bks/v1/sys/department/audit', { id, auditStatus: 1 });
    expect(again.status).toBe(400);
    expect(again.body.returnMsg).toBe('该部门已审核驳回，不能重复审核');

    const resubmitted = await post<DeptItem>('sjz_admin', '/bks/v1/sys/department/update', { id, name: '财务科', leader: '李会计' });
    expect(resubmitted.body.data.auditStatus).toBe(0);

    const passed = await post<DeptItem>('admin', '/bks/v1/sys/department/audit', { id, auditStatus: 1 });
    expect(passed.body.data).toMatchObject({ auditStatus: 1, auditStatusName: '审核通过', auditorName: '李建华' });
    expect((await post('admin', '/bks/v1/sys/department/audit', { id, auditStatus: 2, auditOpinion: '改主意' })).status).toBe(400);
    // 已通过的修改后仍是通过
    expect((await post<DeptItem>('sjz_admin', '/bks/v1/sys/department/update', { id, name: '财务管理科' })).body.data.auditStatus).toBe(1);

    const history = await get<{ statusName: string; opinion: string | null; auditorName: string }[]>('sjz_admin', '/bks/v1/sys/department/audit/opinion', { id });
    expect(history.body.data.map((x) => [x.statusName, x.opinion, x.auditorName])).toEqual([
      ['审核通过', null, '李建华'],
      ['审核驳回', '缺少负责人', '王志强'],
    ]);
    expect((await get('bd_admin', '/bks/v1/sys/department/audit/opinion', { id })).status).toBe(404);

    const removed = await post('sjz_admin', '/bks/v1/sys/department/batch/remove', { ids: [id] });
    expect(removed.status).toBe(200);
    expect((await get('sjz_admin', '/bks/v1/sys/department/form', { id })).status).toBe(404);
  });

  it('机构还有部门时不能删除机构', async () => {
    const r = await post('bd_admin', '/sys/orgination/batch/remove', { ids: [await idOf('ORG130602001')] });
    expect(r.status).toBe(400);
    expect(r.body.returnMsg).toBe('机构「保定市竞秀区鸿业职业培训学校」下还有 1 个部门，请先删除部门');
  });
});
