// 通用查询：培训类型、用户类型、机构名称查询（数据范围）、腾讯云配置（未配置的明确提示、不泄露密钥）、实名信息（脱敏）。
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { eq } from 'drizzle-orm';
import { nameContains, orgCodesWhere, organisations } from '../../helpers/orgs';

const { db } = setupTestDb();

interface OrgRow {
  code: string;
  orgName: string;
  cityId: number;
}

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'teacher']) h[a] = await authHeaders(a);
});

const orgList = async (account: string, orgName?: string) =>
  call<OrgRow[]>('GET', '/bapi/common/orgList', { headers: h[account], query: orgName ? { orgName } : {} });

describe('培训类型与用户类型', () => {
  it('trainType 取自字典 TRAIN_TYPE，[{label,value}]', async () => {
    const res = await call<{ label: string; value: string }[]>('GET', '/bapi/common/trainType', { headers: h.teacher });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({ label: '就业技能培训', value: '1' });
  });

  it('getUserType 含 SPEC 提到的 RENCAI_SHI / RENCAI_ORG / RENCAI_ADMIN', async () => {
    const res = await call<{ label: string; value: string }[]>('GET', '/comApi/getUserType', { headers: h.teacher });
    expect(res.body.data).toEqual(expect.arrayContaining([{ value: 'RENCAI_SHI', label: '市级管理员' }, { value: 'RENCAI_ORG', label: '机构用户' }, { value: 'RENCAI_ADMIN', label: '省级管理员' }]));
  });
});

describe('机构名称查询（数据范围）', () => {
  it('石家庄管理员只查到石家庄的机构，按名称查保定的机构得空', async () => {
    const all = await orgList('sjz_admin');
    expect(all.body.data.every((o) => o.cityId === 130100)).toBe(true);
    expect(all.body.data.map((o) => o.code).sort()).toEqual(await orgCodesWhere(await db(), eq(organisations.cityId, 130100)));
    expect((await orgList('sjz_admin', '保定')).body.data).toEqual([]);
    expect((await orgList('bd_admin', '保定')).body.data.length).toBeGreaterThan(0);
  });

  it('省级按名称模糊查询；机构用户只查到本机构', async () => {
    const school = await orgList('admin', '培训学校');
    expect(school.body.data.map((o) => o.code).sort()).toEqual(await orgCodesWhere(await db(), nameContains('培训学校')));
    expect(school.body.data.map((o) => o.orgName)).toEqual(expect.arrayContaining(['保定市竞秀区鸿业职业培训学校', '石家庄市新华区明德职业培训学校', '河间市巧手职业培训学校']));
    const own = await orgList('eval_org');
    expect(own.body.data.map((o) => o.code)).toEqual(['ORG130102001']);
  });

  it('未登录得 401', async () => {
    expect((await call('GET', '/bapi/common/orgList')).status).toBe(401);
  });
});

describe('腾讯云配置', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['TENCENT_APP_ID', 'TENCENT_SECRET_ID', 'TENCENT_SECRET_KEY', 'TENCENT_REGION']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it('未配置：400“腾讯云服务未配置”', async () => {
    delete process.env.TENCENT_APP_ID;
    delete process.env.TENCENT_SECRET_ID;
    const res = await call('GET', '/common/tencentConfig', { headers: h.teacher });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('腾讯云服务未配置');
  });

  it('已配置：返回公开的标识，不含 SecretKey', async () => {
    process.env.TENCENT_APP_ID = '1400000001';
    process.env.TENCENT_SECRET_ID = 'AKIDexample';
    process.env.TENCENT_SECRET_KEY = 'super-secret-key';
    process.env.TENCENT_REGION = 'ap-beijing';
    const res = await call<Record<string, unknown>>('GET', '/common/tencentConfig', { headers: h.teacher });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ appId: '1400000001', secretId: 'AKIDexample', region: 'ap-beijing' });
    expect(JSON.stringify(res.body)).not.toContain('super-secret-key');
  });
});

describe('实名信息', () => {
  it('返回当前用户的姓名与脱敏手机号', async () => {
    const res = await call<Record<string, unknown>>('POST', '/bks/v1/comApi/getRealInformation', { headers: h.sjz_admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ account: 'sjz_admin', realName: '王志强', mobile: '138****0002', idCard: null });
    expect(JSON.stringify(res.body.data)).not.toContain('13831100002');
  });
});
