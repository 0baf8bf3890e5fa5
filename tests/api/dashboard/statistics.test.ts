// 统计页：合计行 = 各行之和、与独立的 count(*) 相同（全省与本市）；导出的工作簿与界面的行和合计相同；没有权限 403。
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/platform/db/client';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues } from '../../helpers/xlsx';
import { STAT_SPECS, TOTAL_LABEL, type StatKey } from '@/lib/domains/dashboard/columns';
import type { StatTable } from '@/lib/domains/dashboard/schemas';
import { countOf, get, h, login, rows, scopes, type Scope } from './helpers';

type Row = Record<string, string | number | null>;
const { db: getDb } = setupTestDb();
let db: Db;
let all: Scope[];

const TABLES: { key: StatKey; list: string; export: string }[] = [
  { key: 'orgType', list: '/statistics/orgTypeStatisticsList', export: '/statistics/orgTypeStatisticsExport' },
  { key: 'summary', list: '/summary/listSummary', export: '/summary/exportSummary' },
  { key: 'evalOrgs', list: '/summary/listEvalOrgs', export: '/summary/exportEvalOrgs' },
  { key: 'evalOrgsByCity', list: '/summary/listEvalOrgsByCitys', export: '/summary/exportEvalOrgsByCitys' },
  { key: 'evaluators', list: '/summary/listEvaluators', export: '/summary/exportEvaluators' },
  { key: 'process', list: '/statistics/processDataList', export: '/statistics/processDataExport' },
  { key: 'trainCount', list: '/v2/train/count/renci', export: '/v2/train/count/renciExport' },
  { key: 'uploadTrain', list: '/v2/train/count/uploadRenci', export: '/v2/train/count/uploadRenciExport' },
  { key: 'uploadStateGrid', list: '/v2/count/uploadRencixitong', export: '/v2/count/uploadRencixitongExport' },
];

beforeAll(async () => {
  db = await getDb();
  await login('admin', 'sjz_admin', 'eval_org');
  all = await scopes(db);
});

const total = (t: StatTable<Row>, key: string) => Number(t.totals[key]);

describe('合计与独立计数', () => {
  it('每张表的合计行 = 各行之和（全省与本市）', async () => {
    for (const s of all.slice(0, 2))
      for (const t of TABLES) {
        const d = await get<StatTable<Row>>(s.account, t.list);
        for (const c of STAT_SPECS[t.key].numbers) expect(total(d, c.key), `${s.account} ${t.list} ${c.key}`).toBe(d.list.reduce((a, r) => a + Number(r[c.key]), 0));
      }
  });

  it('鉴定汇总、流程数据、培训人次的合计等于同一范围上的 count(*)', async () => {
    for (const s of all.slice(0, 2)) {
      const w = s.where;
      const summary = await get<StatTable<Row>>(s.account, '/summary/listSummary');
      expect(total(summary, 'examinees')).toBe(await countOf(db, `select count(*) n from examinee where ${w}`));
      expect(total(summary, 'certificates')).toBe(await countOf(db, `select count(*) n from certificate where ${w} and status = 0`));
      expect(total(summary, 'plans')).toBe(await countOf(db, `select count(*) n from exam_plan where ${w} and state <> 9 and step >= 1`));
      expect(total(summary, 'assessors')).toBe(await countOf(db, `select count(*) n from person where ${w} and library = 'assessor' and status = 0`));
      const process = await get<StatTable<Row>>(s.account, '/statistics/processDataList');
      expect(process.list).toHaveLength(10);
      expect(total(process, 'total')).toBe(await countOf(db, `select count(*) n from exam_plan where ${w}`));
      const train = await get<StatTable<Row>>(s.account, '/v2/train/count/renci');
      expect(total(train, 'students')).toBe(await countOf(db, `select count(*) n from train_student st join train_class c on c.id = st.class_id where c.status <> 9 and ${w.replace(/(city_id|org_id)/, 'c.$1')}`));
      expect(total(train, 'classes')).toBe(await countOf(db, `select count(*) n from train_class where status <> 9 and ${w}`));
    }
    // 全省有 11 个市（加上可能的“省直”行），本市只有一行
    expect((await get<StatTable<Row>>('admin', '/summary/listSummary')).list.length).toBeGreaterThanOrEqual(11);
    expect((await get<StatTable<Row>>('sjz_admin', '/summary/listSummary')).list).toHaveLength(1);
  });

  it('上报人次的合计等于同一范围上的 count(*)（培训学员按班的状态，证书按国网台账）', async () => {
    let sawReported = false;
    let sawAccepted = false;
    for (const s of all.slice(0, 2)) {
      const c = s.where.replace(/(city_id|org_id)/, 'c.$1');
      const train = await get<StatTable<Row>>(s.account, '/v2/train/count/uploadRenci');
      const students = (cond: string) => countOf(db, `select count(*) n from train_student st join train_class c on c.id = st.class_id where c.status <> 9 and ${c} and ${cond}`);
      // 已上报：提交审核（1）、通过（3）、发布（4）、培训中（5）、结业（6）、已考核（7）、作废待生效（8）；未上报：草稿（0）、驳回（2）
      expect(total(train, 'students')).toBe(await students('true'));
      expect(total(train, 'reported')).toBe(await students('c.status in (1, 3, 4, 5, 6, 7, 8)'));
      expect(total(train, 'approved')).toBe(await students('c.status in (3, 4, 5, 6, 7, 8)'));
      expect(total(train, 'notReported')).toBe(await students('c.status in (0, 2)'));
      expect(total(train, 'classes')).toBe(await countOf(db, `select count(*) n from train_class c where c.status in (1, 3, 4, 5, 6, 7, 8) and ${c}`));
      expect(total(train, 'reported') + total(train, 'notReported')).toBe(total(train, 'students'));

      const grid = await get<StatTable<Row>>(s.account, '/v2/count/uploadRencixitong');
      const certs = (cond: string) => countOf(db, `select count(*) n from certificate c where c.status = 0 and ${c} and ${cond}`);
      expect(total(grid, 'certificates')).toBe(await certs('true'));
      expect(total(grid, 'submitted')).toBe(await certs('c.id in (select certificate_id from state_grid_item where status in (1, 2))'));
      expect(total(grid, 'accepted')).toBe(await certs('c.id in (select certificate_id from state_grid_item where status = 2)'));
      expect(total(grid, 'notReported')).toBe(await certs('c.id not in (select certificate_id from state_grid_item where status in (1, 2))'));
      sawReported ||= total(train, 'reported') > 0;
      sawAccepted ||= total(grid, 'accepted') > 0;
    }
    // 种子数据里有已上报的班与被国网接收的证书：计数不是空转
    expect(sawReported).toBe(true);
    expect(sawAccepted).toBe(true);
    // 市级只有本市一行
    expect((await get<StatTable<Row>>('sjz_admin', '/v2/count/uploadRencixitong')).list).toHaveLength(1);
  });

  it('流程数据的机构与工种筛选项：范围内的考试计划里的机构与工种，可用来筛选', async () => {
    for (const s of all.slice(0, 2)) {
      const orgs = await get<{ value: number; label: string }[]>(s.account, '/statistics/processDataObjectList');
      const expected = await rows<{ id: number }>(db, `select distinct org_id id from exam_plan where ${s.where} order by 1`);
      expect(orgs.map((o) => o.value).sort((a, b) => a - b)).toEqual(expected.map((r) => Number(r.id)));
      const works = await get<{ value: string; label: string }[]>(s.account, '/statistics/processDataJobNameList');
      const codes = await rows<{ code: string }>(db, `select distinct w.work_code code from exam_plan_work w join exam_plan p on p.id = w.plan_id where ${s.where.replace(/(city_id|org_id)/, 'p.$1')} order by 1`);
      expect(works.map((w) => w.value).sort()).toEqual(codes.map((r) => r.code).sort());
      expect(works.every((w) => w.label.includes(w.value))).toBe(true);
    }
    const admin = await get<{ value: number }[]>('admin', '/statistics/processDataObjectList');
    const city = await get<{ value: number }[]>('sjz_admin', '/statistics/processDataObjectList');
    expect(city.length).toBeGreaterThan(0);
    expect(city.length).toBeLessThan(admin.length);
    // 用筛选项筛选：机构的计划数等于该机构的 count(*)
    const org = city[0].value;
    const byOrg = await get<StatTable<Row>>('sjz_admin', '/statistics/processDataList', { orgId: org });
    expect(total(byOrg, 'total')).toBe(await countOf(db, `select count(*) n from exam_plan where ${all[1].where} and org_id = ${org}`));
    const [work] = await get<{ value: string }[]>('admin', '/statistics/processDataJobNameList');
    const byWork = await get<StatTable<Row>>('admin', '/statistics/processDataList', { workCode: work.value });
    expect(total(byWork, 'total')).toBe(await countOf(db, `select count(*) n from exam_plan p where exists (select 1 from exam_plan_work w where w.plan_id = p.id and w.work_code = '${work.value}')`));
    expect(byWork.totals.total).toBeGreaterThan(0);
  });

  it('筛选：类别与年度缩小计数', async () => {
    const kind0 = await get<StatTable<Row>>('admin', '/statistics/processDataList', { kind: 0 });
    expect(total(kind0, 'total')).toBe(await countOf(db, 'select count(*) n from exam_plan where kind = 0'));
    const y = await get<StatTable<Row>>('admin', '/statistics/processDataList', { year: 2001 });
    expect(total(y, 'total')).toBe(0);
    const r = await call('GET', '/statistics/processDataList', { headers: h.admin, query: { kind: 7 } });
    expect(r.status).toBe(400);
    expect(r.body.returnMsg).toMatch(/类别不能大于 3/);
  });
});

describe('导出', () => {
  it('每张表的导出与界面的行和合计相同', async () => {
    for (const t of TABLES) {
      const d = await get<StatTable<Row>>('sjz_admin', t.list, { kind: 0 });
      const r = await call('GET', t.export, { headers: h.sjz_admin, query: { kind: 0 } });
      expect(r.status, t.export).toBe(200);
      const wb = await readWorkbook(await r.res.arrayBuffer());
      const values = sheetValues(wb.worksheets[0]);
      const spec = STAT_SPECS[t.key];
      expect(values[0]).toEqual([spec.label.title, ...spec.numbers.map((c) => c.title)]);
      const body = values.slice(1);
      expect(body).toHaveLength(d.list.length + 1);
      const last = body[body.length - 1];
      expect(last[0]).toBe(TOTAL_LABEL);
      expect(last.slice(1).map(Number)).toEqual(spec.numbers.map((c) => total(d, c.key)));
      d.list.forEach((row, i) => expect(body[i].slice(1).map(Number), `${t.export} 第 ${i + 1} 行`).toEqual(spec.numbers.map((c) => Number(row[c.key]))));
    }
  });
});

describe('权限', () => {
  it('评价机构没有统计页权限：列表、导出与筛选项都 403', async () => {
    for (const path of ['/statistics/processDataObjectList', '/statistics/processDataJobNameList']) expect((await call('GET', path, { headers: h.eval_org })).status, path).toBe(403);
    for (const t of TABLES) {
      expect((await call('GET', t.list, { headers: h.eval_org })).status, t.list).toBe(403);
      expect((await call('GET', t.export, { headers: h.eval_org })).status, t.export).toBe(403);
    }
  });
});
