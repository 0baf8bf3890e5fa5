// 定时任务：代码里定义的任务（清理过期会话、导入错误文件、上传临时文件、限流计数、短信验证码、归档过期日志与校验日志链），库里存周期、启停与执行记录。
// 执行时先在事务里以 SELECT … FOR UPDATE SKIP LOCKED 锁住任务行：多个实例（或定时与手动同时触发）只有一个在跑，
// 其余直接跳过；任务体在保存点里执行，失败只回滚任务本身，执行记录照常写入。
import { and, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { log } from '@/lib/platform/log';
import { recordJobRun } from '@/lib/platform/ops/metrics';
import type { Page } from '@/lib/platform/api/paging';
import { purgeImportErrorFiles, ERROR_FILE_TTL_HOURS } from '@/lib/platform/excel/error-file';
import { purgeStaleTempFiles, TEMP_STALE_HOURS } from '@/lib/platform/storage/temp';
import { purgeRateLimits } from '@/lib/platform/http/rate-limit';
import { purgePushEvents } from '@/lib/platform/push';
import { smsCodes, userSessions } from '../user/tables';
import { purgeUnreferencedFiles } from '../file/service';
import { purgeFinishedTasks } from '../task/service';
import { REBUILD_INTERVAL_MINUTES, REFRESH_INTERVAL_MINUTES, rebuildDashboardDaily, refreshDashboardDaily } from '../dashboard/daily';
import { scheduleJobRuns, scheduleJobs } from './tables';
import { archiveAuditLogs, dailyAuditVerify, MIN_AUDIT_RETENTION_DAYS } from './audit-chain';
import { runOutboxJob } from './outbox';
import type { JobSaveInput } from './schemas';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

export interface JobDefinition {
  code: string;
  name: string;
  description: string;
  intervalMinutes: number;
  /** 清理类任务的默认保留天数；null 表示不用此参数 */
  retentionDays: number | null;
  /** 执行任务，返回影响的行数 */
  run(db: Db, retentionDays: number | null): Promise<number>;
  /**
   * 任务体自己管理事务（如外发投递：发送不能在持有锁的事务里等网络，PGlite 上事务外的写入还会等事务结束）：
   * 锁内只确认到期并记下开始时间，任务体在事务之外执行，之后再记执行记录。
   */
  ownTransactions?: boolean;
  /** 定时触发、没有处理任何行时不写执行记录（每分钟执行的任务不让执行记录表每天多出上千行） */
  quietWhenIdle?: boolean;
}

export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  {
    code: 'session.cleanup',
    name: '清理过期会话',
    description: '删除过期或已吊销超过保留天数的登录会话',
    intervalMinutes: 60,
    retentionDays: 7,
    async run(db, retentionDays) {
      const before = daysAgo(retentionDays ?? 7);
      const rows = await db
        .delete(userSessions)
        .where(or(lt(userSessions.expiresAt, before), and(isNotNull(userSessions.revokedAt), lt(userSessions.revokedAt, before))))
        .returning({ id: userSessions.id });
      return rows.length;
    },
  },
  {
    code: 'importErrors.purge',
    name: '清理导入错误文件',
    description: `删除生成超过 ${ERROR_FILE_TTL_HOURS} 小时的导入错误工作簿`,
    intervalMinutes: 60,
    retentionDays: null,
    run: (db) => purgeImportErrorFiles(db),
  },
  {
    code: 'uploadTemp.purge',
    name: '清理上传临时文件',
    description: `删除超过 ${TEMP_STALE_HOURS} 小时没有改动的上传临时目录（进程在上传中途退出时留下的）`,
    intervalMinutes: 60,
    retentionDays: null,
    run: () => purgeStaleTempFiles(),
  },
  {
    code: 'rateLimit.purge',
    name: '清理限流计数',
    description: '删除窗口已结束一天以上的限流计数（如账号查重的每 IP 计数）',
    intervalMinutes: 24 * 60,
    retentionDays: null,
    run: (db) => purgeRateLimits(db),
  },
  {
    code: 'push.purge',
    name: '清理推送事件',
    description: '删除早于保留天数的推送事件（断线更久的浏览器重连时不再逐条补发，改为整体刷新）',
    intervalMinutes: 60,
    retentionDays: 1,
    run: (db, retentionDays) => purgePushEvents(db, Math.max(1, retentionDays ?? 1) * 24),
  },
  {
    code: 'smsCode.cleanup',
    name: '清理短信验证码',
    description: '删除发送超过保留天数的短信验证码记录（当天的记录用于限频，须保留）',
    intervalMinutes: 24 * 60,
    retentionDays: 2,
    async run(db, retentionDays) {
      // 至少保留 1 天：每日发送条数按当天记录计算
      const rows = await db
        .delete(smsCodes)
        .where(lt(smsCodes.createdAt, daysAgo(Math.max(1, retentionDays ?? 2))))
        .returning({ id: smsCodes.id });
      return rows.length;
    },
  },
  {
    code: 'auditLog.archive',
    name: '归档过期日志',
    description: `把早于保留天数的操作日志与登录日志移入归档表（operation_log_archive、login_log_archive），不删除；保留天数至少 ${MIN_AUDIT_RETENTION_DAYS} 天（等保三级：日志至少保留六个月），也不少于 AUDIT_RETENTION_DAYS`,
    intervalMinutes: 24 * 60,
    retentionDays: MIN_AUDIT_RETENTION_DAYS,
    run: (db, retentionDays) => archiveAuditLogs(db, retentionDays),
  },
  {
    code: 'auditLog.verify',
    name: '校验日志防篡改链',
    description: '逐行核对操作日志与登录日志（含归档）的 SM3 链；发现断裂时通知持有系统日志权限的省级用户（同一处只通知一次）',
    intervalMinutes: 24 * 60,
    retentionDays: null,
    run: (db) => dailyAuditVerify(db),
  },
  {
    code: 'file.purgeUnreferenced',
    name: '清理未使用的上传文件',
    description: '删除上传超过保留天数（默认 1 天）仍没有任何记录引用的文件，以及没有确认的直传',
    intervalMinutes: 60,
    retentionDays: 1,
    run: (db, retentionDays) => purgeUnreferencedFiles(db, Math.max(1, retentionDays ?? 1) * 24),
  },
  {
    code: 'task.purge',
    name: '清理后台任务',
    description: '删除结束超过保留天数（默认 7 天）的后台任务（「我的任务」）及其产出的文件',
    intervalMinutes: 24 * 60,
    retentionDays: 7,
    run: (db, retentionDays) => purgeFinishedTasks(db, Math.max(1, retentionDays ?? 7)),
  },
  {
    code: 'dashboard.refresh',
    name: '刷新看板汇总',
    description: '重算数据大屏按日汇总表（dashboard_daily）的今天、昨天与最近有改动的日期；表为空时全量重算',
    intervalMinutes: REFRESH_INTERVAL_MINUTES,
    retentionDays: null,
    run: (db) => refreshDashboardDaily(db),
  },
  {
    code: 'dashboard.rebuild',
    name: '重建看板汇总',
    description: '全量重算数据大屏按日汇总表（dashboard_daily），补上删除的记录等增量刷新看不到的变化',
    intervalMinutes: REBUILD_INTERVAL_MINUTES,
    retentionDays: null,
    run: (db) => rebuildDashboardDaily(db),
  },
  {
    code: 'outbox.deliver',
    name: '投递外发队列',
    description: '投递外发队列里到期的记录（国网上报、求实平台、短信）：失败的按退避重试，用完次数为失败；删除送达超过保留天数的记录',
    intervalMinutes: 1,
    retentionDays: 30,
    ownTransactions: true,
    quietWhenIdle: true,
    run: (db, retentionDays) => runOutboxJob(db, retentionDays),
  },
];

const definitionOf = (code: string) => JOB_DEFINITIONS.find((d) => d.code === code);

/** 种子与“保存”用：缺少的已知任务按默认值补上 */
export async function ensureJobs(db: Db): Promise<void> {
  await db
    .insert(scheduleJobs)
    .values(JOB_DEFINITIONS.map((d) => ({ code: d.code, name: d.name, description: d.description, intervalMinutes: d.intervalMinutes, retentionDays: d.retentionDays })))
    .onConflictDoNothing({ target: scheduleJobs.code });
}

export type JobRun = typeof scheduleJobRuns.$inferSelect;

/**
 * 执行一个任务并记一条执行记录。拿不到锁（另一处正在执行）时返回 null。
 * onlyIfDue：定时触发时在锁内再确认一次“已到期且启用”，避免两个实例先后各跑一次。
 */
export async function runJob(db: Db, code: string, opts: { trigger: 'schedule' | 'manual'; userId?: number; onlyIfDue?: boolean }): Promise<JobRun | null> {
  const definition = definitionOf(code);
  if (!definition) throw ApiError.notFound(`任务 ${code} 不存在`);
  if (definition.ownTransactions) return runJobOutside(db, definition, opts);
  const run = await db.transaction(async (tx) => {
    const [job] = await tx.select().from(scheduleJobs).where(eq(scheduleJobs.code, code)).for('update', { skipLocked: true });
    if (!job) return null;
    if (opts.onlyIfDue) {
      const due = job.enabled && (!job.lastRunAt || job.lastRunAt.getTime() + job.intervalMinutes * 60_000 <= Date.now());
      if (!due) return null;
    }
    const startedAt = new Date();
    let status: 'success' | 'failed' = 'success';
    let rows = 0;
    let message: string;
    try {
      rows = await tx.transaction((sp) => definition.run(sp, job.retentionDays));
      message = `完成，处理 ${rows} 条`;
    } catch (err) {
      status = 'failed';
      message = `失败：${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
      log.error({ component: 'job', err, job: code, trigger: opts.trigger }, '定时任务执行出错');
    }
    const finishedAt = new Date();
    const [run] = await tx
      .insert(scheduleJobRuns)
      .values({ jobId: job.id, trigger: opts.trigger, triggeredBy: opts.userId ?? null, startedAt, finishedAt, status, message, rowsAffected: rows })
      .returning();
    await tx.update(scheduleJobs).set({ lastRunAt: startedAt, lastStatus: status, lastMessage: message }).where(eq(scheduleJobs.id, job.id));
    return run;
  });
  // 提交之后才计数；null：别处正在执行或（定时触发时）已不到期
  recordJobRun(code, opts.trigger, run?.status ?? 'skipped');
  return run;
}

const failureText = (err: unknown) => `失败：${err instanceof Error ? err.message : String(err)}`.slice(0, 500);

/**
 * ownTransactions 的任务：锁内确认到期并把上次执行时间记为现在（别的实例随即看到它不到期），提交后在事务之外执行任务体。
 * 同一任务手动与定时同时执行时两边都会跑：这样的任务体自己保证并发安全（外发投递按行 SKIP LOCKED 领取）。
 */
async function runJobOutside(db: Db, definition: JobDefinition, opts: { trigger: 'schedule' | 'manual'; userId?: number; onlyIfDue?: boolean }): Promise<JobRun | null> {
  const startedAt = new Date();
  const job = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(scheduleJobs).where(eq(scheduleJobs.code, definition.code)).for('update', { skipLocked: true });
    if (!row) return null;
    if (opts.onlyIfDue && !(row.enabled && (!row.lastRunAt || row.lastRunAt.getTime() + row.intervalMinutes * 60_000 <= startedAt.getTime()))) return null;
    await tx.update(scheduleJobs).set({ lastRunAt: startedAt }).where(eq(scheduleJobs.id, row.id));
    return row;
  });
  if (!job) {
    recordJobRun(definition.code, opts.trigger, 'skipped');
    return null;
  }
  let status: 'success' | 'failed' = 'success';
  let rows = 0;
  let message: string;
  try {
    rows = await definition.run(db, job.retentionDays);
    message = `完成，处理 ${rows} 条`;
  } catch (err) {
    status = 'failed';
    message = failureText(err);
    log.error({ component: 'job', err, job: definition.code, trigger: opts.trigger }, '定时任务执行出错');
  }
  const values = { jobId: job.id, trigger: opts.trigger, triggeredBy: opts.userId ?? null, startedAt, finishedAt: new Date(), status, message, rowsAffected: rows };
  await db.update(scheduleJobs).set({ lastStatus: status, lastMessage: message }).where(eq(scheduleJobs.id, job.id));
  recordJobRun(definition.code, opts.trigger, status);
  if (definition.quietWhenIdle && opts.trigger === 'schedule' && status === 'success' && rows === 0) return { id: 0, ...values };
  const [run] = await db.insert(scheduleJobRuns).values(values).returning();
  return run;
}

/** 已到期的启用任务的编码 */
export async function dueJobCodes(db: Db): Promise<string[]> {
  const rows = await db
    .select({ code: scheduleJobs.code })
    .from(scheduleJobs)
    .where(
      and(
        eq(scheduleJobs.enabled, true),
        or(sql`${scheduleJobs.lastRunAt} is null`, sql`${scheduleJobs.lastRunAt} + make_interval(mins => ${scheduleJobs.intervalMinutes}) <= now()`),
      ),
    );
  return rows.map((r) => r.code).filter((c) => definitionOf(c));
}

// ---------------------------------------------------------------- 端点用

const jobItem = (j: typeof scheduleJobs.$inferSelect) => ({
  ...j,
  nextRunAt: j.enabled ? new Date(Math.max(Date.now(), (j.lastRunAt?.getTime() ?? 0) + j.intervalMinutes * 60_000)) : null,
  statusName: j.enabled ? '启用' : '停用',
});

export async function listJobs(db: Db, page: Page) {
  return fetchPage(
    page,
    db.select().from(scheduleJobs).orderBy(scheduleJobs.id),
    db.select({ total: sql<number>`count(*)::int` }).from(scheduleJobs),
    (rows) => rows.map(jobItem),
  );
}

async function findJob(db: Db, code: string) {
  const [job] = await db.select().from(scheduleJobs).where(eq(scheduleJobs.code, code));
  if (!job) throw ApiError.notFound(`任务 ${code} 不存在`);
  return job;
}

/** 修改周期、保留天数与启停；只能新增代码里已有实现的任务 */
export async function saveJob(db: Db, session: Session, input: z.output<typeof JobSaveInput>, audit: Audit) {
  const definition = definitionOf(input.code);
  if (!definition) throw ApiError.badRequest(`未知的任务编码 ${input.code}：只能配置系统内置的任务`, { code: '未知的任务编码' });
  const [existing] = await db.select().from(scheduleJobs).where(eq(scheduleJobs.code, input.code));
  if (definition.retentionDays === null && input.retentionDays !== undefined && input.retentionDays !== null) {
    throw ApiError.badRequest('该任务没有保留天数参数', { retentionDays: '该任务没有保留天数参数' });
  }
  const values = {
    intervalMinutes: input.intervalMinutes,
    retentionDays: definition.retentionDays === null ? null : (input.retentionDays ?? existing?.retentionDays ?? definition.retentionDays),
    enabled: input.enabled ?? existing?.enabled ?? true,
    updatedAt: new Date(),
  };
  let saved;
  if (existing) {
    [saved] = await db.update(scheduleJobs).set(values).where(eq(scheduleJobs.id, existing.id)).returning();
  } else {
    [saved] = await db.insert(scheduleJobs).values({ code: definition.code, name: definition.name, description: definition.description, ...values }).returning();
  }
  audit({ entity: 'schedule_job', entityId: saved.code, before: existing ?? null, after: saved, detail: `${existing ? '修改' : '新增'}定时任务 ${saved.name}` });
  return jobItem(saved);
}

export async function setJobEnabled(db: Db, session: Session, { code, enabled }: { code: string; enabled: boolean }, audit: Audit) {
  const before = await findJob(db, code);
  const [after] = await db.update(scheduleJobs).set({ enabled, updatedAt: new Date() }).where(eq(scheduleJobs.id, before.id)).returning();
  audit({ entity: 'schedule_job', entityId: code, before: { enabled: before.enabled }, after: { enabled }, detail: `${enabled ? '启用' : '停用'}定时任务 ${before.name}` });
  return jobItem(after);
}

export async function runJobNow(db: Db, session: Session, code: string, audit: Audit) {
  const job = await findJob(db, code);
  const run = await runJob(db, code, { trigger: 'manual', userId: session.user.id });
  if (!run) throw ApiError.conflict(`任务“${job.name}”正在执行，请稍后再试`);
  audit({ entity: 'schedule_job', entityId: code, after: { status: run.status, rowsAffected: run.rowsAffected }, detail: `手动执行定时任务 ${job.name}：${run.message}` });
  return run;
}

export async function listJobRuns(db: Db, code: string, page: Page) {
  const job = await findJob(db, code);
  const where = eq(scheduleJobRuns.jobId, job.id);
  const { list: list, total } = await fetchPage(
    page,
    db.select().from(scheduleJobRuns).where(where).orderBy(desc(scheduleJobRuns.startedAt), desc(scheduleJobRuns.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(scheduleJobRuns).where(where),
  );
  return { list: list.map((r) => ({ ...r, jobCode: job.code, jobName: job.name })), total };
}
