// 教师的身份证号与手机号加密存放（teacher.id_card、phone 是 s1. 密文）；同一身份证号只登记一次（唯一约束在盲索引上，小写 x、全角也算同一个）；
// 按完整号码筛选；列表与导出默认脱敏；看全须有 teacher.unmask 并选理由，每次记访问日志；编辑时原样传回的脱敏值保留原号码。
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { maskIdNumber, maskMobile } from '@/lib/platform/identity';
import { dataAccessLogs } from '@/lib/domains/privacy/tables';
import { teachers } from '@/lib/domains/teacher/tables';
import type { TeacherItem } from '@/lib/domains/teacher/schemas';
import { authHeaders } from '../access/login-helper';
import { client, newIdCard, teacherByCard, validTeacher } from './helpers';
import { resultRows as rowsOf } from '@/tests/helpers/raw-rows';
import { expectUnmaskGate, listCall, revokeActions } from '../privacy/helpers';

const { db: getDb } = setupTestDb();
const { get, post } = client();
let db: Db;

beforeAll(async () => {
  db = await getDb();
});

const logs = () => db.select().from(dataAccessLogs).where(eq(dataAccessLogs.resource, 'teacher')).orderBy(asc(dataAccessLogs.id));

interface Page {
  list: TeacherItem[];
  masked: boolean;
  canUnmask: boolean;
}

async function register(over: Record<string, unknown> = {}) {
  const body = validTeacher(over);
  const res = await post<{ id: number }>('train_org', '/teacher/save', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id, cardNo: body.cardNo as string, phone: body.userPhone as string };
}

describe('密文与盲索引', () => {
  it('库里身份证号与手机号是密文、盲索引已写；演示数据也是', async () => {
    const t = await register({ userPhone: '13987650001' });
    const [raw] = rowsOf<{ id_card: string; phone: string; id_card_bidx: string; phone_bidx: string }>(await db.execute(sql`select id_card, phone, id_card_bidx, phone_bidx from teacher where id = ${t.id}`));
    expect(raw.id_card.startsWith('s1.')).toBe(true);
    expect(raw.phone.startsWith('s1.')).toBe(true);
    expect(raw.id_card).not.toContain(t.cardNo.slice(6, 14));
    expect([raw.id_card_bidx.length, raw.phone_bidx.length]).toEqual([43, 43]);
    const plain = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from teacher where id_card not like 's1.%' or phone not like 's1.%' or id_card_bidx is null or phone_bidx is null`));
    expect(plain[0].n).toBe(0);
  });

  it('同一身份证号再登记被拒（带空格、小写 x 的写法也是），库里不多一行', async () => {
    const t = await register();
    const count = async () => (await db.select({ id: teachers.id }).from(teachers)).length;
    const before = await count();
    for (const written of [t.cardNo, `${t.cardNo.slice(0, 6)} ${t.cardNo.slice(6).toLowerCase()}`]) {
      const again = await post('train_org', '/teacher/save', validTeacher({ cardNo: written }));
      expect([again.status, again.body.returnMsg]).toEqual([409, '该身份证号的教师已在师资库中']);
    }
    expect(await count()).toBe(before);
    expect((await teacherByCard(db, t.cardNo)).id).toBe(t.id);
  });

  it('按完整身份证号或手机号筛选；前几位查不到', async () => {
    const t = await register({ userPhone: '13987650003' });
    const byCard = await get<Page>('sjz_admin', '/teacher/list', { cardNo: t.cardNo });
    expect(byCard.body.data.list.map((x) => x.id)).toEqual([t.id]);
    const byPhone = await get<Page>('sjz_admin', '/teacher/list', { userPhone: '13987650003' });
    expect(byPhone.body.data.list.map((x) => x.id)).toEqual([t.id]);
    const partial = await get<Page>('sjz_admin', '/teacher/list', { cardNo: t.cardNo.slice(0, 10) });
    expect(partial.body.data.list).toEqual([]);
  });
});

describe('默认脱敏，看全须有权限、给理由、记日志', () => {
  it('列表与导出默认脱敏；机构没有 teacher.unmask（403），没选理由 400，都不记日志', async () => {
    const t = await register({ userPhone: '13987650004' });
    const page = await get<Page>('train_org', '/teacher/list', { cardNo: t.cardNo });
    expect(page.body.data.list[0]).toMatchObject({ cardNo: maskIdNumber(t.cardNo), userPhone: maskMobile(t.phone) });
    expect([page.body.data.masked, page.body.data.canUnmask]).toEqual([true, false]);
    const file = await call('POST', '/teacher/export', { headers: await authHeaders('train_org'), json: { cardNo: t.cardNo } });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.res.arrayBuffer());
    const header = wb.worksheets[0].getRow(1).values as unknown[];
    expect(String(wb.worksheets[0].getRow(2).getCell(header.indexOf('身份证号')).value)).toBe(maskIdNumber(t.cardNo));

    const refused = await get('train_org', '/teacher/list', { cardNo: t.cardNo, unmask: 'true', reason: 'verify' });
    expect([refused.status, refused.body.returnMsg]).toEqual([403, '没有查看完整个人信息的权限']);
    const noReason = await get('sjz_admin', '/teacher/list', { cardNo: t.cardNo, unmask: 'true' });
    expect([noReason.status, noReason.body.returnMsg]).toEqual([400, '请选择查看完整个人信息的理由']);
    expect(await logs()).toEqual([]);
  });

  it('市级管理员（teacher.unmask）给出理由：列表与导出是全号，各记一行访问日志', async () => {
    const t = await register({ userPhone: '13987650005' });
    const page = await get<Page>('sjz_admin', '/teacher/list', { cardNo: t.cardNo, unmask: 'true', reason: 'verify' });
    expect(page.status).toBe(200);
    expect(page.body.data.masked).toBe(false);
    expect(page.body.data.list[0]).toMatchObject({ cardNo: t.cardNo, userPhone: t.phone });
    const file = await call('POST', '/teacher/export', { headers: await authHeaders('sjz_admin'), json: { cardNo: t.cardNo, unmask: true, reason: 'audit' } });
    expect(file.status).toBe(200);
    expect((await logs()).map((l) => [l.account, l.action, l.entity, l.entityId, l.recordIds, l.reason])).toEqual([
      ['sjz_admin', 'view', 'teacher', t.id, [t.id], 'verify'],
      ['sjz_admin', 'export', 'teacher', t.id, [t.id], 'audit'],
    ]);
  });

  it('修改时原样传回脱敏的身份证号与手机号：保留原号码；新登记时脱敏值被拒', async () => {
    const t = await register({ userPhone: '13987650006' });
    const form = await get<{ teacher: TeacherItem }>('train_org', '/teacher/form', { id: t.id });
    expect(form.body.data.teacher.cardNo).toBe(maskIdNumber(t.cardNo));
    const res = await post('train_org', '/teacher/update', validTeacher({ id: t.id, cardNo: form.body.data.teacher.cardNo, userPhone: form.body.data.teacher.userPhone, realName: '改名教师' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await db.select().from(teachers).where(eq(teachers.id, t.id));
    expect([row.name, row.idCard, row.phone]).toEqual(['改名教师', t.cardNo, t.phone]);
    const masked = await post('train_org', '/teacher/save', validTeacher({ cardNo: maskIdNumber(newIdCard()) }));
    expect([masked.status, masked.body.returnMsg]).toEqual([400, '请输入完整的身份证号']);
  });
});

describe('师资审核列表：与师资库同一道闸（teacher.unmask，服务端给 canUnmask）', () => {
  it('待审核的教师默认脱敏；没有 teacher.unmask 的市级管理员 canUnmask 为 false、看全 403；省级管理员选理由看全，记一行访问日志', async () => {
    const t = await register({ userPhone: '13987650007' });
    // 演示角色里能进师资审核的（市级、省级）都有 teacher.unmask：去掉市级的，看“没有权限”的一边（改授权后要新的会话）
    await revokeActions(db, 'CITY_ADMIN', 'teacher', ['unmask']);
    const list = listCall<TeacherItem>('GET', '/teacher/audit/list', { cardNo: t.cardNo });
    const { log } = await expectUnmaskGate(db, { list, resource: 'teacher', allowed: 'admin', denied: 'sjz_admin', shown: (r) => r.cardNo, mask: maskIdNumber });
    expect([log.entity, log.entityId, log.recordIds]).toEqual(['teacher', t.id, [t.id]]);
  });
});
