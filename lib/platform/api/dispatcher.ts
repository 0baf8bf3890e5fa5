// 唯一的调度器：查表 → 会话 → 权限 → 解析请求体 → zod 校验 → 处理 → 信封 → 错误映射。
// 任何端点都不重复这些步骤。
import { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { DbUnavailableError } from '@/lib/platform/db/client';
import { isUniqueViolation } from '@/lib/platform/db/save-row';
import { can, type Session } from '@/lib/platform/auth/session';
import { ApiError, FORBIDDEN_MESSAGE, ReturnCode } from './errors';
import { normalizePath, parseKey, type AuditChange, type Ctx, type Endpoint, type EndpointTable, type Method, type OperationRecord } from './endpoint';
import { FileResult, fileResponse } from './files';
import { MAX_PAGE_SIZE, PagingInput, toPage } from './paging';
import { fieldErrors, fieldLabel, parseParamsFor } from './validation';
import { localizeErrorReply } from '@/lib/i18n/server-messages';
import { localeOfRequest } from '@/lib/i18n/request';
import { readLimited, tooLarge } from '@/lib/platform/http/body';
import { clientIp } from '@/lib/platform/http/client-ip';
import { headerToken, requestSite } from '@/lib/platform/http/origin';
import { API_CSP, baseSecurityHeaders } from '@/lib/platform/http/headers';
import { annotateRequest, log } from '@/lib/platform/log';
import { observeRequest } from './observe';
import { largeWorkTitle, prefersAsync, runOrEnqueue } from '@/lib/platform/task/large-work';

export type SessionLookup = Session | null | 'invalidated';

export interface DispatcherConfig {
  table: EndpointTable;
  getDb: () => Promise<Db>;
  /** 由身份域提供：从 Cookie / 请求头找会话；被服务端作废的会话返回 'invalidated' */
  resolveSession: (request: Request, db: Db) => Promise<SessionLookup>;
  /** 请求体上限（字节） */
  maxJsonBytes?: number;
  maxUploadBytes?: number;
  /** 处理成功后调用（操作日志）；它出错则答 500（写入留不下痕迹不算成功），见 OPERATION_LOG_FAILED */
  recordOperation?: (record: OperationRecord) => Promise<void>;
}

interface Route {
  /** 端点表里的键，如 'POST /account/add' */
  key: string;
  method: Method;
  path: string;
  endpoint: Endpoint;
  schema: z.ZodType | undefined;
}

export interface Envelope<T = unknown> {
  returnCode: number;
  returnMsg: string;
  data: T;
}

/** SPEC §7 上传服务的答复：{ success, returnMsg, data }（HTTP 状态同其他接口） */
export interface UploadEnvelope<T = unknown> {
  success: boolean;
  returnMsg: string;
  data: T;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

export function buildRoutes(table: EndpointTable): Map<string, Map<Method, Route>> {
  const routes = new Map<string, Map<Method, Route>>();
  for (const [key, endpoint] of Object.entries(table)) {
    const { method, path } = parseKey(key);
    const input = endpoint.input as z.ZodObject | undefined;
    if (endpoint.paged && input && !(input instanceof z.ZodObject)) throw new Error(`分页端点的输入必须是对象：${key}`);
    const schema = endpoint.paged ? (input ? input.extend(PagingInput.shape) : PagingInput) : input;
    const byMethod = routes.get(path) ?? new Map<Method, Route>();
    if (byMethod.has(method)) throw new Error(`端点重复：${key}`);
    byMethod.set(method, { key, method, path, endpoint, schema });
    routes.set(path, byMethod);
  }
  return routes;
}

function searchParamsToObject(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    out[name] = values.length > 1 || key.endsWith('[]') ? values : values[0];
  }
  return out;
}

/** 声明的请求体类型：JSON（含 application/*+json）、表单编码、multipart；其他（text/plain 等）不当作 JSON 猜 */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/;

async function readBody(request: Request, route: Route, cfg: Required<Pick<DispatcherConfig, 'maxJsonBytes' | 'maxUploadBytes'>>) {
  if (route.method === 'GET') return {};
  const kind = route.endpoint.body ?? 'json';
  const type = (request.headers.get('content-type') ?? '').toLowerCase().trim();
  const isMultipart = type.startsWith('multipart/form-data');
  const isUrlencoded = type.startsWith('application/x-www-form-urlencoded');
  if (kind === 'multipart' && !isMultipart) {
    throw new ApiError(ReturnCode.UNSUPPORTED_MEDIA, '请以 multipart/form-data 方式上传文件');
  }
  if (route.endpoint.streamBody) {
    // 处理函数自己流式读取并按实际字节计数；这里只先挡住声明过大的请求
    if (!isMultipart) throw new ApiError(ReturnCode.UNSUPPORTED_MEDIA, '请以 multipart/form-data 方式上传文件');
    if (Number(request.headers.get('content-length') ?? 0) > route.endpoint.streamBody.maxBytes) throw tooLarge(route.endpoint.streamBody.maxBytes);
    return {};
  }
  // 按实际读到的字节计数：分块传输或作假的 Content-Length 也在上限处停止读取
  const bytes = await readLimited(request, isMultipart ? cfg.maxUploadBytes : cfg.maxJsonBytes);
  if (isMultipart || isUrlencoded) {
    let form: FormData;
    try {
      // 原样的 Content-Type：multipart 的 boundary 区分大小写
      form = await new Response(bytes as BodyInit, { headers: { 'content-type': request.headers.get('content-type') ?? type } }).formData();
    } catch {
      throw ApiError.badRequest('请求体格式错误，无法解析表单');
    }
    const out: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key);
      const name = key.endsWith('[]') ? key.slice(0, -2) : key;
      out[name] = values.length > 1 || key.endsWith('[]') ? values : values[0];
    }
    return out;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw ApiError.badRequest('请求体不是合法的 UTF-8 文本');
  }
  if (!text.trim()) return {};
  // text/plain 等不是本接口声明的类型：不当作 JSON 解析（跨站表单能发 text/plain，且不触发预检）
  if (!JSON_TYPE.test(type)) {
    throw new ApiError(ReturnCode.UNSUPPORTED_MEDIA, '不支持的请求内容类型：请以 application/json、application/x-www-form-urlencoded 或 multipart/form-data 提交');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw ApiError.badRequest('请求体不是合法的 JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw ApiError.badRequest('请求体必须是 JSON 对象');
  return parsed as Record<string, unknown>;
}

/** 输入嵌套的最大深度：再深的请求体不是正常表单能产生的 */
const MAX_INPUT_DEPTH = 32;

const NUL_MESSAGE = '输入含有不允许的控制字符（NUL），请检查后重新提交';
/** 不成对的 UTF-16 代理项：不是任何字符，存进文本列会变成 �，写进 JSON（操作日志）会失败 */
const BROKEN_TEXT_MESSAGE = '含有无法识别的字符（不成对的 Unicode 代理项），请删除后重新提交';

/**
 * 在 zod 之前统一拒绝任何端点都不该接受的输入：含 NUL 的字符串（PostgreSQL 文本不能存 NUL）、含不成对代理项的
 * 字符串（数据会被悄悄改成 �，操作日志写不进去），过深的嵌套。迭代遍历，深度有上限，不会因恶意输入爆栈。
 */
function assertCleanInput(raw: Record<string, unknown>, schema: z.ZodType | undefined): void {
  const broken = (path: string[]): never => {
    const field = path.join('.') || '_';
    const label = fieldLabel(schema, path) ?? field;
    throw ApiError.badRequest(`${label}：含有无法识别的字符（不成对的 Unicode 代理项），请删除后重新提交`, { [field]: BROKEN_TEXT_MESSAGE });
  };
  const stack: [unknown, string[]][] = [[raw, []]];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw ApiError.badRequest(NUL_MESSAGE);
      if (!value.isWellFormed()) broken(path);
    } else if (value && typeof value === 'object' && !(value instanceof Blob)) {
      if (path.length >= MAX_INPUT_DEPTH) throw ApiError.badRequest('请求体嵌套过深');
      for (const [k, v] of Object.entries(value)) {
        if (k.includes('\u0000')) throw ApiError.badRequest(NUL_MESSAGE);
        if (!k.isWellFormed()) broken([...path, k.toWellFormed()]);
        stack.push([v, [...path, k]]);
      }
    }
  }
}

/**
 * 校验漏掉的越界输入在数据库里报的错（整数溢出、超长文本、格式不符）：答 400 而不是 500，
 * 并在服务器日志里提醒补上该字段的 zod 上限。
 */
const PG_INPUT_ERRORS: Record<string, string> = {
  '22001': '输入内容过长',
  '22003': '数值超出允许范围',
  '22P02': '输入格式不正确',
  '22007': '日期时间格式不正确',
  '22008': '日期时间超出允许范围',
  '22021': '输入含有不允许的字符',
  '54001': '输入过于复杂',
};

function pgInputError(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && PG_INPUT_ERRORS[code]) return PG_INPUT_ERRORS[code];
  }
  return undefined;
}

/** 跨站来的、凭 Cookie 的改动一律拒绝；改数据的 GET 须带令牌请求头或有本站来源的证据 */
function assertSameSiteChange(request: Request, route: Route): void {
  const changes = route.method !== 'GET' || route.endpoint.changes === true;
  if (!changes || headerToken(request)) return;
  const site = requestSite(request);
  if (site === 'cross-site') throw ApiError.forbidden('拒绝跨站请求：请在本系统的页面中操作');
  if (site === 'unknown' && route.method === 'GET' && (request.headers.get('cookie') ?? '').length > 0) {
    throw ApiError.forbidden('该操作须在本系统的页面中进行，或使用 authorization_token 请求头调用');
  }
}

/** 写操作日志失败时的答复：操作可能已经生效，须核对 */
export const OPERATION_LOG_FAILED = '操作日志写入失败：本次操作可能已生效，请刷新核对，并把请求号告知管理员';
/** 处理函数未转换的唯一约束冲突（23505） */
export const DUPLICATE_MESSAGE = '数据与已有记录重复（可能刚被他人同时提交），请刷新后重试';

/** 客户端在答复之前断开时记下的状态（nginx 的 499 Client Closed Request） */
export const CLIENT_CLOSED_STATUS = 499;

export function createDispatcher(config: DispatcherConfig) {
  const routes = buildRoutes(config.table);
  const limits = { maxJsonBytes: config.maxJsonBytes ?? 2 * 1048576, maxUploadBytes: config.maxUploadBytes ?? 50 * 1048576 };

  // 请求上下文（日志带 requestId）、汇总日志行与指标：observe.ts
  return (request: Request, pathname?: string): Promise<Response> => observeRequest(request, () => dispatch(request, pathname));

  async function dispatch(request: Request, pathname?: string): Promise<Response> {
    const url = new URL(request.url);
    const path = normalizePath((pathname ?? url.pathname).replace(/^\/api(?=\/|$)/, ''));
    const incomingId = request.headers.get('x-request-id');
    const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : crypto.randomUUID();
    annotateRequest({ requestId, path });
    const headers = new Headers({ 'x-request-id': requestId, ...baseSecurityHeaders(request), 'Content-Security-Policy': API_CSP });
    const isBapi = path.startsWith('/bapi/');
    /** 该端点要求的答复形状（查表之后才知道；查表失败按默认） */
    let shape: 'standard' | 'upload' = 'standard';

    const respond = (returnCode: number, returnMsg: string, data: unknown, status: number): Response => {
      annotateRequest({ returnCode });
      // 错误消息随请求的语言（Cookie lang）；抛出处写中文，zh-CN 请求原样（lib/i18n/server-messages.ts）
      if (returnCode !== ReturnCode.OK) ({ message: returnMsg, data } = localizeErrorReply(returnMsg, data, localeOfRequest(request)));
      if (isBapi) {
        const xCode = returnCode === ReturnCode.OK ? 200 : returnCode === ReturnCode.UNAUTHORIZED || returnCode === ReturnCode.SESSION_INVALIDATED ? 202 : 201;
        headers.set('x-code', String(xCode));
        headers.set('x-msg', encodeURIComponent(returnMsg));
        headers.set('Access-Control-Expose-Headers', 'x-code, x-msg, x-request-id');
      }
      headers.set('Content-Type', 'application/json; charset=utf-8');
      headers.set('Cache-Control', 'no-store');
      const body: Envelope | UploadEnvelope =
        shape === 'upload' ? { success: returnCode === ReturnCode.OK, returnMsg, data } : { returnCode, returnMsg, data };
      return new Response(JSON.stringify(body), { status, headers });
    };

    try {
      const byMethod = routes.get(path);
      if (!byMethod) throw new ApiError(ReturnCode.NOT_FOUND, `接口不存在：${request.method} /api${path}`);
      const route = byMethod.get(request.method as Method);
      if (!route) {
        headers.set('Allow', [...byMethod.keys()].join(', '));
        throw new ApiError(ReturnCode.METHOD_NOT_ALLOWED, `接口 /api${path} 不支持 ${request.method} 请求，请使用 ${[...byMethod.keys()].join('/')}`);
      }
      const { endpoint } = route;
      annotateRequest({ key: route.key });
      shape = endpoint.envelope ?? 'standard';
      assertSameSiteChange(request, route);
      const db = await config.getDb();

      const lookup = await config.resolveSession(request, db);
      if (lookup === 'invalidated' && endpoint.permission !== 'public') throw ApiError.sessionInvalidated();
      const session = lookup === 'invalidated' ? null : lookup;
      annotateRequest({ userId: session?.user.id });
      if (endpoint.permission !== 'public') {
        if (!session) throw ApiError.unauthorized();
        if (endpoint.permission !== 'login' && !can(session, endpoint.permission)) {
          throw ApiError.forbidden(FORBIDDEN_MESSAGE);
        }
      }

      const raw = { ...searchParamsToObject(url.searchParams), ...(await readBody(request, route, limits)) };
      assertCleanInput(raw, route.schema);
      let input: Record<string, unknown> = {};
      if (route.schema) {
        // 校验消息随请求的语言（Cookie lang），见 validation.ts
        const parsed = route.schema.safeParse(raw, parseParamsFor(request));
        if (!parsed.success) {
          const { fields, message } = fieldErrors(parsed.error, route.schema, request);
          throw ApiError.badRequest(message, fields, { fields });
        }
        input = parsed.data as Record<string, unknown>;
      }
      let page;
      if (endpoint.paged) {
        page = toPage(input as z.infer<typeof PagingInput>, endpoint.maxPageSize ?? MAX_PAGE_SIZE);
        for (const k of Object.keys(PagingInput.shape)) delete input[k];
        input.page = page;
      }

      const changes: AuditChange[] = [];
      const ctx: Ctx = {
        db,
        session,
        requestId,
        request,
        ip: clientIp(request.headers),
        responseHeaders: headers,
        user() {
          if (!session) throw ApiError.unauthorized();
          return session.user;
        },
        audit(change) {
          changes.push(change);
        },
      };
      // 规模大的导出与整份导入：界面（Prefer: respond-async）请求时超过上限改排后台任务（lib/platform/task/large-work.ts）
      const result =
        endpoint.asTask && session && prefersAsync(request)
          ? await runOrEnqueue({
              work: endpoint.asTask,
              key: route.key,
              title: largeWorkTitle(endpoint.summary),
              db,
              userId: session.user.id,
              ip: ctx.ip,
              raw,
              audit: ctx.audit,
              run: (tx, audit) => endpoint.handle(input as never, { ...ctx, db: tx, audit }),
            })
          : await endpoint.handle(input as never, ctx);
      if (endpoint.asTask && result && typeof result === 'object' && 'background' in result) headers.set('Preference-Applied', 'respond-async');
      if (config.recordOperation) {
        try {
          await config.recordOperation({ key: route.key, endpoint, ctx, input, changes });
        } catch (err) {
          // 留不下痕迹的写入不能答“成功”：记录方已尽力（脱敏、去掉坏字符、退回最小的一行），仍写不进去就报错，
          // 服务器日志留下请求号与端点，供管理员核对这次操作
          log.error({ component: 'api', err, key: route.key, userId: session?.user.id }, '写操作日志失败');
          return respond(ReturnCode.SERVER_ERROR, OPERATION_LOG_FAILED, { requestId }, 500);
        }
      }
      if (result instanceof FileResult) return fileResponse(result, headers);
      if (result instanceof Response) {
        headers.forEach((v, k) => result.headers.set(k, v));
        return result;
      }
      if (page) {
        const { list, total, ...extra } = result as { list: unknown[]; total: number };
        // totalCount 与 total 相同：SPEC §7 的客户端两种名字都读；列表另带的项（如 masked、canUnmask）原样给出
        return respond(ReturnCode.OK, 'success', { ...extra, list, total, totalCount: total, pageNo: page.pageNo, pageSize: page.pageSize }, 200);
      }
      return respond(ReturnCode.OK, 'success', result ?? null, 200);
    } catch (err) {
      if (err instanceof ApiError) {
        const data = err.data ?? (err.fields ? { fields: err.fields } : null);
        return respond(err.returnCode, err.message, data, err.httpStatus);
      }
      if (request.signal?.aborted) {
        // 客户端在答复之前断开（读请求体时连接被重置等）：不是服务器的错，答复也送不到；按 nginx 的习惯记 499
        annotateRequest({ returnCode: CLIENT_CLOSED_STATUS });
        log.info({ component: 'api' }, `${request.method} /api${path} 客户端已断开`);
        return new Response(null, { status: CLIENT_CLOSED_STATUS, headers });
      }
      const inputError = pgInputError(err);
      if (inputError) {
        log.warn({ component: 'api', err }, `${request.method} /api${path} 数据库拒绝了输入（${inputError}），请为该字段补上校验上限`);
        return respond(ReturnCode.BAD_REQUEST, inputError, null, 400);
      }
      if (isUniqueViolation(err)) {
        // 处理函数没有自己转换的唯一约束冲突（多是并发的同一提交，先查后插的两步之间被别人插入）：是冲突不是故障
        log.warn({ component: 'api', err }, `${request.method} /api${path} 撞上唯一约束，答 409；该端点宜自己给出更具体的提示`);
        return respond(ReturnCode.CONFLICT, DUPLICATE_MESSAGE, null, 409);
      }
      if (err instanceof DbUnavailableError) {
        log.error({ component: 'api', err }, '数据库不可用');
        return respond(ReturnCode.DB_UNAVAILABLE, '数据库暂不可用，请稍后重试', { requestId }, 503);
      }
      log.error({ component: 'api', err }, `${request.method} /api${path} 处理失败`);
      return respond(ReturnCode.SERVER_ERROR, '服务器异常', { requestId }, 500);
    }
  }
}

/** 任务里重放端点时的失败：消息给用户看（校验失败、权限已被收回） */
export class ReplayRefused extends Error {}

/**
 * 以给定会话重放端点表里的一个端点（后台任务：lib/domains/task/large-work.ts）：与请求同样的输入校验与权限检查，
 * 同一个处理函数。raw 为请求里的原始参数（查询串与请求体合并，文件为 Blob）。
 */
export async function callEndpoint(
  table: EndpointTable,
  key: string,
  raw: Record<string, unknown>,
  ctx: Omit<Ctx, 'request' | 'responseHeaders' | 'user'>,
): Promise<unknown> {
  const { method, path } = parseKey(key);
  const route = buildRoutes({ [key]: table[key] }).get(path)?.get(method);
  if (!table[key] || !route) throw new ReplayRefused(`接口不存在：${key}`);
  const { endpoint } = route;
  const session = ctx.session;
  if (endpoint.permission !== 'public') {
    if (!session) throw new ReplayRefused(ApiError.unauthorized().message);
    if (endpoint.permission !== 'login' && !can(session, endpoint.permission)) throw new ReplayRefused(FORBIDDEN_MESSAGE);
  }
  let input: Record<string, unknown> = {};
  if (route.schema) {
    const parsed = route.schema.safeParse(raw);
    if (!parsed.success) throw new ReplayRefused(fieldErrors(parsed.error, route.schema).message);
    input = parsed.data as Record<string, unknown>;
  }
  const request = new Request(`http://task.invalid/api${path}`, { method });
  return endpoint.handle(input as never, {
    ...ctx,
    request,
    responseHeaders: new Headers(),
    user() {
      if (!session) throw ApiError.unauthorized();
      return session.user;
    },
  });
}
