// GET /api/push：推送的 SSE 流（docs/PUSH.md）。不经调度器：答复是长连接的流，不是信封；身份由授权域验明，
// 出错（未登录、会话作废、连接过多）时答与调度器相同的信封。
import { getOpenedDb } from '@/lib/platform/db/client';
import { ApiError, ReturnCode } from '@/lib/platform/api/errors';
import { openPushStream } from '@/lib/platform/push/stream';
import { pushIdentity } from '@/lib/domains/access/push';
import { localizeServerMessage } from '@/lib/i18n/server-messages';
import { localeOfRequest } from '@/lib/i18n/request';
import { log } from '@/lib/platform/log';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(request: Request): Promise<Response> {
  try {
    const opened = await getOpenedDb();
    return await openPushStream(request, opened, await pushIdentity(request, opened.db));
  } catch (err) {
    const e = err instanceof ApiError ? err : new ApiError(ReturnCode.DB_UNAVAILABLE, '推送服务暂不可用，请稍后重试');
    if (!(err instanceof ApiError)) log.warn({ component: 'push', err }, '推送连接失败');
    const returnMsg = localizeServerMessage(e.message, localeOfRequest(request));
    return Response.json({ returnCode: e.returnCode, returnMsg, data: null }, { status: e.httpStatus, headers: { 'Cache-Control': 'no-store' } });
  }
}
