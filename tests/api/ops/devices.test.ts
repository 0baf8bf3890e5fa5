// 设备管理：增改删与校验、编号重复、按机构所在市的数据范围、批量删除全有或全无、缺少权限 403。
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '@/lib/domains/org/tables';
import { devices } from '@/lib/domains/ops/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { auth, grant, login, makeUser } from '../user/fixtures';

const { db } = setupTestDb();

interface Device {
  id: number;
  code: string;
  name: string;
  type: string;
  typeName: string;
  status: string;
  statusName: string;
  orgId: number;
  orgName: string;
  cityId: number;
  ip: string | null;
}

const h: Record<string, Record<string, string>> = {};
let sjzOrg: number;
let bdOrg: number;
let cityToken: string;
let readOnlyToken: string;

beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'eval_org']) h[a] = await authHeaders(a);
  const d = await db();
  const orgs = await d.select({ id: organisations.id, code: organisations.code }).from(organisations).where(inArray(organisations.code, ['ORG130102001', 'ORG130606001']));
  sjzOrg = orgs.find((o) => o.code === 'ORG130102001')!.id;
  bdOrg = orgs.find((o) => o.code === 'ORG130606001')!.id;
  // 石家庄的市级账号，授予设备的全部动作；另一个只能查询
  const city = await makeUser(d, { account: 't_dev_city', password: 'City@2026d', level: 'city', areaId: 130100, cityId: 130100, userType: 'RENCAI_SHI' });
  await grant(d, city.id, 'T_DEV_CITY', { device: ['query', 'add', 'edit', 'delete'] }, 'city');
  const ro = await makeUser(d, { account: 't_dev_ro', password: 'Read@2026d', level: 'city', areaId: 130100, cityId: 130100, userType: 'RENCAI_SHI' });
  await grant(d, ro.id, 'T_DEV_RO', { device: ['query'] }, 'city');
  cityToken = (await login('t_dev_city', 'City@2026d')).token;
  readOnlyToken = (await login('t_dev_ro', 'Read@2026d')).token;
});

const list = (headers: Record<string, string>, json: Record<string, unknown> = {}) =>
  call<{ list: Device[]; total: number }>('POST', '/sys/device/list', { headers, json: { pageSize: 100, ...json } });
const save = (headers: Record<string, string>, json: Record<string, unknown>) => call<Device & { fields?: Record<string, string> }>('POST', '/sys/device/save', { headers, json });

describe('设备增改删', () => {
  it('新增、修改、删除，列表显示类型与状态的中文名', async () => {
    const created = await save(h.admin, { code: 'T-CAM-01', name: '测试摄像头', type: 'camera', orgId: sjzOrg, location: '301 考场', ip: '192.168.1.10' });
    expect(created.body.data).toMatchObject({ code: 'T-CAM-01', typeName: '考场摄像头', status: 'offline', statusName: '离线', orgName: '河北华元职业技能评价有限公司', cityId: 130100 });
    const id = created.body.data.id;
    const updated = await save(h.admin, { id, code: 'T-CAM-01', name: '测试摄像头（二）', type: 'face', orgId: sjzOrg, status: 'online', ip: '' });
    expect(updated.body.data).toMatchObject({ name: '测试摄像头（二）', typeName: '人脸识别终端', statusName: '在线', ip: null });
    const found = await list(h.admin, { keyword: 'T-CAM', status: 'online' });
    expect(found.body.data.list.map((r) => r.id)).toEqual([id]);
    expect((await call('POST', '/sys/device/del', { headers: h.admin, json: { id } })).body.data).toEqual({ deleted: 1 });
    expect((await list(h.admin, { keyword: 'T-CAM' })).body.data.total).toBe(0);
  });

  it('校验消息：必填、类型、IP 格式、编号字符', async () => {
    const res = await save(h.admin, { code: '坏 编号', name: '', type: 'tv', orgId: '', ip: '300.1.1.1' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toMatchObject({
      code: '设备编号只能包含字母、数字、下划线和短横线',
      name: '设备名称不能为空',
      type: '请选择设备类型',
      orgId: '请选择所属机构',
      ip: 'IP 地址格式不正确',
    });
  });

  it('设备编号重复答 409，不新增', async () => {
    await save(h.admin, { code: 'T-DUP-01', name: '甲', type: 'idReader', orgId: sjzOrg });
    const dup = await save(h.admin, { code: 'T-DUP-01', name: '乙', type: 'idReader', orgId: bdOrg });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('设备编号 T-DUP-01 已存在');
    expect(await (await db()).select().from(devices).where(eq(devices.code, 'T-DUP-01'))).toHaveLength(1);
  });
});

describe('数据范围', () => {
  it('石家庄市级账号只看到本市机构的设备', async () => {
    const all = await list(h.admin);
    expect(new Set(all.body.data.list.map((r) => r.cityId))).toEqual(new Set([130100, 130600]));
    const mine = await list(auth(cityToken).headers);
    expect(mine.body.data.total).toBeGreaterThan(0);
    expect(mine.body.data.list.every((r) => r.cityId === 130100)).toBe(true);
    expect((await list(auth(cityToken).headers, { orgId: bdOrg })).body.data.total).toBe(0);
  });

  it('不能把设备建在范围外的机构；范围外的设备改、删都答 404', async () => {
    const outside = await save(auth(cityToken).headers, { code: 'T-OUT-01', name: '越权', type: 'camera', orgId: bdOrg });
    expect(outside.status).toBe(400);
    expect(outside.body.returnMsg).toBe('所属机构不存在或不在您的管辖范围内');

    const bdDevice = (await list(h.admin, { orgId: bdOrg })).body.data.list[0];
    const edit = await save(auth(cityToken).headers, { id: bdDevice.id, code: bdDevice.code, name: '改名', type: 'camera', orgId: sjzOrg });
    expect(edit.status).toBe(404);
    expect(edit.body.returnMsg).toBe('设备不存在或不在您的管辖范围内');
    expect((await call('POST', '/sys/device/del', { ...auth(cityToken), json: { id: bdDevice.id } })).status).toBe(404);

    // 批量删除夹带范围外的一台：整批不删
    const own = await save(auth(cityToken).headers, { code: 'T-OWN-01', name: '本市设备', type: 'camera', orgId: sjzOrg });
    expect(own.status).toBe(200);
    const batch = await call('POST', '/sys/device/delBatch', { ...auth(cityToken), json: { ids: [own.body.data.id, bdDevice.id] } });
    expect(batch.status).toBe(404);
    expect((await list(h.admin, { keyword: 'T-OWN-01' })).body.data.total).toBe(1);
    const ok = await call('POST', '/sys/device/delBatch', { ...auth(cityToken), json: { ids: [own.body.data.id] } });
    expect(ok.body.data).toEqual({ deleted: 1 });
  });
});

describe('权限', () => {
  it('没有设备权限答 403；只有查询权限不能新增、修改、删除', async () => {
    expect((await list(h.eval_org)).status).toBe(403);
    expect((await list(h.sjz_admin)).status).toBe(403);
    const ro = auth(readOnlyToken).headers;
    expect((await list(ro)).status).toBe(200);
    expect((await save(ro, { code: 'T-RO-01', name: '只读', type: 'camera', orgId: sjzOrg })).status).toBe(403);
    const existing = (await list(ro)).body.data.list[0];
    expect((await save(ro, { id: existing.id, code: existing.code, name: '改', type: 'camera', orgId: sjzOrg })).status).toBe(403);
    expect((await call('POST', '/sys/device/delBatch', { headers: ro, json: { ids: [existing.id] } })).status).toBe(403);
  });

  it('编辑权限不能代替新增权限', async () => {
    const d = await db();
    const editor = await makeUser(d, { account: 't_dev_edit', password: 'Edit@2026d', level: 'province' });
    await grant(d, editor.id, 'T_DEV_EDIT', { device: ['query', 'edit'] });
    const token = (await login('t_dev_edit', 'Edit@2026d')).token;
    const res = await save(auth(token).headers, { code: 'T-ED-01', name: '新', type: 'camera', orgId: sjzOrg });
    expect(res.status).toBe(403);
  });
});
