// 工作流的声明：一个领域用一个 defineWorkflow({...}) 写下它的状态、转换、条件、历史表与通知，引擎据此
// 算出可做的操作、统一拒绝、办理一步（锁行、条件、条件更新、历史、操作日志、通知）与“谁可做什么”。
// 本目录不引用任何领域：表、列、权限名与查询都由声明给出。
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { DataLevel, Session, SessionUser } from '../auth/session';

/** 状态机的位置：一列（{ status }）或几列（考试计划的 { step, state }） */
export type Position = Readonly<Record<string, number>>;

export type Opinion = 'required' | 'optional' | 'none';

/** 'resource.action' 或其列表（任一满足） */
export type PermissionCheck = string | readonly string[];

/** 条件检查的上下文 */
export interface GateContext {
  session: Session;
  now: Date;
  /** 本次办理的动作 */
  action: string;
}

/** 条件：满足时返回 null（或空列表），不满足时返回中文原因 */
export type GateCheck<S> = (db: Db, subject: S, ctx: GateContext) => Promise<string | readonly string[] | null> | string | readonly string[] | null;

export interface GateDef<S> {
  /** 条件的中文说明（文档与“谁可做什么”表） */
  label: string;
  /** 规则的出处（SPEC 章节或所依据的国家规范） */
  source?: string;
  /** 由拥有数据的领域实现时留空，在 registerGate 登记（跨领域的条件不在声明处引用别的领域） */
  check?: GateCheck<S>;
}

/** 去向：一个状态（单列）、一组列值，或按办理对象与数据算出的位置（如“作废前的状态”、“下一步或待省级审核”） */
export type Target<S> = number | Position | ((subject: S, db: Db) => Position | number | Promise<Position | number>);

export interface TransitionDef<S, A extends string, R extends string, G extends string> {
  action: A;
  /** 动词：按钮、提示与历史记录，如“提交审核” */
  verb: string;
  /** 从哪些位置可办：单列状态的列表，或每列的取值列表（各列都在其列表中） */
  from: readonly number[] | Readonly<Record<string, readonly number[]>>;
  to: Target<S>;
  /** 去向的说法（to 为函数时给文档用） */
  toLabel?: string;
  /** 办理方（声明的 actors 之一） */
  actor: R;
  /** 所需权限（任一）；按办理对象（如计划类别）决定时给函数，并给 permissionLabel */
  permission: PermissionCheck | ((subject: S) => PermissionCheck);
  permissionLabel?: string;
  /** permission 为函数时它可能给出的全部权限（生成的“界面提供了每一步”检查用） */
  permissionOptions?: readonly string[];
  opinion: Opinion;
  /** 意见必填而未填时的提示（默认“请输入审核意见”） */
  opinionMessage?: string;
  gates?: readonly G[];
  /** 位置之外、不查库的可办条件（如“该步须审核”），列表与办理都按它 */
  when?: (subject: S) => boolean;
  /** when 不满足时的拒绝原因 */
  whenMessage?: (subject: S) => string;
  /** when 的说法（文档的“条件”一栏） */
  whenLabel?: string;
  /** 可办而不必办（如审核完成后申请作废）：到达其出发位置时不通知办理方 */
  optional?: boolean;
}

/** 转换之外、同样按位置与权限决定的操作（修改、删除、登记出勤…）：只算可不可做，不改位置 */
export interface OperationDef<S, R extends string> {
  label: string;
  from: readonly number[] | Readonly<Record<string, readonly number[]>>;
  actor: R | readonly R[];
  permission: PermissionCheck | ((subject: S) => PermissionCheck);
  when?: (subject: S) => boolean;
}

export interface HistoryEntry {
  action: string;
  from: Position;
  to: Position;
  opinion: string | null;
  actorId: number | null;
  actorName: string;
  createdAt: Date;
}

/** 历史表：共用的列（historyColumns）加上指向办理对象的列 */
export interface HistoryDef<S> {
  table: PgTable;
  /** 历史行的其余列（指向办理对象、子对象等） */
  values: (subject: S) => Record<string, unknown>;
  /** 位置写进历史的列；单列状态机默认 fromStatus/toStatus */
  positionColumns?: (from: Position, to: Position) => Record<string, number | null>;
}

/** 办理后的通知：引擎算出下一步谁能办（转换表），由声明找出这些人并写消息 */
export interface NoticeDef<S, R extends string> {
  /** 持有某权限、作为某办理方能办这个对象的用户 */
  recipients(db: Db, subject: S, actor: R, permissions: readonly string[]): Promise<number[]>;
  /** 所属方（如机构）的办理方；别的办理方办理后告诉所属方的用户（owners） */
  ownerActor?: R;
  owners?(db: Db, subject: S): Promise<number[]>;
  /** 消息里的链接：给某办理方看的界面 */
  link(subject: S, actor: R | 'owner'): string;
  send(db: Db, userIds: readonly number[], message: { title: string; content: string; link: string }): Promise<unknown>;
}

/** 办理的附带动作（同一事务）：返回要一并写入办理对象的列（如提交时间、意见） */
export type Effect<S> = (db: Db, subject: S, ctx: EffectContext) => Promise<Record<string, unknown> | void> | Record<string, unknown> | void;

export interface EffectContext {
  session: Session;
  now: Date;
  action: string;
  from: Position;
  to: Position;
  opinion: string | null;
}

export interface WorkflowDef<S, A extends string, R extends string, G extends string = never, O extends string = never> {
  /** 唯一的名字（文档、测试、门闩登记），如 'trainClass' */
  key: string;
  /** 办理对象的说法，如“培训班” */
  label: string;
  /** 操作日志的 entity */
  entity: string;
  table: PgTable;
  id: AnyPgColumn;
  /** 位置的列：单列 { status: t.status }，或几列 */
  position: Readonly<Record<string, AnyPgColumn>>;
  /** 各列状态的中文名（单列时只有一项） */
  labels: Readonly<Record<string, Readonly<Record<number, string>>>>;
  /** 位置的说法；默认各列的中文名以“ · ”相连 */
  positionLabel?: (p: Position) => string;
  /** 办理方及其说法，如 { org: '开班机构', city: '市级管理员' } */
  actors: Readonly<Record<R, string>>;
  /** 各办理方是哪一层级的用户（生成的检查据此判断一个角色能否当这一方）；不写则任一层级 */
  actorLevels?: Partial<Readonly<Record<R, readonly DataLevel[]>>>;
  /** 用户对这个对象是哪些办理方（可以不止一个，如课程的维护者兼审核员） */
  actorsOf(user: SessionUser, subject: S): readonly R[];
  transitions: readonly TransitionDef<S, A, R, G>[];
  operations?: Readonly<Record<O, OperationDef<S, R>>>;
  gates?: Readonly<Record<G, GateDef<S>>>;
  /** 读办理对象（含范围检查，范围外 404）；引擎在事务里先锁住该行再调用 */
  load(db: Db, user: SessionUser, id: number): Promise<S>;
  /** 对象的称呼，用于操作日志与通知，如“培训班 PX2026000001 焊工班” */
  describe(subject: S): string;
  history?: HistoryDef<S>;
  /** 条件更新时一并写的时间列 */
  updatedAt?: AnyPgColumn;
  /** 意见“可填”的一步在某些情况下必填（如本地流程规则要求该层级填写）：返回 true 即必填 */
  opinionRequired?: (db: Db, subject: S, transition: TransitionDef<S, A, R, G>) => Promise<boolean>;
  /** 每一步都做的附带动作（如记下意见与时间），先于按动作的 effects */
  effect?: Effect<S>;
  effects?: Partial<Record<A, Effect<S>>>;
  notice?: NoticeDef<S, R>;
}

/** 一次办理的请求 */
export interface TransitionRequest<A extends string = string> {
  id: number;
  action: A;
  opinion?: string | null;
}

export interface TransitionResult {
  id: number;
  action: string;
  from: Position;
  to: Position;
  positionName: string;
}
