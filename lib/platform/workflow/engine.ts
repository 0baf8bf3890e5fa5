// 工作流引擎：由一份声明（types.ts 的 WorkflowDef）得出
// - availableActions：列表行与界面显示的按钮（服务端算，界面不按状态号推）；
// - guard：统一的拒绝（权限、办理方 403；位置、条件 409；意见必填 400），消息一个样；
// - apply：一个事务里锁行 → 读对象（范围）→ 拒绝检查 → 条件 → 附带动作 → 条件更新 → 历史 → 操作日志 → 通知下一步能办的人；
// - matrix：“谁可做什么”，文档与生成的测试都由它来。
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Audit } from '../api/endpoint';
import { ApiError } from '../api/errors';
import { can, type Session, type SessionUser } from '../auth/session';
import { gateOf } from './gates';
import type { OperationDef, PermissionCheck, Position, TransitionDef, TransitionRequest, TransitionResult, WorkflowDef } from './types';

type AnyTransition<S> = TransitionDef<S, string, string, string>;

/** 一行“谁可做什么” */
export interface MatrixRow {
  action: string;
  verb: string;
  from: string;
  to: string;
  actor: string;
  permission: string;
  opinion: string;
  gates: string[];
}

export interface Workflow<S, A extends string, R extends string, G extends string, O extends string> {
  readonly def: WorkflowDef<S, A, R, G, O>;
  readonly actions: readonly A[];
  transitionOf(action: A): TransitionDef<S, A, R, G>;
  positionOf(subject: S): Position;
  positionLabel(p: Position): string;
  /** 某位置是否在一组 from 里 */
  isAt(p: Position, from: TransitionDef<S, A, R, G>['from']): boolean;
  /** 当前用户此刻对这个对象能做的事（转换与操作），列表与界面按它显示按钮 */
  availableActions(subject: S, session: Session): (A | O)[];
  /** 办理方为 actor 的转换能从哪些位置出发（审核列表“待我办理”的筛选）；单列状态机给出状态列表 */
  pendingStatuses(actor: R, actions?: readonly A[]): number[];
  /** 转换的拒绝检查（不查库）：权限、办理方 403，位置 409，意见 400 */
  guard(subject: S, session: Session, action: A, opinion?: string | null): TransitionDef<S, A, R, G>;
  /** 预检（界面在弹出意见框之前问“能不能做”）：与 guard 相同，只是不查意见 */
  check(subject: S, session: Session, action: A): TransitionDef<S, A, R, G>;
  /** 操作（修改、删除…）的拒绝检查 */
  assertOperation(subject: S, session: Session, op: O): void;
  /** 执行一步 */
  apply(db: Db, session: Session, req: TransitionRequest<A>, audit: Audit): Promise<TransitionResult>;
  /** 在调用方已开的事务里执行一步（与别的写入同一事务时） */
  applyIn(tx: Db, session: Session, req: TransitionRequest<A>, audit: Audit): Promise<TransitionResult>;
  matrix(): MatrixRow[];
  /** 一步转换可能要的全部权限（任一） */
  permissionsOf(action: A): readonly string[];
}

const OPINION_DEFAULT = '请输入审核意见';

function permissionText(p: PermissionCheck): string {
  return typeof p === 'string' ? p : p.join(' 或 ');
}

export function actorName(user: Pick<SessionUser, 'realName' | 'nickName' | 'account'>): string {
  return (user.realName || user.nickName || user.account || '').slice(0, 64);
}

export function defineWorkflow<S, A extends string, R extends string, G extends string = never, O extends string = never>(
  def: WorkflowDef<S, A, R, G, O>,
): Workflow<S, A, R, G, O> {
  const keys = Object.keys(def.position);
  if (!keys.length) throw new Error(`${def.key}：没有声明位置的列`);
  const single = keys.length === 1 ? keys[0] : null;
  for (const k of keys) if (columnKey(def.table, def.position[k]) !== k) throw new Error(`${def.key}：位置的键 ${k} 须是表上该列的属性名`);
  const actions = def.transitions.map((t) => t.action);
  if (new Set(actions).size !== actions.length) throw new Error(`${def.key}：转换的 action 重复`);
  for (const t of def.transitions) {
    if (!(t.actor in def.actors)) throw new Error(`${def.key}.${t.action}：未声明的办理方 ${t.actor}`);
    for (const g of t.gates ?? []) if (!def.gates || !(g in def.gates)) throw new Error(`${def.key}.${t.action}：未声明的条件 ${g}`);
  }

  const normalize = (from: readonly number[] | Readonly<Record<string, readonly number[]>>): Readonly<Record<string, readonly number[]>> => {
    if (Array.isArray(from)) {
      if (!single) throw new Error(`${def.key}：多列位置的 from 须按列给出`);
      return { [single]: from as readonly number[] };
    }
    return from as Readonly<Record<string, readonly number[]>>;
  };
  const isAt = (p: Position, from: TransitionDef<S, A, R, G>['from']) => Object.entries(normalize(from)).every(([k, values]) => values.includes(p[k]));

  const positionOf = (s: S): Position => {
    const p: Record<string, number> = {};
    for (const k of keys) p[k] = Number((s as Record<string, unknown>)[k]);
    return p;
  };
  const positionLabel =
    def.positionLabel ??
    ((p: Position) =>
      keys
        .map((k) => def.labels[k]?.[p[k]] ?? String(p[k]))
        .filter(Boolean)
        .join(' · '));
  const transitionOf = (action: A) => {
    const t = def.transitions.find((x) => x.action === action);
    if (!t) throw ApiError.badRequest(`未知的${def.label}操作：${action}`);
    return t;
  };
  const permissionOf = (p: PermissionCheck | ((s: S) => PermissionCheck), s: S) => (typeof p === 'function' ? p(s) : p);

  const transitionAllowed = (t: AnyTransition<S>, s: S, session: Session, actors: readonly string[], p: Position) =>
    actors.includes(t.actor) && isAt(p, t.from) && can(session, permissionOf(t.permission, s)) && (!t.when || t.when(s));
  const operationAllowed = (op: OperationDef<S, R>, s: S, session: Session, actors: readonly string[], p: Position) =>
    (typeof op.actor === 'string' ? [op.actor] : (op.actor as readonly string[])).some((a) => actors.includes(a)) &&
    isAt(p, op.from) &&
    can(session, permissionOf(op.permission, s)) &&
    (!op.when || op.when(s));

  function availableActions(s: S, session: Session): (A | O)[] {
    const actors = def.actorsOf(session.user, s);
    if (!actors.length) return [];
    const p = positionOf(s);
    const ops = Object.entries(def.operations ?? {}) as [O, OperationDef<S, R>][];
    return [
      ...ops.filter(([, op]) => operationAllowed(op, s, session, actors, p)).map(([k]) => k),
      ...def.transitions.filter((t) => transitionAllowed(t, s, session, actors, p)).map((t) => t.action),
    ];
  }

  function guard(s: S, session: Session, action: A, opinion?: string | null, checkOpinion = true) {
    const t = transitionOf(action);
    if (!can(session, permissionOf(t.permission, s))) throw ApiError.forbidden(`没有${t.verb}的权限`);
    if (!def.actorsOf(session.user, s).includes(t.actor)) throw ApiError.forbidden(`「${t.verb}」须由${def.actors[t.actor]}办理`);
    const p = positionOf(s);
    if (!isAt(p, t.from)) throw ApiError.conflict(`${def.label}当前为「${positionLabel(p)}」，不能${t.verb}`);
    if (t.when && !t.when(s)) throw ApiError.conflict(t.whenMessage?.(s) ?? `${def.label}当前为「${positionLabel(p)}」，不能${t.verb}`);
    if (checkOpinion && t.opinion === 'required' && !opinion?.trim()) {
      const message = t.opinionMessage ?? OPINION_DEFAULT;
      throw ApiError.badRequest(message, { opinion: message });
    }
    return t;
  }

  function assertOperation(s: S, session: Session, key: O) {
    const op = def.operations?.[key];
    if (!op) throw new Error(`${def.key}：未声明的操作 ${key}`);
    if (!can(session, permissionOf(op.permission, s))) throw ApiError.forbidden(`没有${op.label}的权限`);
    const actors = def.actorsOf(session.user, s);
    const opActors = typeof op.actor === 'string' ? [op.actor] : (op.actor as readonly R[]);
    if (!opActors.some((a) => actors.includes(a))) throw ApiError.forbidden(`「${op.label}」须由${opActors.map((a) => def.actors[a]).join('或')}办理`);
    const p = positionOf(s);
    if (!isAt(p, op.from) || (op.when && !op.when(s))) throw ApiError.conflict(`${def.label}当前为「${positionLabel(p)}」，不能${op.label}`);
  }

  async function targetOf(t: AnyTransition<S>, s: S, db: Db, from: Position): Promise<Position> {
    const raw = typeof t.to === 'function' ? await t.to(s, db) : t.to;
    if (typeof raw === 'number') {
      if (!single) throw new Error(`${def.key}.${t.action}：多列位置的去向须按列给出`);
      return { [single]: raw };
    }
    return { ...from, ...raw };
  }

  async function gateFailures(db: Db, t: AnyTransition<S>, s: S, session: Session, now: Date): Promise<string[]> {
    const out: string[] = [];
    for (const g of t.gates ?? []) {
      const check = def.gates?.[g as G]?.check ?? gateOf<S>(def.key, g);
      if (!check) throw new Error(`${def.key}：条件 ${g} 没有实现（声明处给 check，或由拥有数据的领域 registerGate）`);
      const r = await check(db, s, { session, now, action: t.action });
      if (r) out.push(...(typeof r === 'string' ? [r] : r));
    }
    return out;
  }

  async function applyIn(tx: Db, session: Session, req: TransitionRequest<A>, audit: Audit): Promise<TransitionResult> {
    const { user } = session;
    transitionOf(req.action);
    // 先锁住这一行：同一对象的并发办理排队，读到的位置就是更新时的位置
    await tx.select({ id: def.id }).from(def.table).where(eq(def.id, req.id)).for('update');
    const s = await def.load(tx, user, req.id);
    const t = guard(s, session, req.action, req.opinion);
    if (t.opinion === 'optional' && !req.opinion?.trim() && def.opinionRequired && (await def.opinionRequired(tx, s, t))) {
      throw ApiError.badRequest('请输入审核意见（本地流程规则要求填写）', { opinion: OPINION_DEFAULT });
    }
    const now = new Date();
    const reasons = await gateFailures(tx, t, s, session, now);
    if (reasons.length) throw ApiError.conflict(`不能${t.verb}：${reasons.join('；')}`);
    const from = positionOf(s);
    const to = await targetOf(t, s, tx, from);
    const opinion = t.opinion === 'none' ? null : req.opinion?.trim() || null;
    const effectCtx = { session, now, action: req.action, from, to, opinion };
    const extra = { ...((await def.effect?.(tx, s, effectCtx)) ?? {}), ...((await def.effects?.[req.action]?.(tx, s, effectCtx)) ?? {}) };
    const set: Record<string, unknown> = { ...extra, ...to };
    if (def.updatedAt) set[columnKey(def.table, def.updatedAt)] = now;
    const where = and(eq(def.id, req.id), ...keys.map((k) => eq(def.position[k], from[k])));
    const updated = await tx.update(def.table).set(set).where(where).returning({ id: def.id });
    if (!updated.length) throw ApiError.conflict(`${def.label}状态已被他人更新，请刷新后重试`);

    if (def.history) {
      const positionColumns = def.history.positionColumns?.(from, to) ?? (single ? { fromStatus: from[single], toStatus: to[single] } : {});
      await tx.insert(def.history.table).values({ ...def.history.values(s), ...positionColumns, action: t.action, opinion, actorId: user.id, actorName: actorName(user), createdAt: now });
    }
    const what = def.describe(s);
    audit({ entity: def.entity, entityId: req.id, before: from, after: { ...to, opinion }, detail: `${what}：${t.verb}（${positionLabel(from)} → ${positionLabel(to)}）` });
    if (def.notice) await notifyNext(tx, s, t, to, opinion, user.id, what);
    return { id: req.id, action: t.action, from, to, positionName: positionLabel(to) };
  }

  /** 告诉下一步能办的人（按转换表从新位置出发的转换），审核方办理后也告诉所属方 */
  async function notifyNext(tx: Db, s: S, t: AnyTransition<S>, to: Position, opinion: string | null, actingUserId: number, what: string) {
    const notice = def.notice!;
    const moved = { ...s, ...to } as S;
    const content = `当前状态：${positionLabel(to)}${opinion ? `；意见：${opinion}` : ''}`;
    const next = new Map<R, { verbs: string[]; permissions: string[] }>();
    for (const n of def.transitions) {
      if (n.optional || !isAt(to, n.from) || (n.when && !n.when(moved))) continue;
      const entry = next.get(n.actor) ?? { verbs: [], permissions: [] };
      entry.verbs.push(n.verb);
      const p = permissionOf(n.permission, moved);
      entry.permissions.push(...(typeof p === 'string' ? [p] : p));
      next.set(n.actor, entry);
    }
    const told = new Set<number>([actingUserId]);
    for (const [actor, { verbs, permissions }] of next) {
      if (actor === t.actor) continue; // 同一方接着办（如机构撤回后再提交）不必通知
      const ids = (await notice.recipients(tx, moved, actor, [...new Set(permissions)])).filter((id) => !told.has(id));
      ids.forEach((id) => told.add(id));
      if (ids.length) await notice.send(tx, ids, { title: `${what}：${t.verb}，待${def.actors[actor]}${verbs.join('或')}`, content, link: notice.link(moved, actor) });
    }
    if (notice.owners && t.actor !== notice.ownerActor) {
      const ids = (await notice.owners(tx, moved)).filter((id) => !told.has(id));
      if (ids.length) await notice.send(tx, ids, { title: `${what}：${t.verb}`, content, link: notice.link(moved, 'owner') });
    }
  }

  function pendingStatuses(actor: R, only?: readonly A[]): number[] {
    if (!single) throw new Error(`${def.key}：多列位置没有单一的状态列表`);
    return [...new Set(def.transitions.filter((t) => t.actor === actor && (!only || only.includes(t.action))).flatMap((t) => normalize(t.from)[single]))];
  }

  function matrix(): MatrixRow[] {
    const fromText = (from: TransitionDef<S, A, R, G>['from']) =>
      Object.entries(normalize(from))
        .map(([k, values]) => values.map((v) => def.labels[k]?.[v] ?? String(v)).join('、'))
        .join(' · ');
    const toText = (t: AnyTransition<S>) => {
      if (t.toLabel) return t.toLabel;
      if (typeof t.to === 'function') return '（按办理对象）';
      if (typeof t.to === 'number') return def.labels[single!]?.[t.to] ?? String(t.to);
      return Object.entries(t.to)
        .map(([k, v]) => def.labels[k]?.[v] ?? String(v))
        .join(' · ');
    };
    return def.transitions.map((t) => ({
      action: t.action,
      verb: t.verb,
      from: fromText(t.from),
      to: toText(t),
      actor: def.actors[t.actor],
      permission: t.permissionLabel ?? (typeof t.permission === 'function' ? '（按办理对象）' : permissionText(t.permission)),
      opinion: { required: '必填', optional: '可填', none: '—' }[t.opinion],
      gates: [...(t.gates ?? []).map((g) => def.gates?.[g]?.label ?? g), ...(t.whenLabel ? [t.whenLabel] : [])],
    }));
  }

  function permissionsOf(action: A): readonly string[] {
    const t = transitionOf(action);
    if (typeof t.permission === 'function') {
      if (!t.permissionOptions) throw new Error(`${def.key}.${action}：按对象决定的权限须列出 permissionOptions`);
      return t.permissionOptions;
    }
    return typeof t.permission === 'string' ? [t.permission] : t.permission;
  }

  return {
    def,
    actions,
    permissionsOf,
    transitionOf,
    positionOf,
    positionLabel,
    isAt,
    availableActions,
    pendingStatuses,
    guard,
    check: (s, session, action) => guard(s, session, action, null, false),
    assertOperation,
    apply: (db, session, req, audit) => db.transaction((tx) => applyIn(tx, session, req, audit)),
    applyIn,
    matrix,
  };
}

/** 列在表上的属性名（drizzle 的 set/values 按属性名） */
function columnKey(table: object, column: unknown): string {
  for (const [k, v] of Object.entries(table)) if (v === column) return k;
  throw new Error('列不属于该表');
}
