// 证书的身份证号、手机号加密存放（库里是 s1. 密文）：公开查询（身份证号 + 姓名）、列表筛选走盲索引；更正记录里的号码也是密文；
// 列表与导出默认脱敏，看全须有证书资源的 unmask、选理由，每次记访问日志。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues } from '../../helpers/xlsx';
import type { Db } from '@/lib/platform/db/client';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { idCheckChar } from '@/lib/platform/identity/id-number';
import { certificateCorrections, certificates, type Certificate } from '@/lib/domains/certificate/tables';
import { dataAccessLogs } from '@/lib/domains/privacy/tables';
import type { CertificateItem } from '@/lib/domains/certificate/schemas';
import { h, huayuanPlan, login, ok, refused } from '../score/helpers';
import { rawRows as rawRowsOf } from '@/tests/helpers/raw-rows';

const { db: getDb } = setupTestDb();
let db: Db;
const rawRows = <T>(query: SQL): Promise<T[]> => rawRowsOf<T>(db, query);
let c: Certificate;
let planId: number;

/** 同一个号码的全角写法（x 小写）：盲索引归一化后相同 */
const fullWidth = (v: string) => v.replace(/[0-9X]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).toLowerCase();
const ip = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
const logs = () => db.select().from(dataAccessLogs).where(eq(dataAccessLogs.entity, 'certificate')).orderBy(asc(dataAccessLogs.id));

beforeAll(async () => {
  db = await getDb();
  await login('eval_org', 'sjz_admin');
  planId = (await huayuanPlan(db, 7)).id;
  [c] = await db
    .select()
    .from(certificates)
    // 没有待审核更正的一张（演示数据里有的证书带着待审核的更正）
    .where(and(eq(certificates.planId, planId), eq(certificates.status, 0), isNotNull(certificates.mobile), sql`not exists (select 1 from certificate_correction x where x.certificate_id = ${certificates.id} and x.status = 0)`))
    .orderBy(asc(certificates.id))
    .limit(1);
  expect(c).toBeTruthy();
});

describe('证书：库里是密文，查找走盲索引', () => {
  it('id_card 与 mobile 是 s1. 密文（不含明文数字），id_card_bidx 是盲索引', async () => {
    const rows = await rawRows<{ id_card: string; mobile: string; id_card_bidx: string }>(sql`select id_card, mobile, id_card_bidx from certificate where id = ${c.id}`);
    expect(rows[0].id_card.startsWith('s1.')).toBe(true);
    expect(rows[0].id_card).not.toContain(c.idCard.slice(6, 14));
    expect(rows[0].mobile.startsWith('s1.')).toBe(true);
    expect(rows[0].mobile).not.toContain(c.mobile!.slice(3));
    expect(rows[0].id_card_bidx).toBe(blindIndex('idNumber', c.idCard));
    // 全部证书都已加密、都有盲索引
    const plain = await rawRows<{ n: number }>(sql`select count(*)::int as n from certificate where id_card not like 's1.%' or id_card_bidx is null`);
    expect(plain[0].n).toBe(0);
  });

  it('公开查询按身份证号 + 姓名（全角、小写 x 也找到）；姓名不对查不到；答复与查询日志都不含全号', async () => {
    const hit = await call<{ list: { cerCode: string }[] }>('POST', '/comApi/getAllCertificate', { headers: ip(1), json: { idCard: fullWidth(c.idCard), name: c.name } });
    expect(hit.status).toBe(200);
    expect(hit.body.data.list.map((x) => x.cerCode)).toContain(c.cerCode);
    expect(JSON.stringify(hit.body.data)).not.toContain(c.idCard);
    const miss = await call<{ list: unknown[] }>('POST', '/comApi/getAllCertificate', { headers: ip(1), json: { idCard: c.idCard, name: `${c.name}甲` } });
    expect(miss.body.data.list).toEqual([]);
    const rows = await rawRows<{ q: string }>(sql`select query::text as q from certificate_lookup`);
    expect(rows.some((r) => r.q.includes(c.idCard))).toBe(false);
  });

  it('列表按完整身份证号筛选（盲索引）；只给前几位查不到', async () => {
    const full = await ok<{ list: CertificateItem[] }>('eval_org', '/certificate/listCertificate', { idCard: c.idCard, pageNo: 1, pageSize: 10 });
    expect(full.list.map((x) => x.id)).toContain(c.id);
    const part = await ok<{ list: CertificateItem[] }>('eval_org', '/certificate/listCertificate', { idCard: c.idCard.slice(0, 10), pageNo: 1, pageSize: 10 });
    expect(part.list).toEqual([]);
  });

  it('更正记录里的新身份证号是密文；审核通过后证书的盲索引随之更新', async () => {
    const first17 = c.idCard.slice(0, 14) + String((Number(c.idCard.slice(14, 17)) + 2) % 1000).padStart(3, '0');
    const newId = first17 + idCheckChar(first17);
    await ok('eval_org', '/certificate/applyCorrection', { id: c.id, idCard: newId, reason: '身份证号录入错误' });
    const [x] = await db.select().from(certificateCorrections).where(and(eq(certificateCorrections.certificateId, c.id), eq(certificateCorrections.status, 0)));
    const rows = await rawRows<{ b: string; a: string }>(sql`select before::text as b, after::text as a from certificate_correction where id = ${x.id}`);
    expect(rows[0].a).not.toContain(newId);
    expect(rows[0].b).not.toContain(c.idCard);
    await ok('sjz_admin', '/certificate/reviewCorrection', { id: x.id, result: 'pass', opinion: '同意' });
    const [after] = await db.select().from(certificates).where(eq(certificates.id, c.id));
    expect(after).toMatchObject({ idCard: newId, idCardIndex: blindIndex('idNumber', newId), corrected: true });
    c = after;
  });
});

describe('证书：默认脱敏，看全须给理由并记日志', () => {
  it('列表、详情与导出默认脱敏，不记日志', async () => {
    const page = await ok<{ list: CertificateItem[]; masked: boolean; canUnmask: boolean }>('eval_org', '/certificate/listCertificate', { planId, pageNo: 1, pageSize: 100 });
    expect(page).toMatchObject({ masked: true, canUnmask: true });
    const row = page.list.find((x) => x.id === c.id)!;
    expect(row.idCard).toBe(`${c.idCard.slice(0, 6)}********${c.idCard.slice(-4)}`);
    expect(row.mobile).toBe(`${c.mobile!.slice(0, 3)}****${c.mobile!.slice(-4)}`);
    const detail = await ok<CertificateItem>('eval_org', '/certificate/getCertificate', { id: c.id });
    expect(detail.idCard).toContain('*');
    const file = await call('POST', '/certificate/exportCert', { headers: h.eval_org, json: { planId } });
    expect(file.status).toBe(200);
    const rows = sheetValues((await readWorkbook(await file.res.arrayBuffer())).worksheets[0]);
    expect(rows.slice(1).every((r) => String(r[3]).includes('*'))).toBe(true);
    expect(await logs()).toEqual([]);
  });

  it('没选理由 400；选了理由给全号，查看与导出各记一行（资源为持有的证书资源）', async () => {
    await refused('eval_org', '/certificate/listCertificate', { planId, pageNo: 1, pageSize: 10, unmask: true }, 400, '请选择查看完整个人信息的理由');
    expect(await logs()).toEqual([]);
    const page = await ok<{ list: CertificateItem[]; masked: boolean }>('eval_org', '/certificate/listCertificate', { planId, pageNo: 1, pageSize: 100, unmask: true, reason: 'verify' });
    expect(page.masked).toBe(false);
    expect(page.list.find((x) => x.id === c.id)).toMatchObject({ idCard: c.idCard, mobile: c.mobile });
    const file = await call('POST', '/certificate/exportCert', { headers: h.eval_org, json: { planId, unmask: true, reason: 'audit' } });
    expect(file.status).toBe(200);
    const rows = sheetValues((await readWorkbook(await file.res.arrayBuffer())).worksheets[0]);
    expect(rows.some((r) => r[3] === c.idCard)).toBe(true);
    expect((await logs()).map((l) => [l.resource, l.action, l.reason, l.account])).toEqual([
      ['certificateFill', 'view', 'verify', 'eval_org'],
      ['certificateFill', 'export', 'audit', 'eval_org'],
    ]);
  });
});
