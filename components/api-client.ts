// 浏览器端调用 /api 的唯一客户端。SPEC §8 的错误目录只在这里处理一次：
//   主客户端：returnCode 10005 / code 510 → 退出登录、提示 returnMsg、2 秒后刷新；
//             其他 returnCode ≠ 200 → 通知"提示"（returnMsg 或"请求错误"）并拒绝；
//             HTTP 403 → "禁止访问"；HTTP 401 → "认证失败，请重新登录"，退出并转登录页（带回原路径）；
//             ≥500 → "服务器异常"；请求失败 → "请求异常"；响应无法解析 → "响应异常"。
//   第二客户端（/bapi/*）：读 x-code / x-msg 头：200 通过；201 提示消息或"系统错误"；
//             202 清除令牌、提示"登录令牌无效(v2)"并转登录页；其他静默拒绝。
//   导出下载：按服务端 Content-Disposition 的文件名保存；失败 → "提示""下载出错"。
// 调用方只需 catch；表单等自行显示错误的调用传 { silent: true }，登录/注册页传 { authFlow: true }。
// 通知、刷新、跳转、保存文件都经可替换的依赖完成，单元测试注入假实现后断言。
import { API_TEXTS_ZH } from '@/lib/i18n/messages/auth-api';
import { beijingStamp } from '@/lib/platform/time';
import type { ApiInput, ApiOutput, GetPath, PostPath } from './api-contract';

export interface Envelope<T> {
  returnCode: number;
  returnMsg: string;
  data: T;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** 接口调用失败：message 为给用户看的说明。 */
export class ApiClientError extends Error {
  /** 信封中的 returnCode（/bapi 为 x-code）；网络或响应格式错误时为 undefined */
  readonly returnCode?: number;
  /** HTTP 状态码；网络错误时为 undefined */
  readonly status?: number;
  readonly data?: unknown;
  /** 客户端已为此错误弹过通知（调用方不必再提示） */
  readonly notified: boolean;

  constructor(
    message: string,
    opts: { returnCode?: number; status?: number; data?: unknown; cause?: unknown; notified?: boolean } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ApiClientError';
    this.returnCode = opts.returnCode;
    this.status = opts.status;
    this.data = opts.data;
    this.notified = opts.notified ?? false;
  }

  /** 服务端校验失败时各字段的消息（data.fields），供表单逐项显示 */
  get fields(): Record<string, string> {
    const fields = (this.data as { fields?: unknown } | null | undefined)?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

export const API_BASE = '/api';
export const LOGIN_PATH = '/user/login';
export const LOGOUT_API = '/user/logout';
/** 非 httpOnly 的密码强度标记（SPEC §4），退出时由客户端一并清除 */
export const PWD_STRENGTH_COOKIE = 'pwdStrength';
/** 会话被作废后刷新前的等待（SPEC §9：2 秒） */
export const SESSION_END_RELOAD_MS = 2000;
/** 本页退出登录前发出（推送连接据此先断开，不把本页的退出当作“在别处退出”） */
export const LOGGING_OUT_EVENT = 'portal:logging-out';

/** 拼出请求地址：path 可写 '/comApi/getAreaByParent' 或 '/api/comApi/getAreaByParent'。 */
export function apiUrl(path: string, query?: Query): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  let url = p === API_BASE || p.startsWith(`${API_BASE}/`) ? p : `${API_BASE}${p}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, raw] of Object.entries(query)) {
      const values = Array.isArray(raw) ? raw : [raw];
      for (const v of values as QueryValue[]) {
        if (v !== undefined && v !== null) params.append(key, String(v));
      }
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

export interface Notifier {
  error(title: string, description: string): void;
}

/** 客户端用到的文字键（lib/i18n/messages/auth.ts 中的 auth.api.*） */
export type ApiTextKey =
  | 'tip'
  | 'requestError'
  | 'forbidden'
  | 'unauthorized'
  | 'unauthorizedTitle'
  | 'serverError'
  | 'networkError'
  | 'responseError'
  | 'downloadError'
  | 'systemError'
  | 'tokenInvalidV2'
  | 'sessionEnded';

export interface ApiClientDeps {
  fetch: typeof fetch;
  notify: Notifier;
  /** delayMs 后刷新页面 */
  reload: (delayMs: number) => void;
  /** 整页跳转（离开已失效的会话） */
  navigate: (url: string) => void;
  /** 当前页面路径与查询串，用作登录后的 redirect */
  currentPath: () => string;
  saveBlob: (blob: Blob, fileName: string) => void;
  /** 下载改成了后台任务（数据多的导出）：默认发出 TASK_STARTED_EVENT，由门户框架的 TaskStartedHost 弹出进度框 */
  taskStarted: (taskId: number) => void;
  /** 清除客户端可见的 Cookie（密码强度标记） */
  clearClientCookies: () => void;
  text: (key: ApiTextKey) => string;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 不弹通知（调用方在表单内显示错误）；会话失效的处理（退出、刷新、转登录）照常 */
  silent?: boolean;
  /** 登录、注册等认证流程：401/10005 只作为普通错误返回，不退出、不刷新、不跳转 */
  authFlow?: boolean;
  /** 拼进地址的查询参数（GET 与 query 参数合并；POST 如导入的 ?bankId=） */
  query?: Query;
}

export interface DownloadOptions extends Omit<RequestOptions, 'authFlow'> {
  method?: 'GET' | 'POST';
  query?: Query;
  /** 服务端未给文件名时使用；默认 YYYYMMDDHHmmss.<扩展名> */
  fileName?: string;
}

/** 下载（导出）被服务端改排为后台任务时在 window 上发出的事件，detail 为 { taskId } */
export const TASK_STARTED_EVENT = 'portal:task-started';

/** 请求头 Prefer: respond-async：界面接受“数据多时排成后台任务、答复任务编号”（导出与整份导入，见 docs/TASKS.md） */
export const RESPOND_ASYNC = { Prefer: 'respond-async' } as const;

/** 排成了后台任务的答复 { taskId, background: true } */
export function startedTask(data: unknown): number | null {
  const d = data as { taskId?: unknown; background?: unknown } | null;
  return d && d.background === true && typeof d.taskId === 'number' ? d.taskId : null;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Envelope<unknown>).returnCode === 'number';
}

/** Content-Disposition → 文件名：优先 filename*（RFC 5987），其次 filename */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(header);
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  const raw = star?.[1] ?? plain?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw.trim());
  } catch {
    return raw.trim();
  }
}

const EXT_OF_TYPE: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel': 'xls',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};


// —— 浏览器中的默认依赖 ——

function browserNotifier(): Notifier {
  return {
    error(title, description) {
      // 静态方法作后备：页面挂了 <ApiClientBridge /> 时改用 antd App 上下文的 notification（随主题与语言）
      void import('antd/es/notification').then(({ default: notification }) => notification.error({ title, description }));
    },
  };
}

/** 把内存里的内容存成浏览器下载的文件 */
export function saveBlobInBrowser(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function clearCookie(name: string) {
  if (typeof document !== 'undefined') document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

function browserDeps(): ApiClientDeps {
  const hasWindow = typeof window !== 'undefined';
  return {
    fetch: (...args) => fetch(...args),
    notify: browserNotifier(),
    reload: (ms) => {
      if (hasWindow) setTimeout(() => window.location.reload(), ms);
    },
    navigate: (url) => {
      if (hasWindow) window.location.assign(url);
    },
    currentPath: () => (hasWindow ? window.location.pathname + window.location.search : '/'),
    saveBlob: saveBlobInBrowser,
    taskStarted: (taskId) => {
      if (hasWindow) window.dispatchEvent(new CustomEvent(TASK_STARTED_EVENT, { detail: { taskId } }));
    },
    clearClientCookies: () => clearCookie(PWD_STRENGTH_COOKIE),
    text: (key) => API_TEXTS_ZH[`auth.api.${key}`] ?? key,
  };
}

/** 登录页（含注册）上不再转去登录页 */
const isAuthPage = (path: string) => /^\/user(\/|$|\?)/.test(path);

export function loginUrl(redirect: string): string {
  return isAuthPage(redirect) || redirect === '/' ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

export interface ApiClient {
  get<T>(path: string, query?: Query, opts?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  /** 第二客户端（/bapi/*，读 x-code / x-msg） */
  bapiGet<T>(path: string, query?: Query, opts?: RequestOptions): Promise<T>;
  bapiPost<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  /** 下载文件（导出）；返回保存用的文件名。数据多的导出被排成后台任务时返回空串（进度框由 taskStarted 弹出） */
  download(path: string, body?: unknown, opts?: DownloadOptions): Promise<string>;
  /** 退出登录：通知服务端、清除客户端标记；不抛错 */
  logout(): Promise<void>;
  /** 替换部分依赖（ApiClientBridge 用它换上 antd App 的通知与当前语言的文字） */
  configure(deps: Partial<ApiClientDeps>): void;
}

export function createApiClient(overrides: Partial<ApiClientDeps> = {}): ApiClient {
  const deps: ApiClientDeps = { ...browserDeps(), ...overrides };
  // 多个并发请求同时发现会话失效时只处理一次
  let sessionEnding = false;

  const t = (key: ApiTextKey) => deps.text(key);

  function fail(message: string, opts: ConstructorParameters<typeof ApiClientError>[1] & { title?: string; silent?: boolean } = {}): never {
    const notify = !opts.silent;
    if (notify) deps.notify.error(opts.title ?? t('tip'), message);
    throw new ApiClientError(message, { ...opts, notified: notify });
  }

  async function logout(): Promise<void> {
    if (typeof window !== 'undefined') window.dispatchEvent(new Event(LOGGING_OUT_EVENT));
    deps.clearClientCookies();
    try {
      // 直接 fetch：退出本身失败（如会话早已失效）不应再触发错误处理
      await deps.fetch(apiUrl(LOGOUT_API), { method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/json' } });
    } catch {
      // 网络失败时服务端令牌仍会按期过期；客户端标记已清除
    }
  }

  /** 会话被服务端作废（10005 / 510）：退出、提示、2 秒后刷新（刷新后由页面转到登录页） */
  async function endSession(message: string) {
    if (sessionEnding) return;
    sessionEnding = true;
    await logout();
    deps.notify.error(t('tip'), message || t('sessionEnded'));
    deps.reload(SESSION_END_RELOAD_MS);
  }

  /** 401：认证失败，退出（除非服务端说仍在登录）并转登录页，登录后回到当前页 */
  async function unauthorized(body: unknown) {
    if (sessionEnding) return;
    sessionEnding = true;
    const data = isEnvelope(body) ? (body.data as { isLogin?: unknown } | null) : null;
    if (data?.isLogin !== true) await logout();
    const here = deps.currentPath();
    if (!isAuthPage(here)) deps.navigate(loginUrl(here));
    else sessionEnding = false;
  }

  async function send(url: string, init: RequestInit, opts: RequestOptions): Promise<Response> {
    try {
      return await deps.fetch(url, {
        credentials: 'same-origin',
        ...init,
        signal: opts.signal,
        headers: { Accept: 'application/json', ...(init.headers as Record<string, string>), ...opts.headers },
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      if ((err as { name?: string } | null)?.name === 'AbortError') throw err;
      return fail(t('networkError'), { cause: err, silent: opts.silent });
    }
  }

  /** 主客户端的响应处理：信封 → data，或按错误目录处理后抛出 */
  async function handleMain<T>(response: Response, opts: RequestOptions): Promise<T> {
    let body: unknown;
    let parsed = true;
    try {
      body = await response.json();
    } catch {
      parsed = false;
    }
    const status = response.status;
    const envelope = parsed && isEnvelope(body) ? body : null;
    const code = envelope?.returnCode;
    const loose = parsed && body && typeof body === 'object' ? (body as { code?: unknown; returnMsg?: unknown; msg?: unknown }) : null;
    // 旧接口的形状 { code, msg } 也认：510 同样表示会话失效
    const legacyCode = loose?.code;
    const msg = envelope?.returnMsg ?? (typeof loose?.returnMsg === 'string' ? loose.returnMsg : typeof loose?.msg === 'string' ? loose.msg : '');

    if (envelope && code === 200 && response.ok) return envelope.data as T;

    if (code === 10005 || legacyCode === 510) {
      if (!opts.authFlow) await endSession(msg);
      throw new ApiClientError(msg || t('sessionEnded'), { returnCode: code ?? 510, status, data: envelope?.data, notified: !opts.authFlow });
    }
    if (status === 401) {
      if (opts.authFlow) throw new ApiClientError(msg || t('unauthorized'), { returnCode: code, status, data: envelope?.data });
      // 会话层面的提示不受 silent 影响：页面随即离开，表单没有机会显示
      const first = !sessionEnding;
      await unauthorized(body);
      return fail(t('unauthorized'), { title: t('unauthorizedTitle'), returnCode: code, status, data: envelope?.data, silent: !first });
    }
    if (status === 403) {
      return fail(msg || t('forbidden'), { title: t('forbidden'), returnCode: code, status, data: envelope?.data, silent: opts.silent });
    }
    if (status >= 500) {
      return fail(msg || t('serverError'), { title: t('serverError'), returnCode: code, status, data: envelope?.data, silent: opts.silent });
    }
    if (!envelope) return fail(t('responseError'), { status, silent: opts.silent });
    // 业务错误（含 400 校验失败）：信封中的 returnMsg
    return fail(msg || t('requestError'), { returnCode: code, status, data: envelope.data, silent: opts.silent });
  }

  /** 第二客户端的响应处理（x-code / x-msg） */
  async function handleBapi<T>(response: Response, opts: RequestOptions): Promise<T> {
    const xCode = response.headers.get('x-code');
    if (response.status >= 500 || xCode === null) return handleMain<T>(response, opts);
    let xMsg = response.headers.get('x-msg') ?? '';
    try {
      xMsg = decodeURIComponent(xMsg);
    } catch {
      // 未编码的消息原样使用
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const data = isEnvelope(body) ? body.data : body;
    const code = Number(xCode);
    if (code === 200) return data as T;
    if (code === 201) return fail(xMsg || t('systemError'), { returnCode: 201, status: response.status, data, silent: opts.silent });
    if (code === 202) {
      if (!opts.authFlow && !sessionEnding) {
        sessionEnding = true;
        await logout();
        deps.notify.error(t('tip'), t('tokenInvalidV2'));
        const here = deps.currentPath();
        if (!isAuthPage(here)) deps.navigate(loginUrl(here));
        else sessionEnding = false;
      }
      throw new ApiClientError(t('tokenInvalidV2'), { returnCode: 202, status: response.status, data, notified: !opts.authFlow });
    }
    // 其他码：静默拒绝
    throw new ApiClientError(xMsg || t('requestError'), { returnCode: code, status: response.status, data });
  }

  function jsonInit(method: 'POST', body: unknown): RequestInit {
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    return {
      method,
      headers: isForm ? {} : { 'Content-Type': 'application/json' },
      body: isForm ? body : JSON.stringify(body ?? {}),
    };
  }

  return {
    async get<T>(path: string, query?: Query, opts: RequestOptions = {}) {
      return handleMain<T>(await send(apiUrl(path, { ...opts.query, ...query }), { method: 'GET' }, opts), opts);
    },
    async post<T>(path: string, body?: unknown, opts: RequestOptions = {}) {
      return handleMain<T>(await send(apiUrl(path, opts.query), jsonInit('POST', body), opts), opts);
    },
    async bapiGet<T>(path: string, query?: Query, opts: RequestOptions = {}) {
      return handleBapi<T>(await send(apiUrl(path, { ...opts.query, ...query }), { method: 'GET' }, opts), opts);
    },
    async bapiPost<T>(path: string, body?: unknown, opts: RequestOptions = {}) {
      return handleBapi<T>(await send(apiUrl(path, opts.query), jsonInit('POST', body), opts), opts);
    },
    async download(path: string, body?: unknown, opts: DownloadOptions = {}) {
      const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
      const init: RequestInit = method === 'GET' ? { method } : jsonInit('POST', body);
      let response: Response;
      try {
        response = await deps.fetch(apiUrl(path, opts.query), {
          credentials: 'same-origin',
          ...init,
          signal: opts.signal,
          headers: { ...(init.headers as Record<string, string>), ...RESPOND_ASYNC, ...opts.headers },
        });
      } catch (err) {
        if ((err as { name?: string } | null)?.name === 'AbortError') throw err;
        return fail(t('downloadError'), { cause: err, silent: opts.silent });
      }
      const type = (response.headers.get('content-type') ?? '').toLowerCase();
      if (!response.ok || type.includes('application/json')) {
        // 出错时服务端回的是信封：会话失效照常处理，其余一律"下载出错"
        let body: unknown;
        try {
          body = await response.json();
        } catch {
          body = undefined;
        }
        const envelope = isEnvelope(body) ? body : null;
        // 数据多的导出改排成了后台任务：进度框由 taskStarted 弹出，文件在任务完成后下载；答复空文件名
        const taskId = response.ok && envelope?.returnCode === 200 ? startedTask(envelope.data) : null;
        if (taskId !== null) {
          deps.taskStarted(taskId);
          return '';
        }
        if (envelope?.returnCode === 10005) {
          await endSession(envelope.returnMsg);
          throw new ApiClientError(envelope.returnMsg, { returnCode: 10005, status: response.status, notified: true });
        }
        if (response.status === 401) {
          const first = !sessionEnding;
          await unauthorized(body);
          return fail(t('unauthorized'), { title: t('unauthorizedTitle'), returnCode: envelope?.returnCode, status: 401, silent: !first });
        }
        const detail = envelope?.returnMsg ? `${t('downloadError')}：${envelope.returnMsg}` : t('downloadError');
        return fail(detail, { returnCode: envelope?.returnCode, status: response.status, data: envelope?.data, silent: opts.silent });
      }
      let blob: Blob;
      try {
        blob = await response.blob();
      } catch (err) {
        return fail(t('downloadError'), { cause: err, status: response.status, silent: opts.silent });
      }
      const ext = EXT_OF_TYPE[type.split(';')[0].trim()] ?? 'xlsx';
      const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? opts.fileName ?? `${beijingStamp(new Date())}.${ext}`;
      deps.saveBlob(blob, name);
      return name;
    },
    logout,
    configure(next) {
      Object.assign(deps, next);
    },
  };
}

/** 页面共用的客户端实例 */
export const apiClient = createApiClient();

/** GET 请求，query 拼入查询串（undefined/null 略去，数组重复键）。路径、查询参数与答复的类型都由端点表推出（api-contract.ts） */
export function apiGet<P extends GetPath>(path: P, query?: ApiInput<'GET', P>, opts: RequestOptions = {}): Promise<ApiOutput<'GET', P>> {
  return apiClient.get(path, query as Query | undefined, opts);
}

/** POST 请求：普通对象按 JSON 发送，FormData（上传）原样发送 */
export function apiPost<P extends PostPath>(path: P, body?: ApiInput<'POST', P> | FormData, opts: RequestOptions = {}): Promise<ApiOutput<'POST', P>> {
  return apiClient.post(path, body, opts);
}

/** /bapi/* 的 GET（第二客户端：x-code / x-msg） */
export function bapiGet<P extends GetPath>(path: P, query?: ApiInput<'GET', P>, opts: RequestOptions = {}): Promise<ApiOutput<'GET', P>> {
  return apiClient.bapiGet(path, query as Query | undefined, opts);
}

/** /bapi/* 的 POST（第二客户端：x-code / x-msg） */
export function bapiPost<P extends PostPath>(path: P, body?: ApiInput<'POST', P> | FormData, opts: RequestOptions = {}): Promise<ApiOutput<'POST', P>> {
  return apiClient.bapiPost(path, body, opts);
}

/**
 * 配置好的调用（列表、导入与选项的框架）：路径在配置处已按端点表检查（PostPath / GetPath），运行时才确定是哪一个端点，
 * 答复的形状由框架按配置解释（列表行、导入预览）。界面里直接写的调用用上面的 apiGet / apiPost。
 */
export function callConfigured<T>(method: 'GET' | 'POST', path: GetPath | PostPath, params?: unknown, opts: RequestOptions = {}): Promise<T> {
  const bapi = path.startsWith('/bapi/');
  if (method === 'GET') return bapi ? apiClient.bapiGet<T>(path, params as Query | undefined, opts) : apiClient.get<T>(path, params as Query | undefined, opts);
  return bapi ? apiClient.bapiPost<T>(path, params ?? {}, opts) : apiClient.post<T>(path, params ?? {}, opts);
}

/** 导出下载：body 给出时 POST，否则 GET；按服务端文件名保存，失败提示"下载出错" */
export function apiDownload<P extends GetPath | PostPath>(path: P, body?: ApiInput<'POST', P> | Record<string, unknown>, opts: DownloadOptions = {}): Promise<string> {
  return apiClient.download(path, body, opts);
}

/** 退出登录（页头的"退出登录"、强制改密后等）：通知服务端并清除客户端标记 */
export function apiLogout(): Promise<void> {
  return apiClient.logout();
}
