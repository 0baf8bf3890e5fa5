// 数据大屏：各月序列、各市排行与培训计数读按日汇总表 dashboard_daily（今天之前）加今天的实时数。
// 全量重算后，每个序列与排行都等于同一范围上独立的 count(*)（全省 admin、石家庄 sjz_admin、机构 eval_org / train_org）；
// 定时任务“刷新看板汇总”收进今天新建的考生、证书与学员，作废的证书（哪怕是几个月前发的）离开计数。
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/platform/db/client';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { runJob } from '@/lib/domains/ops/jobs';
import { rebuildDashboardDaily } from '@/lib/domains/dashboard/daily';
import { evalBigScreen, trainBigScreen, type BigScreenData } from '@/lib/domains/dashboard/big-screen';
import { createSession } from '@/lib/domains/user/session';
import { lookupSession } from '@/lib/domains/access/session';
import type { SessionUser } from '@/lib/platform/auth/session';
import { countOf, get, h, login, rows, scopes, type Scope } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let evalScopes: Scope[];
let trainScopes: Scope[];
/** 机构账号没有大屏菜单权限：按与请求相同的取法（建会话、按令牌查回）取得会话，直接调服务层 */
const users: Record<string, SessionUser> = {};

async function sessionUser(account: string): Promise<SessionUser> {
  const [u] = await rows<{ id: number }>(db, `select id from sys_user where account = '${account}'`);
  const { token } = await createSession(db, u.id);
  const s = await lookupSession(db, token);
  if (!s || s === 'invalidated') throw new Error(`取不到 ${account} 的会话`);
  return s.user;
}

const TZ = `'Asia/Shanghai'`;
/** 北京时间今天零点 */
const TODAY = `(date_trunc('day', now() at time zone ${TZ}) at time zone ${TZ})`;
/** 北京时间当年 1 月 1 日零点与次年 */
const YEAR_FROM = `(date_trunc('year', now() at time zone ${TZ}) at time zone ${TZ})`;
const YEAR_TO = `((date_trunc('year', now() at time zone ${TZ}) + interval '1 year') at time zone ${TZ})`;
/** 最近 13 个月的秒数：创建时间均匀散开，跨过去年与今年 */
const SPREAD_S = 395 * 24 * 3600;

const month = (col: string) => `extract(month from ${col} at time zone ${TZ})::int`;

/** group by 的结果 → Map */
async function grouped(text: string): Promise<Map<number | null, number>> {
  const r = await rows<{ k: number | null; n: string }>(db, text);
  return new Map(r.map((x) => [x.k === null ? null : Number(x.k), Number(x.n)]));
}

function expectMonths(points: { month: number; amount: number }[], want: Map<number | null, number>, what: string) {
  expect(points.map((p) => p.month)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  for (const p of points) expect(p.amount, `${what} ${p.month} 月`).toBe(want.get(p.month) ?? 0);
}

function expectCities(d: BigScreenData, value: Map<number | null, number>, second: Map<number | null, number>, what: string) {
  expect(d.cities.length, what).toBeGreaterThan(0);
  for (const c of d.cities) {
    expect(c.value, `${what} ${c.cityName}`).toBe(value.get(c.cityId) ?? 0);
    expect(c.second, `${what} ${c.cityName}（第二个数）`).toBe(second.get(c.cityId) ?? 0);
  }
  // 按主数从大到小
  for (let i = 1; i < d.cities.length; i++) expect(d.cities[i - 1].value).toBeGreaterThanOrEqual(d.cities[i].value);
}

const counter = (d: BigScreenData, key: string) => d.counters.find((c) => c.key === key)?.value;

/** 评价大屏：报名与取证的各月（当年）与各市，每个范围都等于独立的 count(*) */
async function expectEval() {
  for (const s of evalScopes) {
    const d = await evalBigScreen(db, users[s.account]);
    const w = s.where;
    const inYear = `created_at >= ${YEAR_FROM} and created_at < ${YEAR_TO}`;
    expectMonths(d.trend[0].points, await grouped(`select ${month('created_at')} k, count(*) n from examinee where ${w} and ${inYear} group by 1`), `${s.account} 报名`);
    expectMonths(d.trend[1].points, await grouped(`select ${month('created_at')} k, count(*) n from certificate where ${w} and status = 0 and ${inYear} group by 1`), `${s.account} 取证`);
    expectCities(
      d,
      await grouped(`select city_id k, count(*) n from examinee where ${w} group by 1`),
      await grouped(`select city_id k, count(*) n from certificate where ${w} and status = 0 group by 1`),
      `${s.account} 评价各市`,
    );
    expect(counter(d, 'enrollmentAmount')).toBe(await countOf(db, `select count(*) n from examinee where ${w}`));
    expect(counter(d, 'forensicsAmount')).toBe(await countOf(db, `select count(*) n from certificate where ${w} and status = 0`));
  }
}

/** 培训大屏：计数、培训人次与新开班的各月、各市，每个范围都等于独立的 count(*)（学员按班级的范围，不含已作废的班） */
async function expectTrain() {
  for (const s of trainScopes) {
    const d = await trainBigScreen(db, users[s.account]);
    const tc = s.where === 'true' ? 'true' : `tc.${s.where}`;
    const students = `from train_student ts join train_class tc on tc.id = ts.class_id where tc.status <> 9 and ${tc}`;
    const classes = `from train_class where status <> 9 and ${s.where}`;
    const inYear = (col: string) => `${col} >= ${YEAR_FROM} and ${col} < ${YEAR_TO}`;
    expect(counter(d, 'students'), `${s.account} 培训人次`).toBe(await countOf(db, `select count(*) n ${students}`));
    expect(counter(d, 'completed'), `${s.account} 结业人次`).toBe(await countOf(db, `select count(*) n ${students} and ts.completion = 1`));
    expect(counter(d, 'classes'), `${s.account} 培训班`).toBe(await countOf(db, `select count(*) n ${classes}`));
    expect(counter(d, 'training'), `${s.account} 培训中`).toBe(await countOf(db, `select count(*) n ${classes} and status = 5`));
    expect(counter(d, 'orgs'), `${s.account} 开班机构`).toBe(await countOf(db, `select count(distinct org_id) n ${classes}`));
    expectMonths(d.trend[0].points, await grouped(`select ${month('ts.created_at')} k, count(*) n ${students} and ${inYear('ts.created_at')} group by 1`), `${s.account} 培训人次`);
    expectMonths(d.trend[1].points, await grouped(`select ${month('created_at')} k, count(*) n ${classes} and ${inYear('created_at')} group by 1`), `${s.account} 新开班`);
    expectCities(
      d,
      await grouped(`select tc.city_id k, count(*) n ${students} group by 1`),
      await grouped(`select city_id k, count(*) n ${classes} group by 1`),
      `${s.account} 培训各市`,
    );
  }
}

const dailySum = (metric: string) => countOf(db, `select coalesce(sum(n), 0) n from dashboard_daily where metric = '${metric}' and day = (now() at time zone ${TZ})::date`);

async function refresh() {
  const run = await runJob(db, 'dashboard.refresh', { trigger: 'manual' });
  expect(run?.status, run?.message ?? '任务没有执行').toBe('success');
}

beforeAll(async () => {
  db = await getDb();
  await login('admin', 'sjz_admin', 'eval_org', 'train_org');
  evalScopes = await scopes(db);
  const [trainOrg] = await rows<{ org_id: number }>(db, `select org_id from sys_user where account = 'train_org'`);
  trainScopes = [...evalScopes.filter((s) => s.account !== 'eval_org'), { account: 'train_org', where: `org_id = ${trainOrg.org_id}`, cityId: null }];
  for (const a of ['admin', 'sjz_admin', 'eval_org', 'train_org']) users[a] = await sessionUser(a);
  // 把演示数据的创建时间散到最近 13 个月（跨年、跨北京时间月初），每十行有一行落在今天，再全量重算汇总
  for (const t of ['examinee', 'certificate', 'train_student', 'train_class']) {
    await rows(db, `update ${t} set created_at = case when id % 10 = 0 then ${TODAY} + (id % 60) * interval '1 second' else now() - ((id::bigint * 7919) % ${SPREAD_S}) * interval '1 second' end`);
  }
  await rebuildDashboardDaily(db);
});

describe('数据大屏读按日汇总', () => {
  it('全量重算后：两个大屏的各月序列、各市排行与培训计数等于各范围上独立的 count(*)', async () => {
    const [{ n }] = await rows<{ n: string }>(db, `select count(*) n from dashboard_daily`);
    expect(Number(n)).toBeGreaterThan(0);
    // 演示数据在今天之前与今天都有数：两条路（汇总与实时）都被用到
    expect(await countOf(db, `select count(*) n from dashboard_daily where day < (now() at time zone ${TZ})::date`)).toBeGreaterThan(0);
    expect(await dailySum('examinee')).toBeGreaterThan(0);
    await expectEval();
    await expectTrain();
  });

  it('接口答复与服务层相同（省级、市级）', async () => {
    for (const account of ['admin', 'sjz_admin']) {
      const e = await get<BigScreenData>(account, '/home/bigScreen/eval');
      const t = await get<BigScreenData>(account, '/home/bigScreen/train');
      const se = await evalBigScreen(db, users[account]);
      const st = await trainBigScreen(db, users[account]);
      expect({ ...e, refreshedAt: null }).toEqual({ ...se, refreshedAt: null });
      expect({ ...t, refreshedAt: null }).toEqual({ ...st, refreshedAt: null });
    }
  });

  it('汇总表本身：每个指标的总数等于独立的 count(*)（今天也在表里）', async () => {
    const sum = (m: string) => countOf(db, `select coalesce(sum(n), 0) n from dashboard_daily where metric = '${m}'`);
    expect(await sum('examinee')).toBe(await countOf(db, `select count(*) n from examinee`));
    expect(await sum('certificate')).toBe(await countOf(db, `select count(*) n from certificate where status = 0`));
    expect(await sum('train_student')).toBe(await countOf(db, `select count(*) n from train_student ts join train_class tc on tc.id = ts.class_id where tc.status <> 9`));
    expect(await sum('train_class')).toBe(await countOf(db, `select count(*) n from train_class where status <> 9`));
  });
});

describe('定时任务“刷新看板汇总”', () => {
  it('收进今天新建的考生、证书与学员', async () => {
    const before = { e: await dailySum('examinee'), c: await dailySum('certificate'), s: await dailySum('train_student') };
    await rows(
      db,
      `insert into examinee (plan_id, org_id, city_id, name, id_number, gender, birth_date, mobile, work_code, work_name, level, qualification)
       select plan_id, org_id, city_id, '今天新报', '130102199001019999', gender, birth_date, mobile, work_code, work_name, level, qualification from examinee where ${evalScopes[1].where} order by id limit 1`,
    );
    await rows(
      db,
      `insert into certificate (plan_id, org_id, city_id, cer_type, cer_name, cer_code, serial, issue_year, name, id_card, gender, work_code, work_name, level, cer_date, status)
       select plan_id, org_id, city_id, cer_type, cer_name, 'T' || cer_code, serial + 900000, issue_year, name, id_card, gender, work_code, work_name, level, cer_date, 0
       from certificate where status = 0 and ${evalScopes[1].where} order by id limit 1`,
    );
    await rows(
      db,
      `insert into train_student (class_id, org_id, city_id, name, id_number, gender, birth_date, mobile, education)
       select class_id, ts.org_id, ts.city_id, '今天新学员', '130102199001018888', gender, birth_date, mobile, education
       from train_student ts join train_class tc on tc.id = ts.class_id where tc.status <> 9 order by ts.id limit 1`,
    );
    await refresh();
    expect(await dailySum('examinee')).toBe(before.e + 1);
    expect(await dailySum('certificate')).toBe(before.c + 1);
    expect(await dailySum('train_student')).toBe(before.s + 1);
    await expectEval();
    await expectTrain();
  });

  it('作废几个月前发的证书：刷新后离开汇总与大屏的各月、各市', async () => {
    const [cert] = await rows<{ id: number; day: string }>(
      db,
      `select id, (created_at at time zone ${TZ})::date::text as day from certificate
       where status = 0 and ${evalScopes[1].where} and created_at < ${TODAY} - interval '30 days' order by id limit 1`,
    );
    expect(cert).toBeTruthy();
    const onDay = () => countOf(db, `select coalesce(sum(n), 0) n from dashboard_daily where metric = 'certificate' and day = '${cert.day}'`);
    const before = await onDay();
    const r = await call('POST', '/certificate/voidCertificate', { headers: h.sjz_admin, json: { id: cert.id, reason: '测试作废' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await onDay()).toBe(before); // 刷新前汇总还没变
    await refresh();
    expect(await onDay()).toBe(before - 1);
    await expectEval();
  });

  it('表为空时（新库、首次运行）全量重算', async () => {
    await rows(db, `delete from dashboard_daily`);
    await refresh();
    await expectEval();
    await expectTrain();
  });
});
