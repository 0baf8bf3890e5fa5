// 端点表的一行：方法与路径之外的一切（权限、请求体、输入、分页）都在这里声明，调度器统一执行。
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import type { Page } from './paging';
import { ApiError } from './errors';

export type BodyKind = 'json' | 'multipart' | 'form' | 'none';

/** 权限键的登记处：菜单树（lib/domains/access/menu-tree.ts）以模块扩充登记 key 为它算出的全部 'key.action'，
 * 本目录因此不引用领域，端点的权限写错即类型错误。 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PermissionRegistry {}
export type PermissionKey = PermissionRegistry extends { key: infer K extends string } ? K : string;

/** 'public' 无需登录；'login' 任一已登录用户；否则 'permissionId.action' 或其列表（任一满足）。 */
export type Permission = 'public' | 'login' | PermissionKey | readonly PermissionKey[];

export interface Ctx {
  db: Db;
  session: Session | null;
  requestId: string;
  request: Request;
  ip: string;
  /** 附加到响应上的头（如登录时的 Set-Cookie），成功与出错的响应都会带上 */
  responseHeaders: Headers;
  /** 当前用户；未登录时抛 401。 */
  user(): SessionUser;
  /**
   * 记一条数据变更（操作日志：谁、何时、改了什么、改前改后）。只在处理成功后由调度器交给
   * recordOperation 写入；处理失败（抛错）则一条也不记。
   */
  audit: Audit;
}

/** 记一条数据变更；服务函数的最后一个参数（写操作），端点传入 ctx.audit。 */
export type Audit = (change: AuditChange) => void;

/** 当前会话（服务函数的 session 参数）；未登录时抛 401。需要登录的端点由调度器保证已登录。 */
export function sessionOf(ctx: Ctx): Session {
  if (!ctx.session) throw ApiError.unauthorized();
  return ctx.session;
}

/** 一条数据变更：实体（表或业务对象名）、主键、改前与改后的快照（删除时 after 为空，新增时 before 为空）。 */
export interface AuditChange {
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** 简短的中文说明，如“冻结账号 zhangsan” */
  detail?: string;
}

/** 调度器在一次请求成功处理后调用：写操作日志。 */
export interface OperationRecord {
  key: string;
  endpoint: Endpoint;
  ctx: Ctx;
  /** 已校验的输入（密码等敏感字段由记录方自行脱敏） */
  input: Record<string, unknown>;
  changes: readonly AuditChange[];
}

type AnyObject = z.ZodType<Record<string, unknown>>;
export type InputOf<S extends AnyObject | undefined, P extends boolean> = (S extends AnyObject ? z.output<S> : Record<string, never>) &
  (P extends true ? { page: Page } : unknown);

export interface EndpointDef<S extends AnyObject | undefined, P extends boolean, R = unknown> {
  /** 中文说明，进入 OpenAPI */
  summary: string;
  permission: Permission;
  /** 默认：GET 为 none，其余为 json */
  body?: BodyKind;
  input?: S;
  /** 分页列表：接受 pageNo/pageSize 或 page/limit，返回 {list,total}，调度器补上 pageNo/pageSize */
  paged?: P;
  /** 分页上限，默认 MAX_PAGE_SIZE；字典类一次性加载时放宽 */
  maxPageSize?: number;
  /**
   * GET 却会改数据（SPEC §7 把个别改动写成 GET，如退出、迁移机构、发验证码）：凭 Cookie 时只接受本站页面发起的请求，
   * API 客户端须用令牌请求头。非 GET 的端点总按改动处理。
   */
  changes?: boolean;
  /**
   * multipart 请求体不由调度器读取：处理函数自己从 ctx.request 流式读取（大文件上传，见 lib/platform/http/multipart.ts）。
   * 调度器照常检查会话、权限与类型，并按声明的 Content-Length 先拒绝超过 maxBytes 的请求；input 只来自查询串。
   */
  streamBody?: { maxBytes: number };
  /** 答复的形状：默认 {returnCode, returnMsg, data}；'upload' 为 SPEC §7 上传服务的 {success, returnMsg, data}（成功与出错都是） */
  envelope?: 'standard' | 'upload';
  /**
   * 规模大时改为后台任务（lib/platform/task/large-work.ts）：'export' 为 exportXlsx 写出的流式导出，超过 EXPORT_TASK_ROWS 行；
   * 'import' 为 runImport 的整份导入，超过 IMPORT_TASK_ROWS 行。只在请求带 Prefer: respond-async（界面）时改，
   * 答复 { taskId, background: true }；API 客户端不带这个头，照旧直接答复。
   */
  asTask?: 'export' | 'import';
  /** 答复是文件（处理函数返回 FileResult）：只给 OpenAPI 用，调度器按返回值判断（tests/api/platform/file-names.test.ts 核对两者一致） */
  produces?: 'file';
  handle(input: InputOf<S, P>, ctx: Ctx): Promise<R>;
}

export interface Endpoint extends EndpointDef<AnyObject | undefined, boolean> {
  tags?: string[];
}

/** 端点的契约（只在类型里）：请求体或查询串的形状与处理函数的结果，类型化的客户端（components/api-contract.ts）由它推出 */
export interface Contract<I, O, P extends boolean> {
  input: I;
  output: O;
  paged: P;
}

/** 没有输入的端点（不收参数；分页的只收分页参数） */
export type NoInput = Record<never, never>;

/** 端点行，类型里带着它的契约；运行时与 Endpoint 相同 */
export type TypedEndpoint<S extends AnyObject | undefined, P extends boolean, R> = Endpoint & {
  readonly contract?: Contract<S extends AnyObject ? z.input<S> : NoInput, R, P>;
};

export function endpoint<S extends AnyObject | undefined = undefined, P extends boolean = false, R = unknown>(
  def: EndpointDef<S, P, R>,
): TypedEndpoint<S, P, R> {
  return def as unknown as TypedEndpoint<S, P, R>;
}

/** 'GET /comApi/getAreaByParent' 形式的键 → 端点 */
export type EndpointTable = Record<string, Endpoint>;

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export function normalizePath(path: string): string {
  const p = ('/' + path).replace(/\/{2,}/g, '/').replace(/\/$/, '');
  return p || '/';
}

export function parseKey(key: string): { method: Method; path: string } {
  const [method, path] = key.split(' ');
  if (!METHODS.includes(method as Method) || !path) throw new Error(`端点键格式应为 'METHOD /path'：${key}`);
  return { method: method as Method, path: normalizePath(path) };
}

/** 一组同前缀的端点行展开后的类型：'POST list' 成为 'POST <base>/list'，每个完整的键都留在类型里（类型化客户端要用） */
export type RowsUnder<B extends string, T> = {
  [K in keyof T & string as K extends `${infer M} ${infer N}` ? `${M} ${B}/${N}` : never]: T[K];
};

/** 同前缀的一组端点行：rowsUnder('/fil/site', { 'POST list': …, 'GET importTemplate': … }) */
export function rowsUnder<B extends string, T extends Record<string, Endpoint>>(base: B, rows: T): RowsUnder<B, T> {
  const out: Record<string, Endpoint> = {};
  for (const [key, row] of Object.entries(rows)) {
    const { method, path } = parseKey(key.replace(' ', ' /'));
    out[`${method} ${base}${path}`] = row;
  }
  return out as RowsUnder<B, T>;
}

/** 几组端点行合成一张（按类别生成的行：ARTICLE_KINDS.map(…)）；类型取各组的并 */
export function mergeRows<T extends EndpointTable>(groups: readonly T[]): { [K in T extends unknown ? keyof T : never]: T extends Record<K, infer E> ? E : never } {
  return Object.assign({}, ...groups);
}
