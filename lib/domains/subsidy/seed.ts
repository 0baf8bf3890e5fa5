// 演示数据（生活交通补贴的人员类别是内置字典 SUBSIDY_GROUP，由字典种子写入）：各市各年度的补贴标准（培训类型、工种 × 等级、人员类别日标准，含一个分了两版的标准）；
// 资金账户与流水；年度目标（石家庄分解到两个县区）；明德培训学校（train_org）已考核的班按批申请，八个状态各一批（待市级审核的一批里有一名与已拨付批次重复的学员，
// 演示核查），生活交通补贴三批，培训券（已核销、未使用、已作废）；其他机构已考核的班各一批待市级审核。金额与核查都经与接口相同的 computeItems / crossCheck 算出。
// 已有补贴标准时不再写入（可重复执行）。第 70 名之后的明德学员不在任何一批里（留给演示与端到端测试申请）。
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { dictItems } from '@/lib/domains/dict/tables';
import { DICT } from '@/lib/domains/dict/codes';
import { organisations } from '@/lib/domains/org/tables';
import { users } from '@/lib/domains/user/tables';
import { trainClasses, trainStudents, type TrainClass, type TrainStudent } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import { annualTargets, standingBookHistory, standingBooks, trainingCoupons, fundAccounts, fundMovements, subsidyApplies, subsidyHistory, subsidyItems, subsidyStandards } from './tables';
import { areas } from '@/lib/domains/area/tables';
import { computeItems, crossCheck, type ItemChoice } from './compute';
import { APPLY_STATUS, DECISION, type SubsidyKind, type TransitionAction } from './transitions';
import { applyWorkflow } from './workflow';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { SUBSIDY_GROUPS } from './schemas';
import { computeBook } from './standing';
import { BOOK_STATUS } from './standing-transitions';

const S = APPLY_STATUS;
export const MAIN_ORG_CODE = 'ORG130105001';
/** 明德已考核班里前 70 名学员在演示批次中，其余留给演示申请 */
export const SEEDED_STUDENTS = 70;

const TYPE_AMOUNT: Record<string, number> = { '1': 800, '2': 1000, '3': 1500, '4': 2000, '5': 600 };
const WORK_AMOUNT: Record<number, number> = { 5: 1000, 4: 1500, 3: 2000, 2: 2500, 1: 3000 };
const LIVING_RATE: Record<string, number> = { '1': 60, '2': 50, '3': 50, '4': 40, '5': 60 };

const PATH: Record<number, TransitionAction[]> = {
  [S.DRAFT]: [],
  [S.CITY_PENDING]: ['submit'],
  [S.RETURNED]: ['submit', 'cityReturn'],
  [S.REJECTED]: ['submit', 'cityReject'],
  [S.REVIEW_PENDING]: ['submit', 'cityApprove'],
  [S.FINANCE_PENDING]: ['submit', 'cityApprove', 'reviewApprove'],
  [S.APPROVED]: ['submit', 'cityApprove', 'reviewApprove', 'financeApprove'],
  [S.PAID]: ['submit', 'cityApprove', 'reviewApprove', 'financeApprove', 'pay'],
};
const OPINION: Partial<Record<TransitionAction, string>> = {
  cityReturn: '部分学员银行账号与本人不符，请核对后重新提交',
  cityReject: '该班学员已在其他项目中享受同类补贴，不予重复补贴',
  cityApprove: '资料齐全，同意',
  reviewApprove: '同意',
  financeApprove: '同意拨付',
  pay: '已通过代发工资账户拨付',
};

interface Actors {
  org: Map<number, { id: number; name: string }>;
  city: Map<number, { id: number; name: string }>;
  province: { id: number; name: string } | null;
}

export async function seedSubsidies(db: Db): Promise<void> {
  const [existing] = await db.select({ id: subsidyStandards.id }).from(subsidyStandards).limit(1);
  if (!existing) await seedApplies(db);
  await seedStandingBooks(db);
}

async function seedApplies(db: Db): Promise<void> {

  const classes = await db.select().from(trainClasses).where(eq(trainClasses.status, CLASS_STATUS.ASSESSED)).orderBy(asc(trainClasses.id));
  const cities = [...new Set(classes.map((c) => c.cityId).filter((x): x is number => x !== null))];
  const years = [...new Set([...classes.map((c) => Number(c.endDate.slice(0, 4))), new Date().getFullYear()])];
  const trainTypes = (await db.select({ value: dictItems.value }).from(dictItems).where(eq(dictItems.typeCode, DICT.TRAIN_TYPE))).map((t) => t.value);

  // 标准
  const standards: (typeof subsidyStandards.$inferInsert)[] = [];
  for (const cityId of cities) {
    for (const year of years) {
      for (const t of trainTypes) {
        if (t === '5' && cityId === 130100) {
          // 分了两版的标准：下半年起提高
          standards.push({ kind: 'type', cityId, year, subject: t, trainType: t, amount: TYPE_AMOUNT[t] ?? 800, validFrom: `${year}-01-01`, validTo: `${year}-06-30`, version: 1, remark: '上半年标准' });
          standards.push({ kind: 'type', cityId, year, subject: t, trainType: t, amount: (TYPE_AMOUNT[t] ?? 800) + 100, validFrom: `${year}-07-01`, validTo: `${year}-12-31`, version: 2, remark: '下半年起调整' });
        } else standards.push({ kind: 'type', cityId, year, subject: t, trainType: t, amount: TYPE_AMOUNT[t] ?? 800, validFrom: `${year}-01-01`, validTo: `${year}-12-31`, version: 1 });
      }
      for (const g of SUBSIDY_GROUPS) standards.push({ kind: 'living', cityId, year, subject: g.value, groupCode: g.value, amount: LIVING_RATE[g.value] ?? 50, validFrom: `${year}-01-01`, validTo: `${year}-12-31`, version: 1 });
      const works = new Map(classes.filter((c) => c.cityId === cityId).map((c) => [`${c.workCode}:${c.level}`, c]));
      for (const [subject, c] of works) standards.push({ kind: 'work', cityId, year, subject, workCode: c.workCode, workName: c.workName, level: c.level, amount: WORK_AMOUNT[c.level] ?? 1500, validFrom: `${year}-01-01`, validTo: `${year}-12-31`, version: 1 });
    }
  }
  // 版本号按 (kind, 市, 对象) 各自从 1 起；同一对象多个年度时顺延
  const seen = new Map<string, number>();
  for (const s of standards) {
    const key = `${s.kind}|${s.cityId}|${s.subject}`;
    const v = (seen.get(key) ?? 0) + 1;
    seen.set(key, v);
    s.version = v;
  }
  if (standards.length) await db.insert(subsidyStandards).values(standards);

  // 资金账户：各市各年度；保定只拨了很少的钱（演示“余额不足”）
  const actors = await actorsOf(db);
  const province = actors.province;
  for (const cityId of cities) {
    for (const year of years) {
      const [account] = await db.insert(fundAccounts).values({ cityId, year, name: `${year} 年度职业技能培训补贴资金（${cityId}）` }).returning();
      const who = actors.city.get(cityId) ?? province;
      const base = cityId === 130600 ? 2000 : 300_000;
      await db.insert(fundMovements).values([
        { accountId: account.id, cityId, kind: 'allocate', amount: base, note: '省级下达第一批资金', actorId: province?.id ?? null, actorName: province?.name ?? '省级管理员' },
        ...(cityId === 130600 ? [] : [{ accountId: account.id, cityId, kind: 'allocate', amount: base / 2, note: '市级配套资金', actorId: who?.id ?? null, actorName: who?.name ?? '市级管理员' }]),
      ]);
    }
  }

  // 年度目标：各市各年度，石家庄再分解到两个县区
  for (const cityId of cities) {
    for (const year of years) {
      const [city] = await db.insert(annualTargets).values({ year, cityId, trained: 3000, certified: 2000, budget: 900_000, remark: '省级下达', createdBy: province?.id ?? null }).returning();
      if (cityId === 130100) {
        const counties = await db.select({ id: areas.id }).from(areas).where(eq(areas.pid, cityId)).orderBy(asc(areas.id)).limit(2);
        for (const c of counties) await db.insert(annualTargets).values({ year, cityId, countyId: c.id, parentId: city.id, trained: 800, certified: 500, budget: 200_000, remark: '市级分解' });
      }
    }
  }

  // 申请
  const [main] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, MAIN_ORG_CODE));
  for (const c of classes) {
    const students = await db.select().from(trainStudents).where(eq(trainStudents.classId, c.id)).orderBy(asc(trainStudents.id));
    if (students.length < 10) continue;
    if (main && c.orgId === main.id) {
      const batches: [number, number, number][] = [
        [S.PAID, 0, 10],
        [S.APPROVED, 10, 20],
        [S.FINANCE_PENDING, 20, 30],
        [S.REVIEW_PENDING, 30, 40],
        [S.RETURNED, 50, 60],
        [S.REJECTED, 60, 65],
        [S.DRAFT, 65, 70],
      ];
      for (const [status, from, to] of batches) await createBatch(db, actors, c, 'train', students.slice(from, to), status);
      // 待市级审核：含一名已在已拨付批次中的学员（重复享受，阻断）
      await createBatch(db, actors, c, 'train', [students[0], ...students.slice(40, 50)], S.CITY_PENDING);
      await createBatch(db, actors, c, 'living', students.slice(0, 6), S.APPROVED);
      await createBatch(db, actors, c, 'living', students.slice(6, 12), S.REVIEW_PENDING);
      await createBatch(db, actors, c, 'living', students.slice(12, 18), S.CITY_PENDING);
      // 培训券：前三名已核销到本班，再三名有未使用的券，一名的券已作废
      const year = c.startDate.slice(0, 4);
      const coupons = students.slice(SEEDED_STUDENTS, SEEDED_STUDENTS + 7).map((st, i) => ({
        cityId: c.cityId ?? 130100,
        orgId: i < 3 ? c.orgId : null,
        name: st.name,
        idNumber: st.idNumber,
        idNumberIndex: blindIndex('idNumber', st.idNumber),
        faceValue: 500,
        validFrom: `${year}-01-01`,
        validTo: `${year}-12-31`,
        status: i < 3 ? 1 : i === 6 ? 2 : 0,
        classId: i < 3 ? c.id : null,
        studentId: i < 3 ? st.id : null,
        redeemedAt: i < 3 ? new Date(Date.parse(c.startDate)) : null,
        createdBy: actors.city.get(c.cityId ?? 0)?.id ?? null,
      }));
      // 券号 PXQ + 年份 + 8 位序号（序号取自主键），与发券接口相同
      for (const coupon of coupons) {
        const id = await nextId(db, trainingCoupons);
        await db.insert(trainingCoupons).values({ ...coupon, id, code: businessCode({ prefix: 'PXQ', year, serial: id, width: 8 }) });
      }
    } else {
      await createBatch(db, actors, c, 'train', students.slice(0, 8), S.CITY_PENDING);
    }
  }
}

async function actorsOf(db: Db): Promise<Actors> {
  const rows = await db.select({ id: users.id, level: users.level, cityId: users.cityId, orgId: users.orgId, realName: users.realName, nickName: users.nickName }).from(users).orderBy(asc(users.id));
  const name = (r: (typeof rows)[number]) => r.realName || r.nickName;
  const out: Actors = { org: new Map(), city: new Map(), province: null };
  for (const r of rows) {
    if (r.level === 'org' && r.orgId !== null && !out.org.has(r.orgId)) out.org.set(r.orgId, { id: r.id, name: name(r) });
    if (r.level === 'city' && r.cityId !== null && !out.city.has(r.cityId)) out.city.set(r.cityId, { id: r.id, name: name(r) });
    if (r.level === 'province' && !out.province) out.province = { id: r.id, name: name(r) };
  }
  return out;
}

const bankAccount = (s: TrainStudent) => `62220${String(s.id).padStart(9, '0')}${s.idNumber.slice(-4).replace(/\D/g, '0')}`;

/** 一批申请：算金额与核查，按目标状态写入决定、历史与资金流水 */
async function createBatch(db: Db, actors: Actors, c: TrainClass, kind: SubsidyKind, students: TrainStudent[], status: number) {
  const year = Number(c.endDate.slice(0, 4));
  const choices = new Map<number, ItemChoice>(
    students.map((s, i) => [s.id, { studentId: s.id, certNo: null, bankName: '中国工商银行', bankAccount: bankAccount(s), groupCode: kind === 'living' ? SUBSIDY_GROUPS[i % SUBSIDY_GROUPS.length].value : undefined }]),
  );
  const computed = await computeItems(db, kind, c, students, choices);
  const id = await nextId(db, subsidyApplies);
  const code = businessCode({ prefix: 'BT', year, serial: id });
  const [created] = await db.insert(subsidyApplies).values({ id, code, kind, classId: c.id, orgId: c.orgId, cityId: c.cityId, countyId: c.countyId, year, status: S.DRAFT }).returning();
  await db.insert(subsidyItems).values(computed.map((i) => ({ ...i, applyId: created.id, orgId: c.orgId, cityId: c.cityId })));
  const flags = await crossCheck(db, { applyId: created.id, kind, year, klass: c }, computed);
  const items = await db.select().from(subsidyItems).where(eq(subsidyItems.applyId, created.id));
  const decided = status >= S.REVIEW_PENDING && status !== S.REJECTED;
  let approved = 0;
  for (const i of items) {
    const f = flags.get(i.studentId) ?? [];
    const blocked = f.some((x) => x.block);
    const decision = !decided ? DECISION.PENDING : blocked || i.ineligible ? DECISION.REJECTED : DECISION.APPROVED;
    if (decision === DECISION.APPROVED) approved += i.amount;
    await db
      .update(subsidyItems)
      .set({ flags: f, decision, decisionReason: decision === DECISION.REJECTED ? (i.ineligible ?? f.map((x) => x.message).join('；')) : null })
      .where(eq(subsidyItems.id, i.id));
  }
  const days = (n: number) => new Date(Date.now() - n * 86_400_000);
  const path = PATH[status];
  const org = actors.org.get(c.orgId);
  const city = c.cityId !== null ? actors.city.get(c.cityId) : undefined;
  let from: number = S.DRAFT;
  for (const [k, action] of path.entries()) {
    // 去向与办理方取自引擎的声明（演示数据按同一张转换表写历史）
    const t = applyWorkflow.transitionOf(action);
    const to = t.to as number;
    const who = t.actor === 'org' ? org : t.actor === 'city' ? city : actors.province;
    await db.insert(subsidyHistory).values({ applyId: created.id, action, fromStatus: from, toStatus: to, opinion: OPINION[action] ?? null, actorId: who?.id ?? null, actorName: who?.name ?? '', createdAt: days(path.length - k + 1) });
    from = to;
  }
  const blockedCount = items.filter((i) => (flags.get(i.studentId) ?? []).some((x) => x.block)).length;
  const flaggedCount = items.filter((i) => (flags.get(i.studentId) ?? []).length > 0).length;
  await db
    .update(subsidyApplies)
    .set({
      code,
      status,
      studentCount: items.length,
      claimedAmount: items.reduce((s, i) => s + i.amount, 0),
      approvedAmount: decided ? approved : 0,
      blockedCount,
      flaggedCount,
      lastOpinion: path.length ? (OPINION[path[path.length - 1]] ?? null) : null,
      submittedAt: path.length ? days(path.length + 1) : null,
      approvedAt: status === S.APPROVED || status === S.PAID ? days(1) : null,
      paidAt: status === S.PAID ? days(0) : null,
      cityApproverId: decided ? (city?.id ?? null) : null,
    })
    .where(eq(subsidyApplies.id, created.id));
  if ((status === S.APPROVED || status === S.PAID) && approved > 0 && c.cityId !== null) {
    const [account] = await db.select().from(fundAccounts).where(and(eq(fundAccounts.cityId, c.cityId), eq(fundAccounts.year, year)));
    if (account) {
      const who = city ?? { id: null, name: '市级管理员' };
      await db.insert(fundMovements).values({ accountId: account.id, cityId: c.cityId, kind: 'commit', amount: approved, applyId: created.id, note: `批准补贴申请 ${code}`, actorId: who.id, actorName: who.name });
      if (status === S.PAID) await db.insert(fundMovements).values({ accountId: account.id, cityId: c.cityId, kind: 'pay', amount: approved, applyId: created.id, note: `拨付补贴申请 ${code}`, actorId: who.id, actorName: who.name });
    }
  }
}

/**
 * 培训台账（已有台账时不再写入）：明德已考核的班一本已审批（登记 → 提交 → 审批通过），其他机构已考核的班各一本待审批；
 * 明德已结业的班不登记，留给演示与端到端测试。数字经与接口相同的 computeBook 算出。
 */
async function seedStandingBooks(db: Db): Promise<void> {
  const [existing] = await db.select({ id: standingBooks.id }).from(standingBooks).limit(1);
  if (existing) return;
  const actors = await actorsOf(db);
  const [main] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, MAIN_ORG_CODE));
  const classes = await db.select().from(trainClasses).where(eq(trainClasses.status, CLASS_STATUS.ASSESSED)).orderBy(asc(trainClasses.id));
  const days = (n: number) => new Date(Date.now() - n * 86_400_000);
  for (const c of classes) {
    const approved = main !== undefined && c.orgId === main.id;
    const year = Number(c.endDate.slice(0, 4));
    const snap = await computeBook(db, c);
    const org = actors.org.get(c.orgId);
    const city = c.cityId !== null ? actors.city.get(c.cityId) : undefined;
    const status = approved ? BOOK_STATUS.APPROVED : BOOK_STATUS.PENDING;
    const id = await nextId(db, standingBooks);
    const [book] = await db
      .insert(standingBooks)
      .values({ ...snap, id, code: businessCode({ prefix: 'TZ', year, serial: id }), classId: c.id, orgId: c.orgId, cityId: c.cityId, countyId: c.countyId, year, status, submittedAt: days(3), approvedAt: approved ? days(1) : null, approverId: approved ? (city?.id ?? null) : null, lastOpinion: approved ? '台账与班级资料一致，同意' : null, createdBy: org?.id ?? null })
      .returning();
    await db.insert(standingBookHistory).values([
      { bookId: book.id, action: 'register', fromStatus: null, toStatus: BOOK_STATUS.DRAFT, actorId: org?.id ?? null, actorName: org?.name ?? '', createdAt: days(4) },
      { bookId: book.id, action: 'submit', fromStatus: BOOK_STATUS.DRAFT, toStatus: BOOK_STATUS.PENDING, actorId: org?.id ?? null, actorName: org?.name ?? '', createdAt: days(3) },
      ...(approved ? [{ bookId: book.id, action: 'approve', fromStatus: BOOK_STATUS.PENDING, toStatus: BOOK_STATUS.APPROVED, opinion: '台账与班级资料一致，同意', actorId: city?.id ?? null, actorName: city?.name ?? '', createdAt: days(1) }] : []),
    ]);
  }
}

/** 演示数据中用到的学员 id（测试用） */
export async function seededStudentIds(db: Db, classId: number): Promise<number[]> {
  const rows = await db.select({ id: subsidyItems.studentId }).from(subsidyItems).innerJoin(subsidyApplies, eq(subsidyApplies.id, subsidyItems.applyId)).where(inArray(subsidyApplies.classId, [classId]));
  return [...new Set(rows.map((r) => r.id))];
}
