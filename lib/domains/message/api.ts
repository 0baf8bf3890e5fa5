// 站内消息（页头铃铛）：任一已登录用户，只涉及本人的消息。
import { endpoint, type EndpointTable } from '@/lib/platform/api/endpoint';
import { MarkReadInput, MessageListInput } from './schemas';
import { listMessages, markRead, unreadCount } from './service';

export const messageApi = {
  'GET /message/unreadCount': endpoint({
    summary: '本人未读消息数（页头铃铛，超过 99 显示 99+）',
    permission: 'login',
    handle: (_input, ctx) => unreadCount(ctx.db, ctx.user().id),
  }),
  'POST /message/list': endpoint({
    summary: '本人消息分页列表，最新在前，可只看未读',
    permission: 'login',
    input: MessageListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listMessages(ctx.db, ctx.user().id, filter, page),
  }),
  'POST /message/read': endpoint({
    summary: '标记已读：指定编号（只作用于本人的消息）或全部',
    permission: 'login',
    input: MarkReadInput,
    handle: (input, ctx) => markRead(ctx.db, ctx.user().id, input),
  }),
} satisfies EndpointTable;
