// 数据字典：字典类型与字典项的查询、维护与导出。
// 取字典（下拉选项、各处的代码转文字）只取启用的项；字典管理界面看全部。
import { and, asc, count, eq, gt, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { saveRow } from '@/lib/platform/db/save-row';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { formatBeijing } from '@/lib/platform/time';
import { dictItems, dictTypes, type DictItem, type DictType } from './tables';
import { DICT_STATUS, type DictItemListInput, type DictItemSaveInput, type DictTypeSaveInput } from './schemas';
import { containsPattern } from '@/lib/platform/db/like';

export const STATUS_NAMES: Record<number, string> = { [DICT_STATUS.ENABLED]: '启用', [DICT_STATUS.DISABLED]: '停用' };

export const like = containsPattern;


export interface DictOption {
  label: string;
  value: string;
}

function typeView(t: DictType) {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    status: t.status,
    statusName: STATUS_NAMES[t.status],
    remark: t.remark,
    builtin: t.builtin,
    createTime: formatBeijing(t.createdAt),
  };
}

function itemView(i: DictItem) {
  return {
    id: i.id,
    typeCode: i.typeCode,
    dicType: i.typeCode,
    label: i.label,
    value: i.value,
    sort: i.sort,
    status: i.status,
    statusName: STATUS_NAMES[i.status],
    remark: i.remark,
    createTime: formatBeijing(i.createdAt),
  };
}

export type DictTypeView = ReturnType<typeof typeView>;
export type DictItemView = ReturnType<typeof itemView>;

// ---------- 取字典 ----------

/** 某字典启用的全部项（按 sort），供下拉选项：[{label, value}] */
export async function dictOptions(db: Db, typeCode: string): Promise<DictOption[]> {
  return db
    .select({ label: dictItems.label, value: dictItems.value })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.code, dictItems.typeCode))
    .where(and(eq(dictItems.typeCode, typeCode), eq(dictItems.status, 0), eq(dictTypes.status, 0)))
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
}

/** 某字典启用的项，分页（/sys/dict/list 与 /dict/getDictList 取项） */
export async function pageEnabledItems(db: Db, typeCode: string, keyword: string | undefined, page: Page): Promise<PageResult<DictItemView>> {
  const conds: (SQL | undefined)[] = [eq(dictItems.typeCode, typeCode), eq(dictItems.status, 0), eq(dictTypes.status, 0)];
  if (keyword) conds.push(or(ilike(dictItems.label, like(keyword)), ilike(dictItems.value, like(keyword))));
  const where = and(...conds);
  const { list: rows, total } = await fetchPage(
    page,
    db
      .select({ item: dictItems })
      .from(dictItems)
      .innerJoin(dictTypes, eq(dictTypes.code, dictItems.typeCode))
      .where(where)
      .orderBy(asc(dictItems.sort), asc(dictItems.id)),
    db.select({ total: count() }).from(dictItems).innerJoin(dictTypes, eq(dictTypes.code, dictItems.typeCode)).where(where),
  );
  return { list: rows.map((r) => itemView(r.item)), total };
}

/** 启用的字典类型，分页（/dict/getDictList 不传类型时） */
export async function pageEnabledTypes(db: Db, keyword: string | undefined, page: Page): Promise<PageResult<DictTypeView>> {
  return pageTypes(db, keyword, page, true);
}

// ---------- 字典管理 ----------

export async function pageTypes(db: Db, keyword: string | undefined, page: Page, enabledOnly = false): Promise<PageResult<DictTypeView>> {
  const conds: (SQL | undefined)[] = [];
  if (enabledOnly) conds.push(eq(dictTypes.status, 0));
  if (keyword) conds.push(or(ilike(dictTypes.code, like(keyword)), ilike(dictTypes.name, like(keyword))));
  const where = and(...conds);
  return fetchPage(
    page,
    db.select().from(dictTypes).where(where).orderBy(asc(dictTypes.id)),
    db.select({ total: count() }).from(dictTypes).where(where),
    (rows) => rows.map(typeView),
  );
}

export async function pageItems(db: Db, filter: z.output<typeof DictItemListInput>, page: Page): Promise<PageResult<DictItemView>> {
  const conds: (SQL | undefined)[] = [eq(dictItems.typeCode, filter.dicType)];
  if (filter.label) conds.push(ilike(dictItems.label, like(filter.label)));
  if (filter.value) conds.push(ilike(dictItems.value, like(filter.value)));
  if (filter.status !== undefined) conds.push(eq(dictItems.status, filter.status));
  const where = and(...conds);
  return fetchPage(
    page,
    db.select().from(dictItems).where(where).orderBy(asc(dictItems.sort), asc(dictItems.id)),
    db.select({ total: count() }).from(dictItems).where(where),
    (rows) => rows.map(itemView),
  );
}

async function typeByCode(db: Db, code: string): Promise<DictType> {
  const [t] = await db.select().from(dictTypes).where(eq(dictTypes.code, code));
  if (!t) throw ApiError.notFound('字典类型不存在');
  return t;
}

export async function saveType(db: Db, session: Session, input: z.output<typeof DictTypeSaveInput>, audit: Audit): Promise<DictTypeView> {
  const row = await saveRow(db, dictTypes, input.id, { code: input.code, name: input.name, status: input.status, remark: input.remark }, {
    audit: audit,
    entity: 'dict_type',
    notFound: '字典类型不存在',
    duplicate: `字典编码 ${input.code} 已存在`,
    updateValues: { name: input.name, status: input.status, remark: input.remark, updatedAt: new Date() },
    // 编码被字典项与业务引用，新增后不可修改
    checkBefore: (before) => {
      if (before.code !== input.code) throw ApiError.badRequest('字典编码新增后不能修改', { code: '字典编码新增后不能修改' });
    },
    detail: (r, isNew) => `${isNew ? '新增' : '修改'}字典类型 ${r.code}（${r.name}）`,
  });
  return typeView(row);
}

/**
 * 删除字典类型：内置字典（SPEC 代码表）不能删；仍有字典项的拒绝删除而不是级联——
 * 字典项的取值可能已写进业务数据，必须由管理员逐项确认删除后再删类型。
 */
export async function deleteType(db: Db, session: Session, id: number, audit: Audit): Promise<void> {
  const [before] = await db.select().from(dictTypes).where(eq(dictTypes.id, id));
  if (!before) throw ApiError.notFound('字典类型不存在');
  if (before.builtin) throw ApiError.badRequest(`「${before.name}」是系统内置字典，不能删除，可停用`);
  const [{ n }] = await db.select({ n: count() }).from(dictItems).where(eq(dictItems.typeCode, before.code));
  if (n > 0) throw ApiError.conflict(`字典「${before.name}」下还有 ${n} 个字典项，请先删除字典项再删除类型`);
  await db.delete(dictTypes).where(eq(dictTypes.id, id));
  audit({ entity: 'dict_type', entityId: id, before, detail: `删除字典类型 ${before.code}（${before.name}）` });
}

export async function saveItem(db: Db, session: Session, input: z.output<typeof DictItemSaveInput>, audit: Audit): Promise<DictItemView> {
  const type = await typeByCode(db, input.typeCode);
  const duplicate = () => ApiError.conflict(`字典「${type.name}」中已存在取值 ${input.value}`);
  const [same] = await db
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(and(eq(dictItems.typeCode, input.typeCode), eq(dictItems.value, input.value)));
  if (same && same.id !== input.id) throw duplicate();
  const values = { label: input.label, value: input.value, sort: input.sort, status: input.status, remark: input.remark };
  const row = await saveRow(db, dictItems, input.id, { typeCode: type.code, ...values }, {
    audit: audit,
    entity: 'dict_item',
    notFound: '字典项不存在',
    duplicate,
    updateValues: { ...values, updatedAt: new Date() },
    checkBefore: (before) => {
      if (before.typeCode !== type.code) throw ApiError.notFound('字典项不存在');
      // 内置字典的取值被业务数据引用：可改文字、排序、状态，不能改取值
      if (type.builtin && before.value !== input.value) throw ApiError.badRequest('内置字典项的取值不能修改', { value: '内置字典项的取值不能修改' });
    },
    detail: (r, isNew) => `字典「${type.name}」${isNew ? '新增' : '修改'} ${r.value}=${r.label}`,
  });
  return itemView(row);
}

/** 删除字典项（可批量）：内置字典的项不能删（可停用）。全部校验通过才删除。 */
export async function deleteItems(db: Db, session: Session, ids: number[], audit: Audit): Promise<{ deleted: number }> {
  const rows = await db
    .select({ item: dictItems, builtin: dictTypes.builtin, typeName: dictTypes.name })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.code, dictItems.typeCode))
    .where(inArray(dictItems.id, ids));
  if (rows.length !== new Set(ids).size) throw ApiError.notFound('字典项不存在');
  const builtin = rows.find((r) => r.builtin);
  if (builtin) throw ApiError.badRequest(`「${builtin.typeName}」是系统内置字典，其字典项不能删除，可停用`);
  await db.delete(dictItems).where(inArray(dictItems.id, ids));
  for (const r of rows) audit({ entity: 'dict_item', entityId: r.item.id, before: r.item, detail: `字典「${r.typeName}」删除 ${r.item.value}=${r.item.label}` });
  return { deleted: rows.length };
}

/** 导出字典项（可限定一个字典），流式写出 */
export async function exportItems(db: Db, typeCode: string | undefined) {
  if (typeCode) await typeByCode(db, typeCode);
  type Row = { id: number; typeCode: string; typeName: string; label: string; value: string; sort: number; status: number; remark: string | null };
  const rows = keysetBatches<Row, number>(
    (last, limit) =>
      db
        .select({
          id: dictItems.id,
          typeCode: dictItems.typeCode,
          typeName: dictTypes.name,
          label: dictItems.label,
          value: dictItems.value,
          sort: dictItems.sort,
          status: dictItems.status,
          remark: dictItems.remark,
        })
        .from(dictItems)
        .innerJoin(dictTypes, eq(dictTypes.code, dictItems.typeCode))
        .where(and(typeCode ? eq(dictItems.typeCode, typeCode) : undefined, last === null ? undefined : gt(dictItems.id, last)))
        .orderBy(asc(dictItems.id))
        .limit(limit),
    (r) => r.id,
  );
  return exportXlsx<Row>({
    sheetName: '数据字典',
    columns: [
      { header: '字典编码', key: 'typeCode', width: 22 },
      { header: '字典名称', key: 'typeName', width: 18 },
      { header: '字典标签', key: 'label', width: 24 },
      { header: '字典取值', key: 'value', width: 20 },
      { header: '排序', key: 'sort', width: 8 },
      { header: '状态', key: 'status', width: 8, format: (v) => STATUS_NAMES[v as number] },
      { header: '备注', key: 'remark', width: 30 },
    ],
    rows,
  });
}
