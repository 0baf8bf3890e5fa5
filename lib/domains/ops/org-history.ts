// 机构的变更记录与前后对比：读操作日志（operationHistory，按 changes 里的实体与主键匹配）。
// 放在 ops（操作日志的领域）而不是 org：机构不引用运维，运维引用机构（docs/DOMAINS.md“领域之间的依赖”）。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope } from '@/lib/platform/auth/scope';
import { formatBeijing } from '@/lib/platform/time';
import { organisations } from '../org/tables';
import { operationHistory } from './operation-log';

const ENTITY = 'organisation';

/** 对比时展示的字段及其中文名（取审计快照里的可读字段） */
const FIELDS: [key: string, label: string][] = [
  ['code', '机构编码'],
  ['name', '机构名称'],
  ['categoryName', '机构类别'],
  ['orgTypeName', '机构类型'],
  ['cityName', '所在市'],
  ['areaName', '所在区划'],
  ['parentName', '上级机构'],
  ['unifiedSocialCreditCode', '统一社会信用代码'],
  ['legalPerson', '法定代表人'],
  ['contactName', '联系人'],
  ['contactPhone', '联系电话'],
  ['address', '地址'],
  ['remark', '备注'],
  ['statusName', '状态'],
];

async function orgInScope(db: Db, user: SessionUser, id: number) {
  const [org] = await db
    .select({ id: organisations.id, name: organisations.name, areaId: organisations.areaId, cityId: organisations.cityId })
    .from(organisations)
    .where(eq(organisations.id, id));
  return assertInScope(user, org && { ...org, countyId: org.areaId, orgId: org.id }, '机构');
}

export interface OrgOperationRecord {
  id: number;
  operateTime: string;
  account: string;
  userName: string | null;
  ip: string | null;
  operation: string;
  detail: string | null;
  /** 新增 / 修改 / 删除 */
  kind: string;
}

const kindOf = (before: unknown, after: unknown) => (before == null ? '新增' : after == null ? '删除' : '修改');

/** 一个机构的变更记录，新到旧 */
export async function organisationRecords(db: Db, user: SessionUser, id: number): Promise<OrgOperationRecord[]> {
  await orgInScope(db, user, id);
  const rows = await operationHistory(db, ENTITY, id);
  return rows.map((r) => ({
    id: r.id,
    operateTime: formatBeijing(r.createdAt),
    account: r.account,
    userName: r.userName,
    ip: r.ip,
    operation: r.operation,
    detail: r.changes.map((c) => c.detail).filter(Boolean).join('；') || null,
    kind: kindOf(r.changes[0]?.before, r.changes[0]?.after),
  }));
}

export interface OrgComparison {
  logId: number;
  operateTime: string;
  operator: string;
  operation: string;
  kind: string;
  fields: { field: string; label: string; before: unknown; after: unknown; changed: boolean }[];
}

/** 某次变更（默认最近一次）的前后对比，逐字段标出是否改动 */
export async function compareOrganisation(db: Db, user: SessionUser, id: number, logId?: number): Promise<OrgComparison> {
  await orgInScope(db, user, id);
  const rows = await operationHistory(db, ENTITY, id);
  const row = logId === undefined ? rows[0] : rows.find((r) => r.id === logId);
  if (!row) throw ApiError.notFound(logId === undefined ? '该机构还没有变更记录' : '变更记录不存在');
  const change = row.changes[0];
  const before = (change.before ?? {}) as Record<string, unknown>;
  const after = (change.after ?? {}) as Record<string, unknown>;
  return {
    logId: row.id,
    operateTime: formatBeijing(row.createdAt),
    operator: row.userName || row.account,
    operation: change.detail || row.operation,
    kind: kindOf(change.before, change.after),
    fields: FIELDS.map(([field, label]) => {
      const b = before[field] ?? null;
      const a = after[field] ?? null;
      return { field, label, before: b, after: a, changed: JSON.stringify(b) !== JSON.stringify(a) };
    }),
  };
}
