// 唯一的调度器：查表 → 会话 → 权限 → 解析请求体 → zod 校验 → 处理 → 信封 → 错误映射。
// 任何端点都不重复这些步骤。
import { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { DbUnavailableError } from '@/lib/platform/db/client';
import { can, type Session } from '@/lib/platform/auth/session';
import { ApiError, FORBIDDEN_MESSAGE, ReturnCode } from './errors';
import { normalizePath, parseKey, type AuditChange, type Ctx, type Endpoint, type EndpointTable, type Method, type OperationRecord } from './endpoint';
import { FileResult, fileResponse } from './files';
import { MAX_PAGE_SIZE, PagingInput, toPage } from './paging';
import { fieldErrors } from './validation';

export type SessionLookup = Session | null | 'invalidated';

export interface DispatcherConfig {
  table: EndpointTable;
  getDb: () => Promise<Db>;
  /** 由身份域提供：从 Cookie / 请求头找会话；被服务端作废的会话返回 'invalidated' */
  resolveSession: (request: Request, db: Db) => Promise<SessionLookup>;
  /** 请求体上限（字节） */
  maxJsonBytes?: number;
  maxUploadBytes?: number;
  /** 处理成功后调用（操作日志）；它出错只记到服务器日志，不影响响应 */
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

async function readBody(request: Request, route: Route, cfg: Required<Pick<DispatcherConfig, 'maxJsonBytes' | 'maxUploadBytes'>>) {
  if (route.method === 'GET') return {};
  const kind = route.endpoint.body ?? 'json';
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const length = Number(request.headers.get('content-length') ?? 0);
  const isMultipart = type.startsWith('multipart/form-data');
  if (kind === 'multipart' && !isMultipart) {
    throw new ApiError(ReturnCode.UNSUPPORTED_MEDIA, '请以 multipart/form-data 方式上传文件');
  }
  if (length > (isMultipart ? cfg.maxUploadBytes : cfg.maxJsonBytes)) {
    throw new ApiError(ReturnCode.PAYLOAD_TOO_LARGE, `请求内容过大，最大 ${Math.floor((isMultipart ? cfg.maxUploadBytes : cfg.maxJsonBytes) / 1048576)}MB`);
  }
  if (isMultipart || type.startsWith('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await request.formData();
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
  const text = await request.text();
  if (!text.trim()) return {};
  if (text.length > cfg.maxJsonBytes) throw new ApiError(ReturnCode.PAYLOAD_TOO_LARGE, '请求内容过大');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw ApiError.badRequest('请求体不是合法的 JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw ApiError.badRequest('请求体必须是 JSON 对象');
  return parsed as Record<string, unknown>;
}

function clientIp(request: Request): string {
  const fwd = request.headers.get('x-forwarded-for');
  return (fwd ? fwd.split(',')[0] : request.headers.get('x-real-ip'))?.trim() || '';
}

export function createDispatcher(config: DispatcherConfig) {
  const routes = buildRoutes(config.table);
  const limits = { maxJsonBytes: config.maxJsonBytes ?? 2 * 1048576, maxUploadBytes: config.maxUploadBytes ?? 50 * 1048576 };

  return async function dispatch(request: Request, pathname?: string): Promise<Response> {
    const url = new URL(request.url);
    const path = normalizePath((pathname ?? url.pathname).replace(/^\/api(?=\/|$)/, ''));
    const incomingId = request.headers.get('x-request-id');
    const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : crypto.randomUUID();
    const headers = new Headers({ 'x-request-id': requestId });
    const isBapi = path.startsWith('/bapi/');

    const respond = (returnCode: number, returnMsg: string, data: unknown, status: number): Response => {
      if (isBapi) {
        const xCode = returnCode === ReturnCode.OK ? 200 : returnCode === ReturnCode.UNAUTHORIZED || returnCode === ReturnCode.SESSION_INVALIDATED ? 202 : 201;
        headers.set('x-code', String(xCode));
        headers.set('x-msg', encodeURIComponent(returnMsg));
        headers.set('Access-Control-Expose-Headers', 'x-code, x-msg, x-request-id');
      }
      headers.set('Content-Type', 'application/json; charset=utf-8');
      headers.set('Cache-Control', 'no-store');
      const body: Envelope = { returnCode, returnMsg, data };
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
      const db = await config.getDb();

      const lookup = await config.resolveSession(request, db);
      if (lookup === 'invalidated' && endpoint.permission !== 'public') throw ApiError.sessionInvalidated();
      const session = lookup === 'invalidated' ? null : lookup;
      if (endpoint.permission !== 'public') {
        if (!session) throw ApiError.unauthorized();
        if (endpoint.permission !== 'login' && !can(session, endpoint.permission)) {
          throw ApiError.forbidden(FORBIDDEN_MESSAGE);
        }
      }

      const raw = { ...searchParamsToObject(url.searchParams), ...(await readBody(request, route, limits)) };
      let input: Record<string, unknown> = {};
      if (route.schema) {
        const parsed = route.schema.safeParse(raw);
        if (!parsed.success) {
          const { fields, message } = fieldErrors(parsed.error, route.schema);
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
        ip: clientIp(request),
        responseHeaders: headers,
        user() {
          if (!session) throw ApiError.unauthorized();
          return session.user;
        },
        audit(change) {
          changes.push(change);
        },
      };
      const result = await endpoint.handle(input as never, ctx);
      if (config.recordOperation) {
        try {
          await config.recordOperation({ key: route.key, endpoint, ctx, input, changes });
        } catch (err) {
          // 日志写不进去不能让已完成的操作报错
          console.error(`[api] ${requestId} 写操作日志失败`, err);
        }
      }
      if (result instanceof FileResult) return fileResponse(result, headers);
      if (result instanceof Response) {
        headers.forEach((v, k) => result.headers.set(k, v));
        return result;
      }
      if (page) {
        const { list, total } = result as { list: unknown[]; total: number };
        return respond(ReturnCode.OK, 'success', { list, total, pageNo: page.pageNo, pageSize: page.pageSize }, 200);
      }
      return respond(ReturnCode.OK, 'success', result ?? null, 200);
    } catch (err) {
      if (err instanceof ApiError) {
        const data = err.data ?? (err.fields ? { fields: err.fields } : null);
        return respond(err.returnCode, err.message, data, err.httpStatus);
      }
      if (err instanceof DbUnavailableError) {
        console.error(`[api] ${requestId} ${err.message}`);
        return respond(ReturnCode.DB_UNAVAILABLE, '数据库暂不可用，请稍后重试', { requestId }, 503);
      }
      console.error(`[api] ${requestId} ${request.method} /api${path} 处理失败`, err);
      return respond(ReturnCode.SERVER_ERROR, '服务器异常', { requestId }, 500);
    }
  };
}
