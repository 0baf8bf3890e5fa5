// 考生 Excel 导入（impStu）：经通用的全有或全无导入（lib/platform/excel/import.ts），另加“预览 → 确认 / 放弃”
// （共用机制在 lib/domains/file/staged-import.ts，与学员名单导入相同；这里只有考生的规则）。
//
// 1. 预览（impStu）：解析、逐行校验（身份证号、手机号、工种等级须是计划的、同一人同一工种在文件内与计划内只出现一次）、
//    检查报考资格（提示与不符合作为“提示”列出），不写考生。全部通过时文件经上传服务保存，记一行 examinee_import（待确认），
//    它挡住计划的第 2 → 3 步；有错误时不保存，答复 400 与错误工作簿（与其他导入相同）。
// 2. 确认（impStuCommit）：从存储里重新读取保存的文件，按当时的数据重新校验，全部通过才在一个事务里写入全部考生（已写入）。
// 3. 放弃（impStuDiscard）：不写考生（已放弃），文件的引用撤销，由上传服务的定时任务清理。
//
// Excel 里常见的写法：表头上方可有标题行（在前 10 行里找表头）；身份证号存成数字（超过 15 位已丢掉末尾几位）或显示成科学计数法时
// 拒绝该行并说明把列设为文本格式；全角数字与空格规整为半角；日期可写 Excel 的日期序号。
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { defineImport, ERRORS_IN_ANSWER, type ImportDef, type RowIssue } from '@/lib/platform/excel/import';
import { parseIdNumber } from '@/lib/platform/identity';
import { blindIndex, sealMany } from '@/lib/platform/crypto/sealed';
import { sealManyOff } from '@/lib/platform/crypto/pool';
import { type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees, examineeImports } from './tables';
import { stagedImport } from '@/lib/domains/file/staged-import';
import { qualificationChecker, type QualificationChecker } from './qualification';
import { ExamineeImportRow, IMPORT_STATUS, QUALIFICATION, type ExamineeImport, type ImportPreview } from './schemas';
import { DUPLICATE_MESSAGE, planForChange, planWorksOf, resolveWork } from './service';

type PlanWork = Awaited<ReturnType<typeof planWorksOf>>[number];

interface Resolved {
  /** 身份证号的盲索引（查重时算好，写入时取用） */
  idNumberIndex: string;
  workCode: string;
  workName: string;
  gender: string | null;
  birthDate: string | null;
  qualification: number;
  reason: string | null;
  /** 写入时：身份证号与手机号的密文（这一批在查库时已交给工作线程加密），[批次结果, 本行在其中的位置] */
  sealed: [Promise<string[]>, number] | null;
}

export interface ExamineeImportParams {
  plan: ExamPlan;
  works: PlanWork[];
  user: SessionUser;
  /** preview 只校验不写；commit 写入并记下 importId */
  mode: 'preview' | 'commit';
  importId: number | null;
  checker: QualificationChecker;
  /** 文件内“身份证号|工种” → 首次出现的行号 */
  seen: Map<string, number>;
  warnings: (RowIssue & { qualification: number })[];
  warningCount: number;
  refusedCount: number;
  /** 每行的解析结果（commit 取用） */
  resolved: WeakMap<ExamineeImport, Resolved>;
  /** 导入开始时计划里已有考生（没有时不必逐批查库中的重复） */
  planHadExaminees: boolean;
}

type Key = Extract<keyof ExamineeImport, string>;
const MAX_WARNINGS = 1000;

async function check(tx: Db, rows: { row: number; data: ExamineeImport }[], { params }: { params: ExamineeImportParams }): Promise<RowIssue<Key>[]> {
  const issues: RowIssue<Key>[] = [];
  const ok: { row: number; data: ExamineeImport; work: PlanWork; idNumberIndex: string; birthDate: string | null; gender: string | null }[] = [];
  for (const { row, data } of rows) {
    const work = resolveWork(params.works, data.work, data.level);
    if (typeof work === 'string') {
      issues.push({ row, column: 'work', message: work });
      continue;
    }
    const k = `${data.idNumber}|${work.workCode}`;
    const first = params.seen.get(k);
    if (first !== undefined) {
      issues.push({ row, column: 'idNumber', message: `与第 ${first} 行重复（同一人在一个计划的一个工种只能报考一次）` });
      continue;
    }
    params.seen.set(k, row);
    const parsed = parseIdNumber(data.idNumber);
    ok.push({ row, data, work, idNumberIndex: blindIndex('idNumber', data.idNumber), birthDate: parsed?.birthDate ?? null, gender: parsed?.gender ?? null });
  }
  if (!ok.length) return issues;
  // 写入时要的密文：趁查重、查报考资格（查库）时在工作线程里加密这一批
  const sealing = params.mode === 'commit' ? sealManyOff(ok.flatMap((r) => [r.data.idNumber, r.data.mobile])) : null;
  sealing?.catch(() => {}); // 这一批若不写入（出错回滚），没人等它的结果
  const sealedAt = new Map(ok.map((r, i) => [r, i * 2]));
  // 一个数组参数（= any），而不是每个身份证号一个参数：一批 2000 行时绑定与解析都快得多。
  // 导入开始时计划里还没有考生就不必查：本文件内的重复已由 seen 挡住（并发新增的由唯一索引挡住）
  const found = params.planHadExaminees
    ? await tx
        .select({ idNumberIndex: examinees.idNumberIndex, workCode: examinees.workCode })
        .from(examinees)
        .where(and(eq(examinees.planId, params.plan.id), sql`${examinees.idNumberIndex} = any(${sql.param(ok.map((r) => r.idNumberIndex))}::varchar[])`))
    : [];
  const existing = new Set(found.map((e) => `${e.idNumberIndex}|${e.workCode}`));
  const fresh = ok.filter((r) => {
    if (!existing.has(`${r.idNumberIndex}|${r.work.workCode}`)) return true;
    issues.push({ row: r.row, column: 'idNumber', message: DUPLICATE_MESSAGE });
    return false;
  });
  const results = await params.checker(
    tx,
    fresh.map((r) => ({ idNumber: r.data.idNumber, idNumberIndex: r.idNumberIndex, birthDate: r.birthDate, workCode: r.work.workCode, level: r.work.level, workYears: r.data.workYears, priorLevel: r.data.priorLevel, priorCertDate: r.data.priorCertDate })),
  );
  fresh.forEach((r, i) => {
    const q = results[i];
    params.resolved.set(r.data, { idNumberIndex: r.idNumberIndex, workCode: r.work.workCode, workName: r.work.workName, gender: r.gender, birthDate: r.birthDate, qualification: q.qualification, reason: q.reason, sealed: sealing && [sealing, sealedAt.get(r)!] });
    if (q.qualification === QUALIFICATION.QUALIFIED) return;
    if (q.qualification === QUALIFICATION.REFUSED) params.refusedCount++;
    else params.warningCount++;
    if (params.warnings.length < MAX_WARNINGS) params.warnings.push({ row: r.row, column: '', message: `${q.qualification === QUALIFICATION.REFUSED ? '不符合报考条件' : '提示'}：${q.reason}`, qualification: q.qualification });
  });
  return issues;
}

/**
 * 写入一批：一条 insert … select from unnest(数组…)。每列一个数组参数，而不是每个单元格一个参数——
 * 参数个数与行数无关，驱动与数据库解析、绑定都快得多（基准见 bench/README.md；改用一个 JSON 参数与 json_to_recordset 试过，
 * 数据库一侧反而略慢）。
 */
async function commit(tx: Db, rows: ExamineeImport[], { params }: { params: ExamineeImportParams }): Promise<void> {
  if (params.mode === 'preview' || !rows.length) return;
  const { plan } = params;
  const resolved = rows.map((d) => {
    const r = params.resolved.get(d);
    if (!r) throw ApiError.badRequest('工种未解析');
    return r;
  });
  // 原生 SQL 不经列类型：身份证号、手机号的密文是查重时交给工作线程加密的，盲索引也是查重时算好的
  const batches = new Map<Promise<string[]>, string[]>();
  for (const r of resolved) if (r.sealed && !batches.has(r.sealed[0])) batches.set(r.sealed[0], await r.sealed[0]);
  const sealed = resolved.map((r, i) => (r.sealed ? batches.get(r.sealed[0])!.slice(r.sealed[1], r.sealed[1] + 2) : sealMany([rows[i].idNumber, rows[i].mobile])));
  const col = <T,>(pick: (d: ExamineeImport, r: Resolved, i: number) => T) => sql.param(rows.map((d, i) => pick(d, resolved[i], i)));
  await tx.execute(sql`insert into ${examinees} (plan_id, org_id, city_id, name, id_number, id_number_bidx, gender, birth_date, mobile, work_code, work_name, level, education, work_years, company, prior_level, prior_cert_date, qualification, qualification_reason, import_id, created_by)
    select ${plan.id}::int, ${plan.orgId}::int, ${plan.cityId}::int, u.*, ${params.importId}::int, ${params.user.id}::int
    from unnest(
      ${col((d) => d.name)}::varchar[], ${col((_d, _r, i) => sealed[i][0])}::text[], ${col((_d, r) => r.idNumberIndex)}::varchar[], ${col((_d, r) => r.gender)}::varchar[], ${col((_d, r) => r.birthDate)}::date[],
      ${col((_d, _r, i) => sealed[i][1])}::text[], ${col((_d, r) => r.workCode)}::varchar[], ${col((_d, r) => r.workName)}::varchar[], ${col((d) => d.level)}::smallint[],
      ${col((d) => d.education)}::varchar[], ${col((d) => d.workYears)}::smallint[], ${col((d) => d.company)}::varchar[], ${col((d) => d.priorLevel)}::smallint[],
      ${col((d) => d.priorCertDate)}::date[], ${col((_d, r) => r.qualification)}::smallint[], ${col((_d, r) => r.reason)}::varchar[]
    ) as u`);
}

export const examineeImport: ImportDef<typeof ExamineeImportRow, ExamineeImportParams> = defineImport({
  name: 'examinee',
  title: '考生导入',
  columns: [
    { key: 'name', header: '姓名', example: '张三' },
    {
      key: 'idNumber',
      header: '身份证号',
      example: '130102199001011237',
      width: 22,
      note: '18 位居民身份证号（含校验位）或港澳台通行证号；本列须为“文本”格式，存成数字时 Excel 会丢掉末尾几位，该行将被拒绝',
    },
    { key: 'mobile', header: '手机号', example: '13812345678', width: 16 },
    { key: 'work', header: '工种', example: '电工', width: 18, note: '本计划的工种名称或编码' },
    { key: 'level', header: '等级', example: '四级/中级工', width: 14, note: '1–5，或“四级/中级工”“中级工”等写法；须是本计划该工种的等级' },
    { key: 'education', header: '学历', example: '高中', note: '博士研究生、硕士研究生、大学本科、大学专科、中专/技校、高中、初中及以下' },
    { key: 'workYears', header: '从事本职业年限', example: '6', width: 16, note: '整数年；申报条件按它核验' },
    { key: 'company', header: '工作单位', width: 28 },
    { key: 'priorLevel', header: '已有证书等级', width: 14, note: '已取得的本职业证书等级（申报条件按它核验）' },
    { key: 'priorCertDate', header: '取得证书日期', width: 14, note: '如 2020-05-01' },
  ],
  row: ExamineeImportRow,
  textColumns: ['idNumber', 'mobile'],
  check,
  commit,
  batchSize: 2000,
});

async function paramsFor(db: Db, plan: ExamPlan, user: SessionUser, mode: 'preview' | 'commit', importId: number | null): Promise<ExamineeImportParams> {
  const works = await planWorksOf(db, plan.id);
  return {
    plan,
    works,
    user,
    mode,
    importId,
    checker: await qualificationChecker(
      db,
      plan,
      works.map((w) => w.workCode),
    ),
    seen: new Map(),
    warnings: [],
    warningCount: 0,
    refusedCount: 0,
    resolved: new WeakMap(),
    planHadExaminees: (await db.select({ id: examinees.id }).from(examinees).where(eq(examinees.planId, plan.id)).limit(1)).length > 0,
  };
}

function preview(row: typeof examineeImports.$inferSelect, p: ExamineeImportParams): ImportPreview {
  return {
    importId: row.id,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    errorCount: 0,
    warningCount: p.warningCount,
    refusedCount: p.refusedCount,
    errors: [],
    warnings: p.warnings.slice(0, ERRORS_IN_ANSWER * 4).map((w) => ({ row: w.row, column: w.column ?? '', message: w.message, qualification: w.qualification })),
    errorFileUrl: null,
  };
}

/** 预览 → 确认 / 放弃的共用机制（file/staged-import.ts）；这里只给出计划的检查、导入定义的参数与提示 */
const staged = stagedImport({
  table: examineeImports,
  entity: 'examinee_import',
  label: '考生导入',
  defaultFileName: '考生名单.xlsx',
  def: examineeImport,
  owner: (db, session, planId) => planForChange(db, session, planId, 'import'),
  ownerIdOf: (row) => row.planId,
  pending: async (db, plan) =>
    (
      await db
        .select({ fileName: examineeImports.fileName })
        .from(examineeImports)
        .where(and(eq(examineeImports.planId, plan.id), eq(examineeImports.status, IMPORT_STATUS.PENDING)))
        .limit(1)
    )[0],
  params: (db, session, plan, mode, importId) => paramsFor(db, plan, session.user, mode, importId),
  ownerColumns: (plan) => ({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId }),
  warningCount: (p) => p.warningCount + p.refusedCount,
  /** 校验失败的 400 另带已发现的提示数 */
  failureData: (p) => ({ warningCount: p.warningCount, refusedCount: p.refusedCount }),
  messages: {
    pending: (fileName) => `已有未确认的考生导入「${fileName}」，请先确认或放弃`,
    previewed: (_plan, fileName, total) => `预览考生导入「${fileName}」（${total} 行，待确认）`,
    committed: (plan, row, total) => `确认考生导入「${row.fileName}」，写入 ${total} 名考生（${plan.name}）`,
    discarded: (row) => `放弃考生导入「${row.fileName}」`,
  },
});

/** 预览（impStu）：只校验，不写考生；通过时保存文件并记一行待确认的导入 */
export async function previewImport(db: Db, session: Session, input: { planId: number; file: Blob }, audit: Audit): Promise<ImportPreview> {
  const { row, params } = await staged.preview(db, session, { ownerId: input.planId, file: input.file }, audit);
  return preview(row, params);
}

/** 再看一次待确认导入的预览（重新读取保存的文件并校验，不写） */
export async function previewStored(db: Db, session: Session, importId: number): Promise<ImportPreview> {
  const { row, params } = await staged.previewStored(db, session, importId);
  return preview(row, params);
}

/** 确认（impStuCommit）：重新读取保存的文件、重新校验，全部通过才写入全部考生 */
export async function commitImport(db: Db, session: Session, input: { importId: number }, audit: Audit): Promise<{ total: number; warningCount: number; refusedCount: number }> {
  const { total, params } = await staged.commit(db, session, input.importId, audit);
  return { total, warningCount: params.warningCount, refusedCount: params.refusedCount };
}

/** 确认改为后台任务（大文件）：答复 { taskId } */
export const startCommitImport = (db: Db, session: Session, input: { importId: number }, audit: Audit) => staged.startCommit(db, session, input.importId, audit);

/** 放弃（impStuDiscard）：不写考生，撤销文件引用 */
export const discardImport = (db: Db, session: Session, input: { importId: number }, audit: Audit): Promise<{ discarded: true }> => staged.discard(db, session, input.importId, audit);
