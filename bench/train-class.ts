// 培训班的基准。两部分：
//
// 1. 列表（应用对基线，经 bench/run.ts）：`npm run bench -- --case trainClassListFirst,trainClassListDeep,rosterList,studentLibraryFirst,studentLibraryDeep`
//    用例自带数据：一条 generate_series 往明德培训学校（石家庄）写 10 万个班（十个状态轮流），再写 200 万名学员（每班 20 人）。
//    基线执行与服务层同一个构造函数（classListQueries、studentListQueries，Drizzle 的 mock 只出 SQL）生成的 SQL，
//    行上的操作用同一个 availableActions 算出（演示数据里没有待审核的申请，服务层取待审核申请的那条查询基线不做：基线是上限）。
//
// 2. 学员名单导入（不经 HTTP，直接调服务层）：`node --expose-gc --import tsx bench/train-class.ts [--rows 50000]`
//    建临时库 bench_tc_<时间戳>（BENCH_DATABASE_URL），迁移并写入演示数据，建一个草稿班，生成 rows 行的工作簿，
//    预览（全部校验、日期重叠与培训资格检查，不写）与确认（重新读取、校验、写入）并计时。结束时删除临时库。结果见 bench/README.md。
import ExcelJS from 'exceljs';
import { drizzle } from 'drizzle-orm/node-postgres';
import { and, eq, sql } from 'drizzle-orm';
import { timePhases, withScratchDatabase } from './scratch';
import type { Db } from '../lib/platform/db/client';
import type { Session, SessionUser } from '../lib/platform/auth/session';
import { classListQueries, toClassItem, type ClassListRow } from '../lib/domains/trainClass/service';
import { maskStudent, STUDENT_UNMASK_RESOURCE, studentListQueries, toStudentListItem, type StudentListRow } from '../lib/domains/trainClass/roster';
import { open } from '../lib/platform/crypto/sealed';
import { canUnmask } from '../lib/domains/privacy/service';
import { classActions } from '../lib/domains/trainClass/access';
import { trainClasses, trainStudentImports } from '../lib/domains/trainClass/tables';
import { IMPORT_STATUS } from '../lib/domains/trainClass/schemas';
import type { TrainClass } from '../lib/domains/trainClass/tables';
import type { BenchCase, FloorQuery, Row } from './cases';

// ---------- 1. 列表用例 ----------

/** 基准班级与学员的主键固定（基线在另一个进程里，请求体与 SQL 参数须事先知道） */
const CLASS_ID_BASE = 5_000_000;
const CLASSES = 100_000;
const PER_CLASS = 20;
const STUDENT_ID_BASE = 50_000_000;
const PAGE_SIZE = 20;
const DEEP_PAGE = 1_000;
const MINGDE = 'ORG130105001';
const SJZ = 130100;
/** 名单用例的班（明德的班都在石家庄） */
const ROSTER_CLASS = CLASS_ID_BASE + 777;

/** 与演示账号相同的范围；行上的操作按各自角色的权限（两者对培训班的授权都是全部动作，等于“都允许”） */
const cityUser = { id: 0, code: '', account: 'sjz_admin', nickName: '', realName: null, userType: 'RENCAI_SHI', level: 'city', areaId: SJZ, cityId: SJZ, orgId: null, passwordStrength: 3 } as SessionUser;
const ALLOWED = { get: () => ({ has: () => true }) } as unknown as Session['permissions'];

async function seedBenchClasses(db: Db): Promise<void> {
  const exists = await db.execute(sql`select 1 from train_class where id = ${CLASS_ID_BASE + 1}`);
  if ((exists as unknown as { rows: unknown[] }).rows.length) return;
  // 十个状态轮流，开班日期铺开在两年里
  await db.execute(sql`insert into train_class (id, code, name, org_id, city_id, county_id, work_code, work_name, level, train_type, start_date, end_date, hours, place, capacity, contact_name, contact_phone, status, student_count, created_at)
    select ${CLASS_ID_BASE} + g, 'PXB' || lpad(g::text, 8, '0'), '基准培训班' || g, o.id, o.city_id, o.area_id, '6-31-01-03', '电工', 1 + g % 5, (1 + g % 5)::text,
      current_date - 365 + g % 730, current_date - 365 + g % 730 + 10, 40, '基准实训楼', 50, '孙立新', '13831100005', g % 10, ${PER_CLASS},
      timestamptz '2025-01-01 08:00:00+08' + g * interval '1 minute'
    from generate_series(1, ${CLASSES}) g cross join organisation o where o.code = ${MINGDE}`);
  await db.execute(sql`insert into train_student (id, class_id, org_id, city_id, name, id_number, gender, birth_date, mobile, education, company, created_at)
    select ${STUDENT_ID_BASE} + g, ${CLASS_ID_BASE} + 1 + (g - 1) / ${PER_CLASS}, c.org_id, c.city_id, '学员' || g, '13' || lpad(g::text, 15, '0') || 'X',
      case when g % 2 = 0 then '男' else '女' end, date '1970-01-01' + (g % 12000), '139' || lpad(g::text, 8, '0'), '高中', '石家庄恒瑞机械有限公司',
      timestamptz '2025-01-01 08:00:00+08' + g * interval '1 second'
    from generate_series(1, ${CLASSES * PER_CLASS}) g cross join (select org_id, city_id from train_class where id = ${CLASS_ID_BASE + 1}) c`);
  await db.execute(sql`select setval(pg_get_serial_sequence('train_class', 'id'), ${CLASS_ID_BASE + CLASSES})`);
  await db.execute(sql`select setval(pg_get_serial_sequence('train_student', 'id'), ${STUDENT_ID_BASE + CLASSES * PER_CLASS})`);
  await db.execute(sql`vacuum analyze train_class`);
  await db.execute(sql`vacuum analyze train_student`);
}

const toQuery = (b: { toSQL(): { sql: string; params: unknown[] } }): FloorQuery => {
  const { sql: text, params } = b.toSQL();
  return { sql: text, params };
};
const day = (v: unknown) => (v instanceof Date ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}` : (v as string | null));
const ok = (data: unknown) => ({ returnCode: 200, returnMsg: 'success', data });

/** 原始行（列名为数据库里的写法）→ 服务层的行 */
function classRow(r: Row): ClassListRow {
  return {
    id: r.id as number,
    code: r.code as string,
    name: r.name as string,
    orgId: r.org_id as number,
    orgName: r.org_name as string,
    cityId: r.city_id as number | null,
    workCode: r.work_code as string,
    workName: r.work_name as string,
    level: r.level as number,
    trainType: r.train_type as string,
    startDate: day(r.start_date)!,
    endDate: day(r.end_date)!,
    hours: r.hours as number,
    place: r.place as string,
    capacity: r.capacity as number,
    studentCount: r.student_count as number,
    headTeacherId: r.head_teacher_id as number | null,
    headTeacherName: r.head_teacher_name as string | null,
    contactName: r.contact_name as string,
    contactPhone: r.contact_phone as string,
    status: r.status as number,
    statusBeforeDiscard: r.status_before_discard as number | null,
    lastOpinion: r.last_opinion as string | null,
    createdAt: r.created_at as Date,
    pendingKinds: r.pending_kinds as ClassListRow['pendingKinds'],
  };
}

function studentRow(r: Row): StudentListRow {
  return {
    classCode: r.class_code as string,
    className: r.class_name as string,
    classStatus: r.class_status as number,
    classOrgId: r.class_org_id as number,
    classCityId: r.class_city_id as number | null,
    id: r.id as number,
    classId: r.class_id as number,
    name: r.name as string,
    // 原生行里是密文（基准种子写的明文在启动时已加密）：同服务层一样解密
    idNumber: open(r.id_number as string),
    gender: r.gender as string | null,
    birthDate: day(r.birth_date),
    mobile: open(r.mobile as string),
    education: r.education as string | null,
    company: r.company as string | null,
    idCardFront: r.id_card_front as string | null,
    idCardBack: r.id_card_back as string | null,
    idCheck: r.id_check as number,
    idCheckReason: r.id_check_reason as string | null,
    qualification: r.qualification as number,
    qualificationReason: r.qualification_reason as string | null,
    examine: r.examine as number,
    examineOpinion: r.examine_opinion as string | null,
    attendedHours: r.attended_hours as number | null,
    completion: r.completion as number,
    remark: r.remark as string | null,
  };
}

/** 班级列表（市级管理员，本市 10 万个班）：第 1 页，或按键集翻到第 DEEP_PAGE 页 */
function classListCase(name: string, afterId?: number): BenchCase {
  const mock: Db = drizzle.mock();
  const page = { pageNo: 1, pageSize: PAGE_SIZE, offset: 0 };
  const q = classListQueries(mock, cityUser, {}, page, afterId);
  const session = { user: cityUser, permissions: ALLOWED } as Session;
  return {
    name,
    method: 'GET',
    appPath: `/api/trainInfo/trainInfoList?pageNo=1&pageSize=${PAGE_SIZE}${afterId ? `&afterId=${afterId}` : ''}`,
    login: 'sjz_admin',
    seed: seedBenchClasses,
    floor: {
      queries: [toQuery(q.rows as never), ...(q.total ? [toQuery(q.total as never)] : [])],
      shape: ([rows, counted]) => {
        const list = rows.map((raw) => {
          const r = classRow(raw);
          return toClassItem(r, classActions(session, r as unknown as TrainClass, r.pendingKinds ?? []));
        });
        return ok({ list, total: counted ? Number(counted[0].count) : null, pageNo: 1, pageSize: PAGE_SIZE });
      },
    },
  };
}

/** 学员分页（同 studentPage）：给 classId 为一个班的名单，否则为市级管理员的学员库（本市 200 万名） */
function studentCase(name: string, opts: { classId?: number; login: string; user: SessionUser; afterId?: number; pageNo?: number }): BenchCase {
  const mock: Db = drizzle.mock();
  const pageNo = opts.pageNo ?? 1;
  const page = { pageNo, pageSize: PAGE_SIZE, offset: (pageNo - 1) * PAGE_SIZE };
  const filter = opts.classId ? { classId: opts.classId } : {};
  const q = studentListQueries(mock, opts.user, filter, page, opts.afterId);
  const session = { user: opts.user, permissions: ALLOWED } as Session;
  const queries = [
    ...(opts.classId
      ? [
          toQuery(mock.select().from(trainClasses).where(eq(trainClasses.id, opts.classId)) as never),
          toQuery(
            mock
              .select()
              .from(trainStudentImports)
              .where(and(eq(trainStudentImports.classId, opts.classId), eq(trainStudentImports.status, IMPORT_STATUS.PENDING)))
              .limit(1) as never,
          ),
        ]
      : []),
    toQuery(q.rows as never),
    ...(q.total ? [toQuery(q.total as never)] : []),
  ];
  const query = new URLSearchParams({ ...(opts.classId ? { classId: String(opts.classId) } : {}), pageNo: String(pageNo), pageSize: String(PAGE_SIZE), ...(opts.afterId ? { afterId: String(opts.afterId) } : {}) });
  return {
    name,
    method: 'POST',
    appPath: '/api/student/listStudent',
    body: Object.fromEntries(query),
    login: opts.login,
    seed: seedBenchClasses,
    floor: {
      queries,
      shape: (results) => {
        const [cls, pending, rows, counted] = opts.classId ? results : [null, null, ...results];
        const c = cls ? ({ ...classRow({ ...cls[0], org_name: '' }), countyId: cls[0].county_id, statusBeforeDiscard: cls[0].status_before_discard } as unknown as TrainClass) : null;
        const list = rows!.map((raw) => toStudentListItem(session, maskStudent(studentRow(raw))));
        const p = pending?.[0];
        return ok({
          list,
          total: counted ? Number(counted[0].count) : null,
          editable: c ? classActions(session, c).includes('students') : false,
          pendingImport: p ? { id: p.id, fileName: p.file_name, total: p.total } : null,
          masked: true,
          canUnmask: canUnmask(session, STUDENT_UNMASK_RESOURCE),
          pageNo,
          pageSize: PAGE_SIZE,
        });
      },
    },
  };
}

const orgUser = { ...cityUser, account: 'train_org', userType: 'RENCAI_ORG', level: 'org' } as SessionUser;

export const trainClassCases: BenchCase[] = [
  // 市级管理员的班级列表：第 1 页（本页 + 数 10 万个班），按键集翻到第 1000 页（不数总数）
  classListCase('trainClassListFirst'),
  classListCase('trainClassListDeep', CLASS_ID_BASE + CLASSES - (DEEP_PAGE - 1) * PAGE_SIZE + 1),
  // 一个班的名单（培训机构）；市级管理员的学员库（本市 200 万名）：第 1 页（本页 + 数总数）、按键集翻到第 1000 页
  studentCase('rosterList', { classId: ROSTER_CLASS, login: 'train_org', user: orgUser }),
  studentCase('studentLibraryFirst', { login: 'sjz_admin', user: cityUser }),
  studentCase('studentLibraryDeep', { login: 'sjz_admin', user: cityUser, afterId: STUDENT_ID_BASE + (DEEP_PAGE - 1) * PAGE_SIZE }),
];

// ---------- 2. 学员名单导入 ----------

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}


async function importBench() {
  const ROWS = arg('rows', 50_000);
  await withScratchDatabase('bench_tc', async ({ opened }) => {
    const { seed } = await import('../db/seed');
    const { idCheckChar } = await import('../lib/platform/identity');
    const { beijingDate } = await import('../lib/platform/time');
    const { users } = await import('../lib/domains/user/tables');
    const { loadPermissions } = await import('../lib/domains/access/session');
    const { saveClass } = await import('../lib/domains/trainClass/service');
    const { previewStudentImport, commitStudentImport, studentImport } = await import('../lib/domains/trainClass/imports');
    const { trainStudents } = await import('../lib/domains/trainClass/tables');
    const db = opened.db;
    let t = Date.now();
    await seed(db);
    console.log(`[tc] 演示数据 ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const [user] = await db.select().from(users).where(eq(users.account, 'train_org'));
    const session = {
      user: { id: user.id, code: user.code, account: user.account, nickName: user.nickName, realName: user.realName, userType: user.userType, level: 'org', areaId: user.areaId, cityId: user.cityId, orgId: user.orgId, passwordStrength: 3 },
      permissions: await loadPermissions(db, user.id),
    } as unknown as Session;
    const audit = () => {};
    const date = beijingDate(new Date(), 900);
    const cls = await saveClass(
      db,
      session,
      { name: '基准：学员导入', workCode: '6-31-01-03', level: 4, trainType: '1', startDate: date, endDate: date, hours: 40, place: '基准实训楼', capacity: 2000, contactName: '孙立新', contactPhone: '13831100005', remark: null },
      audit,
    );

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('学员');
    ws.addRow(['姓名', '身份证号', '手机号', '学历', '工作单位']);
    for (let i = 0; i < ROWS; i++) {
      // (地区, 出生年, 顺序码) 各不相同：每 1000 人换一个出生年，每 4 万人换一个地区
      const birth = `${1961 + (Math.floor(i / 1000) % 40)}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`;
      const body = `${130102 + Math.floor(i / 40_000)}${birth}${String(i % 1000).padStart(3, '0')}`;
      ws.addRow([`学员${i}`, body + idCheckChar(body), `139${String(i).padStart(8, '0')}`, '高中', '石家庄恒瑞机械有限公司']);
    }
    const bytes = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const file = new File([bytes], '基准学员.xlsx');

    const { spent, reset } = timePhases(studentImport);
    if (global.gc) global.gc();
    t = Date.now();
    const preview = await previewStudentImport(db, session, { classId: cls.id, file }, audit);
    const previewMs = Date.now() - t;
    console.log(`[tc] 预览 ${preview.total} 行：${(previewMs / 1000).toFixed(2)} s，${Math.round((preview.total / previewMs) * 1000)} 行/s（按批检查 ${spent.check} ms）`);
    reset();
    t = Date.now();
    const committed = await commitStudentImport(db, session, { importId: preview.importId! }, audit);
    const commitMs = Date.now() - t;
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(trainStudents).where(eq(trainStudents.classId, cls.id));
    console.log(
      `[tc] 确认（重新读取、校验并写入）${committed.total} 行：${(commitMs / 1000).toFixed(2)} s，${Math.round((committed.total / commitMs) * 1000)} 行/s（按批检查 ${spent.check} ms，写入 ${spent.commit} ms）；库中 ${n} 名`,
    );
  });
}

if (process.argv[1] && /train-class\.ts$/.test(process.argv[1])) {
  importBench().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error('[tc] 失败', err);
      process.exit(1);
    },
  );
}
