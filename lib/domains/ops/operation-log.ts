// 操作日志：调度器在每个请求成功后交来 OperationRecord，这里决定记不记、脱敏、一次插入一行；
// 以及列表、导出与按实体查变更历史（供机构变更记录等使用）。
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { SessionUser } from '@/lib/platform/auth/session';
import type { OperationRecord } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { MENU_TREE, type ResourceDef } from '../access/menu-tree';
import { operationLogs, type StoredChange } from './tables';
import { beijingDay, type OperationLogFilter } from './schemas';
import { escapeLike } from '@/lib/platform/db/like';
import { maskPersonal } from '@/lib/platform/identity/mask';
import { DEFAULT_LOCALE, type Locale } from '@/lib/i18n';
import { resourceTitle } from '@/lib/i18n/menu';
import { log } from '@/lib/platform/log';
import { appendChained, asStored, chainHash, type ChainTable } from '@/lib/platform/audit/chain';
import type { TaskChanges } from '@/lib/platform/task/registry';
import { users } from '../user/tables';

/** 已记在登录日志里的端点（登录、退出、验证码、找回密码），不再记操作日志 */
const LOGIN_LOG_ENDPOINTS = new Set([
  'POST /user/login',
  'POST /user/loginV2',
  'POST /account/sms',
  'POST /user/ssoLogin',
  'POST /user/onePlatformLogin',
  'GET /user/ssoConfig',
  'GET /user/logout',
  'GET /user/sendVerCode',
  'POST /user/sendUpdateMobileSmsCode',
  'POST /user/recoverPassword',
]);

/** 口令、令牌、密钥、验证码与上传文件不进日志 */
const SECRET_KEY = /pass(word)?|pwd|token|secret|captcha|smscode|vercode|credential/i;
const MAX_STRING = 500;
const MAX_ARRAY = 50;
const MAX_DEPTH = 5;
const MAX_JSON = 16_000;

/** JSON 列存得下的文本：不成对的代理项换成 �，去掉 NUL（jsonb 拒收二者，整行日志会写不进去） */
const storable = (text: string) => text.toWellFormed().replaceAll('\u0000', '');

function redactValue(value: unknown, depth: number, key = ''): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') {
    // 身份证号与手机号只留前后几位：日志可被市级管理员导出
    const masked = storable(maskPersonal(key, value));
    return masked.length > MAX_STRING ? `${masked.slice(0, MAX_STRING)}…（共 ${masked.length} 字）` : masked;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    const name = (value as File).name;
    return `[文件${name ? ` ${name}` : ''}，${value.size} 字节]`;
  }
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ARRAY).map((v) => redactValue(v, depth + 1, key));
    if (value.length > MAX_ARRAY) items.push(`…（共 ${value.length} 项）`);
    return items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [rawKey, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined) continue;
      const k = storable(rawKey);
      if (SECRET_KEY.test(k)) out[k] = '******';
      else if (k === 'file' || (typeof Blob !== 'undefined' && v instanceof Blob)) out[k] = redactValue(v instanceof Blob ? v : '[文件]', depth + 1);
      else out[k] = redactValue(v, depth + 1, k);
    }
    return out;
  }
  return String(value);
}

/** 脱敏并限制大小；超长的整体只留前一段文字 */
export function redact(value: unknown): unknown {
  const cleaned = redactValue(value, 0);
  const json = JSON.stringify(cleaned ?? null);
  return json.length > MAX_JSON ? { truncated: true, preview: json.slice(0, 2000) } : cleaned;
}

/** 按名称看是查询的接口（listUsers、roleInfo、resTree、getList…）；导出不算，导出数据要留痕 */
const READ_NAME = /^(list|get|select|query|search|find|page|detail|view|check|count)|(List|Info|Tree|Detail|Page|Count|Options)$/;

/** 只读请求（分页列表、只要查询/查看权限、名称是查询）没有数据变更时不记，否则每次翻页、打开详情都会写一行 */
function isRead(record: OperationRecord): boolean {
  const { endpoint, key } = record;
  if (endpoint.paged) return true;
  const perms = typeof endpoint.permission === 'string' ? [endpoint.permission] : endpoint.permission;
  if (perms.length > 0 && perms.every((p) => /\.(query|get)$/.test(p))) return true;
  const last = key.split('/').pop() ?? '';
  return READ_NAME.test(last);
}

function moduleOf(record: OperationRecord): string {
  const perm = typeof record.endpoint.permission === 'string' ? record.endpoint.permission : record.endpoint.permission[0];
  const dot = perm?.lastIndexOf('.') ?? -1;
  if (perm && dot > 0) return perm.slice(0, dot).slice(0, 64);
  const path = record.key.split(' ')[1] ?? '';
  const segments = path.split('/').filter((s) => s && !['bapi', 'bks', 'v1', 'api'].includes(s));
  return (segments[0] ?? 'other').slice(0, 64);
}

const idText = (v: unknown) => (v === undefined || v === null || v === '' ? null : storable(String(v)).slice(0, 64));
const shortText = (v: string | null | undefined, max: number) => (v ? storable(v).slice(0, max) : null);

/**
 * 调度器的 recordOperation：记录已登录用户的修改类请求（以及带数据变更的任何请求），一次插入。
 * 写入在处理函数之后（处理函数的写入已提交），所以这一行必须写得进去：所有文本先变成可存的（storable），
 * 整行仍被拒时退回只有谁、何时、哪个端点、哪条记录的最小一行；连它也写不进去才抛错，调度器答 500。
 */
export async function recordOperation(record: OperationRecord): Promise<void> {
  const { key, ctx, changes } = record;
  const user = ctx.session?.user;
  if (!user || LOGIN_LOG_ENDPOINTS.has(key)) return;
  if (changes.length === 0 && (key.startsWith('GET ') || isRead(record))) return;
  // 只有谁、何时、哪个端点、哪条记录：最小记录也有的部分
  const touched = changes.map((c) => ({ entity: storable(c.entity).slice(0, 64), entityId: idText(c.entityId), detail: shortText(c.detail, 200) }));
  const detail = touched
    .map((c) => c.detail)
    .filter(Boolean)
    .join('；')
    .slice(0, 500);
  const row = {
    userId: user.id,
    account: storable(user.account).slice(0, 64),
    userName: shortText(user.realName || user.nickName, 64),
    cityId: user.cityId,
    ip: shortText(ctx.ip, 64),
    endpoint: key.slice(0, 160),
    // 端点说明的第一句即操作名（“新增角色，或给出 id 时修改” → “新增角色”）
    operation: record.endpoint.summary.split(/[：；，（(]/)[0].slice(0, 300),
    module: moduleOf(record),
    requestId: ctx.requestId,
    entity: touched[0]?.entity ?? null,
    entityId: touched[0]?.entityId ?? null,
  };
  try {
    const stored: StoredChange[] = changes.map((c, i) => ({ ...touched[i], before: redact(c.before ?? null), after: redact(c.after ?? null) }));
    await insertOperationLog(ctx.db, { ...row, input: redact(record.input), changes: stored, detail: detail || null });
  } catch (err) {
    log.error({ component: 'operation-log', err, key }, '操作日志整行写入失败，改写不含输入与改前改后的最小记录');
    await insertOperationLog(ctx.db, {
      ...row,
      input: { unrecorded: true },
      changes: touched.map((c) => ({ ...c, before: null, after: null })),
      detail: `${UNRECORDED_DETAIL}${detail ? `；${detail}` : ''}`.slice(0, 500),
    });
  }
}

export const OPERATION_LOG_CHAIN: ChainTable = { name: 'operation_log', archive: 'operation_log_archive' };

type OperationLogRow = typeof operationLogs.$inferSelect;

/**
 * 入哈希的内容：除 user_id（外键，删除用户时数据库置空）、prev_hash、hash 以外的全部列；
 * 账号、姓名、所在市在写入时抄下，删除用户后仍受保护。
 */
export function operationLogContent(r: Omit<OperationLogRow, 'userId' | 'prevHash' | 'hash'>): Record<string, unknown> {
  return {
    id: r.id,
    account: r.account,
    userName: r.userName,
    cityId: r.cityId,
    ip: r.ip,
    endpoint: r.endpoint,
    operation: r.operation,
    module: r.module,
    requestId: r.requestId,
    input: r.input,
    changes: r.changes,
    entity: r.entity,
    entityId: r.entityId,
    detail: r.detail,
    createdAt: r.createdAt,
  };
}

/** 入链插入一行：锁内一次查询（下一个 id 与最后的哈希）加一次插入 */
async function insertOperationLog(db: Db, values: Omit<OperationLogRow, 'id' | 'createdAt' | 'prevHash' | 'hash'>): Promise<void> {
  await appendChained(db, OPERATION_LOG_CHAIN, async (tx, slot) => {
    // jsonb 读回的是 JSON 往返后的值：哈希按它算
    const row = { ...values, input: asStored(values.input), changes: asStored(values.changes), id: slot.id, createdAt: slot.createdAt };
    await tx.insert(operationLogs).values({ ...row, prevHash: slot.prevHash, hash: chainHash(slot.prevHash, OPERATION_LOG_CHAIN.name, operationLogContent(row)) });
  });
}

/**
 * 后台任务（lib/platform/task）成功结束时的数据变更：与请求一样一行，端点写 TASK <种类>，请求号写 task-<编号>，
 * 操作名为任务标题。由 task-log.ts 登记给执行器。
 */
export async function recordTaskOperation(record: TaskChanges): Promise<void> {
  const { db, task, changes } = record;
  const [user] = await db
    .select({ account: users.account, realName: users.realName, nickName: users.nickName, cityId: users.cityId })
    .from(users)
    .where(eq(users.id, task.userId));
  if (!user) return;
  const touched = changes.map((c) => ({ entity: storable(c.entity).slice(0, 64), entityId: idText(c.entityId), detail: shortText(c.detail, 200) }));
  const detail = touched
    .map((c) => c.detail)
    .filter(Boolean)
    .join('；')
    .slice(0, 500);
  await insertOperationLog(db, {
    userId: task.userId,
    account: storable(user.account).slice(0, 64),
    userName: shortText(user.realName || user.nickName, 64),
    cityId: user.cityId,
    ip: null,
    endpoint: `TASK ${task.kind}`.slice(0, 160),
    operation: storable(task.title).slice(0, 300),
    module: task.kind.split('.')[0].slice(0, 64),
    requestId: `task-${task.id}`,
    entity: touched[0]?.entity ?? null,
    entityId: touched[0]?.entityId ?? null,
    input: redact(record.input),
    changes: changes.map((c, i) => ({ ...touched[i], before: redact(c.before ?? null), after: redact(c.after ?? null) })),
    detail: detail || null,
  });
}

/** 最小记录的说明：输入与改前改后没能存下 */
export const UNRECORDED_DETAIL = '（输入与改前改后未能记录）';

// ---------------------------------------------------------------- 查询

let moduleNames: Map<string, string> | undefined;
/** 资源 key → 菜单标题（模块名；列表按请求的语言，导出为中文） */
export function moduleName(module: string, locale: Locale = DEFAULT_LOCALE): string {
  if (!moduleNames) {
    moduleNames = new Map();
    const walk = (items: readonly ResourceDef[]) => {
      for (const r of items) {
        moduleNames!.set(r.key, r.title);
        if (r.children) walk(r.children);
      }
    };
    walk(MENU_TREE);
  }
  const title = moduleNames.get(module);
  return title === undefined ? module : resourceTitle(module, title, locale);
}

/** 省级看全部；市级看本市用户的操作；其他人只看自己的 */
function scope(user: SessionUser): SQL | undefined {
  if (user.level === 'province') return undefined;
  if (user.level === 'city' && user.cityId !== null) return eq(operationLogs.cityId, user.cityId);
  return eq(operationLogs.userId, user.id);
}

/** 含某实体变更的日志：changes 里任一条匹配（GIN 索引上的 jsonb 包含查询） */
function touches(entity: string, entityId?: string): SQL {
  const probe = JSON.stringify([entityId === undefined ? { entity } : { entity, entityId }]);
  return sql`${operationLogs.changes} @> ${probe}::jsonb`;
}


function filterWhere(user: SessionUser, f: z.output<typeof OperationLogFilter>): SQL | undefined {
  return and(
    scope(user),
    f.account ? ilike(operationLogs.account, `%${escapeLike(f.account)}%`) : undefined,
    f.module ? eq(operationLogs.module, f.module) : undefined,
    f.entity ? touches(f.entity, f.entityId) : undefined,
    f.createdStart ? gte(operationLogs.createdAt, beijingDay(f.createdStart)) : undefined,
    f.createdEnd ? lt(operationLogs.createdAt, beijingDay(f.createdEnd, true)) : undefined,
    f.keyword
      ? or(
          ilike(operationLogs.operation, `%${escapeLike(f.keyword)}%`),
          ilike(operationLogs.detail, `%${escapeLike(f.keyword)}%`),
          ilike(operationLogs.endpoint, `%${escapeLike(f.keyword)}%`),
          ilike(operationLogs.userName, `%${escapeLike(f.keyword)}%`),
        )
      : undefined,
  );
}

const listColumns = {
  id: operationLogs.id,
  userId: operationLogs.userId,
  account: operationLogs.account,
  userName: operationLogs.userName,
  ip: operationLogs.ip,
  endpoint: operationLogs.endpoint,
  operation: operationLogs.operation,
  module: operationLogs.module,
  requestId: operationLogs.requestId,
  input: operationLogs.input,
  changes: operationLogs.changes,
  entity: operationLogs.entity,
  entityId: operationLogs.entityId,
  detail: operationLogs.detail,
  createdAt: operationLogs.createdAt,
};

type Row = Omit<typeof operationLogs.$inferSelect, 'cityId' | 'prevHash' | 'hash'>;

function toItem(r: Row, locale: Locale) {
  return { ...r, moduleName: moduleName(r.module, locale), changes: r.changes ?? [] };
}

export async function listOperationLogs(
  db: Db,
  user: SessionUser,
  f: z.output<typeof OperationLogFilter>,
  page: Page,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PageResult<ReturnType<typeof toItem>>> {
  const where = filterWhere(user, f);
  const { list: rows, total } = await fetchPage(
    page,
    db.select(listColumns).from(operationLogs).where(where).orderBy(desc(operationLogs.createdAt), desc(operationLogs.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(operationLogs).where(where),
  );
  return { list: (rows as Row[]).map((r) => toItem(r, locale)), total };
}

export async function exportOperationLogs(db: Db, user: SessionUser, f: z.output<typeof OperationLogFilter>) {
  const where = filterWhere(user, f);
  return exportXlsx({
    sheetName: '操作日志',
    // 后台导出任务的百分比：同样的筛选与范围
    count: async () => (await db.select({ n: sql<number>`count(*)::int` }).from(operationLogs).where(where))[0].n,
    columns: [
      { header: '时间', key: 'createdAt', width: 20 },
      { header: '账号', key: 'account' },
      { header: '姓名', key: 'userName' },
      { header: 'IP', key: 'ip' },
      { header: '模块', key: 'module', format: (v) => moduleName(String(v)) },
      { header: '操作', key: 'operation', width: 40 },
      { header: '说明', key: 'detail', width: 40 },
      { header: '接口', key: 'endpoint', width: 30 },
      { header: '请求编号', key: 'requestId', width: 38 },
    ],
    // 按 id 倒序的键集分页
    rows: keysetBatches(
      (last: number | null, limit) =>
        db
          .select(listColumns)
          .from(operationLogs)
          .where(and(where, last === null ? undefined : lt(operationLogs.id, last)))
          .orderBy(desc(operationLogs.id))
          .limit(limit) as Promise<Row[]>,
      (r) => r.id,
    ),
  });
}

/** 某个实体的变更历史（新到旧）：每条日志里只留与该实体有关的变更。 */
export async function operationHistory(db: Db, entity: string, entityId: string | number, limit = 200) {
  const id = String(entityId);
  const rows = await db
    .select(listColumns)
    .from(operationLogs)
    .where(touches(entity, id))
    .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
    .limit(limit);
  return (rows as Row[]).map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    account: r.account,
    userName: r.userName,
    ip: r.ip,
    operation: r.operation,
    changes: (r.changes ?? []).filter((c) => c.entity === entity && c.entityId === id),
  }));
}
