// 以真实的 Request 经调度器调用接口。成功的答复（returnCode 200）按端点的输出模式（lib/api-output.generated.ts）校验：
// 答复与处理函数结果的类型（也就是 OpenAPI 与类型化客户端说的形状）不符时，测试失败。
import { dispatch as appDispatch } from '@/lib/api';
import { OUTPUT_SCHEMAS } from '@/lib/api-output.generated';
import { normalizePath } from '@/lib/platform/api/endpoint';
import { z } from 'zod';

const TASK_STARTED = z.strictObject({ taskId: z.number().int(), background: z.literal(true) });

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
  // 改排成后台任务的答复（Prefer: respond-async，docs/TASKS.md）是 { taskId, background }，不是端点平常的结果
  const background = /respond-async/i.test(res.headers.get('preference-applied') ?? '');
  if (body && res.ok && body.returnCode === 200) checkOutput(method, path, body.data, background);
  return { status: res.status, headers: res.headers, body: body!, res };
}

/** 成功答复的 data 须符合端点的输出模式（文件下载与原样的响应没有模式） */
export function checkOutput(method: string, path: string, data: unknown, background = false) {
  const key = `${method.toUpperCase()} ${normalizePath(path.split('?')[0])}`;
  const schema = background ? TASK_STARTED : OUTPUT_SCHEMAS[key];
  if (!schema) return;
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 5).map((i) => `  ${i.path.join('.') || '(data)'}: ${i.message}`);
    throw new Error(`${key} 的答复与输出模式不符（lib/api-output.generated.ts，由处理函数的结果类型生成）：\n${issues.join('\n')}`);
  }
}
