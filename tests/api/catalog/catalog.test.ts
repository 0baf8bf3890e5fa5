// 职业工种目录：各处下拉的形状、保存校验（编码格式、重复）、在用工种不能删除、导入全有或全无、权限与数据范围。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues, xlsxFile, type SheetData } from '../../helpers/xlsx';
import { authHeaders } from '../access/login-helper';
import { baseJobs, baseWorkLevels, baseWorks } from '@/lib/domains/catalog/tables';
import { organisations, organisationWorks } from '@/lib/domains/org/tables';
import type { JobItem, WorkLevelItem, WorkOption } from '@/lib/domains/catalog/schemas';

const { db } = setupTestDb();

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'teacher']) h[a] = await authHeaders(a);
});

const post = <T = unknown>(account: string, path: string, json: unknown = {}) => call<T>('POST', path, { headers: h[account], json });
const get = <T = unknown>(account: string, path: string, query: Record<string, string | number> = {}) => call<T>('GET', path, { headers: h[account], query });
const codesOf = (list: { workCode: string }[]) => list.map((w) => w.workCode).sort();

const job = (code: string, name: string, works?: { code: string; name: string; levels: number[]; skillStandardUrl?: string }[]) => ({
  code,
  name,
  works: works ?? [{ code, name, levels: [5, 4, 3] }],
});

describe('下拉与查询', () => {
  it('职业与工种：真实编码，至少 40 个工种，任何登录用户可查', async () => {
    const jobs = await post<{ code: string; name: string; categoryName: string }[]>('teacher', '/comApi/getAllJobs');
    expect(jobs.status).toBe(200);
    expect(jobs.body.data.length).toBeGreaterThanOrEqual(40);
    expect(jobs.body.data).toContainEqual(expect.objectContaining({ code: '6-31-01-03', name: '电工', categoryName: '生产制造及有关人员' }));
    const works = await post<WorkOption[]>('teacher', '/comApi/getAllWorks', { jobCode: '4-14-02-02' });
    expect(works.body.data).toEqual([{ workCode: '4-14-02-02', workName: '健康管理师', jobCode: '4-14-02-02', jobName: '健康管理师', levels: [3, 2, 1] }]);
    const levels = await post('teacher', '/comApi/getAllWorkLevels', { workCode: '4-14-02-02' });
    expect(levels.body.data).toEqual([
      { levelCode: 3, levelName: '三级/高级工' },
      { levelCode: 2, levelName: '二级/技师' },
      { levelCode: 1, levelName: '一级/高级技师' },
    ]);
    const tree = await post<{ code: string; works: WorkOption[] }[]>('teacher', '/comApi/getAllJobList');
    expect(tree.body.data.find((j) => j.code === '6-18-02-04')?.works.map((w) => w.workName)).toEqual(['焊工']);
    expect((await call('POST', '/comApi/getAllJobs', { json: {} })).status).toBe(401);
  });

  it('GET comApi/allTypeOfWork 与 /bapi/common/typeOfWorkList 返回同样的工种，后者带 x-code', async () => {
    const a = await get<WorkOption[]>('teacher', '/comApi/allTypeOfWork');
    const b = await get<WorkOption[]>('teacher', '/bapi/common/typeOfWorkList');
    expect(a.body.data.length).toBeGreaterThanOrEqual(40);
    expect(b.body.data).toEqual(a.body.data);
    expect(b.headers.get('x-code')).toBe('200');
    expect(a.body.data).toContainEqual({ workCode: '4-10-01-05', workName: '养老护理员', jobCode: '4-10-01-05', jobName: '养老护理员', levels: [5, 4, 3, 2, 1] });
  });

  it('工种分页（选择器）按名称或编码搜索', async () => {
    const byName = await post<{ list: WorkOption[]; total: number; pageSize: number }>('teacher', '/work/baseWorkList', { keyword: '钳工', pageSize: 10 });
    expect(byName.body.data.list.map((w) => w.workName).sort()).toEqual(['工具钳工', '机修钳工', '装配钳工'].sort());
    expect(byName.body.data.total).toBe(3);
    const byCode = await post<{ list: WorkOption[] }>('teacher', '/work/baseWorkList', { keyword: '6-18-01' });
    expect(byCode.body.data.list.every((w) => w.workCode.startsWith('6-18-01'))).toBe(true);
    const page2 = await post<{ list: WorkOption[]; total: number; pageNo: number }>('teacher', '/work/baseWorkList', { pageNo: 2, pageSize: 10 });
    expect(page2.body.data).toMatchObject({ pageNo: 2 });
    expect(page2.body.data.list).toHaveLength(10);
  });

  it('工种、等级与申报条件', async () => {
    const work = await post<{ name: string; jobName: string; levels: WorkLevelItem[] }>('teacher', '/work/byBaseWork', { code: '6-31-01-03' });
    expect(work.body.data).toMatchObject({ name: '电工', jobName: '电工' });
    expect(work.body.data.levels.map((l) => l.levelName)).toEqual(['五级/初级工', '四级/中级工', '三级/高级工', '二级/技师', '一级/高级技师']);
    const level = await post<WorkLevelItem>('teacher', '/baseWorkLevel/byBaseWorkLevel', { workCode: '6-31-01-03', levelCode: 4 });
    expect(level.body.data).toMatchObject({ levelName: '四级/中级工', limitType: 2, prereqLevel: 5, prereqYears: 4, minYears: 6 });
    const missing = await post('teacher', '/baseWorkLevel/byBaseWorkLevel', { workCode: '4-14-02-02', levelCode: 5 });
    expect(missing.status).toBe(404);
    expect(missing.body.returnMsg).toBe('工种「健康管理师」没有开设五级/初级工');
    const req = await post<WorkLevelItem[]>('teacher', '/baseWorkLevelRequire/byWorkLevelRequire', { workCode: '4-14-02-02' });
    expect(req.body.data[0]).toMatchObject({ levelCode: 3, limitType: 1, minYears: 10 });
    const limits = await post<{ levelCode: number; limitTypeName: string }[]>('teacher', '/typeOfWork/getLimitType', { workCode: '6-31-01-03' });
    expect(limits.body.data.map((l) => `${l.levelCode}:${l.limitTypeName}`)).toEqual(['5:从业年限', '4:持低一级证书后年限', '3:持低一级证书后年限', '2:持低一级证书后年限', '1:持低一级证书后年限']);
    const bad = await post('teacher', '/work/byBaseWork', { code: '9-99' });
    expect(bad.status).toBe(400);
    expect((await post('teacher', '/work/byBaseWork', { code: '6-99-99-99' })).body.returnMsg).toBe('工种 6-99-99-99 不存在');
  });

  it('技能标准大纲：未上传时 404 与明确的提示', async () => {
    const res = await post('teacher', '/typeOfWork/toShowSkillStandardOutlineImg', { workCode: '6-18-01-01' });
    expect(res.status).toBe(404);
    expect(res.body.returnMsg).toBe('工种「车工」尚未上传技能标准大纲');
  });

  it('专项职业能力', async () => {
    const res = await get<{ name: string; jobName: string | null }[]>('teacher', '/bks/v1/job/listBaseJobSpecialSkills', { keyword: '火烧' });
    expect(res.body.data).toEqual([expect.objectContaining({ name: '驴肉火烧制作', jobName: '中式面点师' })]);
  });
});

/** 库中机构开展的工种编码（演示数据会随备案等种子变化，期望值从库里算） */
async function orgWorkCodes(filter: { orgCode?: string; cityId?: number } = {}) {
  const rows = await (await db())
    .selectDistinct({ code: organisationWorks.workCode })
    .from(organisationWorks)
    .innerJoin(organisations, eq(organisations.id, organisationWorks.orgId))
    .innerJoin(baseWorks, eq(baseWorks.code, organisationWorks.workCode))
    .where(and(filter.orgCode ? eq(organisations.code, filter.orgCode) : undefined, filter.cityId ? eq(organisations.cityId, filter.cityId) : undefined));
  return rows.map((r) => r.code).sort();
}
const orgIdOf = async (code: string) => (await (await db()).select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code)))[0].id;

describe('机构开展的工种（按数据范围）', () => {
  // 只有保定的机构开展的一个工种
  const BD_ONLY = '6-18-07-01';
  beforeAll(async () => {
    expect((await post('admin', '/job/saveBaseJob', job(BD_ONLY, '范围测试工种'))).status).toBe(200);
    await (await db()).insert(organisationWorks).values({ orgId: await orgIdOf('ORG130606001'), workCode: BD_ONLY, workName: '范围测试工种' });
  });

  it('getFilled*：市级只看本市机构的工种，机构只看本机构', async () => {
    const all = await post<WorkOption[]>('admin', '/comApi/getFilledWorks');
    expect(codesOf(all.body.data)).toEqual(await orgWorkCodes());
    expect(codesOf(all.body.data)).toContain(BD_ONLY);
    const sjz = await post<WorkOption[]>('sjz_admin', '/comApi/getFilledWorks');
    expect(codesOf(sjz.body.data)).toEqual(await orgWorkCodes({ cityId: 130100 }));
    expect(codesOf(sjz.body.data)).not.toContain(BD_ONLY);
    const bd = await post<WorkOption[]>('bd_admin', '/comApi/getFilledWorks');
    expect(codesOf(bd.body.data)).toContain(BD_ONLY);

    const ownCodes = await orgWorkCodes({ orgCode: 'ORG130102001' });
    expect(ownCodes).toEqual(expect.arrayContaining(['6-31-01-03', '6-18-02-04']));
    const own = await post<WorkOption[]>('eval_org', '/comApi/getFilledWorks', { orgId: await orgIdOf('ORG130606001') });
    expect(codesOf(own.body.data)).toEqual(ownCodes); // 机构用户传别的机构也只看到本机构
    const jobs = await post<{ code: string }[]>('eval_org', '/comApi/getFilledJobs');
    expect(jobs.body.data.map((j) => j.code)).toContain('6-31-01-03');
    expect(jobs.body.data.map((j) => j.code)).not.toContain(BD_ONLY);
    const levels = await post<{ levelCode: number }[]>('eval_org', '/comApi/getFilledWorkLevels');
    expect(levels.body.data.map((l) => l.levelCode)).toEqual([5, 4, 3, 2, 1]);
  });

  it('/org/listWorkLevel：机构用户看本机构；市级查外市机构答 404', async () => {
    const own = await post<{ orgName: string; works: (WorkOption & { levelList: unknown[] })[] }>('eval_org', '/org/listWorkLevel', { orgId: 999999 });
    expect(own.body.data.orgName).toBe('河北华元职业技能评价有限公司');
    expect(codesOf(own.body.data.works)).toEqual(await orgWorkCodes({ orgCode: 'ORG130102001' }));
    expect(own.body.data.works.find((w) => w.workCode === '6-31-01-03')?.levelList[0]).toEqual({ levelCode: 5, levelName: '五级/初级工' });
    const bdId = await orgIdOf('ORG130606001');
    const cross = await post('sjz_admin', '/org/listWorkLevel', { orgId: bdId });
    expect(cross.status).toBe(404);
    expect(cross.body.returnMsg).toBe('机构不存在或不在您的管辖范围内');
    const many = await post<{ orgName: string; works: WorkOption[] }[]>('bd_admin', '/org/listWorkLevels', { orgIds: [bdId] });
    expect(many.body.data.map((o) => o.orgName)).toEqual(['保定燕赵职业技能评价中心有限公司']);
    expect(codesOf(many.body.data[0].works)).toContain(BD_ONLY);
  });

  it('/typeOfWork/listByUserAndYear：本机构在该年末前开展的工种', async () => {
    const now = await post<WorkOption[]>('eval_org', '/typeOfWork/listByUserAndYear', { year: new Date().getFullYear() });
    expect(codesOf(now.body.data)).toEqual(await orgWorkCodes({ orgCode: 'ORG130102001' }));
    const past = await post<WorkOption[]>('eval_org', '/typeOfWork/listByUserAndYear', { year: 2001 });
    expect(past.body.data).toEqual([]);
    expect((await post('eval_org', '/typeOfWork/listByUserAndYear', {})).body.returnMsg).toContain('请选择年度');
  });

  it('getOrgByWorkCode：开展电工的机构，市级只看本市', async () => {
    const d = await db();
    const expected = await d
      .select({ name: organisations.name, cityId: organisations.cityId })
      .from(organisationWorks)
      .innerJoin(organisations, eq(organisations.id, organisationWorks.orgId))
      .where(eq(organisationWorks.workCode, '6-31-01-03'));
    const all = await post<{ list: { orgName: string }[]; total: number }>('admin', '/job/getOrgByWorkCode', { workCode: '6-31-01-03', pageSize: 100 });
    expect(all.body.data.total).toBe(expected.length);
    expect(all.body.data.list.map((o) => o.orgName)).toContain('保定燕赵职业技能评价中心有限公司');
    const sjz = await post<{ list: { orgName: string }[]; total: number }>('sjz_admin', '/job/getOrgByWorkCode', { workCode: '6-31-01-03', pageSize: 100 });
    expect(sjz.body.data.list.map((o) => o.orgName).sort()).toEqual(expected.filter((o) => o.cityId === 130100).map((o) => o.name).sort());
    expect(sjz.body.data.list.map((o) => o.orgName)).not.toContain('保定燕赵职业技能评价中心有限公司');
  });
});

describe('职业的维护', () => {
  it('编码格式、名称必填与工种编码须以职业编码开头，消息为中文', async () => {
    const bad = await post('admin', '/job/saveBaseJob', job('6-18 01', '某职业'));
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('职业编码应为“大类-中类-小类-细类”格式，如 6-18-01-01');
    const noName = await post('admin', '/job/saveBaseJob', job('6-18-09-01', ''));
    expect(noName.body.returnMsg).toContain('请输入职业名称');
    const foreign = await post('admin', '/job/saveBaseJob', job('6-18-09-01', '某职业', [{ code: '6-18-09-02', name: '某工种', levels: [5] }]));
    expect(foreign.status).toBe(400);
    expect(foreign.body.returnMsg).toContain('工种编码 6-18-09-02 须以所属职业编码 6-18-09-01 开头');
    const noLevel = await post('admin', '/job/saveBaseJob', job('6-18-09-01', '某职业', [{ code: '6-18-09-01', name: '某职业', levels: [] }]));
    expect(noLevel.body.returnMsg).toContain('每个工种至少选择一个等级');
  });

  it('编码重复：已有职业编码 409，改成别的职业的编码 409，同一职业内工种编码重复 400', async () => {
    const dup = await post('admin', '/job/saveBaseJob', job('6-31-01-03', '电工（重复）'));
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('职业编码 6-31-01-03 已存在（电工）');
    const created = await post<JobItem>('admin', '/job/saveBaseJob', job('6-18-09-01', '测试职业'));
    expect(created.status).toBe(200);
    const rename = await post('admin', '/job/saveBaseJob', { id: created.body.data.id, ...job('6-18-01-01', '测试职业') });
    expect(rename.status).toBe(409);
    expect(rename.body.returnMsg).toBe('职业编码 6-18-01-01 已存在（车工）');
    const twice = await post('admin', '/job/saveBaseJob', {
      id: created.body.data.id,
      ...job('6-18-09-01', '测试职业', [
        { code: '6-18-09-01-01', name: '甲', levels: [5] },
        { code: '6-18-09-01-01', name: '乙', levels: [4] },
      ]),
    });
    expect(twice.status).toBe(400);
    expect(twice.body.returnMsg).toContain('工种编码重复');
    const split = await post<JobItem>('admin', '/job/saveBaseJob', {
      id: created.body.data.id,
      ...job('6-18-09-01', '测试职业', [
        { code: '6-18-09-01-01', name: '甲', levels: [5] },
        { code: '6-18-09-01-02', name: '乙', levels: [4] },
      ]),
    });
    expect(split.body.data.works.map((w) => w.code)).toEqual(['6-18-09-01-01', '6-18-09-01-02']);
    expect(await (await db()).select().from(baseWorks).where(eq(baseWorks.code, '6-18-09-01'))).toEqual([]);
  });

  it('新建职业带默认申报条件；修改等级条件；列表按工种名称搜到', async () => {
    const created = await post<JobItem>('admin', '/job/saveBaseJob', job('4-99-09-01', '测试服务员', [{ code: '4-99-09-01', name: '测试服务员', levels: [4, 3], skillStandardUrl: '/files/outline.png' }]));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ categoryName: '社会生产服务和生活服务人员', works: [{ code: '4-99-09-01', orgCount: 0 }] });
    const levels = created.body.data.works[0].levels;
    expect(levels.map((l) => [l.levelCode, l.limitType, l.minYears, l.prereqLevel])).toEqual([
      [4, 1, 6, null],
      [3, 2, null, 4],
    ]);
    const outline = await post('teacher', '/typeOfWork/toShowSkillStandardOutlineImg', { workCode: '4-99-09-01' });
    expect(outline.body.data).toEqual({ workCode: '4-99-09-01', workName: '测试服务员', url: '/files/outline.png' });

    const noYears = await post('admin', '/job/baseWorkLevelRestrictions', { workCode: '4-99-09-01', levels: [{ levelCode: 4, limitType: 1 }] });
    expect(noYears.status).toBe(400);
    expect(noYears.body.returnMsg).toContain('按从业年限限制时请填写年限');
    const notOpen = await post('admin', '/job/baseWorkLevelRestrictions', { workCode: '4-99-09-01', levels: [{ levelCode: 1, limitType: 0 }] });
    expect(notOpen.body.returnMsg).toBe('工种「测试服务员」没有开设一级/高级技师，请先在职业中添加该等级');
    const ok = await post<WorkLevelItem[]>('admin', '/job/baseWorkLevelRestrictions', {
      workCode: '4-99-09-01',
      levels: [{ levelCode: 3, limitType: 2, prereqYears: 3, minYears: 8, requirement: '取得四级证书后满 3 年；或累计从业满 8 年。' }],
    });
    expect(ok.body.data.find((l) => l.levelCode === 3)).toMatchObject({ limitType: 2, prereqYears: 3, minYears: 8, prereqLevel: 4, requirement: '取得四级证书后满 3 年；或累计从业满 8 年。' });

    const found = await post<{ list: JobItem[]; total: number }>('admin', '/job/listBaseJob', { keyword: '测试服务' });
    expect(found.body.data.list.map((j) => j.code)).toEqual(['4-99-09-01']);
    const info = await post<JobItem>('admin', '/job/baseJobInfo', { code: '4-99-09-01' });
    expect(info.body.data.works[0].levels).toHaveLength(2);
  });

  it('有机构开展的工种不能删除或从职业中去掉；没人用的可以删', async () => {
    const d = await db();
    const [electric] = await d.select({ id: baseJobs.id }).from(baseJobs).where(eq(baseJobs.code, '6-31-01-03'));
    const users = (await d.select().from(organisationWorks).where(eq(organisationWorks.workCode, '6-31-01-03'))).length;
    expect(users).toBeGreaterThanOrEqual(2);
    const refused = await post('admin', '/job/delJob', { id: electric.id });
    expect(refused.status).toBe(409);
    expect(refused.body.returnMsg).toBe(`工种「电工」（6-31-01-03）已有 ${users} 家机构开展，不能删除`);
    const drop = await post('admin', '/job/saveBaseJob', { id: electric.id, code: '6-31-01-03', name: '电工', works: [{ code: '6-31-01-03-01', name: '维修电工', levels: [5] }] });
    expect(drop.status).toBe(409);
    expect(drop.body.returnMsg).toContain(`已有 ${users} 家机构开展，不能删除或修改编码`);

    const unused = (await post<JobItem>('admin', '/job/saveBaseJob', job('6-18-07-05', '无人开展的职业'))).body.data;
    const batch = await post('admin', '/job/batchDelJob', { ids: [unused.id, electric.id] });
    expect(batch.status).toBe(409);
    expect(await d.select({ id: baseJobs.id }).from(baseJobs).where(eq(baseJobs.id, unused.id))).toHaveLength(1);

    const removed = await post<{ removed: number }>('admin', '/job/delJob', { id: unused.id });
    expect(removed.body.data).toEqual({ removed: 1 });
    expect(await d.select({ id: baseWorks.id }).from(baseWorks).where(eq(baseWorks.code, '6-18-07-05'))).toEqual([]);
    expect(await d.select().from(organisationWorks).where(eq(organisationWorks.workCode, '6-31-01-03'))).toHaveLength(users);
  });

  it('没有维护权限：教师全部 403，市级管理员只能查看', async () => {
    for (const [path, body] of [
      ['/job/listBaseJob', {}],
      ['/job/saveBaseJob', job('6-18-09-08', '某职业')],
      ['/job/delJob', { id: 1 }],
      ['/job/batchDelJob', { ids: [1] }],
      ['/job/baseWorkLevelRestrictions', { workCode: '6-31-01-03', levels: [{ levelCode: 5, limitType: 0 }] }],
      ['/job/exportBaseJob', {}],
      ['/job/getOrgByWorkCode', { workCode: '6-31-01-03' }],
    ] as const) {
      expect((await post('teacher', path, body)).status, path).toBe(403);
    }
    expect((await post('sjz_admin', '/job/listBaseJob', {})).status).toBe(200);
    expect((await post('sjz_admin', '/job/saveBaseJob', job('6-18-09-08', '某职业'))).status).toBe(403);
    expect((await post('sjz_admin', '/job/delJob', { id: 1 })).status).toBe(403);
  });
});

const JOB_HEADER = ['职业编码', '职业名称', '工种编码', '工种名称', '等级'];

async function upload(who: string, path: string, rows: SheetData) {
  const form = new FormData();
  form.set('file', await xlsxFile(rows), 'jobs.xlsx');
  return call<{ total: number; errorCount: number; errors: { row: number; column: string; message: string }[]; errorFileUrl: string }>('POST', path, { headers: h[who], form });
}

describe('导入', () => {
  it('职业工种：中间一行有错，一行也不写，返回错误工作簿', async () => {
    const rows: SheetData = [JOB_HEADER, ['6-18-08-01', '导入职业甲', '6-18-08-01', '导入职业甲', '五级,四级'], ['6-18-08-02', '导入职业乙', '6-18-08-02', '导入职业乙', '六级'], ['6-18-08-03', '导入职业丙', '6-18-08-03', '导入职业丙', '3']];
    const { status, body } = await upload('admin', '/job/impJob', rows);
    expect(status).toBe(400);
    expect(body.returnMsg).toContain('第 3 行「等级」：等级不认识：六级');
    const d = await db();
    expect(await d.select().from(baseJobs).where(inArray(baseJobs.code, ['6-18-08-01', '6-18-08-03']))).toEqual([]);
    const file = await call('GET', body.data.errorFileUrl.replace(/^\/api/, ''), { headers: h.admin });
    const sheet = sheetValues((await readWorkbook(await file.res.arrayBuffer())).worksheets[0]);
    expect(sheet[0]).toContain('错误原因');
    expect(sheet[2].join('|')).toContain('等级不认识');
  });

  it('职业工种：名称与已有职业不符、工种已存在、文件内重复，逐行报告', async () => {
    const { status, body } = await upload('admin', '/job/impJob', [
      JOB_HEADER,
      ['6-31-01-03', '电气工', '6-31-01-03-01', '维修电工', '五级'],
      ['6-18-01-01', '车工', '6-18-01-01', '车工', '五级'],
      ['6-18-08-05', '导入职业', '6-18-08-05', '导入职业', '五级'],
      ['6-18-08-05', '导入职业', '6-18-08-05', '导入职业', '四级'],
      ['6-18-08-06', '导入职业', '6-18-07-06', '导入职业', '四级'],
    ]);
    expect(status).toBe(400);
    const errors = body.data.errors.map((e) => `${e.row}|${e.column}|${e.message}`);
    expect(errors).toEqual(
      expect.arrayContaining([
        '2|职业名称|职业编码 6-31-01-03 已存在，名称为「电工」',
        '3|工种编码|工种编码已存在',
        '5|工种编码|与第 4 行重复',
        '6|工种编码|工种编码须以职业编码 6-18-08-06 开头',
      ]),
    );
  });

  it('职业工种：全部正确时新建职业、工种与等级（等级可写中文或数字）', async () => {
    const { status, body } = await upload('admin', '/job/impJob', [
      JOB_HEADER,
      ['6-18-08-11', '导入职业丁', '6-18-08-11', '导入职业丁', '五级、四级/中级工、3'],
      ['6-18-08-11', '导入职业丁', '6-18-08-11-01', '导入细分工种', '高级工'],
    ]);
    expect(status, body.returnMsg).toBe(200);
    expect(body.data).toEqual({ total: 2 });
    const info = await post<JobItem>('admin', '/job/baseJobInfo', { code: '6-18-08-11' });
    expect(info.body.data.works.map((w) => `${w.code}:${w.levels.map((l) => l.levelCode).join('')}`)).toEqual(['6-18-08-11:543', '6-18-08-11-01:3']);
  });

  it('申报条件：未开设的等级与不存在的工种报错；正确时更新', async () => {
    const header = ['工种编码', '等级', '累计从业年限', '持低一级证书后年限', '申报条件'];
    const bad = await upload('admin', '/job/impWorkRequire', [header, ['4-14-02-02', '三级', '8', null, '从事本职业满 8 年'], ['4-14-02-02', '五级', '1', null, null], ['6-99-99-99', '四级', '2', null, null]]);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => `${e.row}|${e.message}`)).toEqual(['3|该工种没有开设五级/初级工', '4|工种不存在']);
    const [work] = await (await db()).select({ id: baseWorks.id }).from(baseWorks).where(eq(baseWorks.code, '4-14-02-02'));
    const untouched = await (await db()).select().from(baseWorkLevels).where(eq(baseWorkLevels.workId, work.id));
    expect(untouched.find((l) => l.levelCode === 3)?.minYears).toBe(10);

    const ok = await upload('admin', '/job/impWorkRequire', [header, ['4-14-02-02', '三级', '8', null, '从事本职业满 8 年'], ['4-14-02-02', '2', null, '3', null]]);
    expect(ok.status).toBe(200);
    const req = await post<WorkLevelItem[]>('admin', '/baseWorkLevelRequire/byWorkLevelRequire', { workCode: '4-14-02-02' });
    expect(req.body.data.map((l) => [l.levelCode, l.limitType, l.minYears, l.prereqYears])).toEqual([
      [3, 1, 8, null],
      [2, 2, null, 3],
      [1, 2, null, 4],
    ]);
  });

  it('没有导入权限：403', async () => {
    expect((await upload('teacher', '/job/impJob', [JOB_HEADER])).status).toBe(403);
    expect((await upload('sjz_admin', '/job/impWorkRequire', [JOB_HEADER])).status).toBe(403);
  });
});

describe('导出', () => {
  it('每个工种一行，按筛选条件', async () => {
    const res = await call('POST', '/job/exportBaseJob', { headers: h.admin, json: { keyword: '钳工' } });
    expect(res.status).toBe(200);
    const rows = sheetValues((await readWorkbook(await res.res.arrayBuffer())).worksheets[0]);
    expect(rows[0]).toEqual(['大类', '职业编码', '职业名称', '工种编码', '工种名称', '等级', '开展机构数', '状态']);
    expect(rows.slice(1).map((r) => r[4]).sort()).toEqual(['工具钳工', '机修钳工', '装配钳工'].sort());
    expect(rows[1][5]).toBe('五级/初级工、四级/中级工、三级/高级工、二级/技师、一级/高级技师');
  });
});

describe('同时保存（先查后插的竞争）', () => {
  it('同一个新职业编码并发保存 8 次：恰好一次成功，其余 409 并说出已存在，不是 500；只有一行', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post('admin', '/job/saveBaseJob', job('6-18-07-09', `并发职业${i}`))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    // 两句都说出是谁占用了编码：职业本身，或（检查恰在对方提交之间时）与职业同码的工种
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body.returnMsg).toMatch(/^(职业编码 6-18-07-09 已存在（并发职业\d）|工种编码 6-18-07-09 已属于职业「并发职业\d」)$/);
    }
    expect(await (await db()).select().from(baseJobs).where(eq(baseJobs.code, '6-18-07-09'))).toHaveLength(1);
  });
});
