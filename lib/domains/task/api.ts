// 后台任务（「我的任务」）：任一已登录用户，只涉及本人发起的任务。发起在各领域的端点里（带 background: true）。
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { TaskIdInput } from './schemas';
import { cancelTask, downloadTaskFile, getTask, listTasks } from './service';

export const taskApi = {
  'GET /task/get': endpoint({
    summary: '本人的一个后台任务：状态、进度（done/total、percent）、错误、结果，完成后是否有文件可下载',
    permission: 'login',
    input: TaskIdInput,
    handle: (input, ctx) => getTask(ctx.db, ctx.user().id, input),
  }),
  'POST /task/list': endpoint({
    summary: '本人的后台任务分页列表，最新在前（「我的任务」）',
    permission: 'login',
    paged: true,
    handle: ({ page }, ctx) => listTasks(ctx.db, ctx.user().id, {}, page),
  }),
  'POST /task/cancel': endpoint({
    summary: '取消本人排队中或执行中的任务（执行中的在下一次报告进度时停下，不留结果）',
    permission: 'login',
    input: TaskIdInput,
    handle: (input, ctx) => cancelTask(ctx.db, sessionOf(ctx), input),
  }),
  'GET /task/download': endpoint({
    produces: 'file',
    summary: '下载本人已完成任务产出的文件（PDF、Excel 等）',
    permission: 'login',
    input: TaskIdInput,
    handle: (input, ctx) => downloadTaskFile(ctx.db, ctx.user().id, input),
  }),
} satisfies EndpointTable;
