// 个人信息访问日志的端点（系统管理 › 运维监控 › 个人信息访问日志，资源 dataAccessLog）。看全个人信息的端点在各领域（如补贴的拨付名单），
// 它们都经 service.ts 的 unmaskedView。
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { AccessLogListInput } from './schemas';
import { listAccessLog } from './service';

export const privacyApi = {
  'POST /sys/dataAccessLog/list': endpoint({
    summary: '个人信息访问日志分页（新的在前）：谁在何时查看或导出了哪条记录的完整个人信息、涉及几人、理由；省级看全部，市级看本市用户的',
    permission: 'dataAccessLog.query',
    input: AccessLogListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listAccessLog(ctx.db, sessionOf(ctx), f, page),
  }),
} satisfies EndpointTable;
