// 人员库：同库不能重复录入、性别与出生日期由身份证号推出、停用后不能分派、数据范围、权限。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { demoIdNumber } from '@/lib/domains/personnel/seed';
import { assertAssignable, assignPerson } from '@/lib/domains/personnel/service';
import { people, personAssignments, personWorks } from '@/lib/domains/personnel/tables';
import type { PersonDetail, PersonItem } from '@/lib/domains/personnel/schemas';
import { organisations } from '@/lib/domains/org/tables';
import { operationLogs } from '@/lib/domains/ops/tables';
import { filings } from '@/lib/domains/filing/tables';
import { ApiError } from '@/lib/platform/api/errors';
import { maskIdNumber } from '@/lib/platform/identity';

const { db } = setupTestDb();

interface Paged<T> {
  list: T[];
  total: number;
}

const h: Record<string, Record<string, string>> = {};
let bdEvalId = 0;
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org']) h[a] = await authHeaders(a);
  const [bd] = await (await db()).select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'ORG130606001'));
  bdEvalId = bd.id;
});

const post = <T>(account: string, path: string, json: unknown = {}) => call<T>('POST', path, { headers: h[account], json });

// 女，1991-02-28，长安区
const NEW_ID = demoIdNumber(130102, '19910228', 246);

describe('考评员录入', () => {
  it('性别与出生日期由身份证号推出，客户端给的不算；机构用户的所属机构是本机构', async () => {
    const res = await post<PersonDetail>('eval_org', '/fil/evaluation/addFilEvaluation', {
      name: '白雪',
      idNumber: NEW_ID.toLowerCase(),
      mobile: '13912345678',
      gender: '男',
      birthDate: '2000-01-01',
      orgId: bdEvalId,
      works: [{ workCode: '6-31-01-03', levelCode: 3 }],
      certs: [{ certName: '考评员证', certNo: 'KPY-T-001' }],
    });
    expect(res.status).toBe(200);
    // 返回的详情脱敏（6+4、3+4）；库里是密文
    expect(res.body.data).toMatchObject({
      name: '白雪',
      idNumber: maskIdNumber(NEW_ID),
      mobile: '139****5678',
      gender: '女',
      birthDate: '1991-02-28',
      orgName: '河北华元职业技能评价有限公司',
      cityName: '石家庄市',
      statusName: '在岗',
      worksText: '电工（三级/高级工）',
    });
    expect(res.body.data.certs).toMatchObject([{ certName: '考评员证', certNo: 'KPY-T-001' }]);
  });

  it('同一身份证号不能再次录入考评员库（409），但可以录入督导员库', async () => {
    const dup = await post('eval_org', '/fil/evaluation/addFilEvaluation', { name: '白雪二', idNumber: NEW_ID, mobile: '13912345679' });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('该身份证号已在考评员库中');
    const asSupervisor = await post<PersonDetail>('sjz_admin', '/perSuper/savePerSupervisor', { name: '白雪', idNumber: NEW_ID, mobile: '13912345678', workUnit: '石家庄市人社局' });
    expect(asSupervisor.status).toBe(200);
    expect(asSupervisor.body.data).toMatchObject({ cityName: '石家庄市', gender: '女' });
  });

  it('身份证号校验位错误、手机号不对、工种没有该等级：中文原因，什么也不写', async () => {
    const before = await (await db()).$count(people);
    const wrongCheck = NEW_ID.slice(0, 17) + (NEW_ID[17] === '1' ? '2' : '1');
    const bad = await post('eval_org', '/fil/evaluation/addFilEvaluation', { name: '错号', idNumber: wrongCheck, mobile: '13912345678' });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('身份证号校验位不正确');
    const badMobile = await post('eval_org', '/fil/evaluation/addFilEvaluation', { name: '错号', idNumber: demoIdNumber(130102, '19900101', 11), mobile: '12912345678' });
    expect(badMobile.body.returnMsg).toContain('手机号格式有误');
    const badLevel = await post('eval_org', '/fil/evaluation/addFilEvaluation', {
      name: '错等级',
      idNumber: demoIdNumber(130102, '19900101', 13),
      mobile: '13912345678',
      works: [{ workCode: '6-18-01-03', levelCode: 1 }],
    });
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.returnMsg).toBe('工种「刨插工」没有开设一级/高级技师');
    expect(await (await db()).$count(people)).toBe(before);
  });

  it('市级管理员只能把考评员放进本市的评价机构', async () => {
    const res = await post('sjz_admin', '/fil/evaluation/addFilEvaluation', { name: '跨市', idNumber: demoIdNumber(130102, '19850505', 15), mobile: '13912345670', orgId: bdEvalId });
    expect(res.status).toBe(404);
    expect(res.body.returnMsg).toBe('所属机构不存在或不在您的管辖范围内');
  });
});

describe('停用与分派', () => {
  it('停用后 assertAssignable 拒绝，启用后可以分派；停用原因记入详情与操作日志', async () => {
    const list = await post<Paged<PersonItem>>('eval_org', '/perEval/list', { name: '白雪' });
    const id = list.body.data.list[0].id;
    const d = await db();
    await expect(assertAssignable(d, 'assessor', id)).resolves.toMatchObject({ id });

    const stop = await post('eval_org', '/perEval/stopService', { ids: [id], reason: '调离' });
    expect(stop.status).toBe(200);
    const again = await post('eval_org', '/perEval/stopService', { ids: [id] });
    expect(again.body.returnMsg).toBe('所选考评员已是停用状态');

    const refused = await assertAssignable(d, 'assessor', id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('考评员白雪已停用，不能分派');
    await expect(assignPerson(d, 'assessor', id, { planCode: 'T1', planName: '测试计划', role: '考评员' })).rejects.toThrow('已停用');
    expect(await d.$count(personAssignments, eq(personAssignments.personId, id))).toBe(0);
    // 停用的人不在可分派名单里
    const assignable = await post<Paged<PersonItem>>('eval_org', '/perEval/evalList', { name: '白雪' });
    expect(assignable.body.data.total).toBe(0);

    const detail = await post<PersonDetail>('eval_org', '/fil/evaluation/viewFilEvaluation', { id });
    expect(detail.body.data).toMatchObject({ statusName: '停用', stopReason: '调离' });
    const logs = await d.select().from(operationLogs).where(eq(operationLogs.endpoint, 'POST /perEval/stopService'));
    expect(logs.map((l) => l.detail)).toEqual(['停用考评员 白雪：调离']);
    expect(logs[0]).toMatchObject({ account: 'eval_org', entity: 'person', entityId: String(id) });

    expect((await post('eval_org', '/perEval/startService', { ids: [id] })).status).toBe(200);
    await assignPerson(d, 'assessor', id, { planCode: 'T1', planName: '测试计划', role: '考评员' });
    const exams = await post<Paged<{ planName: string }>>('eval_org', '/perEval/listExamination', { id });
    expect(exams.body.data.list.map((e) => e.planName)).toEqual(['测试计划']);
    // 参与过考务的不能删除
    const del = await post('eval_org', '/perEval/del', { ids: [id] });
    expect(del.status).toBe(400);
    expect(del.body.returnMsg).toBe('白雪已参与考务安排，不能删除，可改为停用');
  });

  it('督导员库中的人不能当作考评员分派（库不同答 404）', async () => {
    const [sup] = await (await db()).select({ id: people.id }).from(people).where(eq(people.library, 'supervisor')).limit(1);
    await expect(assertAssignable(await db(), 'assessor', sup.id)).rejects.toThrow('考评员不存在');
  });
});

describe('数据范围与权限', () => {
  it('石家庄管理员看不到保定的督导员、考评员与考务人员，对方的记录答 404', async () => {
    for (const path of ['/perSuper/listSuper', '/perEval/list', '/examStaff/listExamStaff']) {
      const mine = await post<Paged<PersonItem>>('sjz_admin', path, { pageSize: 100 });
      expect(mine.status).toBe(200);
      expect(mine.body.data.total).toBeGreaterThan(0);
      expect(mine.body.data.list.every((p) => p.cityName === '石家庄市')).toBe(true);
    }
    const bd = await post<Paged<PersonItem>>('bd_admin', '/perSuper/listSuper', { name: '宋国庆' });
    const bdId = bd.body.data.list[0].id;
    const cross = await post('sjz_admin', '/perSuper/supervisorInfo', { id: bdId });
    expect(cross.status).toBe(404);
    expect(cross.body.returnMsg).toBe('督导员不存在或不在您的管辖范围内');
    expect((await post('sjz_admin', '/perSuper/stopService', { ids: [bdId] })).status).toBe(404);
    expect((await call('GET', '/perSuper/photo', { headers: h.sjz_admin, query: { id: bdId } })).status).toBe(404);
    // 筛选条件越不出范围
    expect((await post<Paged<PersonItem>>('sjz_admin', '/perSuper/listSuper', { cityId: 130600 })).body.data.total).toBe(0);
    // 省级看全省（演示数据有六个市的督导员）
    const all = await post<Paged<PersonItem>>('admin', '/perSuper/listSuper', { pageSize: 100 });
    expect(new Set(all.body.data.list.map((p) => p.cityName))).toEqual(new Set(['石家庄市', '保定市', '唐山市', '邯郸市', '廊坊市', '沧州市']));
  });

  it('机构用户只看本机构的考评员；列表中身份证号脱敏', async () => {
    const res = await post<Paged<PersonItem>>('eval_org', '/perEval/list', { pageSize: 100 });
    expect(res.body.data.list.every((p) => p.orgName === '河北华元职业技能评价有限公司')).toBe(true);
    expect(res.body.data.list[0].idNumber).toMatch(/^\d{6}\*{8}\d{3}[\dX]$/);
  });

  it('按工种、按职业筛选：只列出有该工种（该职业下工种）的人员', async () => {
    const all = (await post<Paged<PersonItem>>('admin', '/perEval/list', { pageSize: 100 })).body.data.list;
    const d = await db();
    const works = await d.select().from(personWorks).where(inArray(personWorks.personId, all.map((p) => p.id)));
    const code = works[0].workCode;
    const holders = new Set(works.filter((w) => w.workCode === code).map((w) => w.personId));
    const byWork = await post<Paged<PersonItem>>('admin', '/perEval/list', { workCode: code, pageSize: 100 });
    expect(byWork.status).toBe(200);
    expect(new Set(byWork.body.data.list.map((p) => p.id))).toEqual(holders);
    const none = await post<Paged<PersonItem>>('admin', '/perEval/list', { jobCode: '9-99-99', pageSize: 100 });
    expect(none.body.data.total).toBe(0);
  });

  it('没有权限答 403：培训机构不能看考评员，评价机构不能管督导员', async () => {
    const a = await post('train_org', '/perEval/list');
    expect(a.status).toBe(403);
    const b = await post('eval_org', '/perSuper/listSuper');
    expect(b.status).toBe(403);
    const c = await post('eval_org', '/perSuper/savePerSupervisor', { name: '某', idNumber: demoIdNumber(130102, '19800101', 17), mobile: '13912345678' });
    expect(c.status).toBe(403);
    expect((await call('POST', '/perEval/list', { json: {} })).status).toBe(401);
  });
});

describe('备案单位下拉', () => {
  it('只列范围内、备案审核完成的评价机构', async () => {
    const sjz = await post<{ name: string }[]>('sjz_admin', '/perEval/filingUnitList');
    expect(sjz.body.data.map((o) => o.name)).toEqual(['河北华元职业技能评价有限公司']);
    const all = await post<{ name: string }[]>('admin', '/perEval/filingUnitList');
    // 有已完成（含作废待审、作废驳回）备案的评价机构；沧州运河（待复审）、廊坊中英（审核中）、廊坊鉴定所（已作废）不在其中
    expect(all.body.data.map((o) => o.name).sort()).toEqual(
      [
        '保定燕赵职业技能评价中心有限公司',
        '河北华元职业技能评价有限公司',
        '唐山冀东职业技能评价有限公司',
        '唐山国家职业技能鉴定所曹妃甸分所',
        '邯郸市高级技工学校',
        '廊坊润才职业技能评价有限公司',
        '任丘市华北职业技能鉴定所',
      ].sort(),
    );
    // 撤下华元的已完成备案后，它不再出现
    const d = await db();
    await d.update(filings).set({ status: 6 }).where(eq(filings.orgId, (await d.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'ORG130102001')))[0].id));
    expect((await post<{ name: string }[]>('sjz_admin', '/perEval/filingUnitList')).body.data).toEqual([]);
  });
});
