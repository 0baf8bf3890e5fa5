// 运维：操作日志、登录日志、在线用户、定时任务、设备。
import './task-log';
import { endpoint, type EndpointTable, sessionOf } from '@/lib/platform/api/endpoint';
import { deleteDevices, listDevices, saveDevice } from './devices';
import { listJobRuns, listJobs, runJobNow, saveJob, setJobEnabled } from './jobs';
import { exportOperationLogs, listOperationLogs } from './operation-log';
import { exportLoginLogs, forceLogout, listLoginLogs, listOnlineSessions } from './sessions';
import { serverStatus } from './server-status';
import { listOutbox, outboxChannels, retryOutbox } from './outbox';
import { OutboxFilter, OutboxIdInput } from './outbox-schemas';
import { compareOrganisation, organisationRecords } from './org-history';
import { ChangeInput, OrgIdInput } from '../org/schemas';
import {
  DeviceFilter,
  DeviceIdInput,
  DeviceIdsInput,
  DeviceSaveInput,
  ForceLogoutInput,
  JobCodeInput,
  JobRunsInput,
  JobSaveInput,
  LoginLogFilter,
  OnlineFilter,
  OperationLogFilter,
} from './schemas';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';
import { localeOfRequest } from '@/lib/i18n/request';

export const opsApi = {
  // 机构的变更记录（读操作日志，见 org-history.ts）
  'GET /sys/orgination/toOperationRecord': endpoint({
    summary: '机构的变更记录（取自操作日志，新到旧）',
    permission: 'organization.get',
    input: OrgIdInput,
    handle: ({ id }, ctx) => organisationRecords(ctx.db, ctx.user(), id),
  }),
  'GET /sys/orgination/comparison': endpoint({
    summary: '机构某次变更（默认最近一次）的前后对比，逐字段标出改动',
    permission: 'organization.get',
    input: ChangeInput,
    handle: ({ id, logId }, ctx) => compareOrganisation(ctx.db, ctx.user(), id, logId),
  }),
  // 操作日志
  'POST /perOperationLog/listPerOperationLog': endpoint({
    summary: '操作日志分页列表（谁、何时、哪个接口、改前改后）；可按账号、模块、实体、日期区间、关键字筛选；市级管理员看本市用户的操作，其他人只看自己的',
    permission: 'sysLog.query',
    input: OperationLogFilter,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listOperationLogs(ctx.db, ctx.user(), filter, page, localeOfRequest(ctx.request)),
  }),
  'POST /sys/log/export': endpoint({
    asTask: 'export',
    summary: '按当前筛选条件导出操作日志（xlsx）',
    permission: 'sysLog.export',
    input: OperationLogFilter,
    handle: (filter, ctx) => exportOperationLogs(ctx.db, ctx.user(), filter),
  }),
  // 登录日志
  'POST /sys/loginLog/list': endpoint({
    summary: '登录日志分页列表（登录成功、失败、锁定、退出）；可按账号、结果、IP、日期区间筛选',
    permission: 'sysLog.query',
    input: LoginLogFilter,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listLoginLogs(ctx.db, ctx.user(), filter, page),
  }),
  'POST /sys/loginLog/export': endpoint({
    asTask: 'export',
    summary: '按当前筛选条件导出登录日志（xlsx）',
    permission: 'sysLog.export',
    input: LoginLogFilter,
    handle: (filter, ctx) => exportLoginLogs(ctx.db, ctx.user(), filter),
  }),
  // 在线用户
  'POST /sys/online/list': endpoint({
    summary: '在线用户（未过期、未吊销的会话）分页列表：账号、姓名、IP、登录时间、最近访问、到期时间',
    permission: 'onlineUser.query',
    input: OnlineFilter,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listOnlineSessions(ctx.db, ctx.user(), filter, page, ctx.session?.token),
  }),
  'POST /sys/online/forceLogout': endpoint({
    summary: '强制下线：按 sessionId 下线一个会话，或按 userId 下线该用户全部会话；对方下一次请求得到 10005；不能下线自己',
    permission: 'onlineUser.delete',
    input: ForceLogoutInput,
    handle: (input, ctx) => forceLogout(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  // 定时任务
  'POST /sys/job/list': endpoint({
    summary: '定时任务列表：周期、启停、上次执行时间与结果、下次执行时间',
    permission: 'scheduleJob.query',
    paged: true,
    handle: ({ page }, ctx) => listJobs(ctx.db, page),
  }),
  'POST /sys/job/save': endpoint({
    summary: '修改定时任务的执行间隔、保留天数与启停；只能新增系统内置的任务编码',
    permission: 'scheduleJob.edit',
    input: JobSaveInput,
    handle: (input, ctx) => saveJob(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /sys/job/enable': endpoint({
    summary: '启用定时任务',
    permission: 'scheduleJob.enable',
    input: JobCodeInput,
    handle: ({ code }, ctx) => setJobEnabled(ctx.db, sessionOf(ctx), { code, enabled: true }, ctx.audit),
  }),
  'POST /sys/job/disable': endpoint({
    summary: '停用定时任务',
    permission: 'scheduleJob.disable',
    input: JobCodeInput,
    handle: ({ code }, ctx) => setJobEnabled(ctx.db, sessionOf(ctx), { code, enabled: false }, ctx.audit),
  }),
  'POST /sys/job/run': endpoint({
    summary: '立即执行一次定时任务（同步），返回本次执行记录；任务正在执行时答 409',
    permission: 'scheduleJob.edit',
    input: JobCodeInput,
    handle: ({ code }, ctx) => runJobNow(ctx.db, sessionOf(ctx), code, ctx.audit),
  }),
  'POST /sys/job/runs': endpoint({
    summary: '某个定时任务的执行记录（新到旧，分页）',
    permission: 'scheduleJob.query',
    input: JobRunsInput,
    paged: true,
    handle: ({ page, code }, ctx) => listJobRuns(ctx.db, code, page),
  }),
  // 外发队列（docs/OUTBOX.md）
  'POST /sys/outbox/list': endpoint({
    summary: '外发队列（国网上报、求实平台、短信）：通道、幂等键、说明、状态、尝试次数、下次尝试与最后的错误，新到旧；不含投递的内容；行上 actions 为此刻可做的（retry）',
    permission: 'outbox.query',
    input: OutboxFilter,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listOutbox(ctx.db, sessionOf(ctx), filter, page),
  }),
  'GET /sys/outbox/channels': endpoint({
    summary: '外发队列的通道（筛选项）',
    permission: 'outbox.query',
    handle: async () => outboxChannels(),
  }),
  'POST /sys/outbox/retry': endpoint({
    summary: '重试一条失败的外发记录：尝试次数清零并立即试一次，答复试后的行；只有失败且未过期的可以重试',
    permission: 'outbox.edit',
    input: OutboxIdInput,
    handle: (input, ctx) => retryOutbox(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  // 服务监控
  'GET /sys/server/status': endpoint({
    summary: '服务器状态（答复本次请求的实例）：进程运行时间、内存与 CPU、Node 版本，数据库版本、大小、连接数与连接池，迁移，定时任务最近执行，存储；仅省级管理员',
    permission: 'serverStatus.query',
    handle: (_input, ctx) => serverStatus(ctx.db, ctx.user()),
  }),
  // 设备
  'POST /sys/device/list': endpoint({
    summary: '设备分页列表（按所属机构限定范围），可按名称或编号、类型、状态、机构筛选',
    permission: 'device.query',
    input: DeviceFilter,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listDevices(ctx.db, ctx.user(), filter, page),
  }),
  'POST /sys/device/save': endpoint({
    summary: '保存设备：无 id 为新增，有 id 为修改；设备编号唯一，所属机构须在管辖范围内',
    permission: ['device.add', 'device.edit'],
    input: DeviceSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'device', input.id);
      return saveDevice(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /sys/device/del': endpoint({
    summary: '删除设备',
    permission: 'device.delete',
    input: DeviceIdInput,
    handle: ({ id }, ctx) => deleteDevices(ctx.db, sessionOf(ctx), [id], ctx.audit),
  }),
  'POST /sys/device/delBatch': endpoint({
    summary: '批量删除设备；任一台不在管辖范围内则整批不删',
    permission: 'device.delete',
    input: DeviceIdsInput,
    handle: ({ ids }, ctx) => deleteDevices(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
} satisfies EndpointTable;
