// 教师审核：转换表里每个允许与拒绝的转换（经 teacher/auditNew 与 teacher/update）、谁可以办理、审核通过后不可改的字段、
// 删除、操作记录与审核意见；范围（市级看本市，机构看不到别的机构的教师 → 404，教师本人只看自己）；关系管理与排班用的公开函数。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { maskMobile } from '@/lib/platform/identity';
import { teachers } from '@/lib/domains/teacher/tables';
import { organisations } from '@/lib/domains/org/tables';
import { TEACHER_AUDIT, TEACHER_TRANSITIONS } from '@/lib/domains/teacher/transitions';
import { assertTeachersAssignable, teacherOptions } from '@/lib/domains/teacher/assignable';
import type { TeacherDetail, TeacherItem } from '@/lib/domains/teacher/schemas';
import { client, validTeacher } from './helpers';

const { db: getDb } = setupTestDb();
const { get, post } = client();
let db: Db;
let mingde: number;
let hongye: number;

beforeAll(async () => {
  db = await getDb();
  const orgs = await db.select({ id: organisations.id, code: organisations.code }).from(organisations);
  mingde = orgs.find((o) => o.code === 'ORG130105001')!.id;
  hongye = orgs.find((o) => o.code === 'ORG130602001')!.id;
});

async function register(overrides: Record<string, unknown> = {}): Promise<TeacherDetail> {
  const res = await post<TeacherDetail>('train_org', '/teacher/save', validTeacher(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const setStatus = (id: number, auditStatus: number) => db.update(teachers).set({ auditStatus }).where(eq(teachers.id, id));
const audit = (account: string, ids: number[], auditStatus: number, auditOpinion = '同意') => post(account, '/teacher/auditNew', { ids, auditStatus, auditOpinion });

describe('审核的转换表', () => {
  it('每个状态 × 每个审核结果：表里有的才允许（待审核→通过/驳回，已通过→驳回即撤销），其余拒绝', async () => {
    const t = await register();
    const statuses = Object.values(TEACHER_AUDIT);
    for (const from of statuses) {
      for (const to of [TEACHER_AUDIT.APPROVED, TEACHER_AUDIT.REJECTED]) {
        await setStatus(t.id, from);
        const allowed = TEACHER_TRANSITIONS.some((x) => x.actor === 'reviewer' && (x.from as readonly number[]).includes(from) && x.to === to);
        const res = await audit('sjz_admin', [t.id], to);
        expect(res.status, `${from} → ${to}: ${res.body.returnMsg}`).toBe(allowed ? 200 : 409);
        const [row] = await db.select().from(teachers).where(eq(teachers.id, t.id));
        expect(row.auditStatus).toBe(allowed ? to : from);
      }
    }
  });

  it('拒绝时说明当前状态', async () => {
    const t = await register();
    await setStatus(t.id, TEACHER_AUDIT.APPROVED);
    const res = await audit('sjz_admin', [t.id], TEACHER_AUDIT.APPROVED);
    expect(res.body.returnMsg).toBe('教师“测试教师”当前为「审核通过」，不能审核通过');
  });

  it('只有教师所属机构所在市的管理员与省级管理员可以审核；机构没有审核权限', async () => {
    const t = await register();
    expect((await audit('train_org', [t.id], 1)).status).toBe(403);
    expect((await audit('bd_admin', [t.id], 1)).status).toBe(404);
    expect((await audit('admin', [t.id], 2, '证书不清晰')).status).toBe(200);
  });

  it('一批里有一个不能审核的：整批不处理', async () => {
    const a = await register();
    const b = await register();
    await setStatus(b.id, TEACHER_AUDIT.REJECTED);
    const res = await audit('sjz_admin', [a.id, b.id], TEACHER_AUDIT.REJECTED);
    expect(res.status).toBe(409);
    const [row] = await db.select().from(teachers).where(eq(teachers.id, a.id));
    expect(row.auditStatus).toBe(TEACHER_AUDIT.PENDING);
  });

  it('列表行上的操作来自转换表：审核方在待审核的行上有通过与驳回，机构没有', async () => {
    const t = await register();
    const byCity = await get<{ list: TeacherItem[] }>('sjz_admin', '/teacher/audit/list', { realName: '测试教师', pageSize: 100 });
    const row = byCity.body.data.list.find((x) => x.id === t.id)!;
    expect(row.actions).toEqual(expect.arrayContaining(['approve', 'reject']));
    const byOrg = await get<{ list: TeacherItem[] }>('train_org', '/teacher/list', { realName: '测试教师', pageSize: 100 });
    const own = byOrg.body.data.list.find((x) => x.id === t.id)!;
    expect(own.actions).toEqual(['edit', 'delete']);
  });
});

describe('修改与删除', () => {
  it('被驳回的教师修改后重新待审核（resubmit），操作记录与审核意见都有', async () => {
    const t = await register();
    await audit('sjz_admin', [t.id], TEACHER_AUDIT.REJECTED, '头像不清晰');
    const form = validTeacher({ id: t.id, cardNo: t.cardNo, nickName: t.nickName, userPhone: '13987654321' });
    const res = await post<TeacherDetail>('train_org', '/teacher/update', form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.auditStatus).toBe(TEACHER_AUDIT.PENDING);
    const record = await get<{ action: string }[]>('train_org', '/teacher/toOperationRecord', { id: t.id });
    expect(record.body.data.map((r) => r.action)).toEqual(['resubmit', 'reject', 'create']);
    const opinions = await get<{ opinion: string }[]>('train_org', '/teacher/opinion', { id: t.id });
    expect(opinions.body.data.map((r) => r.opinion)).toEqual(['头像不清晰']);
  });

  it('审核通过后：姓名、身份证号、类型、区划、主管单位、证书不能改（表单据 lockedFields 禁用），手机号、邮箱、简介、头像、上班单位可改', async () => {
    const t = await register();
    await audit('sjz_admin', [t.id], TEACHER_AUDIT.APPROVED);
    const detail = await get<TeacherDetail>('train_org', '/teacher/form', { id: t.id });
    expect((detail.body.data as unknown as { teacher: TeacherDetail }).teacher.lockedFields).toEqual(expect.arrayContaining(['realName', 'cardNo', 'userType', 'sysTeacherCertificateList']));
    const base = { id: t.id, cardNo: t.cardNo, nickName: t.nickName };
    const renamed = await post('train_org', '/teacher/update', validTeacher({ ...base, realName: '改名', teacherType: 0 }));
    expect(renamed.status).toBe(400);
    expect(renamed.body.returnMsg).toBe('教师已审核通过，不能修改：真实姓名、师资类型');
    const phone = await post<TeacherDetail>('train_org', '/teacher/update', validTeacher({ ...base, userPhone: '13811112222', createUserCode: 'ORG130105001,ORG130104001' }));
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    expect(phone.body.data.auditStatus).toBe(TEACHER_AUDIT.APPROVED);
    // 答复里的手机号脱敏；库里是新号码
    expect(phone.body.data.userPhone).toBe(maskMobile('13811112222'));
    expect((await db.select({ phone: teachers.phone }).from(teachers).where(eq(teachers.id, t.id)))[0].phone).toBe('13811112222');
    expect(phone.body.data.createUserCode).toBe('ORG130105001,ORG130104001');
  });

  it('审核通过的不能删除；待审核的可以（软删除，之后 404）', async () => {
    const a = await register();
    const b = await register();
    await audit('sjz_admin', [a.id], TEACHER_AUDIT.APPROVED);
    const refused = await post('train_org', '/teacher/batch/remove', { ids: [a.id, b.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.returnMsg).toBe('教师“测试教师”已审核通过，不能删除');
    expect((await post('train_org', '/teacher/batch/remove', { ids: [b.id] })).status).toBe(200);
    expect((await get('train_org', '/teacher/detail', { id: b.id })).status).toBe(404);
    const [row] = await db.select().from(teachers).where(eq(teachers.id, b.id));
    expect(row.deletedAt).not.toBeNull();
  });

  it('新登记的教师属于本机构，本机构自动在上班单位里', async () => {
    const t = await register({ createUserCode: ['ORG130104001'] });
    expect(t.orgId).toBe(mingde);
    expect(t.units.map((u) => u.code)).toEqual(['ORG130105001', 'ORG130104001']);
    expect(t.units[0].own).toBe(true);
  });

  it('推送到求实平台：审核通过的由审核方推送', async () => {
    const t = await register();
    expect((await get('sjz_admin', '/teacher/postTeacherDataToQiuShi', { id: t.id })).body.returnMsg).toBe('只有审核通过的教师才能推送到求实平台');
    await audit('sjz_admin', [t.id], TEACHER_AUDIT.APPROVED);
    expect((await get('train_org', '/teacher/postTeacherDataToQiuShi', { id: t.id })).status).toBe(403);
    const pushed = await get<{ pushedAt: string }>('sjz_admin', '/teacher/postTeacherDataToQiuShi', { id: t.id });
    expect(pushed.status).toBe(200);
    expect(pushed.body.data.pushedAt).toMatch(/^\d{4}-/);
  });
});

describe('范围', () => {
  it('市级只看本市；保定的管理员看石家庄的教师：404', async () => {
    const t = await register();
    const bd = await get<{ list: TeacherItem[]; total: number }>('bd_admin', '/teacher/list', { pageSize: 100 });
    expect(bd.body.data.total).toBeGreaterThan(0);
    expect(bd.body.data.list.every((x) => x.cityName === '保定市')).toBe(true);
    expect((await get('bd_admin', '/teacher/detail', { id: t.id })).status).toBe(404);
    expect((await get('sjz_admin', '/teacher/detail', { id: t.id })).status).toBe(200);
  });

  it('培训机构看不到其他机构的教师：列表里没有，详情、修改、删除 404', async () => {
    const [other] = await db
      .select()
      .from(teachers)
      .where(and(eq(teachers.orgId, hongye), isNull(teachers.deletedAt)))
      .limit(1);
    const list = await get<{ list: TeacherItem[]; total: number }>('train_org', '/teacher/list', { pageSize: 100 });
    expect(list.body.data.list.some((x) => x.orgId !== mingde)).toBe(false);
    expect((await get('train_org', '/teacher/detail', { id: other.id })).status).toBe(404);
    expect((await get('train_org', '/teacher/toOperationRecord', { id: other.id })).status).toBe(404);
    expect((await post('train_org', '/teacher/batch/remove', { ids: [other.id] })).status).toBe(404);
    expect((await post('train_org', '/teacher/update', validTeacher({ id: other.id }))).status).toBe(404);
  });

  it('教师本人只看到自己', async () => {
    const mine = await get<{ list: TeacherItem[]; total: number }>('teacher', '/teacher/list', {});
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.list[0].realName).toBe('张明远');
  });
});

describe('关系管理与排班', () => {
  it('在别的单位上班：凭身份证号与姓名登记后可见、可排班，但只有所属机构可修改；所属机构那一行不能解除', async () => {
    const [other] = await db
      .select()
      .from(teachers)
      .where(and(eq(teachers.orgId, hongye), eq(teachers.auditStatus, TEACHER_AUDIT.APPROVED), isNull(teachers.deletedAt)))
      .limit(1);
    expect((await teacherOptions(db, mingde, {})).some((o) => o.id === other.id)).toBe(false);
    await expect(assertTeachersAssignable(db, mingde, [other.id])).rejects.toThrow(`教师“${other.name}”不在本机构上班`);

    expect((await post('train_org', '/teacher/relation/add', { cardNo: other.idCard, realName: '别人' })).body.returnMsg).toBe('师资库中没有这名教师，请核对身份证号与姓名');
    const added = await post<{ id: number }>('train_org', '/teacher/relation/add', { cardNo: other.idCard, realName: other.name });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await post('train_org', '/teacher/relation/add', { cardNo: other.idCard, realName: other.name })).status).toBe(409);

    const seen = await get<TeacherDetail>('train_org', '/teacher/detail', { id: other.id });
    expect(seen.status).toBe(200);
    expect(seen.body.data.actions).toEqual([]);
    expect((await teacherOptions(db, mingde, { keyword: other.name })).map((o) => o.id)).toContain(other.id);
    await expect(assertTeachersAssignable(db, mingde, [other.id])).resolves.toBeUndefined();

    const rel = await get<{ list: { id: number; own: boolean; teacherId: number; actions: string[] }[] }>('train_org', '/teacher/relation/list', { realName: other.name, pageSize: 50 });
    const mineRow = rel.body.data.list.find((r) => r.teacherId === other.id && !r.own)!;
    expect(mineRow.actions).toEqual(['remove']);
    const ownRow = await get<{ list: { id: number; own: boolean; teacherId: number }[] }>('bd_admin', '/teacher/relation/list', { realName: other.name, pageSize: 50 });
    const own = ownRow.body.data.list.find((r) => r.teacherId === other.id && r.own)!;
    expect((await post('bd_admin', '/teacher/relation/remove', { id: own.id })).body.returnMsg).toBe('不能解除教师与所属机构的关系');
    // 保定的管理员看不到石家庄单位的那一行
    expect((await post('bd_admin', '/teacher/relation/remove', { id: mineRow.id })).status).toBe(404);
    expect((await post('train_org', '/teacher/relation/remove', { id: mineRow.id })).status).toBe(200);
    expect((await get('train_org', '/teacher/detail', { id: other.id })).status).toBe(404);
  });

  it('待审核的教师不能排班，消息里有教师的名字', async () => {
    const t = await register({ realName: '待审教师' });
    await expect(assertTeachersAssignable(db, mingde, [t.id])).rejects.toThrow('教师“待审教师”待审核，审核通过后才能排进培训班');
    expect((await teacherOptions(db, mingde, { keyword: '待审教师' })).length).toBe(0);
    await audit('sjz_admin', [t.id], TEACHER_AUDIT.APPROVED);
    const options = await teacherOptions(db, mingde, { keyword: '待审教师' });
    expect(options).toEqual([expect.objectContaining({ id: t.id, name: '待审教师', idCardMasked: expect.stringMatching(/^130105\*+\d{3}[\dX]$/) })]);
  });
});

describe('种子', () => {
  it('40 名教师，每个审核状态都有，都带证书', async () => {
    const all = await get<{ total: number }>('admin', '/teacher/list', { pageSize: 1 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(40);
    for (const s of Object.values(TEACHER_AUDIT)) {
      const res = await get<{ total: number }>('admin', '/teacher/list', { auditStatus: s, pageSize: 1 });
      expect(res.body.data.total, `状态 ${s}`).toBeGreaterThan(0);
    }
  });
});
