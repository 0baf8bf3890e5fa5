// 账号与人员库的对应（person.user_id）：考评员、督导员以本人的登录账号办事时（录入成绩、督导任务），
// 凭会话里的用户 id 找到“我是人员库里的哪个人”。只认这一列，不按手机号或姓名临时匹配（手机号可被改，姓名会重名）。
// 对应关系由管理员在考评员、督导员管理里“绑定账号”写入（bindAccount，下面的规则），演示数据由种子写入；
// 一个账号在同一库里只对应一个人员（唯一索引）。见 docs/SCORES.md“账号与人员”。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { maskMobile } from '@/lib/platform/identity';
import { and, asc, eq, ilike, inArray, isNull, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { USER_TYPES } from '../user/schemas';
import { UNUSABLE_STATUSES } from '../user/status';
import { users } from '../user/tables';
import { people } from './tables';
import { ACCOUNT_USER_TYPE, hasAccounts, LIBRARY_NAMES, type AccountLibrary, type AccountOption, type Library, type PersonDetail } from './schemas';
import { loadPerson, personDetail } from './service';

/** 与账号对应的人员 id（某一库）；没有对应时为 null */
export async function personIdOfUser(db: Db, userId: number, library: Library): Promise<number | null> {
  const [row] = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.userId, userId), eq(people.library, library)));
  return row?.id ?? null;
}

/** 账号类型 → 人员库：这两类账号是人员库里的人本人 */
const LIBRARY_OF_USER_TYPE: Partial<Record<string, AccountLibrary>> = Object.fromEntries(
  (Object.keys(ACCOUNT_USER_TYPE) as AccountLibrary[]).map((library) => [ACCOUNT_USER_TYPE[library], library]),
);

/** 账号状态：待审核与注册被驳回的账号不能登录，也不能绑定 */
const UNUSABLE_ACCOUNT_STATUS = [...UNUSABLE_STATUSES];

/** 账号的数据范围（与账号管理相同：市、县区、机构） */
const accountScope = { cityId: users.cityId, countyId: users.areaId, orgId: users.orgId };

function accountLibrary(library: Library): AccountLibrary {
  if (!hasAccounts(library)) throw ApiError.badRequest(`${LIBRARY_NAMES[library]}库没有登录账号绑定`);
  return library;
}

/**
 * 绑定账号的候选：范围内、类型与库相符（考评员库 ASSESSOR、督导员库 SUPERVISOR）、能登录（非待审核、非驳回）、
 * 在本库尚未绑定的账号；按账号名、姓名或手机号搜索，最多 20 个。
 */
export async function accountOptions(db: Db, session: Session, filter: { library: Library; keyword?: string }): Promise<AccountOption[]> {
  const library = accountLibrary(filter.library);
  const kw = filter.keyword?.trim();
  const rows = await db
    .select({ id: users.id, account: users.account, realName: users.realName, nickName: users.nickName, mobile: users.mobile })
    .from(users)
    .where(
      and(
        eq(users.userType, ACCOUNT_USER_TYPE[library]),
        notInArray(users.status, UNUSABLE_ACCOUNT_STATUS),
        scopeWhere(session.user, accountScope),
        // 手机号是密文：只能按完整号码经盲索引匹配
        kw ? or(ilike(users.account, `%${kw}%`), ilike(users.realName, `%${kw}%`), eq(users.mobileIndex, blindIndex('mobile', kw))) : undefined,
        notExists(db.select({ one: sql`1` }).from(people).where(and(eq(people.library, library), eq(people.userId, users.id)))),
      ),
    )
    .orderBy(asc(users.account))
    .limit(20);
  return rows.map((r) => ({ ...r, mobile: r.mobile ? maskMobile(r.mobile) : r.mobile }));
}

/**
 * 把人员绑定到一个登录账号。人员须在本人范围内（否则 404）；账号须存在且在范围内（否则 404）、类型与库相符、能登录；
 * 人员已绑定别的账号时须先解除；账号已绑定本库另一名人员时拒绝（同库一个账号只对应一人）。
 */
export async function bindAccount(db: Db, session: Session, input: { library: Library; id: number; userId: number }, audit: Audit): Promise<PersonDetail> {
  const library = accountLibrary(input.library);
  const kind = LIBRARY_NAMES[library];
  const person = await loadPerson(db, session.user, library, input.id);
  const [account] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!account || !inScope(session.user, { cityId: account.cityId, countyId: account.areaId, orgId: account.orgId }))
    throw ApiError.notFound('登录账号不存在或不在您的管辖范围内');
  const wanted = ACCOUNT_USER_TYPE[library];
  if (account.userType !== wanted)
    throw ApiError.badRequest(
      `账号“${account.account}”的类型是“${USER_TYPES[account.userType] ?? account.userType}”，${kind}只能绑定“${USER_TYPES[wanted]}”类型的账号；请另选账号，或先在账号管理中改正账号类型`,
    );
  if (UNUSABLE_ACCOUNT_STATUS.includes(account.status)) throw ApiError.badRequest(`账号“${account.account}”尚未通过注册审核，不能绑定`);
  if (person.userId === account.id) throw ApiError.conflict(`${kind}${person.name}已绑定账号“${account.account}”，无需重复绑定`);
  if (person.userId !== null) {
    const [current] = await db.select({ account: users.account }).from(users).where(eq(users.id, person.userId));
    throw ApiError.conflict(`${kind}${person.name}已绑定账号“${current?.account ?? ''}”，请先解除绑定再绑定其他账号`);
  }
  const [other] = await db
    .select()
    .from(people)
    .where(and(eq(people.library, library), eq(people.userId, account.id)));
  const takenByOther = `账号“${account.account}”已绑定其他${kind}，一个账号只能对应一名${kind}`;
  // 占用者在本人范围外时不透露其姓名
  if (other && !inScope(session.user, other)) throw ApiError.conflict(takenByOther);
  if (other) throw ApiError.conflict(`账号“${account.account}”已绑定${kind}${other.name}，一个账号只能对应一名${kind}；如需改绑，请先解除${other.name}的绑定`);
  const done = await withUniqueMessage(takenByOther, () =>
    db
      .update(people)
      .set({ userId: account.id, updatedAt: new Date() })
      .where(and(eq(people.id, person.id), isNull(people.userId)))
      .returning({ id: people.id }),
  );
  if (!done.length) throw ApiError.conflict(`${kind}${person.name}刚刚已被他人绑定账号，请刷新后再试`);
  audit({
    entity: 'person',
    entityId: person.id,
    before: { userId: null },
    after: { userId: account.id, account: account.account },
    detail: `${kind} ${person.name} 绑定登录账号 ${account.account}`,
  });
  return personDetail(db, session, library, person.id);
}

/** 解除人员与登录账号的绑定（人员须在范围内，否则 404；没有绑定时 400）。解除后该账号不再代表此人录入成绩或督导。 */
export async function unbindAccount(db: Db, session: Session, input: { library: Library; id: number }, audit: Audit): Promise<PersonDetail> {
  const library = accountLibrary(input.library);
  const kind = LIBRARY_NAMES[library];
  const person = await loadPerson(db, session.user, library, input.id);
  if (person.userId === null) throw ApiError.badRequest(`${kind}${person.name}没有绑定登录账号`);
  const [account] = await db.select({ account: users.account }).from(users).where(eq(users.id, person.userId));
  await db.update(people).set({ userId: null, updatedAt: new Date() }).where(eq(people.id, person.id));
  audit({
    entity: 'person',
    entityId: person.id,
    before: { userId: person.userId, account: account?.account ?? null },
    after: { userId: null },
    detail: `${kind} ${person.name} 解除绑定登录账号 ${account?.account ?? ''}`.trim(),
  });
  return personDetail(db, session, library, person.id);
}

/**
 * 演示数据：考评员、督导员类型的账号与人员库中手机号、姓名都相同、尚未对应的人员对应起来（可重复执行）。
 * 只在种子里用：正式数据的对应由管理员确认后写入。
 */
export async function linkDemoAccounts(db: Db): Promise<number> {
  let linked = 0;
  for (const [userType, library] of Object.entries(LIBRARY_OF_USER_TYPE)) {
    const accounts = await db
      .select({ id: users.id, mobileIndex: users.mobileIndex, realName: users.realName })
      .from(users)
      .where(eq(users.userType, userType));
    const taken = accounts.length
      ? await db
          .select({ userId: people.userId })
          .from(people)
          .where(and(eq(people.library, library!), inArray(people.userId, accounts.map((a) => a.id))))
      : [];
    const have = new Set(taken.map((t) => t.userId));
    for (const a of accounts) {
      if (have.has(a.id) || !a.mobileIndex || !a.realName) continue;
      const done = await db
        .update(people)
        .set({ userId: a.id })
        .where(and(eq(people.library, library!), eq(people.mobileIndex, a.mobileIndex), eq(people.name, a.realName), isNull(people.userId)))
        .returning({ id: people.id });
      linked += done.length ? 1 : 0;
    }
  }
  return linked;
}
