// 备案资料：场地、考点、工种、考务人员、督导员、考评员的查询、保存、删除与导入（规则与查询都在这里，端点见 data.ts）。
// 查看须有该类别的查询权限或审核权限；写入只在备案可编辑（未备案、被驳回）时由有该类别 edit 权限的用户进行。
import { z } from 'zod';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { saveRow } from '@/lib/platform/db/save-row';
import { defineImport, importResponse, runImport, type ImportDef } from '@/lib/platform/excel/import';
import { idNumberSchema, keepIfMasked, maskIdNumber, maskMobile, mobileSchema } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { canUnmask, unmaskedView } from '../privacy/service';
import { ACCESS_ACTION, type UnmaskRequest } from '../privacy/schemas';
import { LEVEL_NAMES } from '../catalog/schemas';
import { filingPeople, filingSites, filingWorks } from './tables';
import type { PersonSaveInput, SiteSaveInput, WorkSaveInput } from './schemas';
import { editableFiling, resolveWorks, viewableFiling } from './service';
import { kindResource } from './transitions';

export const SITE_TYPES = { site: '场地', examSite: '考点' } as const;
export type SiteType = keyof typeof SITE_TYPES;
export const PERSON_ROLES = { examStaff: '考务人员', supervisor: '督导员', evaluator: '考评员' } as const;
export type PersonRole = keyof typeof PERSON_ROLES;
/** 资料种类即端点路径 /fil/<种类>/… 中的一段 */
export type FilingDataKind = SiteType | PersonRole | 'work';

const isSite = (kind: FilingDataKind): kind is SiteType => kind in SITE_TYPES;
const isPerson = (kind: FilingDataKind): kind is PersonRole => kind in PERSON_ROLES;

export const dataTitle = (kind: FilingDataKind): string => (isSite(kind) ? SITE_TYPES[kind] : isPerson(kind) ? PERSON_ROLES[kind] : '工种');

interface ImportParams {
  filingId: number;
}

/** 证件号码只显示前 6 后 4 位、手机号前 3 后 4：列表与详情默认不展示完整的个人信息 */
const maskId = maskIdNumber;
const maskPhone = (v: string | null) => (v ? maskMobile(v) : v);
/** 盲索引不给界面与日志 */
function withoutIndex<T extends { idNumberIndex?: string | null }>(row: T): Omit<T, 'idNumberIndex'> {
  const copy = { ...row };
  delete copy.idNumberIndex;
  return copy;
}

const optionalCell = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label}不能超过 ${max} 个字`)
    .optional()
    .transform((v) => v ?? null);

// ---------- 查询 ----------

async function rowsOf(db: Db, kind: FilingDataKind, filingId: number, mask = true): Promise<{ id: number }[]> {
  if (isSite(kind)) {
    const sites = await db
      .select()
      .from(filingSites)
      .where(and(eq(filingSites.filingId, filingId), eq(filingSites.siteType, kind)))
      .orderBy(asc(filingSites.id));
    return sites.map((s) => ({ ...s, contactPhone: maskPhone(s.contactPhone) }));
  }
  if (isPerson(kind)) {
    const rows = await db
      .select()
      .from(filingPeople)
      .where(and(eq(filingPeople.filingId, filingId), eq(filingPeople.role, kind)))
      .orderBy(asc(filingPeople.id));
    return rows.map((p) => withoutIndex(mask ? { ...p, idNumber: maskId(p.idNumber), mobile: maskMobile(p.mobile) } : p));
  }
  const works = await db.select().from(filingWorks).where(eq(filingWorks.filingId, filingId)).orderBy(asc(filingWorks.id));
  return works.map((w) => ({ ...w, levelNames: w.levels.map((l) => LEVEL_NAMES[l] ?? String(l)) }));
}

const ONLY_PEOPLE_UNMASK = '只有备案人员可以看全个人信息';

/** 看全备案人员的证件号与手机号：须有该备案类别资源的 unmask（如 filingSkill.unmask）并给出理由，记访问日志 */
export interface FilingUnmask extends UnmaskRequest {
  unmask?: boolean;
  ip?: string | null;
}

/** 一份备案的某类资料（数十条，整份读出；分页由端点切片）。人员默认脱敏；canUnmask 告诉界面能否请求看全 */
export async function listFilingData(db: Db, session: Session, input: { kind: FilingDataKind; filingId: number } & FilingUnmask, audit: Audit = () => {}) {
  const { kind, filingId, ...req } = input;
  const f = await viewableFiling(db, session, filingId);
  const resource = kindResource(f.kind);
  return db.transaction(async (tx) => {
    if (req.unmask) {
      if (!isPerson(kind)) throw ApiError.badRequest(ONLY_PEOPLE_UNMASK);
      const ids = (await tx.select({ id: filingPeople.id }).from(filingPeople).where(and(eq(filingPeople.filingId, f.id), eq(filingPeople.role, kind)))).map((r) => r.id);
      await unmaskedView(tx, session, { resource, action: ACCESS_ACTION.VIEW, entity: 'filing', entityId: f.id, detail: `备案 ${f.code} 的${dataTitle(kind)}`, recordIds: ids, reason: req.reason, reasonNote: req.reasonNote, ip: req.ip }, audit);
    }
    const rows = await rowsOf(tx, kind, f.id, !req.unmask);
    return { rows, masked: !req.unmask, canUnmask: isPerson(kind) && canUnmask(session, resource) };
  });
}

export async function filingDataItem(db: Db, session: Session, kind: FilingDataKind, input: { filingId: number; id: number }) {
  const row = (await listFilingData(db, session, { kind, filingId: input.filingId })).rows.find((r) => r.id === input.id);
  if (!row) throw ApiError.notFound(`${dataTitle(kind)}不存在`);
  return row;
}

// ---------- 删除 ----------

export async function deleteFilingData(db: Db, session: Session, input: { kind: FilingDataKind; filingId: number; id: number }, audit: Audit) {
  const { kind } = input;
  const title = dataTitle(kind);
  const f = await editableFiling(db, session, input.filingId, `删除${title}`);
  const removed = isSite(kind)
    ? await db
        .delete(filingSites)
        .where(and(eq(filingSites.id, input.id), eq(filingSites.filingId, f.id), eq(filingSites.siteType, kind)))
        .returning({ id: filingSites.id })
    : isPerson(kind)
      ? await db
          .delete(filingPeople)
          .where(and(eq(filingPeople.id, input.id), eq(filingPeople.filingId, f.id), eq(filingPeople.role, kind)))
          .returning({ id: filingPeople.id })
      : // 增量备案的工种随增量审核，不在这里删
        await db
          .delete(filingWorks)
          .where(and(eq(filingWorks.id, input.id), eq(filingWorks.filingId, f.id), isNull(filingWorks.incrementId)))
          .returning({ id: filingWorks.id });
  if (!removed.length) throw ApiError.notFound(`${title}不存在`);
  audit({ entity: `filing_${kind}`, entityId: input.id, detail: `备案 ${f.code} 删除${title}` });
  return { removed: removed.length };
}

// ---------- 保存 ----------

const maskPerson = (p: unknown) => {
  if (!p) return p;
  const row = p as { idNumber: string; mobile: string; idNumberIndex?: string | null };
  return withoutIndex({ ...row, idNumber: maskId(row.idNumber), mobile: maskMobile(row.mobile) });
};

/** 新增或修改场地/考点（同一备案内名称不重复） */
export async function saveFilingSite(db: Db, session: Session, input: z.output<typeof SiteSaveInput> & { siteType: SiteType }, audit: Audit) {
  const { filingId, id, siteType, ...data } = input;
  const title = SITE_TYPES[siteType];
  const f = await editableFiling(db, session, filingId, `修改${title}`);
  const duplicate = `${title}「${data.name}」已存在`;
  const [dup] = await db
    .select({ id: filingSites.id })
    .from(filingSites)
    .where(and(eq(filingSites.filingId, f.id), eq(filingSites.siteType, siteType), eq(filingSites.name, data.name)));
  if (dup && dup.id !== id) throw ApiError.conflict(duplicate);
  // 表单里是脱敏的联系电话：未改动时保留库里的号码
  const [stored] = id ? await db.select({ contactPhone: filingSites.contactPhone }).from(filingSites).where(eq(filingSites.id, id)) : [];
  const values = { ...data, area: data.area ?? null, seats: data.seats ?? null, contactPhone: keepIfMasked(data.contactPhone, stored?.contactPhone ?? null) ?? null, filingId: f.id, siteType };
  return saveRow(db, filingSites, id, values, {
    audit,
    entity: `filing_${siteType}`,
    notFound: `${title}不存在`,
    duplicate,
    checkBefore: (before) => {
      if (before.filingId !== f.id || before.siteType !== siteType) throw ApiError.notFound(`${title}不存在`);
    },
    detail: (row, isNew) => `备案 ${f.code} ${isNew ? '新增' : '修改'}${title} ${row.name}`,
  });
}

/** 新增或修改人员（同一备案同一角色内身份证号不重复；返回与日志里的身份证号打码） */
export async function saveFilingPerson(db: Db, session: Session, input: z.output<typeof PersonSaveInput> & { role: PersonRole }, audit: Audit) {
  const { filingId, id, role, ...data } = input;
  const title = PERSON_ROLES[role];
  const f = await editableFiling(db, session, filingId, `修改${title}`);
  // 编辑表单传回的脱敏值（未改动）保留库里的号码；新增须填完整号码
  const [stored] = id
    ? await db.select({ idNumber: filingPeople.idNumber, mobile: filingPeople.mobile }).from(filingPeople).where(and(eq(filingPeople.id, id), eq(filingPeople.filingId, f.id), eq(filingPeople.role, role)))
    : [];
  const idNumber = keepIfMasked(data.idNumber, stored?.idNumber ?? null);
  const mobile = keepIfMasked(data.mobile, stored?.mobile ?? null);
  if (!idNumber) throw ApiError.badRequest('请输入完整的身份证号', { idNumber: '请输入完整的身份证号' });
  if (!mobile) throw ApiError.badRequest('请输入完整的手机号', { mobile: '请输入完整的手机号' });
  const duplicate = `身份证号为 ${maskId(idNumber)} 的${title}已在本备案中`;
  const idNumberIndex = blindIndex('idNumber', idNumber);
  const [dup] = await db
    .select({ id: filingPeople.id })
    .from(filingPeople)
    .where(and(eq(filingPeople.filingId, f.id), eq(filingPeople.role, role), eq(filingPeople.idNumberIndex, idNumberIndex)));
  if (dup && dup.id !== id) throw ApiError.conflict(duplicate);
  // 操作日志里也不留完整身份证号
  const masked: Audit = (change) => audit({ ...change, before: maskPerson(change.before), after: maskPerson(change.after) });
  const row = await saveRow(db, filingPeople, id, { ...data, idNumber, idNumberIndex, mobile, filingId: f.id, role }, {
    audit: masked,
    entity: `filing_${role}`,
    notFound: `${title}不存在`,
    duplicate,
    checkBefore: (before) => {
      if (before.filingId !== f.id || before.role !== role) throw ApiError.notFound(`${title}不存在`);
    },
    detail: (r, isNew) => `备案 ${f.code} ${isNew ? '新增' : '修改'}${title} ${r.name}`,
  });
  return maskPerson(row);
}

/** 新增或修改工种与等级（工种须在目录中启用、等级须已开设；同一备案内不重复） */
export async function saveFilingWork(db: Db, session: Session, input: z.output<typeof WorkSaveInput>, audit: Audit) {
  const { filingId, id, workCode, levels } = input;
  const f = await editableFiling(db, session, filingId, '修改工种');
  const [w] = await resolveWorks(db, [{ workCode, levels }]);
  const duplicate = `工种「${w.workName}」已在本备案中`;
  const [dup] = await db
    .select({ id: filingWorks.id })
    .from(filingWorks)
    .where(and(eq(filingWorks.filingId, f.id), eq(filingWorks.workCode, workCode)));
  if (dup && dup.id !== id) throw ApiError.conflict(duplicate);
  return saveRow(db, filingWorks, id, { ...w, filingId: f.id }, {
    audit,
    entity: 'filing_work',
    notFound: '工种不存在',
    duplicate,
    checkBefore: (before) => {
      if (before.filingId !== f.id) throw ApiError.notFound('工种不存在');
    },
    detail: (row, isNew) => `备案 ${f.code} ${isNew ? '新增' : '修改'}工种 ${row.workName}`,
  });
}

// ---------- 导入 ----------

const siteImportRow = z.object({
  name: z.string({ error: '请填写名称' }).min(1, '请填写名称').max(128),
  address: z.string({ error: '请填写地址' }).min(1, '请填写地址').max(200),
  area: z.coerce.number({ error: '面积必须是数字' }).int().min(1).optional(),
  seats: z.coerce.number({ error: '工位数必须是数字' }).int().min(1).optional(),
  contactName: optionalCell('联系人', 64),
  contactPhone: mobileSchema.optional(),
});

function siteImport(siteType: SiteType) {
  const title = SITE_TYPES[siteType];
  return defineImport<typeof siteImportRow, ImportParams>({
    name: `filing_${siteType}`,
    title: `备案${title}导入`,
    columns: [
      { key: 'name', header: '名称', example: '华元实训楼一层' },
      { key: 'address', header: '地址', example: '石家庄市长安区中山东路 100 号' },
      { key: 'area', header: '面积（平方米）', example: '300' },
      { key: 'seats', header: '工位数', example: '40' },
      { key: 'contactName', header: '联系人' },
      { key: 'contactPhone', header: '联系电话' },
    ],
    row: siteImportRow,
    unique: ['name'],
    check: async (tx, rows, { params }) => {
      const have = await tx
        .select({ name: filingSites.name })
        .from(filingSites)
        .where(and(eq(filingSites.filingId, params.filingId), eq(filingSites.siteType, siteType)));
      const names = new Set(have.map((h) => h.name));
      return rows.filter((r) => names.has(r.data.name)).map((r) => ({ row: r.row, column: 'name' as const, message: `${title}已存在` }));
    },
    commit: async (tx, rows, { params }) => {
      await tx.insert(filingSites).values(rows.map((r) => ({ ...r, filingId: params.filingId, siteType })));
    },
  });
}

const personImportRow = z.object({
  name: z.string({ error: '请填写姓名' }).min(1, '请填写姓名').max(64),
  idNumber: idNumberSchema,
  mobile: mobileSchema,
  title: optionalCell('职称/职务', 64),
  certificateNo: optionalCell('证书编号', 64),
  workCode: optionalCell('工种编码', 32),
});

function personImport(role: PersonRole) {
  const title = PERSON_ROLES[role];
  return defineImport<typeof personImportRow, ImportParams>({
    name: `filing_${role}`,
    title: `备案${title}导入`,
    columns: [
      { key: 'name', header: '姓名', example: '张三' },
      { key: 'idNumber', header: '身份证号', example: '130102198001010016', width: 22 },
      { key: 'mobile', header: '手机号', example: '13800000000' },
      { key: 'title', header: '职称/职务' },
      { key: 'certificateNo', header: '证书编号' },
      { key: 'workCode', header: '工种编码' },
    ],
    row: personImportRow,
    unique: ['idNumber'],
    check: async (tx, rows, { params }) => {
      const have = await tx
        .select({ idNumberIndex: filingPeople.idNumberIndex })
        .from(filingPeople)
        .where(and(eq(filingPeople.filingId, params.filingId), eq(filingPeople.role, role)));
      const ids = new Set(have.map((h) => h.idNumberIndex));
      return rows.filter((r) => ids.has(blindIndex('idNumber', r.data.idNumber))).map((r) => ({ row: r.row, column: 'idNumber' as const, message: `该${title}已在本备案中` }));
    },
    commit: async (tx, rows, { params }) => {
      await tx.insert(filingPeople).values(rows.map((r) => ({ ...r, idNumberIndex: blindIndex('idNumber', r.idNumber), filingId: params.filingId, role })));
    },
  });
}

const workImportRow = z.object({
  workCode: z.string({ error: '请填写工种编码' }).min(1, '请填写工种编码').max(32),
  levels: z.string({ error: '请填写等级' }).transform((v, c) => {
    const nums = v.split(/[,，、\s]+/).filter(Boolean).map(Number);
    if (!nums.length || nums.some((n) => !Number.isInteger(n) || !(n in LEVEL_NAMES))) {
      c.addIssue({ code: 'custom', message: '等级填 1 到 5 的数字，多个用逗号分隔' });
      return z.NEVER;
    }
    return nums;
  }),
});

const workImport = defineImport<typeof workImportRow, ImportParams>({
  name: 'filing_work',
  title: '备案工种导入',
  columns: [
    { key: 'workCode', header: '工种编码', example: '6-18-01-01' },
    { key: 'levels', header: '等级', example: '5,4,3', note: '5 五级/初级工 … 1 一级/高级技师，多个用逗号分隔；须为该工种已开设的等级' },
  ],
  row: workImportRow,
  unique: ['workCode'],
  check: async (tx, rows, { params }) => {
    const issues: { row: number; column?: 'workCode' | 'levels'; message: string }[] = [];
    const have = await tx.select({ code: filingWorks.workCode }).from(filingWorks).where(eq(filingWorks.filingId, params.filingId));
    const taken = new Set(have.map((h) => h.code));
    for (const r of rows) {
      if (taken.has(r.data.workCode)) {
        issues.push({ row: r.row, column: 'workCode', message: '该工种已在本备案中' });
        continue;
      }
      try {
        await resolveWorks(tx, [r.data]);
      } catch (e) {
        issues.push({ row: r.row, column: 'workCode', message: e instanceof ApiError ? e.message : '工种不正确' });
      }
    }
    return issues;
  },
  commit: async (tx, rows, { params }) => {
    const works = await resolveWorks(tx, rows);
    await tx.insert(filingWorks).values(works.map((w) => ({ ...w, filingId: params.filingId })));
  },
});

/** 各类资料的导入定义（模板端点也用它） */
export const DATA_IMPORTS: Record<FilingDataKind, ImportDef<z.ZodObject, ImportParams>> = {
  site: siteImport('site') as never,
  examSite: siteImport('examSite') as never,
  work: workImport as never,
  examStaff: personImport('examStaff') as never,
  supervisor: personImport('supervisor') as never,
  evaluator: personImport('evaluator') as never,
};

/** 导入资料（.xlsx，全部校验通过才写入） */
export async function importFilingData(db: Db, session: Session, input: { kind: FilingDataKind; filingId: number; file: Blob }, audit: Audit) {
  const { kind } = input;
  const title = dataTitle(kind);
  const f = await editableFiling(db, session, input.filingId, `导入${title}`);
  const answer = importResponse(await runImport(DATA_IMPORTS[kind], input.file, { db, userId: session.user.id, params: { filingId: f.id } }));
  audit({ entity: `filing_${kind}`, entityId: f.id, detail: `备案 ${f.code} 导入${title} ${answer.total} 条` });
  return answer;
}
