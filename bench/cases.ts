// 基准用例：每个热点接口一条。新的热点接口在此追加一条即可，run.ts 与 floor.ts 不用改。
//
// 每条用例有两侧：
//   app   —— 生产构建（next start）上的真实接口，经调度器、zod 校验、Drizzle 查询、信封；
//   floor —— 基线：裸 node:http 服务，同样大小的 pg 连接池执行与服务层**完全相同**的 SQL，
//            并把结果序列化为与接口**完全相同**的 JSON。运行前会逐字段比对两侧的响应体。
// SQL 文本取自 Drizzle 为服务层生成的语句（可用 `db.select(...).toSQL()` 查看）。
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../lib/platform/db/client';
import { examineeListQueries, toItem } from '../lib/domains/examinee/service';
import { open } from '../lib/platform/crypto/sealed';
import { examPlans } from '../lib/domains/exaPlan/tables';
import { positionLabel } from '../lib/domains/exaPlan/transitions';
import { trainClassCases } from './train-class';
import { homeDataCases } from './home-data';
import type { Session, SessionUser } from '../lib/platform/auth/session';
import { openColumn } from '../lib/platform/crypto/columns';
import { accountWorkflow } from '../lib/domains/user/workflow';
import { ACCOUNT_ROW_COLUMNS, accountListQueries, accountRows, type AccountRawRow } from '../lib/domains/account/service';
import { authEpochQuery } from '../lib/domains/access/session';

export type Row = Record<string, unknown>;

export interface FloorQuery {
  sql: string;
  params: unknown[];
  /** 'array'：行是按列顺序的数组（连表时列名重复，如两个 "name"） */
  rowMode?: 'array';
}

/** 基线执行一条查询（按名称的预处理语句），返回行 */
export type FloorExec = (q: FloorQuery) => Promise<Row[]>;

/**
 * 基线：一条查询，或多条并行查询（与服务层的 Promise.all 对应），
 * 或不碰数据库的处理函数（如上传：收到请求体后直接把文件写盘），收到原始请求体，
 * 或前后相依的几步查询（run：后一步的参数取自前一步的结果，如本页账号的角色）。
 */
export type Floor =
  | (FloorQuery & { queries?: never; handler?: never; run?: never; shape(rows: Row[]): unknown })
  | { queries: FloorQuery[]; sql?: never; handler?: never; run?: never; shape(results: Row[][]): unknown }
  | { handler(body: Buffer): Promise<unknown>; sql?: never; queries?: never; run?: never }
  | { run(exec: FloorExec): Promise<unknown>; sql?: never; queries?: never; handler?: never };

export interface BenchCase {
  /** 用例名，也是 `--case` 的取值与基线服务上的路径 `/<name>` */
  name: string;
  method: 'GET' | 'POST';
  /** 应用上的路径（含查询串） */
  appPath: string;
  /** POST 的 JSON 请求体；基线服务同样读取并解析它 */
  body?: unknown;
  /** 不是 JSON 的请求体（如 multipart）：两侧发同样的字节，contentType 为请求头 */
  rawBody?: () => Promise<{ body: Buffer; contentType: string }>;
  /** 以该演示账号登录：数据写入后建一个会话，两侧请求都带 authorization_token */
  login?: string;
  /** 比对两侧响应体前的规整（如去掉每次都不同的随机地址） */
  normalize?: (body: unknown) => unknown;
  floor: Floor;
  /** 额外的数据准备（演示数据之外，如大批量数据）；在迁移与 seed 之后、启动服务之前执行 */
  seed?: (db: Db) => Promise<void>;
  /** “我们的代码”占非空闲 CPU 的上限（%）：设了就在结果后判定是否达到（空闲机器上看） */
  ourShareTarget?: number;
}

/** 与调度器相同的成功信封。 */
export function ok(data: unknown) {
  return { returnCode: 200, returnMsg: 'success', data };
}

/** 与 lib/domains/area/service.ts 的 toItem 相同的字段与顺序。 */
function areaItem(row: Row) {
  const id = row.id as number;
  const level = row.level as number;
  return { id, pid: row.pid as number, name: row.name as string, BIZ_CODE: String(id), level, isLeaf: level >= 3 };
}

const AREA_COLUMNS = 'select "id", "pid", "name", "level" from "area"';
const AREA_ORDER = 'order by "area"."sort" asc, "area"."id" asc';

/** 约 1 MB 的 JPEG（随机像素，压缩不掉） */
async function oneMegabyteJpeg(): Promise<Buffer> {
  const side = 1024;
  const raw = randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 93 }).toBuffer();
}

const UPLOAD_BOUNDARY = '----BenchBoundary7MA4YWxkTrZu0gW';

/** 上传用例的 multipart 请求体：一个文件加 purpose=image（与上传组件发的一样） */
async function uploadBody(): Promise<{ body: Buffer; contentType: string }> {
  const image = await oneMegabyteJpeg();
  const head = `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nimage\r\n--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
  };
}

/** 基线的上传：不鉴权、不判定格式、不重新编码，只从请求体里取出文件字节写盘（FLOOR_UPLOAD_DIR） */
async function floorUpload(body: Buffer): Promise<unknown> {
  const start = body.indexOf('\r\n\r\n', body.indexOf('filename=')) + 4;
  const end = body.indexOf(`\r\n--${UPLOAD_BOUNDARY}`, start);
  const dir = process.env.FLOOR_UPLOAD_DIR!;
  const name = `${randomBytes(16).toString('base64url')}.jpg`;
  await fs.writeFile(path.join(dir, name), body.subarray(start, end));
  return { success: true, returnMsg: 'success', data: [{ url: `/files/floor/${name}`, fileSize: end - start }] };
}


// ---------- 考生列表：100 万名考生的一份计划（用例自带数据） ----------

/** 基准计划与考生的主键固定（基线在另一个进程里，请求体与 SQL 参数须事先知道） */
const EXM_PLAN_ID = 900_001;
const EXM_ID_BASE = 10_000_000;
const EXM_ROWS = 1_000_000;
const EXM_PAGE_SIZE = 20;
/** 筛选：电工四级（四种工种等级轮流，各 25 万名） */
const EXM_FILTER = { planId: EXM_PLAN_ID, workCode: '6-31-01-03', level: 4 };
const EXM_DEEP_PAGE = 10_000;
/** 第 10 000 页之前最后一行的 id：符合筛选的第 k 行（从 0 起）是 g = 4(k + 1) */
const EXM_AFTER_ID = EXM_ID_BASE + 4 * ((EXM_DEEP_PAGE - 1) * EXM_PAGE_SIZE);

async function seedMillionExaminees(db: Db): Promise<void> {
  const exists = await db.execute(sql`select 1 from exam_plan where id = ${EXM_PLAN_ID}`);
  if ((exists as unknown as { rows: unknown[] }).rows.length) return;
  await db.execute(sql`insert into exam_plan (id, code, kind, name, org_id, city_id, filing_id, step, state, arrange_types, exam_start_date, exam_end_date, expected_count, contact_name, contact_phone)
    select ${EXM_PLAN_ID}, 'BENCH-EXM', 0, '基准：百万考生', o.id, o.city_id, f.id, 2, 0, '{1,2}', current_date + 30, current_date + 31, 1000000, '陈静', '13831100004'
    from organisation o join filing f on f.org_id = o.id where o.code = 'ORG130102001' order by f.id limit 1`);
  await db.execute(sql`insert into exam_plan_work (plan_id, work_code, work_name, level) values
    (${EXM_PLAN_ID}, '6-31-01-03', '电工', 4), (${EXM_PLAN_ID}, '6-31-01-03', '电工', 3), (${EXM_PLAN_ID}, '6-18-02-04', '车工', 4), (${EXM_PLAN_ID}, '6-18-02-04', '车工', 3)`);
  // 一条 generate_series：g % 4 轮流四种工种等级；约 7% 提示、3% 不符合
  await db.execute(sql`insert into examinee (id, plan_id, org_id, city_id, name, id_number, gender, birth_date, mobile, work_code, work_name, level, education, work_years, company, qualification, qualification_reason, created_at)
    select ${EXM_ID_BASE} + g, p.id, p.org_id, p.city_id, '考生' || g, '13' || lpad(g::text, 15, '0') || 'X',
      case when g % 2 = 0 then '男' else '女' end, date '1970-01-01' + (g % 12000), '139' || lpad(g::text, 8, '0'),
      case when g % 4 < 2 then '6-31-01-03' else '6-18-02-04' end, case when g % 4 < 2 then '电工' else '车工' end, case when g % 2 = 0 then 4 else 3 end,
      '高中', 5 + g % 10, '石家庄恒瑞机械有限公司', case when g % 100 < 7 then 1 when g % 100 < 10 then 2 else 0 end,
      case when g % 100 < 7 then '未填写从业年限' when g % 100 < 10 then '考试时未满 16 周岁' end, timestamptz '2026-01-01 08:00:00+08' + g * interval '1 second'
    from generate_series(1, ${EXM_ROWS}) g cross join exam_plan p where p.id = ${EXM_PLAN_ID}`);
  await db.execute(sql`vacuum analyze examinee`);
}

/** 与 lib/domains/examinee/service.ts 的 listExaminees 相同的查询（同一个构造函数，Drizzle 的 mock 只生成 SQL） */
function examineeFloor(pageNo: number, afterId?: number): Floor {
  const mock: Db = drizzle.mock();
  const page = { pageNo, pageSize: EXM_PAGE_SIZE, offset: (pageNo - 1) * EXM_PAGE_SIZE };
  const q = examineeListQueries(mock, EXM_FILTER, page, afterId);
  const toQuery = (b: { toSQL(): { sql: string; params: unknown[] } }): FloorQuery => {
    const { sql, params } = b.toSQL();
    return { sql, params };
  };
  const queries = [toQuery(mock.select().from(examPlans).where(eq(examPlans.id, EXM_PLAN_ID)) as never), toQuery(q.rows as never), ...(q.total ? [toQuery(q.total as never)] : [])];
  const day = (v: unknown) => (v instanceof Date ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}` : (v as string | null));
  return {
    queries,
    shape: ([[plan], rows, counted]) => {
      const actions = ['edit', 'delete'];
      const list = rows.map((r) =>
        toItem(
          {
            id: r.id as number,
            planId: r.plan_id as number,
            name: r.name as string,
            // 加密存放（启动时补加密的旧明文 open 原样返回）
            idNumber: open(r.id_number as string),
            gender: r.gender as string | null,
            birthDate: day(r.birth_date),
            mobile: open(r.mobile as string),
            workCode: r.work_code as string,
            workName: r.work_name as string,
            level: r.level as number,
            education: r.education as string | null,
            workYears: r.work_years as number | null,
            company: r.company as string | null,
            priorLevel: r.prior_level as number | null,
            priorCertDate: day(r.prior_cert_date),
            photoUrl: r.photo_url as string | null,
            qualification: r.qualification as number,
            qualificationReason: r.qualification_reason as string | null,
            ticketNo: r.ticket_no as string | null,
            createdAt: r.created_at as Date,
          },
          actions,
        ),
      );
      const p = { id: plan.id as number, name: plan.name as string, step: plan.step as number, state: plan.state as number };
      return ok({ list, total: counted ? Number(counted[0].count) : null, pageNo, pageSize: EXM_PAGE_SIZE, editable: true, plan: { ...p, position: positionLabel(p) }, masked: true, canUnmask: true });
    },
  };
}

const examineeCase = (name: string, pageNo: number, afterId?: number): BenchCase => ({
  name,
  method: 'POST',
  appPath: '/api/examaff/student/selectExaPlanStudent',
  body: { ...EXM_FILTER, pageNo, pageSize: EXM_PAGE_SIZE, ...(afterId === undefined ? {} : { afterId }) },
  login: 'eval_org',
  floor: examineeFloor(pageNo, afterId),
  seed: seedMillionExaminees,
});

// ---------- 账号列表：以 admin 登录的分页列表（会话、权限、范围、zod、Drizzle、序列化都在热路径上） ----------

/** 用例自带的账号数（演示数据之外），轮流落在各市，各带一个角色 */
const ACC_ROWS = 20_000;
const ACC_PAGE_SIZE = 20;

async function seedAccounts(db: Db): Promise<void> {
  const exists = await db.execute(sql`select 1 from sys_user where account = 'bench_acc_1'`);
  if ((exists as unknown as { rows: unknown[] }).rows.length) return;
  // 密码哈希不参与列表，写一个固定的占位值（这些账号不登录）
  await db.execute(sql`insert into sys_user (code, account, password_hash, nick_name, real_name, mobile, email, user_type, level, area_id, city_id, status, last_login_at, created_at)
    select 'BENCHACC' || g, 'bench_acc_' || g, 'x', '账号' || g, '姓名' || g, '137' || lpad(g::text, 8, '0'), 'acc' || g || '@example.com',
      'RENCAI_SHI', 'city', c.id, c.id, case when g % 50 = 0 then 1 else 0 end,
      case when g % 3 = 0 then timestamptz '2026-06-01 08:00:00+08' + g * interval '1 minute' end,
      timestamptz '2025-01-01 08:00:00+08' + g * interval '10 minutes'
    from generate_series(1, ${ACC_ROWS}) g
    cross join lateral (select id from area where pid = 130000 order by id offset (g % (select count(*) from area where pid = 130000)) limit 1) c`);
  await db.execute(sql`insert into user_role (user_id, role_id)
    select u.id, r.id from sys_user u cross join (select id from role where code = 'CITY_ADMIN') r where u.account like 'bench_acc_%'`);
  await db.execute(sql`vacuum analyze sys_user`);
  await db.execute(sql`vacuum analyze user_role`);
}

/** admin 的会话在范围判断里只用到层级（省级不收窄） */
const provinceUser = { id: 0, code: '', account: 'admin', nickName: '', realName: null, userType: 'RENCAI_ADMIN', level: 'province', areaId: 130000, cityId: null, orgId: null, passwordStrength: 3 } as SessionUser;

/** 基线里的 admin（演示数据的 1 号账号）：只带行上操作与看全要的权限 */
const floorAdmin: Session = {
  user: { ...provinceUser, id: 1 },
  permissions: [...accountWorkflow.permissionsOf('freeze'), ...accountWorkflow.permissionsOf('unfreeze'), 'account.unmask'].reduce((m, p) => {
    const dot = p.lastIndexOf('.');
    m.set(p.slice(0, dot), new Set([...(m.get(p.slice(0, dot)) ?? []), p.slice(dot + 1)]));
    return m;
  }, new Map<string, Set<string>>()),
};

/** 与 /account/listUsers 相同的 SQL：读授权版本（会话缓存的检查）→ 本页（行里带角色）与总数并行；同一组构造函数生成 */
function accountListFloor(): Floor {
  const mock: Db = drizzle.mock();
  const page = { pageNo: 1, pageSize: ACC_PAGE_SIZE, offset: 0 };
  const toQuery = (b: { toSQL(): { sql: string; params: unknown[] } }, rowMode?: 'array'): FloorQuery => ({ ...b.toSQL(), rowMode });
  const epoch = toQuery(authEpochQuery(mock));
  const q = accountListQueries(mock, provinceUser, {});
  const rows = toQuery(q.rows.limit(page.pageSize).offset(page.offset), 'array');
  const total = toQuery(q.total, 'array');
  const keys = Object.keys(ACCOUNT_ROW_COLUMNS) as (keyof AccountRawRow)[];
  return {
    run: async (exec) => {
      await exec(epoch);
      const [pageRows, [[counted]]] = (await Promise.all([exec(rows), exec(total)])) as unknown as [unknown[][], [[string]]];
      const raw = pageRows.map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i]])) as AccountRawRow);
      // 手机号是密文：与服务层同样整列解密（openColumn），再脱敏；每行的冻结、解冻由同一个状态机算出
      const mobiles = openColumn(raw.map((r) => r.mobile));
      raw.forEach((r, i) => (r.mobile = mobiles[i] as string | null));
      const list = accountRows(raw).map((r) => ({ ...r, actions: accountWorkflow.availableActions(r, floorAdmin) }));
      return ok({ masked: true, canUnmask: true, list, total: Number(counted), totalCount: Number(counted), pageNo: page.pageNo, pageSize: page.pageSize });
    },
  };
}

export const cases: BenchCase[] = [
  {
    name: 'getAreaByParent',
    method: 'GET',
    appPath: '/api/comApi/getAreaByParent?pid=130000',
    floor: {
      sql: `${AREA_COLUMNS} where "area"."pid" = $1 ${AREA_ORDER}`,
      params: [130000],
      shape: (rows) => ok(rows.map(areaItem)),
    },
  },
  {
    name: 'getAllAreaByPage',
    method: 'POST',
    appPath: '/api/comApi/getAllAreaByPage',
    body: { name: '区', pageNo: 1, pageSize: 10 },
    floor: {
      // pageAreas：列表与计数并行；offset 为 0 时 Drizzle 不生成 offset 子句。
      queries: [
        { sql: `${AREA_COLUMNS} where "area"."name" ilike $1 ${AREA_ORDER} limit $2`, params: ['%区%', 10] },
        { sql: 'select count(*) from "area" where "area"."name" ilike $1', params: ['%区%'] },
      ],
      shape: ([rows, [countRow]]) =>
        ok({ list: rows.map(areaItem), total: Number(countRow.count), pageNo: 1, pageSize: 10 }),
    },
  },
  {
    // 应用：会话与权限、流式读取 multipart、按内容判定格式、sharp 重新编码并生成缩略图、写进存储（本地目录）、记一行与操作日志
    name: 'uploadMulti',
    method: 'POST',
    appPath: '/api/uploadMulti',
    rawBody: uploadBody,
    login: 'admin',
    // 地址每次不同，图片重新编码后大小也不同：只比形状
    normalize: (b) => {
      const body = b as { success?: unknown; returnMsg?: unknown; data?: { url?: unknown; fileSize?: unknown }[] };
      return { success: body.success, returnMsg: body.returnMsg, files: body.data?.map((d) => typeof d.url === 'string' && Number(d.fileSize) > 0) };
    },
    floor: { handler: floorUpload },
  },
  {
    // 账号列表第 1 页（以 admin 登录，演示数据之外 2 万个账号）
    name: 'listUsers',
    method: 'POST',
    appPath: '/api/account/listUsers',
    body: { pageNo: 1, pageSize: ACC_PAGE_SIZE },
    login: 'admin',
    floor: accountListFloor(),
    seed: seedAccounts,
    // 登录后的列表接口：调度器到序列化（不含 SQL 与 Next 自己）≤ 15%
    ourShareTarget: 15,
  },
  // 考生列表（100 万名考生，筛选电工四级 25 万名）：第 1 页、键集翻到第 10 000 页、按页码（延迟关联）直接跳到第 10 000 页
  examineeCase('examineeListFirst', 1),
  examineeCase('examineeListDeep', EXM_DEEP_PAGE, EXM_AFTER_ID),
  examineeCase('examineeListDeepOffset', EXM_DEEP_PAGE),
  // 培训班列表与学员名单（10 万个班、200 万名学员，见 train-class.ts）
  ...trainClassCases,
  ...homeDataCases,
];
