// 运维相关的表：操作日志、定时任务及其执行记录、设备。
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { organisations } from '../org/tables';
import { users } from '../user/tables';

/**
 * 操作日志：每个成功的修改类请求一行（谁、何时、哪个接口、脱敏后的输入），
 * 本次请求的数据变更（ctx.audit）放在 changes（jsonb 数组）里，便于按实体查变更历史。
 * 用户账号、姓名、所在市在写入时抄下来：用户被删或调动后日志仍能说明当时是谁、仍按当时的范围可见。
 */
export const operationLogs = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    account: varchar('account', { length: 64 }).notNull(),
    userName: varchar('user_name', { length: 64 }),
    /** 操作人所在市（数据范围：市级管理员看本市用户的操作） */
    cityId: integer('city_id'),
    ip: varchar('ip', { length: 64 }),
    /** 端点键，如 'POST /account/add' */
    endpoint: varchar('endpoint', { length: 160 }).notNull(),
    /** 操作名称：端点说明 */
    operation: varchar('operation', { length: 300 }).notNull(),
    /** 模块：权限的资源 key，没有时取路径第一段 */
    module: varchar('module', { length: 64 }).notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    /** 脱敏、截断后的输入 */
    input: jsonb('input'),
    /** [{entity, entityId, before, after, detail}] */
    changes: jsonb('changes').$type<StoredChange[]>().notNull().default([]),
    /** 第一条变更的实体与主键（按实体查询用；多条变更时其余在 changes 里，经 jsonb 包含查询） */
    entity: varchar('entity', { length: 64 }),
    entityId: varchar('entity_id', { length: 64 }),
    /** 各条变更说明拼成的摘要 */
    detail: varchar('detail', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 防篡改链（lib/platform/audit/chain.ts）：上一行的 hash 与本行的 SM3；链开始前的旧行为空 */
    prevHash: varchar('prev_hash', { length: 64 }),
    hash: varchar('hash', { length: 64 }),
  },
  (t) => [
    index('operation_log_created_idx').on(t.createdAt),
    index('operation_log_user_idx').on(t.userId, t.createdAt),
    index('operation_log_city_idx').on(t.cityId, t.createdAt),
    index('operation_log_entity_idx').on(t.entity, t.entityId),
    index('operation_log_module_idx').on(t.module, t.createdAt),
    index('operation_log_changes_idx').using('gin', t.changes),
  ],
);

/**
 * 操作日志归档：超过保留期（AUDIT_RETENTION_DAYS，至少 180 天）的行由定时任务按 id 顺序原样移来（同一条语句里删与写），
 * 链在归档与在线表之间连续，audit:verify 两张表一起核对。不设外键：用户删除不再改动归档。
 */
export const operationLogArchive = pgTable(
  'operation_log_archive',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    account: varchar('account', { length: 64 }).notNull(),
    userName: varchar('user_name', { length: 64 }),
    cityId: integer('city_id'),
    ip: varchar('ip', { length: 64 }),
    endpoint: varchar('endpoint', { length: 160 }).notNull(),
    operation: varchar('operation', { length: 300 }).notNull(),
    module: varchar('module', { length: 64 }).notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    input: jsonb('input'),
    changes: jsonb('changes').$type<StoredChange[]>().notNull().default([]),
    entity: varchar('entity', { length: 64 }),
    entityId: varchar('entity_id', { length: 64 }),
    detail: varchar('detail', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    prevHash: varchar('prev_hash', { length: 64 }),
    hash: varchar('hash', { length: 64 }),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operation_log_archive_created_idx').on(t.createdAt)],
);

/**
 * 每张链式日志表的校验状态（每日校验任务写）：最后核对通过的行（之后被删掉也能发现：链尾的删除链本身看不出），
 * 已通知过管理员的断裂行（同一处断裂只通知一次）。
 */
export const auditChainStates = pgTable('audit_chain_state', {
  tableName: varchar('table_name', { length: 64 }).primaryKey(),
  verifiedId: bigint('verified_id', { mode: 'number' }),
  verifiedHash: varchar('verified_hash', { length: 64 }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** 已通知的断裂行 id；链恢复完好（如从备份恢复）后清空 */
  brokenId: bigint('broken_id', { mode: 'number' }),
  brokenReason: varchar('broken_reason', { length: 200 }),
  brokenAt: timestamp('broken_at', { withTimezone: true }),
});

export interface StoredChange {
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  detail: string | null;
}

/** 定时任务：code 对应代码里的任务实现（lib/domains/ops/jobs.ts），只能编辑周期、启停与保留天数。 */
export const scheduleJobs = pgTable(
  'schedule_job',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 300 }),
    /** 执行间隔（分钟） */
    intervalMinutes: integer('interval_minutes').notNull(),
    /** 保留天数等任务参数（清理类任务：早于该天数的数据才删） */
    retentionDays: integer('retention_days'),
    enabled: boolean('enabled').notNull().default(true),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** success / failed */
    lastStatus: varchar('last_status', { length: 16 }),
    lastMessage: varchar('last_message', { length: 500 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('schedule_job_interval_chk', sql`${t.intervalMinutes} between 1 and 525600`),
    check('schedule_job_retention_chk', sql`${t.retentionDays} is null or ${t.retentionDays} >= 0`),
  ],
);

export const scheduleJobRuns = pgTable(
  'schedule_job_run',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => scheduleJobs.id, { onDelete: 'cascade' }),
    /** schedule 定时触发 / manual 手动执行 */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    triggeredBy: integer('triggered_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** success / failed */
    status: varchar('status', { length: 16 }).notNull(),
    message: varchar('message', { length: 500 }),
    rowsAffected: integer('rows_affected').notNull().default(0),
  },
  (t) => [
    check('schedule_job_run_status_chk', sql`${t.status} in ('success', 'failed')`),
    check('schedule_job_run_trigger_chk', sql`${t.trigger} in ('schedule', 'manual')`),
    index('schedule_job_run_job_idx').on(t.jobId, t.startedAt),
  ],
);

/** 设备：考场摄像头、人脸识别终端、身份证读卡器等，归属机构；数据范围连机构表按机构所在市判断（机构调动后随之变化）。 */
export const devices = pgTable(
  'device',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    /** camera 考场摄像头 / face 人脸识别终端 / idReader 身份证读卡器 / other 其他 */
    type: varchar('type', { length: 16 }).notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    location: varchar('location', { length: 128 }),
    ip: varchar('ip', { length: 64 }),
    /** online 在线 / offline 离线 / disabled 停用 */
    status: varchar('status', { length: 16 }).notNull().default('offline'),
    remark: varchar('remark', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('device_type_chk', sql`${t.type} in ('camera', 'face', 'idReader', 'other')`),
    check('device_status_chk', sql`${t.status} in ('online', 'offline', 'disabled')`),
    index('device_org_idx').on(t.orgId),
    index('device_name_idx').on(t.name),
  ],
);
