// 角色的数据范围（/role/addDataRole）收窄持有人看到的数据：石家庄管理员的角色改为“本机构数据”后，
// 同一令牌下一次请求就看不到本市机构；恢复“随账号层级”后又能看到。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { eq } from 'drizzle-orm';
import { orgCodesWhere, organisations } from '../../helpers/orgs';

const { db } = setupTestDb();

interface Paged<T> {
  list: T[];
  total: number;
}

let admin: Record<string, string>;
let sjz: Record<string, string>;
beforeAll(async () => {
  admin = await authHeaders('admin');
  sjz = await authHeaders('sjz_admin');
});

const orgCount = async () => (await call<Paged<unknown>>('GET', '/sys/orgination/list', { headers: sjz, query: { pageSize: 100 } })).body.data.total;

describe('角色的数据范围', () => {
  it('收窄到本机构后市级管理员看不到本市机构，恢复后重新可见', async () => {
    const inCity = (await orgCodesWhere(await db(), eq(organisations.cityId, 130100))).length;
    expect(inCity).toBeGreaterThan(0);
    expect(await orgCount()).toBe(inCity);
    const roles = await call<Paged<{ id: number }>>('POST', '/role/listRoles', { headers: admin, json: { code: 'CITY_ADMIN' } });
    const id = roles.body.data.list[0].id;

    const narrowed = await call('POST', '/role/addDataRole', { headers: admin, json: { id, dataScope: 'org' } });
    expect(narrowed.status).toBe(200);
    // 市级管理员不属于任何机构：按本机构过滤即一条也看不到
    expect(await orgCount()).toBe(0);

    const reset = await call('POST', '/role/addDataRole', { headers: admin, json: { id, dataScope: null } });
    expect(reset.status).toBe(200);
    expect(await orgCount()).toBe(inCity);
  });
});
