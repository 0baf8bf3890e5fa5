// 每个 API 请求的观测：在请求上下文里执行调度器（其间的日志都带 requestId），结束时记一行汇总日志并计入指标。
import { log, runInRequest, type RequestContext } from '@/lib/platform/log';
import { recordApiRequest, UNMATCHED_ENDPOINT } from '@/lib/platform/ops/metrics';

/**
 * 在新的请求上下文里执行 handle；调度器经 annotateRequest 填上请求号、端点、用户与返回码。
 * 汇总行（info）：method、endpoint（端点表的键）、path、status、returnCode、ms、userId，外加 mixin 给的 requestId。
 */
export function observeRequest(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const context: RequestContext = { requestId: '' };
  const started = performance.now();
  return runInRequest(context, async () => {
    let response: Response | undefined;
    try {
      response = await handle();
      return response;
    } finally {
      const ms = performance.now() - started;
      const status = response?.status ?? 500;
      // 文件下载与处理函数自己给的 Response 不经信封：按 HTTP 状态计
      const returnCode = context.returnCode ?? status;
      recordApiRequest(context.key ?? UNMATCHED_ENDPOINT, returnCode, ms / 1000);
      log.info(
        { component: 'api', method: request.method, endpoint: context.key ?? null, path: context.path, status, returnCode, ms: Math.round(ms * 10) / 10, userId: context.userId ?? null },
        'api request',
      );
    }
  });
}
