// 补贴的证件号与银行账号加密存放（subsidy_item.id_number、bank_account，training_coupon.id_number 是 s1. 密文）；
// 培训券按盲索引查（全角写法也找得到）；申请详情与拨付名单默认脱敏（证件号 6+4、账号后 4 位），看全须有权限、给理由、记访问日志。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { maskBankAccount, maskIdNumber } from '@/lib/platform/identity';
import { dataAccessLogs } from '@/lib/domains/privacy/tables';
import { subsidyApplies, subsidyItems } from '@/lib/domains/subsidy/tables';
import { APPLY_STATUS, DECISION } from '@/lib/domains/subsidy/transitions';
import type { TrainClass, TrainStudent } from '@/lib/domains/trainClass/tables';
import { login, ok, refused } from '../trainClass/helpers';
import { apply, itemOf, mainClass, picker } from './helpers';
import { resultRows as rowsOf } from '@/tests/helpers/raw-rows';

const { db: getDb } = setupTestDb();
let db: Db;
let klass: TrainClass;
let take: (n: number) => TrainStudent[];

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'admin');
  const m = await mainClass(db);
  klass = m.klass;
  take = picker(m.free);
});

const fullWidth = (v: string) => v.replace(/[0-9X]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

interface Detail {
  students: { id: number; idNumber: string; bankAccount: string | null }[];
  masked: boolean;
  canUnmask: boolean;
}

describe('密文存放', () => {
  it('补贴学员行的证件号与银行账号、培训券的证件号在库里是密文（演示数据与新写的都是）', async () => {
    const [s] = take(1);
    const saved = await apply(klass.id, [s]);
    const items = rowsOf<{ id_number: string; bank_account: string | null; id_number_bidx: string | null }>(await db.execute(sql`select id_number, bank_account, id_number_bidx from subsidy_item where apply_id = ${saved.id}`));
    expect(items).toHaveLength(1);
    expect(items[0].id_number.startsWith('s1.')).toBe(true);
    expect(items[0].bank_account!.startsWith('s1.')).toBe(true);
    expect(items[0].bank_account).not.toContain(itemOf(s).bankAccount.slice(-6));
    expect(items[0].id_number_bidx).toHaveLength(43);
    const plain = rowsOf<{ n: number }>(
      await db.execute(sql`select (select count(*) from subsidy_item where id_number not like 's1.%' or (bank_account is not null and bank_account not like 's1.%') or id_number_bidx is null)
        + (select count(*) from training_coupon where id_number not like 's1.%' or id_number_bidx is null) as n`),
    );
    expect(Number(plain[0].n)).toBe(0);
  });

  it('发券写密文与盲索引；按全角写的完整证件号筛选培训券找得到，前几位找不到', async () => {
    const [s] = take(1);
    const year = klass.startDate.slice(0, 4);
    const c = await ok<{ id: number; code: string }>('sjz_admin', '/coupon/issue', { name: s.name, idNumber: s.idNumber, faceValue: 300, validFrom: `${year}-01-01`, validTo: `${year}-12-31` });
    const raw = rowsOf<{ id_number: string }>(await db.execute(sql`select id_number from training_coupon where id = ${c.id}`));
    expect(raw[0].id_number.startsWith('s1.')).toBe(true);
    const found = await ok<{ list: { code: string; idNumber: string }[] }>('sjz_admin', '/coupon/list', { idNumber: fullWidth(s.idNumber) });
    // 这人可能还有演示数据里的券：都是他的
    expect(found.list.map((x) => x.code)).toContain(c.code);
    expect(new Set(found.list.map((x) => x.idNumber))).toEqual(new Set([maskIdNumber(s.idNumber)]));
    const partial = await ok<{ list: unknown[] }>('sjz_admin', '/coupon/list', { idNumber: s.idNumber.slice(0, 8) });
    expect(partial.list).toEqual([]);
  });
});

describe('申请详情：默认脱敏，看全须有权限、给理由、记日志', () => {
  it('机构与市级看到的证件号与账号都脱敏；机构没有 subsidyAudit.unmask（403），市级没选理由 400；看全给全号并记一行', async () => {
    const [s] = take(1);
    const saved = await apply(klass.id, [s]);
    const account = itemOf(s).bankAccount;
    for (const who of ['train_org', 'sjz_admin']) {
      const d = await ok<Detail>(who, '/subsidy/applyDetail', { id: String(saved.id) }, 'GET');
      expect(d.students[0]).toMatchObject({ idNumber: maskIdNumber(s.idNumber), bankAccount: maskBankAccount(account) });
      expect(d.masked).toBe(true);
      expect(d.canUnmask).toBe(who === 'sjz_admin');
    }
    const logs = () => db.select().from(dataAccessLogs).where(and(eq(dataAccessLogs.entity, 'subsidy_apply'), eq(dataAccessLogs.entityId, saved.id))).orderBy(asc(dataAccessLogs.id));
    const get = (who: string, q: Record<string, string>) => ok<Detail>(who, '/subsidy/applyDetail', { id: String(saved.id), ...q }, 'GET');
    await expect(get('train_org', { unmask: 'true', reason: 'verify' })).rejects.toThrow(/403/);
    await expect(get('sjz_admin', { unmask: 'true' })).rejects.toThrow(/400/);
    expect(await logs()).toEqual([]);
    const full = await get('sjz_admin', { unmask: 'true', reason: 'verify' });
    expect(full.masked).toBe(false);
    expect(full.students[0]).toMatchObject({ idNumber: s.idNumber, bankAccount: account });
    expect((await logs()).map((l) => [l.account, l.resource, l.action, l.recordIds, l.reason])).toEqual([['sjz_admin', 'subsidyAudit', 'view', [full.students[0].id], 'verify']]);
  });

  it('编辑时原样提交脱敏的账号：保留原来的全号', async () => {
    const [s] = take(1);
    const account = itemOf(s).bankAccount;
    const saved = await apply(klass.id, [s]);
    await apply(klass.id, [s], { id: saved.id, items: [itemOf(s, { bankAccount: maskBankAccount(account) })] });
    const [item] = await db.select().from(subsidyItems).where(eq(subsidyItems.applyId, saved.id));
    expect(item.bankAccount).toBe(account);
  });
});

describe('拨付名单的银行账号', () => {
  it('默认只给后 4 位，看全（subsidyFinance.unmask、理由）给全号', async () => {
    const [a] = await db.select().from(subsidyApplies).where(and(eq(subsidyApplies.status, APPLY_STATUS.PAID), eq(subsidyApplies.cityId, 130100))).orderBy(asc(subsidyApplies.id)).limit(1);
    const items = await db.select().from(subsidyItems).where(and(eq(subsidyItems.applyId, a.id), eq(subsidyItems.decision, DECISION.APPROVED))).orderBy(asc(subsidyItems.id));
    const accounts = items.map((i) => i.bankAccount ?? '');
    const masked = await ok<{ rows: { bankAccount: string }[] }>('sjz_admin', '/subsidy/paymentList', { id: a.id });
    expect(masked.rows.map((r) => r.bankAccount)).toEqual(accounts.map(maskBankAccount));
    const full = await ok<{ rows: { bankAccount: string }[] }>('sjz_admin', '/subsidy/paymentList', { id: a.id, unmask: true, reason: 'payment' });
    expect(full.rows.map((r) => r.bankAccount)).toEqual(accounts);
    await refused('sjz_admin', '/subsidy/paymentList', { id: a.id, unmask: true }, 400);
  });
});
