// 入驻资料的法定代表人身份证号与银行账号加密存放（org_profile.master_id_card、bank_account 是 s1. 密文，盲索引已写）；
// 单位详情对管理员默认脱敏（身份证号 6+4、账号后 4 位），单位看自己的是全号；看全须有 settleInAudit.unmask 并选理由、记访问日志；
// 管理员修改时原样传回的脱敏值保留库里的号码。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { maskBankAccount, maskIdNumber } from '@/lib/platform/identity';
import { resources, roleResources, roles } from '@/lib/domains/access/tables';
import { dataAccessLogs } from '@/lib/domains/privacy/tables';
import { orgProfiles } from '@/lib/domains/institution/tables';
import { organisations } from '@/lib/domains/org/tables';
import type { ProfileDetail } from '@/lib/domains/institution/schemas';
import { client } from '../teacher/helpers';
import { resultRows as rowsOf } from '@/tests/helpers/raw-rows';

const { db: getDb } = setupTestDb();
const { post } = client();
let db: Db;
let profileId: number;

type Detail = ProfileDetail & { masked: boolean; canUnmask: boolean };
const logs = () => db.select().from(dataAccessLogs).where(and(eq(dataAccessLogs.entity, 'org_profile'), eq(dataAccessLogs.entityId, profileId))).orderBy(asc(dataAccessLogs.id));

beforeAll(async () => {
  db = await getDb();
  const [row] = await db.select({ id: orgProfiles.id }).from(orgProfiles).innerJoin(organisations, eq(organisations.id, orgProfiles.orgId)).where(eq(organisations.code, 'ORG130104001'));
  profileId = row.id;
});

describe('入驻资料：密文存放', () => {
  it('库里法定代表人身份证号与银行账号是密文，盲索引已写（全部演示数据）', async () => {
    const plain = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from org_profile where (master_id_card is not null and (master_id_card not like 's1.%' or master_id_card_bidx is null)) or (bank_account is not null and bank_account not like 's1.%')`),
    );
    expect(plain[0].n).toBe(0);
    const [p] = await db.select().from(orgProfiles).where(eq(orgProfiles.id, profileId));
    expect(p.masterIdCard).toMatch(/^\d{17}[\dX]$/);
  });
});

describe('单位详情：默认脱敏，看全须有权限、给理由、记日志', () => {
  it('单位看自己的是全号；市级管理员默认脱敏，没选理由 400，给理由看全并记一行', async () => {
    const [p] = await db.select().from(orgProfiles).where(eq(orgProfiles.id, profileId));
    const own = await post<Detail>('enterprise', '/bapi/orginaion/infoById', { id: profileId });
    expect([own.body.data.masterIdCard, own.body.data.bankAccount, own.body.data.masked]).toEqual([p.masterIdCard, p.bankAccount, false]);

    const city = await post<Detail>('sjz_admin', '/bapi/orginaion/infoById', { id: profileId });
    expect(city.body.data).toMatchObject({ masterIdCard: maskIdNumber(p.masterIdCard!), bankAccount: maskBankAccount(p.bankAccount!), masked: true, canUnmask: true });
    const noReason = await post('sjz_admin', '/bapi/orginaion/infoById', { id: profileId, unmask: true });
    expect([noReason.status, noReason.body.returnMsg]).toEqual([400, '请选择查看完整个人信息的理由']);
    expect(await logs()).toEqual([]);
    const full = await post<Detail>('sjz_admin', '/bapi/orginaion/infoById', { id: profileId, unmask: true, reason: 'verify' });
    expect([full.body.data.masterIdCard, full.body.data.bankAccount, full.body.data.masked]).toEqual([p.masterIdCard, p.bankAccount, false]);
    expect((await logs()).map((l) => [l.account, l.resource, l.action, l.recordIds, l.reason])).toEqual([['sjz_admin', 'settleInAudit', 'view', [profileId], 'verify']]);
  });

  it('管理员修改资料时原样传回脱敏值：库里的号码不变', async () => {
    const [before] = await db.select().from(orgProfiles).where(eq(orgProfiles.id, profileId));
    const d = (await post<Detail>('sjz_admin', '/bapi/orginaion/infoById', { id: profileId })).body.data;
    const res = await post('sjz_admin', '/bapi/orginaion/update', {
      id: profileId,
      orgType: d.orgType,
      agentName: d.agentName,
      agentAbbreviated: d.agentAbbreviated,
      unifiedSocialCreditCode: d.unifiedSocialCreditCode,
      master: d.master,
      masterIdCard: d.masterIdCard,
      phone: d.phone,
      contactName: d.contactName,
      taxpayerDistinguish: d.taxpayerDistinguish,
      bankOfDeposit: d.bankOfDeposit,
      bankAccount: d.bankAccount,
      teachersNumber: d.teachersNumber,
      orgArea: d.orgArea,
      region: d.region,
      orgAddress: d.orgAddress,
      trainRange: d.trainRange,
      schoolPermitCode: d.schoolPermitCode,
      permitUrl: d.permitUrl,
      idFrontUrl: d.idFrontUrl,
      idBackUrl: d.idBackUrl,
      licenceUrl: d.licenceUrl,
      logoUrl: d.logoUrl,
      orgIntroduce: d.orgIntroduce,
      bizDesc: d.bizDesc,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [after] = await db.select().from(orgProfiles).where(eq(orgProfiles.id, profileId));
    expect([after.masterIdCard, after.bankAccount, after.masterIdCardIndex]).toEqual([before.masterIdCard, before.bankAccount, before.masterIdCardIndex]);
  });

  it('没有 settleInAudit.unmask：看全 403，不记日志', async () => {
    const [role] = await db.select().from(roles).where(eq(roles.code, 'CITY_ADMIN'));
    const [res] = await db.select().from(resources).where(eq(resources.key, 'settleInAudit'));
    await db.update(roleResources).set({ actions: ['query', 'get', 'edit', 'export'] }).where(and(eq(roleResources.roleId, role.id), eq(roleResources.resourceId, res.id)));
    const { post: fresh } = client();
    const before = (await logs()).length;
    const d = await fresh<Detail>('sjz_admin', '/bapi/orginaion/infoById', { id: profileId });
    expect([d.body.data.masked, d.body.data.canUnmask]).toEqual([true, false]);
    const refused = await fresh('sjz_admin', '/bapi/orginaion/infoById', { id: profileId, unmask: true, reason: 'verify' });
    expect([refused.status, refused.body.returnMsg]).toEqual([403, '没有查看完整个人信息的权限']);
    expect((await logs()).length).toBe(before);
  });
});
