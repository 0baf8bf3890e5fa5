// 以真实的 Request 经调度器调用接口。
import { dispatch as appDispatch } from '@/lib/api';

export type Dispatch = (request: Request) => Promise<Response>;

export interface CallOptions {
  query?: Record<string, string | number>;
  json?: unknown;
  form?: FormData;
  urlencoded?: Record<string, string>;
  headers?: Record<string, string>;
  dispatch?: Dispatch;
}

export function makeRequest(method: string, path: string, opts: CallOptions = {}): Request {
  const url = new URL(`http://localhost/api${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers = new Headers(opts.headers);
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = typeof opts.json === 'string' ? opts.json : JSON.stringify(opts.json);
  } else if (opts.form) {
    body = opts.form;
  } else if (opts.urlencoded) {
    body = new URLSearchParams(opts.urlencoded);
  }
  return new Request(url, { method, headers, body });
}

export async function call<T = unknown>(method: string, path: string, opts: CallOptions = {}) {
  const res = await (opts.dispatch ?? appDispatch)(makeRequest(method, path, opts));
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? ((await res.json()) as { returnCode: number; returnMsg: string; data: T }) : null;
  return { status: res.status, headers: res.headers, body: body!, res };
}
