// 备案机构库：按市的数据范围维护登记在册的备案机构（类型 0、1、2、3、100–103），可批量导入。
import { z } from 'zod';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import type { SessionUser, Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { defineImport, importResponse, runImport } from '@/lib/platform/excel/import';
import { fetchPage } from '@/lib/platform/db/paged';
import { saveRow } from '@/lib/platform/db/save-row';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { containsPattern } from '@/lib/platform/db/like';
import { keepIfMasked, maskMobile, mobileSchema } from '@/lib/platform/identity';
import { formatBeijing } from '@/lib/platform/time';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { ORG_TYPES } from '../org/codes';
import { baseRecordOrgs } from './tables';
import { RecordOrgSaveInput, type RecordOrgListInput } from './schemas';

type RecordOrg = typeof baseRecordOrgs.$inferSelect;

const scopeOf = (user: SessionUser) => scopeWhere(user, { cityId: baseRecordOrgs.cityId, orgId: baseRecordOrgs.orgId });

function toItem(r: RecordOrg, names: { areaName: string | null; cityName: string | null; superiorName: string | null }) {
  return {
    ...r,
    ...names,
    orgTypeName: ORG_TYPES[r.orgType] ?? String(r.orgType),
    createTime: formatBeijing(r.createdAt),
    createdAt: undefined,
    updatedAt: undefined,
  };
}
export type RecordOrgItem = ReturnType<typeof toItem>;

type RecordOrgFilter = z.output<typeof RecordOrgListInput>;

function recordOrgWhere(user: SessionUser, filter: RecordOrgFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [scopeOf(user)];
  if (filter.name) conds.push(ilike(baseRecordOrgs.name, containsPattern(filter.name)));
  if (filter.orgType !== undefined) conds.push(eq(baseRecordOrgs.orgType, filter.orgType));
  if (filter.cityId) conds.push(eq(baseRecordOrgs.cityId, filter.cityId));
  return and(...conds);
}

export async function listRecordOrgs(db: Db, user: SessionUser, filter: RecordOrgFilter, page: Page): Promise<PageResult<RecordOrgItem>> {
  const where = recordOrgWhere(user, filter);
  return fetchPage(
    page,
    db.select().from(baseRecordOrgs).where(where).orderBy(desc(baseRecordOrgs.id)),
    db.select({ total: count() }).from(baseRecordOrgs).where(where),
    (rows) => withNames(db, rows),
  );
}

/** 按当前筛选导出（按 id 键集分批读取，内存占用不随条数增长） */
export function exportRecordOrgs(db: Db, user: SessionUser, filter: RecordOrgFilter) {
  const where = recordOrgWhere(user, filter);
  return exportXlsx<RecordOrgItem>({
    sheetName: '备案机构库',
    columns: [
      { header: '机构名称', key: 'name', width: 36 },
      { header: '统一社会信用代码', key: 'unifiedSocialCreditCode', width: 22 },
      { header: '机构类型', key: 'orgTypeName', width: 20 },
      { header: '所在市', key: 'cityName', width: 10 },
      { header: '所在区县', key: 'areaName', width: 12 },
      { header: '上级主管单位', key: 'superiorName', width: 28 },
      { header: '法定代表人', key: 'legalPerson', width: 12 },
      { header: '联系人', key: 'contactName', width: 10 },
      { header: '联系电话', key: 'contactPhone', width: 14 },
      { header: '地址', key: 'address', width: 36 },
      { header: '登记时间', key: 'createTime', width: 20 },
    ],
    rows: keysetBatches(
      async (last: number | null, limit) =>
        withNames(db, await db.select().from(baseRecordOrgs).where(and(where, last === null ? undefined : gt(baseRecordOrgs.id, last))).orderBy(asc(baseRecordOrgs.id)).limit(limit)),
      (r) => r.id,
    ),
  });
}

/** 批量取区划与上级单位名称（避免逐行查询） */
async function withNames(db: Db, rows: RecordOrg[]): Promise<RecordOrgItem[]> {
  const areaIds = [...new Set(rows.flatMap((r) => [r.areaId, r.cityId]).filter((x): x is number => x !== null))];
  const orgIds = [...new Set(rows.map((r) => r.superiorOrgId).filter((x): x is number => x !== null))];
  const [areaRows, orgRows] = await Promise.all([
    areaIds.length ? db.select({ id: areas.id, name: areas.name }).from(areas).where(inArray(areas.id, areaIds)) : [],
    orgIds.length ? db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, orgIds)) : [],
  ]);
  const area = new Map(areaRows.map((a) => [a.id, a.name]));
  const org = new Map(orgRows.map((o) => [o.id, o.name]));
  // 联系人手机号在列表、详情与导出里脱敏；修改时原样传回的脱敏值保留库里的号码（saveRecordOrg）
  return rows.map((r) =>
    toItem({ ...r, contactPhone: r.contactPhone ? maskMobile(r.contactPhone) : r.contactPhone }, {
      areaName: area.get(r.areaId) ?? null,
      cityName: r.cityId ? (area.get(r.cityId) ?? null) : null,
      superiorName: r.superiorOrgId ? (org.get(r.superiorOrgId) ?? null) : null,
    }),
  );
}

async function loadRecordOrg(db: Db, user: SessionUser, id: number): Promise<RecordOrg> {
  const [row] = await db.select().from(baseRecordOrgs).where(eq(baseRecordOrgs.id, id));
  return assertInScope(user, row, '备案机构');
}

export async function recordOrgInfo(db: Db, user: SessionUser, id: number): Promise<RecordOrgItem> {
  return (await withNames(db, [await loadRecordOrg(db, user, id)]))[0];
}

/** 区划 → 所在市；市级用户只能登记本市的区划 */
export async function cityOfArea(db: Db, user: SessionUser, areaId: number): Promise<number | null> {
  const [a] = await db.select().from(areas).where(eq(areas.id, areaId));
  if (!a) throw ApiError.badRequest('所在区划不存在', { areaId: '所在区划不存在' });
  const cityId = a.level === 2 ? a.id : a.level === 3 ? a.pid : null;
  if (user.level === 'city' && cityId !== user.cityId) throw ApiError.badRequest('只能登记本市的备案机构', { areaId: '只能选择本市的区划' });
  if (user.level === 'org' || user.level === 'county') throw ApiError.forbidden();
  return cityId;
}

export async function saveRecordOrg(db: Db, session: Session, input: z.output<typeof RecordOrgSaveInput>, audit: Audit): Promise<RecordOrgItem> {
  const user = session.user;
  const cityId = await cityOfArea(db, user, input.areaId);
  const stored = input.id ? await loadRecordOrg(db, user, input.id) : null;
  const [dup] = await db.select({ id: baseRecordOrgs.id, name: baseRecordOrgs.name }).from(baseRecordOrgs).where(eq(baseRecordOrgs.unifiedSocialCreditCode, input.unifiedSocialCreditCode));
  if (dup && dup.id !== input.id) throw ApiError.conflict(`统一社会信用代码已登记（${dup.name}）`);
  const { id, ...data } = input;
  const values = { ...data, superiorOrgId: data.superiorOrgId ?? null, contactPhone: keepIfMasked(data.contactPhone, stored?.contactPhone ?? null) ?? null, cityId };
  const row = await saveRow(db, baseRecordOrgs, id, { ...values, createdBy: user.id }, {
    audit,
    entity: 'base_record_org',
    notFound: '备案机构不存在',
    duplicate: '统一社会信用代码已登记',
    updateValues: { ...values, updatedAt: new Date() },
    detail: (r, isNew) => `${isNew ? '新增' : '修改'}备案机构 ${r.name}`,
  });
  return recordOrgInfo(db, user, row.id);
}

export async function deleteRecordOrgs(db: Db, session: Session, ids: number[], audit: Audit): Promise<{ removed: number }> {
  const user = session.user;
  const rows = await db
    .select()
    .from(baseRecordOrgs)
    .where(and(inArray(baseRecordOrgs.id, ids), scopeOf(user)));
  if (rows.length !== new Set(ids).size) throw ApiError.notFound('备案机构不存在或不在您的管辖范围内');
  await db.delete(baseRecordOrgs).where(inArray(baseRecordOrgs.id, ids));
  for (const r of rows) audit({ entity: 'base_record_org', entityId: r.id, before: r, detail: `删除备案机构 ${r.name}` });
  return { removed: rows.length };
}

/** 上级主管单位候选：范围内的管理单位（admin）与评价机构，按名称筛选 */
export async function superiorOrgList(db: Db, user: SessionUser, name?: string) {
  const scope = scopeWhere(user, { cityId: organisations.cityId, orgId: organisations.id });
  return db
    .select({ id: organisations.id, code: organisations.code, name: organisations.name, cityId: organisations.cityId })
    .from(organisations)
    .where(and(scope, inArray(organisations.category, ['admin', 'eval']), name ? ilike(organisations.name, `%${name}%`) : undefined, isNotNull(organisations.id)))
    .orderBy(asc(organisations.name))
    .limit(200);
}

// ---------- 导入 ----------

const TYPE_BY_LABEL = new Map(Object.entries(ORG_TYPES).map(([k, v]) => [v, Number(k)]));

const importRow = z.object({
  name: z.string({ error: '请填写机构名称' }).min(1, '请填写机构名称').max(128),
  unifiedSocialCreditCode: RecordOrgSaveInput.shape.unifiedSocialCreditCode,
  orgType: z.string({ error: '请填写机构类型' }).transform((v, c) => {
    const n = TYPE_BY_LABEL.get(v) ?? (String(Number(v)) in ORG_TYPES ? Number(v) : undefined);
    if (n === undefined) {
      c.addIssue({ code: 'custom', message: '机构类型不正确（填类型名称或 0、1、2、3、100–103）' });
      return z.NEVER;
    }
    return n;
  }),
  areaId: z.coerce.number({ error: '区划代码必须是 6 位数字' }).int().min(100000, '区划代码必须是 6 位数字').max(999999, '区划代码必须是 6 位数字'),
  legalPerson: z.string().max(64).optional(),
  contactName: z.string().max(64).optional(),
  contactPhone: mobileSchema.optional(),
  address: z.string().max(200).optional(),
});

export interface RecordOrgImportParams {
  user: SessionUser;
}

export const recordOrgImport = defineImport<typeof importRow, RecordOrgImportParams>({
  name: 'base_record_org',
  title: '备案机构导入',
  columns: [
    { key: 'name', header: '机构名称', example: '石家庄市某职业技能评价中心' },
    { key: 'unifiedSocialCreditCode', header: '统一社会信用代码', example: '91130102MA0D3K8W1X', width: 22 },
    { key: 'orgType', header: '机构类型', example: '社会培训评价组织', note: Object.entries(ORG_TYPES).map(([k, v]) => `${k} ${v}`).join('；') },
    { key: 'areaId', header: '区划代码', example: '130102', note: '市或县区的 6 位代码；市级管理员只能导入本市' },
    { key: 'legalPerson', header: '法定代表人' },
    { key: 'contactName', header: '联系人' },
    { key: 'contactPhone', header: '联系电话' },
    { key: 'address', header: '地址' },
  ],
  row: importRow,
  unique: ['unifiedSocialCreditCode'],
  check: async (tx, rows, { params }) => {
    const issues: { row: number; column?: 'unifiedSocialCreditCode' | 'areaId'; message: string }[] = [];
    const codes = rows.map((r) => r.data.unifiedSocialCreditCode);
    const have = new Set(
      (await tx.select({ c: baseRecordOrgs.unifiedSocialCreditCode }).from(baseRecordOrgs).where(inArray(baseRecordOrgs.unifiedSocialCreditCode, codes))).map((h) => h.c),
    );
    for (const r of rows) {
      if (have.has(r.data.unifiedSocialCreditCode)) issues.push({ row: r.row, column: 'unifiedSocialCreditCode', message: '统一社会信用代码已登记' });
      try {
        await cityOfArea(tx, params.user, r.data.areaId);
      } catch (e) {
        issues.push({ row: r.row, column: 'areaId', message: e instanceof ApiError ? e.message : '区划不正确' });
      }
    }
    return issues;
  },
  commit: async (tx, rows, { params }) => {
    const values = [];
    for (const r of rows) values.push({ ...r, cityId: await cityOfArea(tx, params.user, r.areaId), createdBy: params.user.id });
    await tx.insert(baseRecordOrgs).values(values);
  },
});

/** 导入备案机构（全部校验通过才写入；失败时返回错误工作簿） */
export async function importRecordOrgs(db: Db, session: Session, file: Blob, audit: Audit) {
  const user = session.user;
  const answer = importResponse(await runImport(recordOrgImport, file, { db, userId: user.id, params: { user } }));
  audit({ entity: 'base_record_org', detail: `导入备案机构 ${answer.total} 条` });
  return answer;
}
