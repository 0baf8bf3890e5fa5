// 培训台账（StandingBookManage 台账维护 / StandingBookApprove 台账审批 / StandingBookSearch 台账查询）：
// 每个已结业（或已考核）的班一本。开班机构登记（数据由服务端从培训班、学员出勤与结业、成绩、证书、补贴申请算出，不收客户端的数字），
// 草稿与退回修改时可刷新数据、改备注，提交时再算一次；班级所在市的市级审批通过（定稿）或退回修改（须写意见）。
// 状态变更交给工作流引擎：声明在 standing-transitions.ts，这里给表、读取（范围）、条件、附带动作、历史与通知。
import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { fetchPage } from '@/lib/platform/db/paged';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { defineWorkflow, scopedActors } from '@/lib/platform/workflow';
import { exportXlsx } from '@/lib/platform/excel/export';
import { maskIdNumber } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { formatBeijing } from '@/lib/platform/time';
import { LEVEL_NAMES } from '@/lib/domains/catalog/schemas';
import { certificates } from '@/lib/domains/certificate/tables';
import { scopedNotice } from '@/lib/domains/message/workflow-notice';
import { organisations } from '@/lib/domains/org/tables';
import { trainClasses, trainStudents, type TrainClass } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS, classStatusLabel } from '@/lib/domains/trainClass/transitions';
import { COMPLETION, COMPLETION_LABEL, EXAMINE } from '@/lib/domains/trainClass/schemas';
import { standingBookHistory, standingBooks, subsidyApplies, subsidyItems, type StandingBook, type StandingBookLine } from './tables';
import { assessResults, LIVE_STATUSES } from './compute';
import { ACTOR_LABEL, APPLY_STATUS, DECISION } from './transitions';
import { BOOK_OPERATIONS, BOOK_STATUS, BOOK_STATUS_LABEL, BOOK_TRANSITIONS, bookStatusLabel, type BookAction, type BookActor, type BookTransitionAction } from './standing-transitions';
import { ASSESS_LABEL } from './schemas';
import { classColumns, classNameFilters, type ClassColumns } from './class-columns';

const B = BOOK_STATUS;
const actorName = (user: SessionUser) => (user.realName || user.nickName || user.account || '').slice(0, 64);

/** 可以登记台账的班级状态：已结业、已考核 */
export const BOOK_CLASS_STATUSES: readonly number[] = [CLASS_STATUS.FINISHED, CLASS_STATUS.ASSESSED];

export const BOOK_STEPS = ['manage', 'approve', 'search'] as const;
export type BookStep = (typeof BOOK_STEPS)[number];
const STEP_RESOURCE: Record<BookStep, string> = { manage: 'ledger', approve: 'ledgerAudit', search: 'ledgerSearch' };

export interface StandingBookItem {
  id: number;
  code: string;
  classId: number;
  classCode: string;
  className: string;
  orgId: number;
  orgName: string;
  cityId: number | null;
  year: number;
  workName: string;
  level: number;
  levelName: string;
  startDate: string;
  endDate: string;
  status: number;
  statusName: string;
  studentCount: number;
  completedCount: number;
  classHours: number;
  attendedHours: number;
  passedCount: number;
  certifiedCount: number;
  subsidyClaimed: number;
  subsidyApproved: number;
  subsidyPaid: number;
  remark: string | null;
  lastOpinion: string | null;
  computedAt: string;
  submittedAt: string | null;
  approvedAt: string | null;
  actions: BookAction[];
}

export interface StandingBookLineItem extends StandingBookLine {
  completionName: string;
  assessName: string;
}

const actionsOf = (session: Session, b: StandingBook): BookAction[] => standingBookWorkflow.availableActions(b, session);

async function loadBook(db: Db, user: SessionUser, id: number, lock = false): Promise<StandingBook> {
  const q = db.select().from(standingBooks).where(eq(standingBooks.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return assertInScope(user, row, '台账');
}

// ---------- 由实际数据算出 ----------

type Snapshot = Pick<
  StandingBook,
  'studentCount' | 'completedCount' | 'classHours' | 'attendedHours' | 'passedCount' | 'certifiedCount' | 'subsidyClaimed' | 'subsidyApproved' | 'subsidyPaid' | 'lines' | 'computedAt'
>;

/**
 * 一个班的台账数据：学员（开班审核未被否决的）、出勤学时、结业、考核结果（成绩）、有效证书（同证件号、同工种同等级）、
 * 补贴（本班在办或已办的各份申请：申请额——草稿、退回修改与不予补贴的不算；财务审批通过的同意学员：批准额；已拨付的：拨付额）。
 * 一次查一批，不逐人查询。
 */
export async function computeBook(db: Db, c: TrainClass): Promise<Snapshot> {
  const students = await db
    .select()
    .from(trainStudents)
    .where(and(eq(trainStudents.classId, c.id), sql`${trainStudents.examine} <> ${EXAMINE.REJECTED}`))
    .orderBy(asc(trainStudents.id));
  const idNumbers = students.map((s) => s.idNumber);
  const assess = await assessResults(db, idNumbers, c.workCode, c.level);
  // 证书按证件号的盲索引对人（证书库的证件号加密存放）
  const indexOf = new Map(students.map((s) => [s.id, s.idNumberIndex ?? blindIndex('idNumber', s.idNumber)]));
  const certs = idNumbers.length
    ? await db
        .select({ idCardIndex: certificates.idCardIndex, cerCode: certificates.cerCode })
        .from(certificates)
        .where(and(inArray(certificates.idCardIndex, [...new Set(indexOf.values())]), eq(certificates.workCode, c.workCode), eq(certificates.level, c.level), eq(certificates.status, 0)))
    : [];
  const certOf = new Map(certs.map((r) => [r.idCardIndex, r.cerCode]));
  const money = await db
    .select({ studentId: subsidyItems.studentId, status: subsidyApplies.status, amount: subsidyItems.amount, decision: subsidyItems.decision })
    .from(subsidyItems)
    .innerJoin(subsidyApplies, eq(subsidyApplies.id, subsidyItems.applyId))
    .where(and(eq(subsidyApplies.classId, c.id), inArray(subsidyApplies.status, LIVE_STATUSES)));
  const sums = new Map<number, { claimed: number; approved: number; paid: number }>();
  for (const m of money) {
    const s = sums.get(m.studentId) ?? { claimed: 0, approved: 0, paid: 0 };
    s.claimed += m.amount;
    const granted = m.decision === DECISION.APPROVED && (m.status === APPLY_STATUS.APPROVED || m.status === APPLY_STATUS.PAID);
    if (granted) s.approved += m.amount;
    if (granted && m.status === APPLY_STATUS.PAID) s.paid += m.amount;
    sums.set(m.studentId, s);
  }
  const lines: StandingBookLine[] = students.map((s) => {
    const m = sums.get(s.id) ?? { claimed: 0, approved: 0, paid: 0 };
    return {
      studentId: s.id,
      name: s.name,
      idNumber: maskIdNumber(s.idNumber),
      attendedHours: s.attendedHours,
      completion: s.completion,
      assessResult: assess.get(s.idNumber) ?? 0,
      certNo: certOf.get(indexOf.get(s.id)!) ?? null,
      ...m,
    };
  });
  const total = (f: (l: StandingBookLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  return {
    studentCount: lines.length,
    completedCount: lines.filter((l) => l.completion === COMPLETION.COMPLETED).length,
    classHours: c.hours,
    attendedHours: total((l) => l.attendedHours ?? 0),
    passedCount: lines.filter((l) => l.assessResult === 1).length,
    certifiedCount: lines.filter((l) => l.certNo !== null).length,
    subsidyClaimed: total((l) => l.claimed),
    subsidyApproved: total((l) => l.approved),
    subsidyPaid: total((l) => l.paid),
    lines,
    computedAt: new Date(),
  };
}

// ---------- 登记、刷新、删除 ----------

/** 本机构已结业或已考核、还没有台账的班（登记台账时选） */
export async function eligibleBookClasses(db: Db, user: SessionUser) {
  if (user.level !== 'org' || user.orgId === null) return [];
  const rows = await db
    .select({ id: trainClasses.id, code: trainClasses.code, name: trainClasses.name, endDate: trainClasses.endDate, studentCount: trainClasses.studentCount })
    .from(trainClasses)
    .where(
      and(
        eq(trainClasses.orgId, user.orgId),
        inArray(trainClasses.status, [...BOOK_CLASS_STATUSES]),
        notInArray(trainClasses.id, db.select({ id: standingBooks.classId }).from(standingBooks)),
      ),
    )
    .orderBy(desc(trainClasses.endDate))
    .limit(200);
  return rows.map((r) => ({ ...r, label: `${r.code} ${r.name}（${r.endDate} 结业，${r.studentCount} 人）` }));
}

/** 登记台账（classId）或在草稿、退回修改时刷新数据并改备注（id） */
export async function saveBook(db: Db, session: Session, input: { id?: number; classId?: number; remark?: string | null }, audit: Audit) {
  const { user } = session;
  return db.transaction(async (tx) => {
    if (input.id) {
      const b = await loadBook(tx, user, input.id, true);
      standingBookWorkflow.assertOperation(b, session, 'edit');
      const [c] = await tx.select().from(trainClasses).where(eq(trainClasses.id, b.classId));
      const snap = await computeBook(tx, c);
      const [row] = await tx
        .update(standingBooks)
        .set({ ...snap, remark: input.remark === undefined ? b.remark : input.remark, updatedAt: new Date() })
        .where(eq(standingBooks.id, b.id))
        .returning();
      audit({ entity: 'standing_book', entityId: b.id, before: summary(b), after: summary(row), detail: `刷新台账 ${b.code}（班级 ${c.code}）` });
      return { id: row.id, code: row.code };
    }
    if (!input.classId) throw ApiError.badRequest('请选择培训班', { classId: '请选择培训班' });
    if (!can(session, 'ledger.add')) throw ApiError.forbidden('没有登记台账的权限');
    const [found] = await tx.select().from(trainClasses).where(eq(trainClasses.id, input.classId)).for('update');
    const c = assertInScope(user, found, '培训班');
    if (!scopedActors(user, c).includes('org')) throw ApiError.forbidden('台账由开班的机构登记');
    if (!BOOK_CLASS_STATUSES.includes(c.status)) throw ApiError.badRequest(`班级当前为「${classStatusLabel(c.status)}」，结业之后才能登记台账`);
    const snap = await computeBook(tx, c);
    const year = Number(c.endDate.slice(0, 4));
    // 编号 TZ + 年份 + 6 位序号（序号取自主键）
    const id = await nextId(tx, standingBooks);
    const [row] = await withUniqueMessage(`班级 ${c.code} 已登记台账`, () =>
      tx
        .insert(standingBooks)
        .values({ ...snap, id, code: businessCode({ prefix: 'TZ', year, serial: id }), classId: c.id, orgId: c.orgId, cityId: c.cityId, countyId: c.countyId, year, status: B.DRAFT, remark: input.remark ?? null, createdBy: user.id })
        .returning(),
    );
    await tx.insert(standingBookHistory).values({ bookId: row.id, action: 'register', fromStatus: null, toStatus: B.DRAFT, opinion: null, actorId: user.id, actorName: actorName(user) });
    audit({ entity: 'standing_book', entityId: row.id, after: summary(row), detail: `登记台账 ${row.code}（班级 ${c.code}，${row.studentCount} 人）` });
    return { id: row.id, code: row.code };
  });
}

const summary = (b: StandingBook) => ({
  status: b.status,
  studentCount: b.studentCount,
  completedCount: b.completedCount,
  certifiedCount: b.certifiedCount,
  subsidyClaimed: b.subsidyClaimed,
  subsidyApproved: b.subsidyApproved,
  subsidyPaid: b.subsidyPaid,
  remark: b.remark,
});

export async function deleteBook(db: Db, session: Session, input: { id: number }, audit: Audit) {
  return db.transaction(async (tx) => {
    const b = await loadBook(tx, session.user, input.id, true);
    standingBookWorkflow.assertOperation(b, session, 'delete');
    await tx.delete(standingBooks).where(eq(standingBooks.id, b.id));
    audit({ entity: 'standing_book', entityId: b.id, before: summary(b), detail: `删除台账 ${b.code}` });
    return { id: b.id };
  });
}

// ---------- 转换 ----------

const classOfBook = async (db: Db, b: StandingBook) => (await db.select().from(trainClasses).where(eq(trainClasses.id, b.classId)))[0];

export const standingBookWorkflow = defineWorkflow<StandingBook, BookTransitionAction, BookActor, 'hasStudents', keyof typeof BOOK_OPERATIONS>({
  key: 'standingBook',
  label: '台账',
  entity: 'standing_book',
  table: standingBooks,
  id: standingBooks.id,
  position: { status: standingBooks.status },
  updatedAt: standingBooks.updatedAt,
  labels: { status: BOOK_STATUS_LABEL },
  actors: { org: ACTOR_LABEL.org, city: ACTOR_LABEL.city },
  actorLevels: { org: ['org'], city: ['city'] },
  actorsOf: (user, b) => scopedActors(user, b).filter((a): a is BookActor => a === 'org' || a === 'city'),
  transitions: BOOK_TRANSITIONS,
  operations: BOOK_OPERATIONS,
  gates: {
    hasStudents: {
      label: '班级有学员',
      source: '台账按班级实际学员汇总（docs/SUBSIDIES.md 培训台账）',
      check: async (db, b) => {
        const [r] = await db
          .select({ n: count() })
          .from(trainStudents)
          .where(and(eq(trainStudents.classId, b.classId), sql`${trainStudents.examine} <> ${EXAMINE.REJECTED}`));
        return Number(r.n) ? null : '班级还没有学员';
      },
    },
  },
  load: (db, user, id) => loadBook(db, user, id),
  describe: (b) => `台账 ${b.code}`,
  history: { table: standingBookHistory, values: (b) => ({ bookId: b.id }) },
  effect: (_tx, _b, { action, opinion }) => (action === 'approve' || action === 'return' ? { lastOpinion: opinion } : {}),
  effects: {
    // 提交时按实际数据再算一次
    submit: async (tx, b, { now }) => ({ ...(await computeBook(tx, await classOfBook(tx, b))), submittedAt: now, lastOpinion: null }),
    approve: (_tx, _b, { now, session }) => ({ approvedAt: now, approverId: session.user.id }),
  },
  notice: scopedNotice<StandingBook, BookActor>({
    levels: { org: 'org', city: 'city' },
    ownerActor: 'org',
    link: (b, actor) => `${actor === 'city' ? '/train/ledger/approve' : '/train/ledger/manage'}?code=${encodeURIComponent(b.code)}`,
  }),
});

/** 一步转换（提交、撤回、审批通过、退回修改）；提交时按实际数据再算一次 */
export async function bookTransition(db: Db, session: Session, req: { id: number; action: BookTransitionAction; opinion?: string | null }, audit: Audit) {
  const r = await standingBookWorkflow.apply(db, session, req, audit);
  return { id: r.id, status: r.to.status, statusName: r.positionName };
}

// ---------- 查询 ----------

export interface BookFilter {
  step: BookStep;
  pendingOnly?: boolean;
  status?: number;
  code?: string;
  className?: string;
  orgName?: string;
  year?: number;
}

function assertStep(session: Session, step: BookStep, action: 'query' | 'export') {
  if (!can(session, `${STEP_RESOURCE[step]}.${action}`)) throw ApiError.forbidden(action === 'export' ? '没有导出台账的权限' : '没有查看台账的权限');
}

function bookWhere(user: SessionUser, f: BookFilter): SQL | undefined {
  return and(
    scopeWhere(user, { cityId: standingBooks.cityId, countyId: standingBooks.countyId, orgId: standingBooks.orgId }),
    // 审批与查询不看机构的草稿
    f.step !== 'manage' && user.level !== 'org' ? sql`${standingBooks.status} <> ${B.DRAFT}` : undefined,
    f.step === 'approve' && f.pendingOnly ? eq(standingBooks.status, B.PENDING) : undefined,
    f.status !== undefined ? eq(standingBooks.status, f.status) : undefined,
    f.code ? eq(standingBooks.code, f.code) : undefined,
    f.year ? eq(standingBooks.year, f.year) : undefined,
    ...classNameFilters(f),
  );
}

const bookColumns = { b: standingBooks, ...classColumns };

type BookRow = { b: StandingBook } & ClassColumns;

function toItem(session: Session | null, r: BookRow): StandingBookItem {
  const { b } = r;
  return {
    id: b.id,
    code: b.code,
    classId: b.classId,
    classCode: r.classCode,
    className: r.className,
    orgId: b.orgId,
    orgName: r.orgName ?? '',
    cityId: b.cityId,
    year: b.year,
    workName: r.workName,
    level: r.level,
    levelName: LEVEL_NAMES[r.level] ?? '',
    startDate: r.startDate,
    endDate: r.endDate,
    status: b.status,
    statusName: bookStatusLabel(b.status),
    studentCount: b.studentCount,
    completedCount: b.completedCount,
    classHours: b.classHours,
    attendedHours: b.attendedHours,
    passedCount: b.passedCount,
    certifiedCount: b.certifiedCount,
    subsidyClaimed: b.subsidyClaimed,
    subsidyApproved: b.subsidyApproved,
    subsidyPaid: b.subsidyPaid,
    remark: b.remark,
    lastOpinion: b.lastOpinion,
    computedAt: formatBeijing(b.computedAt),
    submittedAt: b.submittedAt ? formatBeijing(b.submittedAt) : null,
    approvedAt: b.approvedAt ? formatBeijing(b.approvedAt) : null,
    actions: session ? actionsOf(session, b) : [],
  };
}

const fromBooks = (db: Db, cols: typeof bookColumns) =>
  db.select(cols).from(standingBooks).innerJoin(trainClasses, eq(trainClasses.id, standingBooks.classId)).leftJoin(organisations, eq(organisations.id, standingBooks.orgId));

export async function listBooks(db: Db, session: Session, f: BookFilter, page: Page): Promise<PageResult<StandingBookItem>> {
  assertStep(session, f.step, 'query');
  const where = bookWhere(session.user, f);
  return fetchPage(
    page,
    fromBooks(db, bookColumns).where(where).orderBy(desc(standingBooks.id)),
    db.select({ total: count() }).from(standingBooks).innerJoin(trainClasses, eq(trainClasses.id, standingBooks.classId)).leftJoin(organisations, eq(organisations.id, standingBooks.orgId)).where(where),
    (rows) => rows.map((r) => toItem(session, r)),
  );
}

export async function exportBooks(db: Db, session: Session, f: BookFilter) {
  assertStep(session, f.step, 'export');
  const rows = await fromBooks(db, bookColumns).where(bookWhere(session.user, f)).orderBy(desc(standingBooks.id)).limit(50_000);
  return exportXlsx<StandingBookItem>({
    sheetName: '培训台账',
    columns: [
      { header: '台账编号', key: 'code', width: 18 },
      { header: '班级编号', key: 'classCode', width: 18 },
      { header: '班级名称', key: 'className', width: 30 },
      { header: '机构', key: 'orgName', width: 28 },
      { header: '工种', key: 'workName', width: 16 },
      { header: '等级', key: 'levelName', width: 14 },
      { header: '开班日期', key: 'startDate', width: 12 },
      { header: '结业日期', key: 'endDate', width: 12 },
      { header: '状态', key: 'statusName', width: 10 },
      { header: '学员人数', key: 'studentCount' },
      { header: '结业人数', key: 'completedCount' },
      { header: '班级学时', key: 'classHours' },
      { header: '出勤学时合计', key: 'attendedHours' },
      { header: '考核合格人数', key: 'passedCount' },
      { header: '取证人数', key: 'certifiedCount' },
      { header: '补贴申请额（元）', key: 'subsidyClaimed', width: 16 },
      { header: '补贴批准额（元）', key: 'subsidyApproved', width: 16 },
      { header: '补贴拨付额（元）', key: 'subsidyPaid', width: 16 },
      { header: '审批意见', key: 'lastOpinion', width: 24 },
    ],
    rows: rows.map((r) => toItem(null, r)),
  });
}

/** 台账详情：汇总与逐人明细（姓名、脱敏证件号、出勤、结业、考核、证书、补贴申请 / 批准 / 拨付） */
export async function bookDetail(db: Db, session: Session, f: { id: number }) {
  const b = await loadBook(db, session.user, f.id);
  const [row] = await fromBooks(db, bookColumns).where(eq(standingBooks.id, b.id));
  const lines: StandingBookLineItem[] = b.lines.map((l) => ({ ...l, completionName: COMPLETION_LABEL[l.completion] ?? '', assessName: ASSESS_LABEL[l.assessResult] ?? '' }));
  return { ...toItem(session, row), lines };
}

export async function bookHistory(db: Db, user: SessionUser, f: { id: number }) {
  const b = await loadBook(db, user, f.id);
  const rows = await db.select().from(standingBookHistory).where(eq(standingBookHistory.bookId, b.id)).orderBy(asc(standingBookHistory.createdAt), asc(standingBookHistory.id));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actionName: r.action === 'register' ? '登记台账' : (BOOK_TRANSITIONS.find((t) => t.action === r.action)?.verb ?? r.action),
    fromStatusName: r.fromStatus === null ? null : bookStatusLabel(r.fromStatus),
    toStatusName: r.toStatus === null ? null : bookStatusLabel(r.toStatus),
    opinion: r.opinion,
    actorName: r.actorName,
    createTime: formatBeijing(r.createdAt),
  }));
}
