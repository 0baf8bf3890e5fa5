// 流程规则：环节校验、同一类型同一区划只有一条启用的规则、数据范围与权限；流程状态取自状态字典，可改文字。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { fakeUser } from '../../helpers/session';
import type { Session } from '@/lib/platform/auth/session';
import { addRule, pageRules, updateRule } from '@/lib/domains/dict/process';

const { db } = setupTestDb();

interface Rule {
  id: number;
  processType: string;
  processTypeName: string;
  name: string;
  areaId: number;
  areaName: string;
  status: number;
  stepSummary: string;
  steps: { order: number; name: string }[];
}
interface Paged<T> {
  list: T[];
  total: number;
}

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'teacher']) h[a] = await authHeaders(a);
});

const step = (order: number, name: string, reviewerLevel = 'city', opinionRequired = true) => ({ order, name, reviewerLevel, opinionRequired });
const add = (json: unknown, account = 'admin') => call<Rule>('POST', '/bapi/processRule/add', { headers: h[account], json });
const list = (json: unknown = {}, account = 'admin') => call<Paged<Rule>>('POST', '/bapi/processRule/getList', { headers: h[account], json });

describe('流程规则类型', () => {
  it('getProcessRuleType 取自字典：机构备案审核、培训班审核、补贴审核、考试计划审核', async () => {
    const res = await call<{ label: string }[]>('GET', '/bapi/processRule/getProcessRuleType', { headers: h.teacher });
    expect(res.body.data.map((t) => t.label)).toEqual(['机构备案审核', '培训班审核', '补贴审核', '考试计划审核']);
  });
});

describe('流程规则', () => {
  it('新增后出现在列表中，环节按顺序排列并给出摘要', async () => {
    const res = await add({ processType: 'SUBSIDY_AUDIT', name: '保定补贴审核', areaId: 130600, steps: [step(2, '市级复核'), step(1, '县区初审', 'county', false)] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ processTypeName: '补贴审核', areaName: '保定市', stepSummary: '县区初审 → 市级复核' });
    const found = await list({ processType: 'SUBSIDY_AUDIT' });
    expect(found.body.data.list.map((r) => r.name)).toContain('保定补贴审核');
  });

  it('环节为空、顺序重复、类型不存在都被拒绝，消息为中文', async () => {
    const empty = await add({ processType: 'SUBSIDY_AUDIT', name: '空', areaId: 130100, steps: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.returnMsg).toContain('请至少设置一个审核环节');
    const dupOrder = await add({ processType: 'SUBSIDY_AUDIT', name: '重复', areaId: 130100, steps: [step(1, '甲'), step(1, '乙')] });
    expect(dupOrder.status).toBe(400);
    expect(dupOrder.body.returnMsg).toContain('审核环节的顺序不能重复');
    const noType = await add({ processType: 'NO_SUCH', name: '无类型', areaId: 130100, steps: [step(1, '甲')] });
    expect(noType.status).toBe(400);
    expect(noType.body.returnMsg).toBe('流程类型不存在或已停用');
    const badLevel = await add({ processType: 'SUBSIDY_AUDIT', name: '层级', areaId: 130100, steps: [{ order: 1, name: '甲', reviewerLevel: 'nation' }] });
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.returnMsg).toContain('审核层级只能是省级、市级、县级或机构');
  });

  it('同一类型同一区划只能有一条启用的规则；停用的可以并存，启用第二条被拒绝', async () => {
    const first = await add({ processType: 'EXAM_PLAN_AUDIT', name: '石家庄计划审核', areaId: 130100, steps: [step(1, '市级审核')] });
    expect(first.status).toBe(200);
    const second = await add({ processType: 'EXAM_PLAN_AUDIT', name: '石家庄计划审核二', areaId: 130100, steps: [step(1, '市级审核')] });
    expect(second.status).toBe(409);
    expect(second.body.returnMsg).toBe('石家庄市已有启用的「考试计划审核」规则，请先停用原规则');
    const disabled = await add({ processType: 'EXAM_PLAN_AUDIT', name: '备用规则', areaId: 130100, status: 1, steps: [step(1, '市级审核')] });
    expect(disabled.status).toBe(200);
    const enable = await call('POST', '/bapi/processRule/update', {
      headers: h.admin,
      json: { id: disabled.body.data.id, processType: 'EXAM_PLAN_AUDIT', name: '备用规则', areaId: 130100, status: 0, steps: [step(1, '市级审核')] },
    });
    expect(enable.status).toBe(409);
    // 修改自己（仍启用）不算冲突
    const self = await call<Rule>('POST', '/bapi/processRule/update', {
      headers: h.admin,
      json: { id: first.body.data.id, processType: 'EXAM_PLAN_AUDIT', name: '石家庄计划审核（改）', areaId: 130100, steps: [step(1, '市级审核'), step(2, '省级备案', 'province', false)] },
    });
    expect(self.status).toBe(200);
    expect(self.body.data.steps).toHaveLength(2);
  });

  it('删除后不再出现；再删得 404', async () => {
    const r = await add({ processType: 'TRAIN_CLASS_AUDIT', name: '待删除', areaId: 130600, steps: [step(1, '市级审核')] });
    expect((await call('POST', '/bapi/processRule/del', { headers: h.admin, json: { id: r.body.data.id } })).status).toBe(200);
    expect((await list({ name: '待删除' })).body.data.total).toBe(0);
    expect((await call('POST', '/bapi/processRule/del', { headers: h.admin, json: { id: r.body.data.id } })).status).toBe(404);
  });

  it('缺少流程规则权限（演示的市级管理员）：列表、新增、删除都得 403', async () => {
    expect((await list({}, 'sjz_admin')).status).toBe(403);
    expect((await add({ processType: 'SUBSIDY_AUDIT', name: '越权', areaId: 130100, steps: [step(1, '甲')] }, 'sjz_admin')).status).toBe(403);
    expect((await call('POST', '/bapi/processRule/del', { headers: h.sjz_admin, json: { id: 1 } })).status).toBe(403);
  });

  it('数据范围：市级用户只看本市规则，不能给外市或全省建规则，外市规则当作不存在', async () => {
    const sjz = fakeUser({ level: 'city', areaId: 130100, cityId: 130100, userType: 'RENCAI_SHI' });
    const session = { user: sjz } as unknown as Session;
    const audit = () => {};
    const database = await db();
    const bd = await add({ processType: 'FILING_AUDIT', name: '保定备案审核', areaId: 130600, steps: [step(1, '市级审核')] });
    const seen = await pageRules(database, sjz, {}, { pageNo: 1, pageSize: 100, offset: 0 });
    expect(seen.list.map((r) => r.name)).toContain('石家庄市培训班审核');
    expect(seen.list.map((r) => r.name)).not.toContain('保定备案审核');
    expect(seen.list.map((r) => r.name)).not.toContain('全省机构备案审核');
    const input = { processType: 'FILING_AUDIT', name: '越界', steps: [{ order: 1, name: '甲', reviewerLevel: 'city' as const, roleCode: null, opinionRequired: true }], status: 0 as const, remark: null };
    await expect(addRule(database, session, { ...input, areaId: 130600 }, audit)).rejects.toThrow('只能为本辖区设置流程规则');
    await expect(addRule(database, session, { ...input, areaId: 130000 }, audit)).rejects.toThrow('只能为本辖区设置流程规则');
    await expect(updateRule(database, session, { ...input, id: bd.body.data.id, areaId: 130100 }, audit)).rejects.toThrow('流程规则不存在或不在您的管辖范围内');
    const own = await addRule(database, session, { ...input, name: '长安区备案审核', areaId: 130102 }, audit);
    expect(own.areaName).toBe('长安区');
  });

  it('未知区划被拒绝', async () => {
    const res = await add({ processType: 'SUBSIDY_AUDIT', name: '无区划', areaId: 999999, steps: [step(1, '甲')] });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('适用区划不存在');
  });
});

describe('流程状态', () => {
  interface StatusRow {
    id: number;
    processType: string;
    value: string;
    label: string;
    dictType: string;
  }

  it('机构备案审核的状态取自备案状态字典 -1…8', async () => {
    const res = await call<Paged<StatusRow>>('POST', '/bapi/processStatus/list', { headers: h.admin, json: { processType: 'FILING_AUDIT', pageSize: 50 } });
    expect(res.body.data.total).toBe(10);
    expect(res.body.data.list.map((s) => s.value)).toEqual(['-1', '0', '1', '2', '3', '4', '5', '6', '7', '8']);
    expect(res.body.data.list[0]).toMatchObject({ dictType: 'FILING_STATUS', label: '未备案' });
  });

  it('修改显示文字后字典同步变化；非状态字典的项不能经此修改；无编辑权限 403', async () => {
    const res = await call<Paged<StatusRow>>('POST', '/bapi/processStatus/list', { headers: h.admin, json: { processType: 'FILING_AUDIT' } });
    const notFiled = res.body.data.list.find((s) => s.value === '-1')!;
    const upd = await call('POST', '/bapi/processStatus/update', { headers: h.admin, json: { id: notFiled.id, label: '尚未备案' } });
    expect(upd.status).toBe(200);
    const opts = await call<{ label: string; value: string }[]>('GET', '/bapi/common/dict', { headers: h.admin, query: { dicType: 'FILING_STATUS' } });
    expect(opts.body.data[0]).toEqual({ label: '尚未备案', value: '-1' });
    const planTypes = await call<Paged<{ id: number }>>('GET', '/sys/dict/list', { headers: h.admin, query: { dicType: 'PLAN_TYPE' } });
    const other = await call('POST', '/bapi/processStatus/update', { headers: h.admin, json: { id: planTypes.body.data.list[0].id, label: '改不了' } });
    expect(other.status).toBe(404);
    expect((await call('POST', '/bapi/processStatus/update', { headers: h.sjz_admin, json: { id: notFiled.id, label: 'x' } })).status).toBe(403);
  });
});
