// 备案资料的端点：场地、考点、工种、考务人员、督导员、考评员，各有 list/save/info/del/import（/fil/<资料>/…）。
// 一份定义生成六组端点；写入只在备案可编辑（未备案、被驳回）时由有该类别 edit 权限的用户进行。
import { z } from 'zod';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { endpoint, type Ctx, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { ImportFileInput, importResponse, runImport, defineImport, templateEndpoint } from '@/lib/platform/excel/import';
import { idNumberSchema, mobileSchema } from '@/lib/platform/identity';
import { anyKind } from '../access/menu-tree';
import { filingPeople, filingSites, filingWorks } from './tables';
import { DataItemInput, DataListInput, PersonSaveInput, SiteSaveInput, WorkSaveInput } from './schemas';
import { editableFiling, resolveWorks, viewableFiling } from './service';
import { LEVEL_NAMES } from '../catalog/schemas';

const QUERY = [...anyKind('filing', 'query'), 'filingAudit.query'];
const EDIT = anyKind('filing', 'edit');
const IMPORT = anyKind('filing', 'import');

const optionalCell = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label}不能超过 ${max} 个字`)
    .optional()
    .transform((v) => v ?? null);

interface ImportParams {
  filingId: number;
}

/** 一类资料的端点组 */
function dataEndpoints<Row extends { id: number }>(opts: {
  path: string;
  title: string;
  list: (ctx: Ctx, filingId: number) => Promise<Row[]>;
  save: EndpointSpec;
  remove: (ctx: Ctx, filingId: number, id: number) => Promise<number>;
  importDef: ReturnType<typeof defineImport<z.ZodObject, ImportParams>>;
}): EndpointTable {
  const { path, title } = opts;
  return {
    [`POST /fil/${path}/list`]: endpoint({
      summary: `备案${title}列表（分页）`,
      permission: QUERY,
      input: DataListInput,
      paged: true,
      // 一份备案的场所与人员不多（数十条）：整份读出后分页
      handle: async ({ filingId, page }, ctx) => {
        await viewableFiling(ctx, filingId);
        const rows = await opts.list(ctx, filingId);
        return { list: rows.slice(page.offset, page.offset + page.pageSize), total: rows.length };
      },
    }),
    [`POST /fil/${path}/info`]: endpoint({
      summary: `备案${title}详情`,
      permission: QUERY,
      input: DataItemInput,
      handle: async ({ filingId, id }, ctx) => {
        await viewableFiling(ctx, filingId);
        const row = (await opts.list(ctx, filingId)).find((r) => r.id === id);
        if (!row) throw ApiError.notFound(`${title}不存在`);
        return row;
      },
    }),
    [`POST /fil/${path}/save`]: opts.save,
    [`POST /fil/${path}/del`]: endpoint({
      summary: `删除备案${title}（仅未备案或被驳回时）`,
      permission: anyKind('filing', 'edit'),
      input: DataItemInput,
      handle: async ({ filingId, id }, ctx) => {
        const f = await editableFiling(ctx, filingId, `删除${title}`);
        const n = await opts.remove(ctx, f.id, id);
        if (!n) throw ApiError.notFound(`${title}不存在`);
        ctx.audit({ entity: `filing_${path}`, entityId: id, detail: `备案 ${f.code} 删除${title}` });
        return { removed: n };
      },
    }),
    [`POST /fil/${path}/import`]: endpoint({
      summary: `导入备案${title}（.xlsx，全部校验通过才写入）`,
      permission: IMPORT,
      body: 'multipart',
      input: z.object({ filingId: z.coerce.number({ error: '请指定备案' }).int().min(1), file: ImportFileInput }),
      handle: async ({ filingId, file }, ctx) => {
        const f = await editableFiling(ctx, filingId, `导入${title}`);
        const answer = importResponse(await runImport(opts.importDef, file as Blob, { db: ctx.db, userId: ctx.user().id, params: { filingId: f.id } }));
        ctx.audit({ entity: `filing_${path}`, entityId: f.id, detail: `备案 ${f.code} 导入${title} ${answer.total} 条` });
        return answer;
      },
    }),
    [`GET /fil/${path}/importTemplate`]: templateEndpoint(opts.importDef, { permission: IMPORT }),
  };
}

type EndpointSpec = ReturnType<typeof endpoint>;

// ---------- 场地与考点 ----------

const SITE_TYPES = { site: '场地', examSite: '考点' } as const;
type SiteType = keyof typeof SITE_TYPES;

const siteImportRow = z.object({
  name: z.string({ error: '请填写名称' }).min(1, '请填写名称').max(128),
  address: z.string({ error: '请填写地址' }).min(1, '请填写地址').max(200),
  area: z.coerce.number({ error: '面积必须是数字' }).int().min(1).optional(),
  seats: z.coerce.number({ error: '工位数必须是数字' }).int().min(1).optional(),
  contactName: optionalCell('联系人', 64),
  contactPhone: mobileSchema.optional(),
});

function siteEndpoints(siteType: SiteType): EndpointTable {
  const title = SITE_TYPES[siteType];
  const importDef = defineImport<typeof siteImportRow, ImportParams>({
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
  return dataEndpoints({
    path: siteType,
    title,
    importDef: importDef as never,
    list: (ctx, filingId) =>
      ctx.db
        .select()
        .from(filingSites)
        .where(and(eq(filingSites.filingId, filingId), eq(filingSites.siteType, siteType)))
        .orderBy(asc(filingSites.id)),
    remove: async (ctx, filingId, id) =>
      (
        await ctx.db
          .delete(filingSites)
          .where(and(eq(filingSites.id, id), eq(filingSites.filingId, filingId), eq(filingSites.siteType, siteType)))
          .returning({ id: filingSites.id })
      ).length,
    save: endpoint({
      summary: `新增或修改备案${title}`,
      permission: EDIT,
      input: SiteSaveInput,
      handle: async ({ filingId, id, ...data }, ctx) => {
        const f = await editableFiling(ctx, filingId, `修改${title}`);
        const values = { ...data, area: data.area ?? null, seats: data.seats ?? null, contactPhone: data.contactPhone ?? null };
        const [dup] = await ctx.db
          .select({ id: filingSites.id })
          .from(filingSites)
          .where(and(eq(filingSites.filingId, f.id), eq(filingSites.siteType, siteType), eq(filingSites.name, data.name)));
        if (dup && dup.id !== id) throw ApiError.conflict(`${title}「${data.name}」已存在`);
        const [row] = id
          ? await ctx.db
              .update(filingSites)
              .set(values)
              .where(and(eq(filingSites.id, id), eq(filingSites.filingId, f.id), eq(filingSites.siteType, siteType)))
              .returning()
          : await ctx.db.insert(filingSites).values({ ...values, filingId: f.id, siteType }).returning();
        if (!row) throw ApiError.notFound(`${title}不存在`);
        ctx.audit({ entity: `filing_${siteType}`, entityId: row.id, after: row, detail: `备案 ${f.code} ${id ? '修改' : '新增'}${title} ${row.name}` });
        return row;
      },
    }),
  });
}

// ---------- 人员 ----------

const PERSON_ROLES = { examStaff: '考务人员', supervisor: '督导员', evaluator: '考评员' } as const;
type PersonRole = keyof typeof PERSON_ROLES;

const personImportRow = z.object({
  name: z.string({ error: '请填写姓名' }).min(1, '请填写姓名').max(64),
  idNumber: idNumberSchema,
  mobile: mobileSchema,
  title: optionalCell('职称/职务', 64),
  certificateNo: optionalCell('证书编号', 64),
  workCode: optionalCell('工种编码', 32),
});

/** 证件号码只显示前 6 后 4 位：列表中不展示完整的个人信息 */
const maskId = (v: string) => (v.length > 10 ? `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}` : v);

function personEndpoints(role: PersonRole): EndpointTable {
  const title = PERSON_ROLES[role];
  const importDef = defineImport<typeof personImportRow, ImportParams>({
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
        .select({ idNumber: filingPeople.idNumber })
        .from(filingPeople)
        .where(and(eq(filingPeople.filingId, params.filingId), eq(filingPeople.role, role)));
      const ids = new Set(have.map((h) => h.idNumber));
      return rows.filter((r) => ids.has(r.data.idNumber)).map((r) => ({ row: r.row, column: 'idNumber' as const, message: `该${title}已在本备案中` }));
    },
    commit: async (tx, rows, { params }) => {
      await tx.insert(filingPeople).values(rows.map((r) => ({ ...r, filingId: params.filingId, role })));
    },
  });
  return dataEndpoints({
    path: role,
    title,
    importDef: importDef as never,
    list: async (ctx, filingId) =>
      (
        await ctx.db
          .select()
          .from(filingPeople)
          .where(and(eq(filingPeople.filingId, filingId), eq(filingPeople.role, role)))
          .orderBy(asc(filingPeople.id))
      ).map((p) => ({ ...p, idNumber: maskId(p.idNumber) })),
    remove: async (ctx, filingId, id) =>
      (
        await ctx.db
          .delete(filingPeople)
          .where(and(eq(filingPeople.id, id), eq(filingPeople.filingId, filingId), eq(filingPeople.role, role)))
          .returning({ id: filingPeople.id })
      ).length,
    save: endpoint({
      summary: `新增或修改备案${title}（同一备案内身份证号不重复）`,
      permission: EDIT,
      input: PersonSaveInput,
      handle: async ({ filingId, id, ...data }, ctx) => {
        const f = await editableFiling(ctx, filingId, `修改${title}`);
        const [dup] = await ctx.db
          .select({ id: filingPeople.id })
          .from(filingPeople)
          .where(and(eq(filingPeople.filingId, f.id), eq(filingPeople.role, role), eq(filingPeople.idNumber, data.idNumber)));
        if (dup && dup.id !== id) throw ApiError.conflict(`身份证号为 ${maskId(data.idNumber)} 的${title}已在本备案中`);
        const [row] = id
          ? await ctx.db
              .update(filingPeople)
              .set(data)
              .where(and(eq(filingPeople.id, id), eq(filingPeople.filingId, f.id), eq(filingPeople.role, role)))
              .returning()
          : await ctx.db.insert(filingPeople).values({ ...data, filingId: f.id, role }).returning();
        if (!row) throw ApiError.notFound(`${title}不存在`);
        ctx.audit({ entity: `filing_${role}`, entityId: row.id, after: { ...row, idNumber: maskId(row.idNumber) }, detail: `备案 ${f.code} ${id ? '修改' : '新增'}${title} ${row.name}` });
        return { ...row, idNumber: maskId(row.idNumber) };
      },
    }),
  });
}

// ---------- 工种 ----------

const workImportRow = z.object({
  workCode: z.string({ error: '请填写工种编码' }).min(1, '请填写工种编码').max(32),
  levels: z
    .string({ error: '请填写等级' })
    .transform((v, c) => {
      const nums = v.split(/[,，、\s]+/).filter(Boolean).map(Number);
      if (!nums.length || nums.some((n) => !Number.isInteger(n) || n < 1 || n > 5)) {
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

const workList = async (ctx: Ctx, filingId: number) =>
  (await ctx.db.select().from(filingWorks).where(eq(filingWorks.filingId, filingId)).orderBy(asc(filingWorks.id))).map((w) => ({
    ...w,
    levelNames: w.levels.map((l) => LEVEL_NAMES[l] ?? String(l)),
  }));

const workEndpoints = dataEndpoints({
  path: 'work',
  title: '工种',
  importDef: workImport as never,
  list: workList,
  remove: async (ctx, filingId, id) =>
    (
      await ctx.db
        .delete(filingWorks)
        .where(and(eq(filingWorks.id, id), eq(filingWorks.filingId, filingId), isNull(filingWorks.incrementId)))
        .returning({ id: filingWorks.id })
    ).length,
  save: endpoint({
    summary: '新增或修改备案工种与等级',
    permission: EDIT,
    input: WorkSaveInput,
    handle: async ({ filingId, id, workCode, levels }, ctx) => {
      const f = await editableFiling(ctx, filingId, '修改工种');
      const [w] = await resolveWorks(ctx.db, [{ workCode, levels }]);
      const [dup] = await ctx.db
        .select({ id: filingWorks.id })
        .from(filingWorks)
        .where(and(eq(filingWorks.filingId, f.id), eq(filingWorks.workCode, workCode)));
      if (dup && dup.id !== id) throw ApiError.conflict(`工种「${w.workName}」已在本备案中`);
      const [row] = id
        ? await ctx.db
            .update(filingWorks)
            .set(w)
            .where(and(eq(filingWorks.id, id), eq(filingWorks.filingId, f.id)))
            .returning()
        : await ctx.db
            .insert(filingWorks)
            .values({ ...w, filingId: f.id })
            .returning();
      if (!row) throw ApiError.notFound('工种不存在');
      ctx.audit({ entity: 'filing_work', entityId: row.id, after: row, detail: `备案 ${f.code} ${id ? '修改' : '新增'}工种 ${row.workName}` });
      return row;
    },
  }),
});

export const filingDataApi: EndpointTable = {
  ...siteEndpoints('site'),
  ...siteEndpoints('examSite'),
  ...workEndpoints,
  ...personEndpoints('examStaff'),
  ...personEndpoints('supervisor'),
  ...personEndpoints('evaluator'),
};
