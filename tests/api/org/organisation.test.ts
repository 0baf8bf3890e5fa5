// 机构管理：新增与修改的校验、编码重复、数据范围、删除的拦截、工种、常用机构、机构自行维护与变更记录。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { creditCode } from '@/db/seed/accounts';
import { organisations } from '@/lib/domains/org/tables';
import { orgCodesWhere } from '../../helpers/orgs';
import type { OrgDetail, OrgItem } from '@/lib/domains/org/schemas';

const { db } = setupTestDb();

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org']) h[a] = await authHeaders(a);
});

const post = <T = unknown>(account: string, path: string, json: unknown) => call<T>('POST', path, { headers: h[account], json });
const get = <T = unknown>(account: string, path: string, query: Record<string, string | number>) => call<T>('GET', path, { headers: h[account], query });
const idOf = async (code: string) => (await (await db()).select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code)))[0].id;

const SJZ_REGION = [130000, 130100, 130102];
const BD_REGION = [130000, 130600, 130606];
const newOrg = (over: Record<string, unknown> = {}) => ({
  code: 'T_ORG_001',
  name: '石家庄市长安区测试评价中心',
  category: 'eval',
  orgType: 3,
  region: SJZ_REGION,
  unifiedSocialCreditCode: creditCode('91130102MA0T00001'),
  contactName: '张三',
  contactPhone: '13900000001',
  ...over,
});

describe('新增机构', () => {
  it('校验失败给出中文字段消息', async () => {
    const r = await post('admin', '/sys/orgination/save', { ...newOrg(), name: undefined, code: '编码!', unifiedSocialCreditCode: '91130102MA0T000019' });
    expect(r.status).toBe(400);
    const fields = (r.body.data as { fields: Record<string, string> }).fields;
    expect(fields.name).toBe('请输入机构名称');
    expect(fields.code).toBe('机构编码为 2 到 32 位字母、数字、下划线或短横线');
    expect(fields.unifiedSocialCreditCode).toContain('统一社会信用代码不正确');
    const phone = await post('admin', '/sys/orgination/save', newOrg({ contactPhone: '12345' }));
    expect(phone.body.returnMsg).toContain('联系电话应为手机号或带区号的固定电话');
  });

  it('市级管理员在本市新增；编码重复答 409；信用代码重复答 409', async () => {
    const ok = await post<OrgItem>('sjz_admin', '/sys/orgination/save', newOrg());
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ code: 'T_ORG_001', cityId: 130100, areaId: 130102, areaName: '长安区', statusName: '正常', region: SJZ_REGION });
    const dup = await post('sjz_admin', '/sys/orgination/save', newOrg({ unifiedSocialCreditCode: null }));
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('机构编码 T_ORG_001 已存在');
    const dupCredit = await post('sjz_admin', '/sys/orgination/save', newOrg({ code: 'T_ORG_002' }));
    expect(dupCredit.status).toBe(409);
    expect(dupCredit.body.returnMsg).toContain('统一社会信用代码已被机构「石家庄市长安区测试评价中心」使用');
  });

  it('石家庄管理员不能在保定新增，也不能改、删保定的机构', async () => {
    const r = await post('sjz_admin', '/sys/orgination/save', newOrg({ code: 'T_BD', region: BD_REGION, unifiedSocialCreditCode: null }));
    expect(r.status).toBe(403);
    expect(r.body.returnMsg).toBe('所选行政区划不在您的管辖范围内');
    const bdId = await idOf('ORG130606001');
    const upd = await post('sjz_admin', '/sys/orgination/update', { id: bdId, ...newOrg({ region: BD_REGION, unifiedSocialCreditCode: null }) });
    expect(upd.status).toBe(404);
    expect(upd.body.returnMsg).toBe('机构不存在或不在您的管辖范围内');
    expect((await post('sjz_admin', '/sys/orgination/batch/remove', { ids: [bdId] })).status).toBe(404);
    const name = (await (await db()).select({ name: organisations.name }).from(organisations).where(eq(organisations.id, bdId)))[0].name;
    expect(name).toBe('保定燕赵职业技能评价中心有限公司');
  });

  it('缺少权限答 403：培训机构账号不能新增机构', async () => {
    const r = await post('train_org', '/sys/orgination/save', newOrg({ code: 'T_X' }));
    expect(r.status).toBe(403);
  });

  it('列表可按编码、类型、区划树节点与状态筛选', async () => {
    const byCode = await get<{ list: OrgItem[]; total: number }>('admin', '/sys/orgination/list', { code: 'T_ORG' });
    expect(byCode.body.data.list.map((o) => o.code)).toEqual(['T_ORG_001']);
    const county = await get<{ list: OrgItem[]; total: number }>('admin', '/sys/orgination/list', { areaId: 130102, pageSize: 50 });
    expect(county.body.data.list.map((o) => o.code).sort()).toEqual(['ORG130102001', 'ORG130102101', 'T_ORG_001']);
    const cityNode = await get<{ list: OrgItem[]; total: number }>('admin', '/sys/orgination/list', { areaId: 130600, pageSize: 100 });
    expect(cityNode.body.data.list.map((o) => o.code).sort()).toEqual(await orgCodesWhere(await db(), eq(organisations.cityId, 130600)));
    const type103 = await get<{ list: OrgItem[]; total: number }>('admin', '/sys/orgination/list', { orgType: 103, pageSize: 100 });
    // 石家庄、保定、唐山、邯郸、廊坊、沧州都有民办培训学校
    expect(type103.body.data.list.map((o) => o.code).sort()).toEqual(await orgCodesWhere(await db(), eq(organisations.orgType, 103)));
    expect(new Set(type103.body.data.list.map((o) => o.cityId))).toEqual(new Set([130100, 130600, 130200, 130400, 131000, 130900]));
    expect((await get('admin', '/sys/orgination/list', { status: 1 })).body.data).toMatchObject({ total: 0 });
    expect((await get('admin', '/sys/orgination/list', { orgType: 7 })).status).toBe(400);
  });
});

describe('删除机构', () => {
  it('还有账号的机构不能删除，消息说明原因', async () => {
    const r = await post('sjz_admin', '/sys/orgination/batch/remove', { ids: [await idOf('ORG130104001')] });
    expect(r.status).toBe(400);
    expect(r.body.returnMsg).toBe('机构「石家庄恒瑞精密机械制造有限公司」下还有 2 个账号，请先删除或调走这些账号');
  });

  it('还有下级机构的不能删除；上下级一起删可以', async () => {
    const parent = await post<OrgItem>('sjz_admin', '/sys/orgination/save', newOrg({ code: 'T_P', name: '石家庄测试上级单位', category: 'admin', orgType: 0, region: [130000, 130100, null], unifiedSocialCreditCode: null }));
    const child = await post<OrgItem>('sjz_admin', '/sys/orgination/save', newOrg({ code: 'T_C', name: '石家庄测试下级单位', parentId: parent.body.data.id, unifiedSocialCreditCode: null }));
    expect(child.body.data.parentName).toBe('石家庄测试上级单位');
    const refused = await post('sjz_admin', '/sys/orgination/batch/remove', { ids: [parent.body.data.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.returnMsg).toBe('机构「石家庄测试上级单位」下还有下级机构，请先迁移或删除下级机构');
    const both = await post<{ removed: number }>('sjz_admin', '/sys/orgination/batch/remove', { ids: [child.body.data.id, parent.body.data.id] });
    expect(both.body.data.removed).toBe(2);
    expect((await get('sjz_admin', '/sys/orgination/detail', { code: 'T_P' })).status).toBe(404);
  });
});

describe('工种', () => {
  it('工种编码格式与重复受校验；保存后详情里可见，整体替换', async () => {
    const orgId = await idOf('ORG130102001');
    const bad = await post('sjz_admin', '/sys/orgination-work/save', { orgId, works: [{ workCode: '6-18 02', workName: '车工' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('工种编码只能包含数字、大写字母和短横线');
    const dup = await post('sjz_admin', '/sys/orgination-work/save', { orgId, works: [{ workCode: '6-18-01-01', workName: '车工' }, { workCode: '6-18-01-01', workName: '铣工' }] });
    expect(dup.body.returnMsg).toContain('工种编码重复');
    const works = [
      { workCode: '6-18-01-02', workName: '铣工' },
      { workCode: '6-18-01-01', workName: '车工' },
    ];
    expect((await post('sjz_admin', '/sys/orgination-work/save', { orgId, works })).status).toBe(200);
    await post('sjz_admin', '/sys/orgination-work/save', { orgId, works: works.slice(0, 1) });
    const detail = await get<OrgDetail>('sjz_admin', '/sys/orgination/detail', { code: 'ORG130102001' });
    expect(detail.body.data.works).toEqual([{ workCode: '6-18-01-02', workName: '铣工' }]);
    expect(detail.body.data.userCount).toBe(2);
    const cross = await post('bd_admin', '/sys/orgination-work/save', { orgId, works: [] });
    expect(cross.status).toBe(404);
  });
});

describe('机构自行维护基本信息', () => {
  it('机构取自登录账号，请求体里的机构标识不起作用', async () => {
    const other = await idOf('ORG130105001');
    const before = (await get<OrgDetail>('admin', '/sys/orgination/detail', { code: 'ORG130105001' })).body.data.contactName;
    const r = await post<OrgItem>('eval_org', '/bks/v1/organization/updateOrganization', { id: other, orgId: other, contactName: '陈静', contactPhone: '0311-85012300', address: '石家庄市长安区中山东路 1 号' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ code: 'ORG130102001', contactName: '陈静', address: '石家庄市长安区中山东路 1 号' });
    const untouched = await get<OrgDetail>('admin', '/sys/orgination/detail', { code: 'ORG130105001' });
    expect(untouched.body.data.contactName).toBe(before);
  });

  it('不属于机构的账号答 403；机构账号不能用管理端接口改本机构', async () => {
    const r = await post('admin', '/bks/v1/organization/updateOrganization', { contactName: '某人' });
    expect(r.status).toBe(403);
    expect(r.body.returnMsg).toBe('当前账号不属于任何机构');
    const own = await idOf('ORG130102001');
    const viaAdmin = await post('eval_org', '/sys/orgination/update', { id: own, ...newOrg({ code: undefined, status: 1, unifiedSocialCreditCode: null }) });
    expect(viaAdmin.status).toBe(403);
  });
});

describe('变更记录与对比', () => {
  it('修改后可以看到变更记录与逐字段的前后对比；对方城市答 404', async () => {
    const id = await idOf('ORG130105001');
    const before = (await get<OrgDetail>('sjz_admin', '/sys/orgination/detail', { code: 'ORG130105001' })).body.data;
    const upd = await post<OrgItem>('sjz_admin', '/sys/orgination/update', {
      id,
      name: '石家庄市新华区明德职业技能培训学校',
      category: before.category,
      orgType: before.orgType,
      region: before.region,
      unifiedSocialCreditCode: before.unifiedSocialCreditCode,
      contactName: before.contactName,
      contactPhone: before.contactPhone,
      address: before.address,
      legalPerson: '孙立新',
    });
    expect(upd.status).toBe(200);
    const records = await get<{ operation: string; account: string; kind: string }[]>('sjz_admin', '/sys/orgination/toOperationRecord', { id });
    expect(records.body.data[0]).toMatchObject({ account: 'sjz_admin', kind: '修改' });
    const cmp = await get<{ fields: { field: string; before: unknown; after: unknown; changed: boolean }[]; operator: string }>('sjz_admin', '/sys/orgination/comparison', { id });
    expect(cmp.body.data.operator).toBe('王志强');
    const changed = cmp.body.data.fields.filter((f) => f.changed).map((f) => f.field);
    expect(changed.sort()).toEqual(['legalPerson', 'name']);
    expect(cmp.body.data.fields.find((f) => f.field === 'name')).toMatchObject({ before: '石家庄市新华区明德职业培训学校', after: '石家庄市新华区明德职业技能培训学校' });
    expect((await get('bd_admin', '/sys/orgination/toOperationRecord', { id })).status).toBe(404);
    const none = await get('sjz_admin', '/sys/orgination/comparison', { id: await idOf('ORG130104001') });
    expect(none.status).toBe(404);
    expect(none.body.returnMsg).toBe('该机构还没有变更记录');
  });
});

describe('常用机构', () => {
  it('只能收藏范围内的机构；重复答 409；只能改删自己的', async () => {
    const sjz = await idOf('ORG130102001');
    const bd = await idOf('ORG130606001');
    const added = await post<{ id: number }>('sjz_admin', '/bks/v1/organizationChoose/add', { orgId: sjz, remark: '华元' });
    expect(added.status).toBe(200);
    expect((await post('sjz_admin', '/bks/v1/organizationChoose/add', { orgId: sjz })).status).toBe(409);
    expect((await post('sjz_admin', '/bks/v1/organizationChoose/add', { orgId: bd })).status).toBe(404);
    const list = await get<{ list: { orgName: string; remark: string }[]; total: number }>('sjz_admin', '/bks/v1/organizationChoose/list', {});
    expect(list.body.data.list).toMatchObject([{ orgName: '河北华元职业技能评价有限公司', remark: '华元' }]);
    expect((await get<{ total: number }>('bd_admin', '/bks/v1/organizationChoose/list', {})).body.data.total).toBe(0);
    const id = added.body.data.id;
    expect((await post('bd_admin', '/bks/v1/organizationChoose/update', { id, remark: '改名' })).status).toBe(404);
    expect((await post('bd_admin', '/bks/v1/organizationChoose/del', { ids: [id] })).status).toBe(404);
    expect((await post('sjz_admin', '/bks/v1/organizationChoose/update', { id, remark: '华元评价', sort: 2 })).status).toBe(200);
    expect((await get<{ list: { remark: string }[] }>('sjz_admin', '/bks/v1/organizationChoose/list', {})).body.data.list[0].remark).toBe('华元评价');
    expect((await post('sjz_admin', '/bks/v1/organizationChoose/del', { ids: [id] })).status).toBe(200);
    expect((await get<{ total: number }>('sjz_admin', '/bks/v1/organizationChoose/list', {})).body.data.total).toBe(0);
  });
});
