// 培训机构与企业的入驻：资料的字段校验（含统一社会信用代码的 GB 32100 校验位），入驻转换表里每个允许与拒绝的转换，
// 谁可以办理，第二客户端的 x-code / x-msg 头，范围（市级看本市，单位只看本单位 → 404），定点机构名录，同步，企业评价。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { orgProfiles } from '@/lib/domains/institution/tables';
import { organisations } from '@/lib/domains/org/tables';
import { SETTLE_STATUS, SETTLE_TRANSITIONS, type SettleActor } from '@/lib/domains/institution/transitions';
import type { ProfileDetail, ProfileItem } from '@/lib/domains/institution/schemas';
import { idCheckChar, withUsccCheckChar } from '@/lib/platform/identity';
import { client } from '../teacher/helpers';

const { db: getDb } = setupTestDb();
const { get, post } = client();
let db: Db;
/** 恒瑞机械自己的执照与身份证图片（演示数据里归属该机构的私有附件），在 beforeAll 里取 */
let IMG: string;
let CARD: string;

let enterpriseProfile: number;
let sjzPending: number;
let bdPending: number;

beforeAll(async () => {
  db = await getDb();
  const rows = await db.select({ id: orgProfiles.id, code: organisations.code }).from(orgProfiles).innerJoin(organisations, eq(organisations.id, orgProfiles.orgId));
  const idOf = (code: string) => rows.find((r) => r.code === code)!.id;
  enterpriseProfile = idOf('ORG130104001');
  const [own] = await db.select({ card: orgProfiles.idFrontUrl, licence: orgProfiles.licenceUrl }).from(orgProfiles).where(eq(orgProfiles.id, enterpriseProfile));
  CARD = own.card!;
  IMG = own.licence!;
  sjzPending = idOf('ORG130102101');
  bdPending = idOf('ORG130607001');
});

const masterId = (() => {
  const body = '13010419800101123';
  return body + idCheckChar(body);
})();

/** 恒瑞机械（演示账号 enterprise）的合法资料 */
function enterpriseForm(overrides: Record<string, unknown> = {}) {
  return {
    orgType: 'TYPE_QY',
    agentName: '石家庄恒瑞精密机械制造有限公司',
    agentAbbreviated: '恒瑞机械',
    unifiedSocialCreditCode: withUsccCheckChar('91130104MA07LQ2X6'),
    master: '周海涛',
    masterIdCard: masterId,
    phone: '0311-87654321',
    taxpayerDistinguish: withUsccCheckChar('91130104MA07LQ2X6'),
    bankOfDeposit: '中国工商银行石家庄桥西支行',
    bankAccount: '6222 0204 1234 5678 901',
    teachersNumber: 6,
    orgArea: 3200,
    region: [130000, 130100, 130104],
    orgAddress: '石家庄市桥西区友谊南大街 66 号',
    idFrontUrl: CARD,
    idBackUrl: CARD,
    licenceUrl: IMG,
    orgIntroduce: '精密机械零部件制造企业',
    ...overrides,
  };
}

const setStatus = (id: number, settleStatus: number) => db.update(orgProfiles).set({ settleStatus }).where(eq(orgProfiles.id, id));
const status = async (id: number) => (await db.select({ s: orgProfiles.settleStatus }).from(orgProfiles).where(eq(orgProfiles.id, id)))[0].s;

describe('入驻资料的校验', () => {
  it('统一社会信用代码按 GB 32100 校验位核对；必填项给出中文消息', async () => {
    const bad = await post<{ fields: Record<string, string> }>('enterprise', '/bapi/orginaion/update', enterpriseForm({ id: enterpriseProfile, unifiedSocialCreditCode: '91130104MA07LQ2X6A' }));
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.unifiedSocialCreditCode).toBe('统一社会信用代码校验位不正确，请核对');
    const empty = await post<{ fields: Record<string, string> }>('admin', '/bapi/orginaion/add', { orgType: 'TYPE_PXJG' });
    expect(empty.body.data.fields).toMatchObject({
      agentName: '请输入单位名称',
      unifiedSocialCreditCode: '请输入统一社会信用代码',
      master: '请输入法定代表人',
      masterIdCard: '请输入正确的法定代表人身份证号',
      bankOfDeposit: '请输入开户银行',
      region: '请选择行政区划',
      orgAddress: '请输入详细地址',
      idFrontUrl: '请上传法定代表人身份证正面',
      idBackUrl: '请上传法定代表人身份证反面',
      licenceUrl: '请上传营业执照',
      orgIntroduce: '请输入单位简介',
    });
  });

  it('新增时没有旧值可保留：脱敏的身份证号与银行账号在校验时就被拒绝（字段消息）', async () => {
    const res = await post<{ fields: Record<string, string> }>('admin', '/bapi/orginaion/add', enterpriseForm({ masterIdCard: '130104********1234', bankAccount: '6222****1234' }));
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toMatchObject({ masterIdCard: '请输入完整的法定代表人身份证号', bankAccount: '请输入完整的银行账号' });
  });

  it('定点培训机构另须培训范围、办学许可证编号与许可证图片', async () => {
    const res = await post<{ fields: Record<string, string> }>('admin', '/bapi/orginaion/add', enterpriseForm({ orgType: 'TYPE_PXJG', unifiedSocialCreditCode: withUsccCheckChar('52130102MJ0B77001') }));
    expect(res.body.data.fields).toMatchObject({ trainRange: '请输入培训范围', schoolPermitCode: '请输入办学许可证编号', permitUrl: '请上传办学许可证' });
  });

  it('银行账号、纳税人识别号、联系电话的格式', async () => {
    const res = await post<{ fields: Record<string, string> }>('enterprise', '/bapi/orginaion/update', enterpriseForm({ id: enterpriseProfile, bankAccount: '12ab', taxpayerDistinguish: 'x1', phone: '12345' }));
    expect(res.body.data.fields).toMatchObject({
      bankAccount: '银行账号为 8 至 32 位数字',
      taxpayerDistinguish: '纳税人识别号为 15 至 20 位数字或大写字母',
      phone: '请输入正确的联系电话（手机号或带区号的固定电话）',
    });
  });

  it('单位不能改所在区划；信用代码不能与其他单位相同', async () => {
    const moved = await post('enterprise', '/bapi/orginaion/update', enterpriseForm({ id: enterpriseProfile, region: [130000, 130600, 130602] }));
    expect(moved.body.returnMsg).toBe('所在区划由管理员维护，不能在入驻资料里修改');
    const [other] = await db.select({ code: organisations.unifiedSocialCreditCode, name: organisations.name }).from(organisations).where(eq(organisations.code, 'ORG130105001'));
    const dup = await post('enterprise', '/bapi/orginaion/update', enterpriseForm({ id: enterpriseProfile, unifiedSocialCreditCode: other.code }));
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe(`统一社会信用代码已被“${other.name}”使用`);
  });
});

/** 各办理方在测试里用的演示账号：单位是资料所属的那个，市级是所在市的 */
const ACCOUNT: Record<SettleActor, string> = { org: 'enterprise', city: 'sjz_admin', province: 'admin', admin: 'sjz_admin' };
const PATHS: Record<string, (id: number) => [string, Record<string, unknown>]> = {
  submit: (id) => ['/bapi/orginaion/submitAudit', { id }],
  withdraw: (id) => ['/bapi/orginaion/withdraw', { id }],
  cityPass: (id) => ['/bapi/orginaion/audit', { id, result: 'pass' }],
  cityReject: (id) => ['/bapi/orginaion/audit', { id, result: 'reject', opinion: '材料不全' }],
  provincePass: (id) => ['/bapi/orginaion/audit', { id, result: 'pass' }],
  provinceReject: (id) => ['/bapi/orginaion/audit', { id, result: 'reject', opinion: '材料不全' }],
  suspend: (id) => ['/bapi/orginaion/suspend', { id, opinion: '整改' }],
  resume: (id) => ['/bapi/orginaion/resume', { id }],
};

describe('入驻的转换表', () => {
  it('每个转换 × 每个状态：只有表里的起始状态允许，其余拒绝且状态不变', async () => {
    const statuses = Object.values(SETTLE_STATUS);
    for (const t of SETTLE_TRANSITIONS) {
      const account = ACCOUNT[t.actor];
      for (const from of statuses) {
        await setStatus(enterpriseProfile, from);
        const [path, body] = PATHS[t.action](enterpriseProfile);
        const res = await post(account, path, body);
        const allowed = (t.from as readonly number[]).includes(from);
        expect(res.status, `${t.action} 从 ${from}：${res.body.returnMsg}`).toBe(allowed ? 200 : 409);
        expect(await status(enterpriseProfile)).toBe(allowed ? t.to : from);
      }
    }
  });

  it('整个流程：单位提交 → 市级通过 → 省级驳回 → 单位修改后再提交 → 市级通过 → 省级通过 → 已入驻；历史逐步记下', async () => {
    await setStatus(enterpriseProfile, SETTLE_STATUS.DRAFT);
    expect((await post('enterprise', '/bapi/orginaion/update', enterpriseForm({ id: enterpriseProfile }))).status).toBe(200);
    expect((await post('enterprise', '/bapi/orginaion/submitAudit', { id: enterpriseProfile })).status).toBe(200);
    expect((await post('sjz_admin', '/bapi/orginaion/audit', { id: enterpriseProfile, result: 'pass', opinion: '同意' })).status).toBe(200);
    const rejected = await post<ProfileDetail>('admin', '/bapi/orginaion/audit', { id: enterpriseProfile, result: 'reject', opinion: '开户许可证缺失' });
    expect(rejected.body.data.settleStatus).toBe(SETTLE_STATUS.PROVINCE_REJECTED);
    expect(rejected.body.data.lastOpinion).toBe('开户许可证缺失');
    expect((await post('enterprise', '/bapi/orginaion/update', enterpriseForm({ id: enterpriseProfile, bizDesc: '补充说明' }))).status).toBe(200);
    await post('enterprise', '/bapi/orginaion/submitAudit', { id: enterpriseProfile });
    await post('sjz_admin', '/bapi/orginaion/audit', { id: enterpriseProfile, result: 'pass' });
    const settled = await post<ProfileDetail>('admin', '/bapi/orginaion/audit', { id: enterpriseProfile, result: 'pass' });
    expect(settled.body.data.settleStatus).toBe(SETTLE_STATUS.SETTLED);
    expect(settled.body.data.settledAt).not.toBeNull();
    // 已入驻：单位不能再改资料
    const locked = await post('enterprise', '/bapi/orginaion/update', enterpriseForm({ id: enterpriseProfile }));
    expect(locked.body.returnMsg).toBe('入驻资料当前为「已入驻」，不能修改入驻资料');
    const history = await post<{ action: string }[]>('enterprise', '/bapi/orginaion/history', { id: enterpriseProfile });
    expect(history.body.data.slice(0, 8).map((h) => h.action)).toEqual(['provincePass', 'cityPass', 'submit', 'update', 'provinceReject', 'cityPass', 'submit', 'update']);
  });

  it('驳回与暂停须填意见；审核员审不是自己这一级的：拒绝', async () => {
    await setStatus(sjzPending, SETTLE_STATUS.CITY_REVIEW);
    const noOpinion = await post('sjz_admin', '/bapi/orginaion/audit', { id: sjzPending, result: 'reject' });
    expect(noOpinion.body.returnMsg).toBe('请输入审核意见');
    expect((await post('admin', '/bapi/orginaion/audit', { id: sjzPending, result: 'pass' })).body.returnMsg).toBe('入驻资料当前为「待市级审核」，不能省级审核通过');
    await setStatus(sjzPending, SETTLE_STATUS.SETTLED);
    expect((await post('sjz_admin', '/bapi/orginaion/suspend', { id: sjzPending })).body.returnMsg).toBe('请输入审核意见');
  });

  it('单位不能审核自己；保定的管理员审石家庄的：404；第二客户端答复带 x-code / x-msg', async () => {
    await setStatus(enterpriseProfile, SETTLE_STATUS.CITY_REVIEW);
    const self = await post('enterprise', '/bapi/orginaion/audit', { id: enterpriseProfile, result: 'pass' });
    expect(self.status).toBe(403);
    expect(self.headers.get('x-code')).toBe('201');
    expect(decodeURIComponent(self.headers.get('x-msg')!)).toMatch(/没有访问权限/);
    const other = await post('bd_admin', '/bapi/orginaion/audit', { id: enterpriseProfile, result: 'pass' });
    expect(other.status).toBe(404);
    const ok = await post('sjz_admin', '/bapi/orginaion/audit', { id: enterpriseProfile, result: 'pass' });
    expect(ok.headers.get('x-code')).toBe('200');
  });

  it('列表行上的操作来自转换表', async () => {
    await setStatus(sjzPending, SETTLE_STATUS.CITY_REVIEW);
    const list = await post<{ list: ProfileItem[] }>('sjz_admin', '/bapi/orginaion/getList', { pendingOnly: true, pageSize: 50 });
    const row = list.body.data.list.find((r) => r.id === sjzPending)!;
    expect(row.actions).toEqual(expect.arrayContaining(['cityPass', 'cityReject']));
    expect(list.body.data.list.every((r) => r.settleStatus === SETTLE_STATUS.CITY_REVIEW)).toBe(true);
  });
});

describe('范围', () => {
  it('市级只看本市；单位只看本单位，别的单位 404', async () => {
    const sjz = await post<{ list: ProfileItem[]; total: number }>('sjz_admin', '/bapi/orginaion/getList', { pageSize: 100 });
    expect(sjz.body.data.list.every((r) => r.cityName === '石家庄市')).toBe(true);
    expect((await post('sjz_admin', '/bapi/orginaion/infoById', { id: bdPending })).status).toBe(404);
    const own = await post<{ list: ProfileItem[]; total: number }>('enterprise', '/bapi/orginaion/getList', {});
    expect(own.body.data.total).toBe(1);
    expect((await post('enterprise', '/bapi/orginaion/infoById', { id: sjzPending })).status).toBe(404);
    expect((await post('enterprise', '/bapi/orginaion/del', { ids: [sjzPending] })).status).toBe(403);
  });
});

describe('管理员登记、名录、同步、评价', () => {
  it('市级管理员在本市登记一个定点培训机构：即已入驻，列入本市名录；外市的不能登记', async () => {
    const form = enterpriseForm({
      orgType: 'TYPE_PXJG',
      agentName: '石家庄市新华区测试职业培训学校',
      unifiedSocialCreditCode: withUsccCheckChar('52130105MJ0T00001'),
      region: [130000, 130100, 130105],
      trainRange: '电工、焊工',
      schoolPermitCode: '教民130105000099号',
      permitUrl: IMG,
    });
    const other = await post('sjz_admin', '/bapi/orginaion/add', { ...form, region: [130000, 130600, 130602], unifiedSocialCreditCode: withUsccCheckChar('52130602MJ0T00002') });
    expect(other.status).toBe(403);
    const res = await post<ProfileDetail>('sjz_admin', '/bapi/orginaion/add', form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.settleStatus).toBe(SETTLE_STATUS.SETTLED);
    expect(res.body.data.agentCode).toMatch(/^ORG130105\d{3}$/);
    const list = await get<{ cityId: number; list: { name: string }[] }[]>('sjz_admin', '/bapi/orginaion/designated');
    expect(list.body.data.map((c) => c.cityId)).toEqual([130100]);
    expect(list.body.data[0].list.map((x) => x.name)).toContain('石家庄市新华区测试职业培训学校');
    const all = await get<{ cityId: number }[]>('admin', '/bapi/orginaion/designated');
    expect(all.body.data.length).toBeGreaterThan(3);
  });

  it('同步到求实平台：已入驻的由管理员同步；未入驻的拒绝；范围外 404', async () => {
    const sync = (account: string, code: string) => get<{ syncedAt: string }>(account, '/courseSchedulingInfo/synchronizationQiuShiOrginationByCode', { code });
    expect((await sync('sjz_admin', 'ORG130105001')).status).toBe(200);
    expect((await sync('sjz_admin', 'ORG130109101')).body.returnMsg).toBe('只有已入驻的单位才能同步到求实平台');
    expect((await sync('sjz_admin', 'ORG130602001')).status).toBe(404);
  });

  it('企业评价：本市已入驻的单位一年一条，外市的 404，单位只看自己的', async () => {
    const [mingde] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'ORG130105001'));
    const [hongye] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'ORG130602001'));
    const ok = await post('sjz_admin', '/bapi/orginaion/evaluation/save', { orgId: mingde.id, year: 2030, score: 92, content: '规范' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const dup = await post('sjz_admin', '/bapi/orginaion/evaluation/save', { orgId: mingde.id, year: 2030, score: 80, content: '重复' });
    expect(dup.status).toBe(409);
    expect((await post('sjz_admin', '/bapi/orginaion/evaluation/save', { orgId: hongye.id, year: 2030, score: 80, content: '外市' })).status).toBe(404);
    const mine = await post<{ list: { orgName: string; grade: string; year: number }[] }>('train_org', '/bapi/orginaion/evaluation/list', { pageSize: 50 });
    expect(mine.body.data.list.every((e) => e.orgName === '石家庄市新华区明德职业培训学校')).toBe(true);
    expect(mine.body.data.list.find((e) => e.year === 2030)?.grade).toBe('优秀');
  });

  it('种子：每个入驻状态都有单位', async () => {
    for (const s of Object.values(SETTLE_STATUS)) {
      const res = await post<{ total: number }>('admin', '/bapi/orginaion/getList', { settleStatus: s, pageSize: 1 });
      expect(res.body.data.total, `状态 ${s}`).toBeGreaterThan(0);
    }
  });
});
