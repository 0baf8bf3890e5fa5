// 备案与增量备案交给工作流引擎的两份声明：表、读取（范围）、条件、附带动作（完成与作废后的机构已备案工种）、历史与通知。
// 转换与操作本身在 transitions.ts。
import { and, count, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { assertInScope } from '@/lib/platform/auth/scope';
import { ApiError } from '@/lib/platform/api/errors';
import { defineWorkflow, scopedActors } from '@/lib/platform/workflow';
import { ROOT_AREA_ID } from '../area/schemas';
import { stepRequiresOpinion } from '../dict/process';
import { scopedNotice } from '../message/workflow-notice';
import { organisationWorks } from '../org/tables';
import { filingHistory, filingIncrements, filings, filingWorks } from './tables';
import {
  ACTOR_LABEL,
  FILING_KINDS,
  FILING_OPERATIONS,
  FILING_STATUS,
  FILING_TRANSITIONS,
  REVIEW_TRANSITIONS,
  STATUS_LABEL,
  type Actor,
  type FilingLike,
  type FilingSubject,
} from './transitions';

type Filing = typeof filings.$inferSelect;
type Increment = typeof filingIncrements.$inferSelect;
export type FilingRow = Filing & FilingSubject;
/** 增量：自己的状态，类别、机构与市随所属备案 */
export type IncrementRow = FilingLike & { id: number; filingId: number; filing: Filing };

const { COMPLETED, VOIDED } = FILING_STATUS;

/** 各类别备案界面的路由（通知里的链接） */
export const KIND_PATHS = ['/evaluation/filing/skill', '/evaluation/filing/qualification', '/evaluation/filing/special', '/evaluation/filing/organ'] as const;
const AUDIT_PATH = '/evaluation/filing/audit';


/** 进行中（未审核完成）的增量 */
export async function openIncrement(db: Db, filingId: number): Promise<Increment | undefined> {
  const [inc] = await db
    .select()
    .from(filingIncrements)
    .where(and(eq(filingIncrements.filingId, filingId), notInArray(filingIncrements.status, [COMPLETED])))
    .orderBy(desc(filingIncrements.id))
    .limit(1);
  return inc;
}

/** 取范围内的备案，范围外或不存在答 404 */
export async function loadFiling(db: Db, user: SessionUser, id: number): Promise<Filing> {
  const [row] = await db.select().from(filings).where(eq(filings.id, id));
  return assertInScope(user, row, '备案');
}

async function loadFilingSubject(db: Db, user: SessionUser, id: number): Promise<FilingRow> {
  const f = await loadFiling(db, user, id);
  return { ...f, incrementStatus: (await openIncrement(db, f.id))?.status ?? null };
}

export async function loadIncrement(db: Db, user: SessionUser, incrementId: number): Promise<IncrementRow> {
  const [inc] = await db.select().from(filingIncrements).where(eq(filingIncrements.id, incrementId));
  if (!inc) throw ApiError.notFound('增量备案不存在');
  const f = await loadFiling(db, user, inc.filingId);
  return { ...inc, kind: f.kind, orgId: f.orgId, cityId: f.cityId, filing: f };
}

// ---------- 完成与作废后的机构已备案工种 ----------

async function syncOrgWorks(tx: Db, f: Filing, which: { main: true } | { incrementId: number }) {
  const cond = 'main' in which ? isNull(filingWorks.incrementId) : eq(filingWorks.incrementId, which.incrementId);
  const works = await tx.select().from(filingWorks).where(and(eq(filingWorks.filingId, f.id), cond));
  if (!works.length) return;
  await tx
    .insert(organisationWorks)
    .values(works.map((w) => ({ orgId: f.orgId, workCode: w.workCode, workName: w.workName })))
    .onConflictDoNothing();
}

/** 作废：移除只由本备案带来的工种（同机构其他已完成备案也有的保留） */
async function removeOrgWorks(tx: Db, f: Filing) {
  const mine = await tx.select({ code: filingWorks.workCode }).from(filingWorks).where(eq(filingWorks.filingId, f.id));
  if (!mine.length) return;
  const others = await tx
    .select({ code: filingWorks.workCode })
    .from(filingWorks)
    .innerJoin(filings, eq(filings.id, filingWorks.filingId))
    .where(and(eq(filings.orgId, f.orgId), eq(filings.status, COMPLETED), inArray(filingWorks.workCode, mine.map((m) => m.code))));
  const keep = new Set(others.map((o) => o.code));
  const drop = mine.map((m) => m.code).filter((c) => !keep.has(c));
  if (drop.length) await tx.delete(organisationWorks).where(and(eq(organisationWorks.orgId, f.orgId), inArray(organisationWorks.workCode, drop)));
}

/** 审核意见“可填”的一步，若本地的流程规则（系统管理 › 流程规则）要求该层级填写意见，则必填 */
const opinionRequired = (db: Db, s: FilingLike, t: { actor: Actor }) => (t.actor === 'org' ? Promise.resolve(false) : stepRequiresOpinion(db, 'FILING_AUDIT', t.actor, [s.cityId, ROOT_AREA_ID]));

/** 提交、完成与审核时记下的时间与意见（备案与增量相同） */
const stamps = (action: string, to: number, actor: Actor, opinion: string | null, now: Date) => ({
  ...(action === 'submit' ? { submittedAt: now } : {}),
  ...(to === COMPLETED ? { completedAt: now } : {}),
  ...(actor !== 'org' || opinion ? { lastOpinion: opinion } : {}),
});

const notice = scopedNotice<FilingLike & { code?: string | null }, Actor>({
  levels: { org: 'org', city: 'city', province: 'province' },
  ownerActor: 'org',
  link: (s, actor) => {
    const path = actor === 'city' || actor === 'province' ? AUDIT_PATH : KIND_PATHS[s.kind];
    return s.code ? `${path}?code=${encodeURIComponent(s.code)}` : path;
  },
});

const common = {
  labels: { status: STATUS_LABEL },
  actors: ACTOR_LABEL,
  actorLevels: { org: ['org'], city: ['city'], province: ['province'] },
  actorsOf: scopedActors,
  opinionRequired,
} as const;

export const filingWorkflow = defineWorkflow<FilingRow, (typeof FILING_TRANSITIONS)[number]['action'], Actor, 'hasWorks', keyof typeof FILING_OPERATIONS>({
  key: 'filing',
  label: '备案',
  entity: 'filing',
  table: filings,
  id: filings.id,
  position: { status: filings.status },
  updatedAt: filings.updatedAt,
  ...common,
  transitions: FILING_TRANSITIONS,
  operations: FILING_OPERATIONS,
  gates: {
    hasWorks: {
      label: '至少有一个备案工种',
      source: 'SPEC §3 机构备案',
      check: async (db, f) => {
        const [r] = await db.select({ n: count() }).from(filingWorks).where(and(eq(filingWorks.filingId, f.id), isNull(filingWorks.incrementId)));
        return r.n ? null : '请至少添加一个备案工种后再提交';
      },
    },
  },
  load: loadFilingSubject,
  describe: (f) => `${FILING_KINDS[f.kind]}备案 ${f.code ?? ''}`.trim(),
  history: { table: filingHistory, values: (f) => ({ filingId: f.id, incrementId: null }) },
  effect: async (tx, f, { action, to, opinion, now }) => {
    const t = FILING_TRANSITIONS.find((x) => x.action === action)!;
    if (to.status === COMPLETED) await syncOrgWorks(tx, f, { main: true });
    if (to.status === VOIDED) await removeOrgWorks(tx, f);
    return stamps(action, to.status, t.actor, opinion, now);
  },
  notice,
});

export const incrementWorkflow = defineWorkflow<IncrementRow, (typeof REVIEW_TRANSITIONS)[number]['action'], Actor, 'hasWorks'>({
  key: 'filingIncrement',
  label: '增量备案',
  entity: 'filing_increment',
  table: filingIncrements,
  id: filingIncrements.id,
  position: { status: filingIncrements.status },
  ...common,
  transitions: REVIEW_TRANSITIONS,
  gates: {
    hasWorks: {
      label: '至少有一个增量工种',
      source: 'SPEC §3 机构备案（增量）',
      check: async (db, inc) => {
        const [r] = await db.select({ n: count() }).from(filingWorks).where(eq(filingWorks.incrementId, inc.id));
        return r.n ? null : '请至少添加一个备案工种后再提交';
      },
    },
  },
  load: loadIncrement,
  describe: (inc) => `${FILING_KINDS[inc.kind]}备案 ${inc.filing.code ?? ''} 的增量备案`,
  history: { table: filingHistory, values: (inc) => ({ filingId: inc.filingId, incrementId: inc.id }) },
  effect: async (tx, inc, { action, to, opinion, now }) => {
    const t = REVIEW_TRANSITIONS.find((x) => x.action === action)!;
    if (to.status === COMPLETED) await syncOrgWorks(tx, inc.filing, { incrementId: inc.id });
    await tx.update(filings).set({ updatedAt: now }).where(eq(filings.id, inc.filingId));
    return stamps(action, to.status, t.actor, opinion, now);
  },
  notice: { ...notice, link: (inc, actor) => notice.link({ ...inc, code: inc.filing.code }, actor) },
});
