// 演示数据：可重复执行（按业务键新增或更新，已有的账号与消息不动）。`npm run db:seed` 与内置库首次启动时调用。
// 种子经服务办理状态时也要跨领域的登记（lib/workflows.ts 汇总）
import '@/lib/workflows';
import bcrypt from 'bcrypt';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, OpenedDb } from '@/lib/platform/db/client';
import { areas } from '@/lib/domains/area/tables';
import { seedAreas } from '@/lib/domains/area/service';
import { roles } from '@/lib/domains/access/tables';
import { setRoleGrants, setUserRoles, upsertResourceTree, userRouters } from '@/lib/domains/access/service';
import { flattenMenuTree } from '@/lib/domains/access/menu-tree';
import { messages } from '@/lib/domains/message/tables';
import { organisations } from '@/lib/domains/org/tables';
import { users } from '@/lib/domains/user/tables';
import { BCRYPT_ROUNDS, ensureUser } from '@/lib/domains/user/service';
import { loadPermissions } from '@/lib/domains/access/session';
import { seedDicts } from '@/lib/domains/dict/seed';
import { seedOps } from '@/lib/domains/ops/seed';
import { seedPortal } from '@/lib/domains/portal/seed';
import { seedContent } from '@/lib/domains/content/seed';
import { seedCatalog } from '@/lib/domains/catalog/seed';
import { seedFilings } from '@/lib/domains/filing/seed';
import { seedPersonnel } from '@/lib/domains/personnel/seed';
import { seedCourses } from '@/lib/domains/course/seed';
import { seedOfficialPlans } from '@/lib/domains/officialPlan/seed';
import { seedExamPlans } from './exam-plans';
import { seedExaminees } from '@/lib/domains/examinee/seed';
import { seedExamSites } from '@/lib/domains/examSite/seed';
import { seedInstitutions } from '@/lib/domains/institution/seed';
import { seedTeachers } from '@/lib/domains/teacher/seed';
import { seedTrainClasses } from '@/lib/domains/trainClass/seed';
import { seedScores } from '@/lib/domains/score/seed';
import { seedCertificates } from '@/lib/domains/certificate/seed';
import { seedQuestionBanks } from '@/lib/domains/questionBank/seed';
import { seedExamAffairs } from '@/lib/domains/examAffairs/seed';
import { seedSupervision } from '@/lib/domains/supervision/seed';
import { seedRecordings } from '@/lib/domains/recording/seed';
import { seedSubsidies } from '@/lib/domains/subsidy/seed';
import { rebuildDashboardDaily } from '@/lib/domains/dashboard/daily';
import { DEMO_ACCOUNTS, DEMO_ORGS, creditCode } from './accounts';
import { ACCOUNT_SETTINGS_PREFIX, demoMessagesFor, loadMessageFacts } from './messages';
import { seedOperationLog } from './operation-log';
import { seedMoreCities } from './regions';
import { seedDepartments } from './departments';
import { DEMO_ROLES, expandRoleSpec } from './roles';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
export { DEMO_ROLES } from './roles';

/** 没有记录时间的演示消息之间相隔的时间 */
const MESSAGE_SPACING_MS = 47 * 60 * 1000;

export interface SeedReport {
  areas: number;
  accounts: { account: string; password: string; role: string }[];
}

/** 演示角色：按 code 新增或更新，授权整体替换为 roles.ts 中的定义 */
async function seedRoles(db: Db): Promise<void> {
  const flat = flattenMenuTree();
  const rows = await db
    .insert(roles)
    .values(DEMO_ROLES.map((r) => ({ code: r.code, name: r.name, level: r.level, description: r.description })))
    .onConflictDoUpdate({
      target: roles.code,
      set: { name: sql.raw('excluded.name'), level: sql.raw('excluded.level'), description: sql.raw('excluded.description') },
    })
    .returning({ id: roles.id, code: roles.code });
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  for (const role of DEMO_ROLES) await setRoleGrants(db, idOf.get(role.code)!, expandRoleSpec(role.grants, flat));
}

/** 演示机构：按编码新增或更新，返回 编码 → id */
async function seedOrganisations(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .insert(organisations)
    .values(
      DEMO_ORGS.map((o) => ({
        code: o.code,
        name: o.name,
        category: o.category,
        orgType: o.orgType,
        areaId: o.areaId,
        cityId: o.cityId,
        unifiedSocialCreditCode: creditCode(o.creditBody),
      })),
    )
    .onConflictDoUpdate({
      target: organisations.code,
      set: {
        name: sql.raw('excluded.name'),
        category: sql.raw('excluded.category'),
        orgType: sql.raw('excluded.org_type'),
        areaId: sql.raw('excluded.area_id'),
        cityId: sql.raw('excluded.city_id'),
        unifiedSocialCreditCode: sql.raw('excluded.unified_social_credit_code'),
      },
    })
    .returning({ id: organisations.id, code: organisations.code });
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** 演示账号：已存在的不改（密码可能已被改过）；同一密码只做一次 bcrypt。角色按定义设置。 */
async function seedAccounts(db: Db, orgIds: Map<string, number>): Promise<Map<string, number>> {
  const existing = await db
    .select({ account: users.account })
    .from(users)
    .where(inArray(users.account, DEMO_ACCOUNTS.map((a) => a.account)));
  const have = new Set(existing.map((e) => e.account));
  const passwords = [...new Set(DEMO_ACCOUNTS.filter((a) => !have.has(a.account)).map((a) => a.password))];
  const hashes = new Map(await Promise.all(passwords.map(async (p) => [p, await bcrypt.hash(p, BCRYPT_ROUNDS)] as const)));
  const ids = new Map<string, number>();
  for (const a of DEMO_ACCOUNTS) {
    const user = await ensureUser(db, {
      account: a.account,
      password: a.password,
      passwordHash: hashes.get(a.password),
      nickName: a.nickName,
      realName: a.realName,
      mobile: a.mobile,
      userType: a.userType,
      level: a.level,
      areaId: a.areaId,
      cityId: a.cityId,
      orgId: a.orgCode ? orgIds.get(a.orgCode)! : null,
    });
    ids.set(a.account, user.id);
    await setUserRoles(db, user.id, a.roles);
  }
  return ids;
}

/**
 * 演示消息：按已写入的备案、人员等记录生成（见 ./messages.ts），只给还没有任何消息的账号写入。
 * 链接只保留本人菜单里有的页面（及个人设置），免得点开是 403；没有记录时间的消息依次向前错开。
 */
async function seedMessages(db: Db, userIds: Map<string, number>): Promise<void> {
  const ids = [...userIds.values()];
  const counts = await db.select({ userId: messages.userId, n: count() }).from(messages).where(inArray(messages.userId, ids)).groupBy(messages.userId);
  const hasMessages = new Set(counts.map((c) => c.userId));
  const pending = [...userIds].filter(([, userId]) => !hasMessages.has(userId));
  if (pending.length === 0) return;
  const facts = await loadMessageFacts(db);
  const accounts = await db
    .select({ id: users.id, account: users.account, realName: users.realName, cityId: users.cityId, orgId: users.orgId, level: users.level })
    .from(users)
    .where(inArray(users.id, pending.map(([, id]) => id)));
  const now = Date.now();
  const rows: (typeof messages.$inferInsert)[] = [];
  for (const a of accounts) {
    const paths = new Set((await userRouters(db, await loadPermissions(db, a.id))).map((r) => r.path));
    const reachable = (link: string | null) => link !== null && (link.startsWith(ACCOUNT_SETTINGS_PREFIX) || paths.has(link.split('?')[0]));
    demoMessagesFor(a, facts).forEach((msg, i) => {
      const createdAt = msg.at ?? new Date(now - (i + 1) * MESSAGE_SPACING_MS);
      rows.push({ userId: a.id, title: msg.title, content: msg.content, kind: msg.kind, link: reachable(msg.link) ? msg.link : null, createdAt, readAt: msg.read ? createdAt : null });
    });
  }
  if (rows.length) await db.insert(messages).values(rows);
}

export async function seed(db: Db): Promise<SeedReport> {
  const areaCount = await seedAreas(db);
  await upsertResourceTree(db);
  await seedRoles(db);
  const orgIds = await seedOrganisations(db);
  const userIds = await seedAccounts(db, orgIds);
  await seedDepartments(db);
  await seedDicts(db);
  await seedOps(db);
  await seedPortal(db);
  await seedContent(db);
  await seedCatalog(db);
  await seedPersonnel(db);
  await seedFilings(db);
  await seedCourses(db);
  await seedMoreCities(db);
  // 培训机构与企业的入驻资料、管理单位（主管单位）与师资库：用到上面各市的机构与职业目录，培训班的种子接在其后
  await seedInstitutions(db);
  await seedTeachers(db);
  // 培训班（课程体系的教师取自师资库，线上课程取自课程资源库）
  await seedTrainClasses(db);
  // 考试计划用到各市的有效备案（seedFilings 与 seedMoreCities），考生与考点考场的种子接在计划之后
  await seedOfficialPlans(db);
  await seedExamPlans(db);
  await seedExaminees(db);
  // 考点考场在计划与考生之后（考生的种子加在它前面）
  await seedExamSites(db);
  // 题库与试卷：有效备案的评价机构的工种（考务安排的种子在它之后分发试卷）
  await seedQuestionBanks(db);
  // 考务安排（考务办公室、试卷：题库的种子须在它之前）与督导记录在考点考场之后
  await seedExamAffairs(db);
  await seedSupervision(db);
  // 成绩与公示：第 5–9 步的计划（按座位与考评员，在考点考场之后）
  await seedScores(db);
  // 证书与国网上报批次：第 7–9 步的计划（按成绩的合格考生）
  await seedCertificates(db);
  // 演示录像挂在考务安排中的计划与其考点上
  await seedRecordings(db);
  // 补贴标准、资金账户与各状态的补贴申请：用到已考核的培训班（与成绩：考核结果）
  await seedSubsidies(db);
  // 消息与操作日志讲的是上面写入的记录，放在最后
  await seedMessages(db, userIds);
  await seedOperationLog(db);
  // 数据大屏的按日汇总：按上面写入的考生、证书、培训学员全量算一遍（之后由定时任务维护）
  await rebuildDashboardDaily(db);
  return { areas: areaCount, accounts: DEMO_ACCOUNTS.map((a) => ({ account: a.account, password: a.password, role: a.label })) };
}

/** 内置库为空（没有区划）时写入演示数据。 */
export async function seedIfEmpty(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(areas);
  if (n > 0) return;
  const report = await seed(db);
  console.log(`[seed] 内置数据库为空，已写入演示数据：${report.areas} 条区划；演示账号：`);
  // 密码不进服务器日志：演示账号的密码见 README
  for (const a of report.accounts) console.log(`[seed]   ${a.role}：${a.account}`);
  console.log('[seed] 演示账号的密码见 README.md 的“演示账号”一节');
}

/**
 * 首次启动的准备步骤（instrumentation.ts 经 onDatabaseOpened 登记，迁移之后执行）：
 * 内置库总是在为空时写入演示数据；PostgreSQL 需显式 SEED_DEMO_DATA=true（如 docker compose 演示）。
 */
export async function seedOnFirstStart(opened: OpenedDb): Promise<void> {
  if (opened.kind === 'pglite') return seedIfEmpty(opened.db);
  if (process.env.SEED_DEMO_DATA !== 'true') return;
  // 多个实例同时首次启动（compose 的两个副本）：一个事务持有咨询锁直到写完，其余实例等它提交后看到数据已在即跳过
  await opened.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(130001)`);
    await seedIfEmpty(opened.db);
  });
}

/** 测试与脚本用：账号名 → 用户 id */
export async function demoUserId(db: Db, account: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
  if (!row) throw new Error(`演示账号 ${account} 不存在，请先运行 npm run db:seed`);
  return row.id;
}
