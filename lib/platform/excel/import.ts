// 通用 Excel 导入：流式读取 .xlsx → 按表头对应列 → 逐行 zod 校验（与可选的查库检查）→ 在一个事务里分批写入。
// 全有或全无：任何一行出错就回滚，一行也不写，并生成可下载的错误工作簿（行号、列、中文原因）。
// 上限（limits.ts）：文件大小与压缩比、行数、单元格长度、处理时间，超出即整份拒绝；错误工作簿的大小也有上限。
//
// 与 API 的对接只有一种方式：端点里 `return importResponse(await runImport(def, file, ctx))`，
// 或直接用 importEndpoint(def, …) 生成整行端点。失败时 importResponse 抛 ApiError 400，
// returnMsg 如“导入失败：第 3 行「身份证号」：格式不正确；共 2 处错误，请下载错误工作簿修改后重新导入”，
// data 为 { total, errorCount, errors（前 50 条）, errorFileId, errorFileUrl }；
// errorFileUrl 即 GET /api/platform/importErrors?id=…（仅上传者本人可下载）。
import { z } from 'zod';
import ExcelJS from 'exceljs';
import '@/lib/platform/api/validation'; // 启用 zod 中文消息
import type { Db } from '@/lib/platform/db/client';
import { endpoint, type Endpoint, type Permission } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult } from '@/lib/platform/api/files';
import { sheetRows, TOO_MANY_ROWS, UnreadableWorkbookError } from './reader';
import { checkDeadline, deadlineAfter, IMPORT_MAX_ROWS, ImportLimitError, MAX_ERROR_COPY_CHARS, MAX_ISSUE_MESSAGE_CHARS } from './limits';
import { largeWorkMode, TooLargeForRequest } from '@/lib/platform/task/large-work';
import { buildErrorWorkbook, ERROR_COLUMN, errorFileUrl, saveErrorFile, type ImportIssue } from './error-file';

export type { ImportIssue } from './error-file';
export { ERROR_COLUMN } from './error-file';

/** 最多收集的错误明细条数（其余只计数），与接口答复里列出的条数。 */
export const MAX_ERROR_DETAILS = 1000;
export const ERRORS_IN_ANSWER = 50;
/** 表头之上允许有几行标题之类的内容 */
const HEADER_SCAN_ROWS = 10;

type KeyOf<S extends z.ZodObject> = Extract<keyof S['shape'], string>;

export interface ImportColumn<K extends string = string> {
  key: K;
  /** 中文表头，上传文件按它找列 */
  header: string;
  /** 模板示例行的值 */
  example?: string;
  /** 模板“说明”页的填写说明 */
  note?: string;
  width?: number;
}

export interface ImportRow<T> {
  /** Excel 行号 */
  row: number;
  data: T;
}

/** check 报告的问题：column 为列的 key，整行的问题不填。 */
export interface RowIssue<K extends string = string> {
  row: number;
  column?: K;
  message: string;
}

export interface ImportContext<P = undefined> {
  userId: number | null;
  /** 端点上随文件一起提交的其他参数（如计划编号） */
  params: P;
}

export interface ImportDef<S extends z.ZodObject = z.ZodObject, P = undefined> {
  /** 英文名，存入错误文件记录，如 'supervisor' */
  name: string;
  /** 中文标题，如 '督导员导入'；模板文件名与工作表名用它 */
  title: string;
  columns: readonly ImportColumn<KeyOf<S>>[];
  /** 校验一行：输入是按列 key 取的单元格文本（空白为 undefined），消息用中文 */
  row: S;
  /**
   * 须按文本填写的列（如身份证号）：单元格存成了超过 15 位的数字时，Excel 已丢掉末尾几位，
   * 该行报 numberAsTextMessage 而不是按丢了位数的号码去校验。
   */
  textColumns?: readonly KeyOf<S>[];
  /** 文件内不得重复的列（如身份证号）：报“与第 N 行重复” */
  unique?: readonly KeyOf<S>[];
  /** 每批校验通过的行再做的检查（如与库中已有数据重复），只读；在导入事务内执行 */
  check?: (tx: Db, rows: ImportRow<z.output<S>>[], ctx: ImportContext<P>) => Promise<RowIssue<KeyOf<S>>[]>;
  /** 写入一批；在导入事务内执行。抛 ApiError 或数据库约束错误时，按行找出出错的行报告 */
  commit: (tx: Db, rows: z.output<S>[], ctx: ImportContext<P>) => Promise<void>;
  /** 每批行数，默认 500 */
  batchSize?: number;
}

export type ImportResult =
  | { ok: true; total: number }
  | {
      ok: false;
      /** 给用户看的一句话（中文） */
      message: string;
      /** 数据行数（文件级错误时为 0） */
      total: number;
      errorCount: number;
      /** 前 ERRORS_IN_ANSWER 条 */
      errors: ImportIssue[];
      /** 错误工作簿；表头缺列、空表、文件不可读等文件级错误没有 */
      errorFileId: string | null;
      errorFileUrl: string | null;
    };

const isRequired = (schema: z.ZodType) => !schema.safeParse(undefined).success;

/** 定义一个导入；列与行模式不一致属于编程错误，定义时即抛出。 */
export function defineImport<S extends z.ZodObject, P = undefined>(def: ImportDef<S, P>): ImportDef<S, P> {
  const shape = def.row.shape as Record<string, z.ZodType>;
  const keys = new Set<string>();
  const headers = new Set<string>();
  for (const c of def.columns) {
    if (!(c.key in shape)) throw new Error(`导入 ${def.name}：列 ${c.key} 不在行模式中`);
    if (keys.has(c.key) || headers.has(normalizeHeader(c.header))) throw new Error(`导入 ${def.name}：列 ${c.key}「${c.header}」重复`);
    keys.add(c.key);
    headers.add(normalizeHeader(c.header));
  }
  for (const k of Object.keys(shape)) {
    if (!keys.has(k) && isRequired(shape[k])) throw new Error(`导入 ${def.name}：必填字段 ${k} 没有对应的列`);
  }
  return def;
}

/** 去空白与必填星号、“（必填）”后比较表头。 */
function normalizeHeader(text: string | undefined): string {
  return (text ?? '')
    .replace(/\s+/g, '')
    .replace(/^[*＊]+|[*＊]+$/g, '')
    .replace(/[(（]必填[)）]$/, '');
}

/** 须按文本填写的列存成了长数字 */
export const numberAsTextMessage = (header: string) =>
  `该单元格是数字格式，Excel 只保留 15 位有效数字，号码末尾几位已经丢失（显示为 1.3E+17 之类或末尾变成 000）：请把「${header}」列设置为“文本”格式后重新填写`;

const isBlank = (cells: (string | undefined)[], skip = -1) => cells.every((c, i) => c === undefined || i === skip);

function failure(message: string, issue: ImportIssue): ImportResult {
  return { ok: false, message, total: 0, errorCount: 1, errors: [issue], errorFileId: null, errorFileUrl: null };
}

const EMPTY = (row: number) => failure('导入失败：文件中没有数据行，请在表头下方逐行填写后再导入', { row, column: '', message: '没有数据行' });

/** 数据库约束错误与业务错误 → 中文原因；其他错误返回 null（按服务器异常处理）。 */
function writeFailure(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ApiError) return e.message;
    switch ((e as { code?: unknown }).code) {
      case '23505':
        return '与系统中已有的数据或本文件前面的行重复';
      case '23503':
        return '关联的数据不存在';
      case '23502':
        return '缺少必填数据';
      case '23514':
        return '数据不符合规则';
      case '22001':
        return '内容超出长度限制';
      case '22003':
      case '22007':
      case '22008':
      case '22P02':
        return '数据格式不正确';
    }
  }
  return null;
}

/** 抛出以回滚导入事务 */
class Rollback {
  constructor(readonly result?: ImportResult) {}
}

export async function runImport<S extends z.ZodObject, P>(
  def: ImportDef<S, P>,
  file: Blob,
  ctx: {
    db: Db;
    userId: number | null;
    params?: P;
    /** 进度（后台导入任务）：每校验、写入一批报一次已处理的行数与工作表的行数 */
    onProgress?: (done: number, total: number) => Promise<void>;
  },
): Promise<ImportResult> {
  type T = z.output<S>;
  const context: ImportContext<P> = { userId: ctx.userId, params: ctx.params as P };
  // 端点声明 asTask: 'import' 时（lib/platform/task/large-work.ts）：界面的请求超过 IMPORT_TASK_ROWS 行即改为后台任务
  // （在写入之前、或随导入事务回滚）；任务里按校验、写入的行报进度
  const mode = largeWorkMode();
  const limit = mode?.phase === 'request' ? mode.limit : Infinity;
  const onProgress = ctx.onProgress ?? (mode?.phase === 'task' ? mode.progress : undefined);
  const batchSize = Math.max(1, def.batchSize ?? 500);
  const headerOf = new Map(def.columns.map((c) => [c.key as string, c.header]));
  const keyOfHeader = new Map(def.columns.map((c) => [normalizeHeader(c.header), c.key as string]));
  const shape = def.row.shape as Record<string, z.ZodType>;

  let header: { row: number; index: [string, number][]; dropColumn: number; columnCount: number } | null = null;
  let scanned = 0;
  let lastRow = 0;
  /** 工作表里预先数出的行数与已读到的行数：找到表头时据此估出数据行数，过多则在校验之前拒绝 */
  let sheetRowCount = 0;
  let rowsRead = 0;
  let total = 0;
  let errorCount = 0;
  /** 原文件单元格文本的总字符数：决定错误工作簿是否抄写原文件 */
  let copiedChars = 0;
  const issues: ImportIssue[] = [];
  let pending: ImportRow<T>[] = [];
  const seen = new Map((def.unique ?? []).map((k) => [k as string, new Map<string, number>()]));

  const addIssue = (row: number, key: string | undefined, message: string) => {
    errorCount++;
    const text = message.length > MAX_ISSUE_MESSAGE_CHARS ? `${message.slice(0, MAX_ISSUE_MESSAGE_CHARS)}…` : message;
    if (issues.length < MAX_ERROR_DETAILS) issues.push({ row, column: key ? (headerOf.get(key) ?? key) : '', message: text });
  };

  /** 写入一批；在保存点里执行，失败时事务仍可用。失败则逐行重试（同样在保存点里，最后整体撤销）找出出错的行。 */
  const commitBatch = async (tx: Db, batch: ImportRow<T>[]) => {
    try {
      await tx.transaction((sp) => def.commit(sp, batch.map((r) => r.data), context));
      return;
    } catch (err) {
      const reason = writeFailure(err);
      if (reason === null) throw err;
      const before = errorCount;
      const probe = new Rollback();
      try {
        await tx.transaction(async (sp) => {
          for (const r of batch) {
            try {
              await sp.transaction((one) => def.commit(one, [r.data], context));
            } catch (e) {
              const why = writeFailure(e);
              if (why === null) throw e;
              addIssue(r.row, undefined, why);
            }
          }
          throw probe;
        });
      } catch (e) {
        if (e !== probe) throw e;
      }
      if (errorCount === before) addIssue(batch[0].row, undefined, `第 ${batch[0].row}–${batch[batch.length - 1].row} 行写入失败：${reason}`);
    }
  };

  /**
   * 正在写入的上一批：写入交给数据库后，接着读取、校验下一批的行（两者在不同的进程里并行）；
   * 下一批的检查与写入都等上一批写完才开始，所以次序与逐批等待时相同。
   */
  let writing: Promise<void> | null = null;
  const settle = async () => {
    const w = writing;
    writing = null;
    if (w) await w;
  };

  const flush = async (tx: Db) => {
    if (!pending.length) return;
    let batch = pending;
    pending = [];
    await settle();
    if (def.check) {
      const found = await def.check(tx, batch, context);
      for (const i of found) addIssue(i.row, i.column, i.message);
      const bad = new Set(found.map((i) => i.row));
      batch = batch.filter((r) => !bad.has(r.row));
    }
    // 出现第一个错误后不再写入，只继续校验以收集全部错误
    if (errorCount === 0 && batch.length) {
      writing = commitBatch(tx, batch);
      writing.catch(() => {}); // 错误由 settle 取出；先不等它，免得成为未处理的拒绝
    }
  };

  const matchHeader = (row: number, cells: (string | undefined)[]) => {
    const index: [string, number][] = [];
    let dropColumn = -1;
    cells.forEach((text, i) => {
      const name = normalizeHeader(text);
      const key = keyOfHeader.get(name);
      if (key && !index.some(([k]) => k === key)) index.push([key, i]);
      else if (name === ERROR_COLUMN && dropColumn < 0) dropColumn = i;
    });
    if (!index.length) return null;
    let columnCount = cells.length;
    while (columnCount > 0 && (cells[columnCount - 1] === undefined || columnCount - 1 === dropColumn)) columnCount--;
    if (dropColumn >= 0 && dropColumn < columnCount) columnCount--;
    return { row, index, dropColumn, columnCount };
  };

  const textKeys = new Set<string>(def.textColumns ?? []);

  const handleRow = async (tx: Db, row: number, cells: (string | undefined)[], longNumbers?: number[]) => {
    if (!header) {
      if (isBlank(cells)) return;
      header = matchHeader(row, cells);
      if (header) {
        if (sheetRowCount - rowsRead > IMPORT_MAX_ROWS) throw new Rollback(failure(TOO_MANY_ROWS, { row, column: '', message: TOO_MANY_ROWS }));
        if (sheetRowCount - rowsRead > limit) throw new TooLargeForRequest(limit);
        const found = new Set(header.index.map(([k]) => k));
        const missing = def.columns.filter((c) => !found.has(c.key) && isRequired(shape[c.key]));
        if (missing.length) {
          const names = missing.map((c) => `「${c.header}」`).join('');
          throw new Rollback(failure(`导入失败：缺少必填列${names}，请使用导入模板`, { row, column: missing[0].header, message: '缺少该列' }));
        }
      } else if (++scanned >= HEADER_SCAN_ROWS) {
        const names = def.columns.map((c) => c.header).join('、');
        throw new Rollback(failure(`导入失败：没有找到表头（${names}），请使用导入模板`, { row: 1, column: '', message: '没有找到表头' }));
      }
      return;
    }
    if (isBlank(cells, header.dropColumn)) return;
    if (++total > IMPORT_MAX_ROWS) throw new Rollback(failure(TOO_MANY_ROWS, { row, column: '', message: TOO_MANY_ROWS }));
    if (total > limit) throw new TooLargeForRequest(limit);
    const input: Record<string, string | undefined> = {};
    for (const [key, i] of header.index) input[key] = cells[i];
    if (longNumbers && textKeys.size) {
      const lost = header.index.filter(([key, i]) => textKeys.has(key) && longNumbers.includes(i));
      for (const [key] of lost) addIssue(row, key, numberAsTextMessage(headerOf.get(key) ?? key));
      if (lost.length) return;
    }
    const parsed = def.row.safeParse(input);
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const key = issue.path.length ? String(issue.path[0]) : '';
        if (reported.has(key)) continue;
        reported.add(key);
        addIssue(row, key || undefined, issue.message);
      }
      return;
    }
    const data = parsed.data as T;
    let duplicate = false;
    for (const [key, values] of seen) {
      const v = (data as Record<string, unknown>)[key];
      if (v === undefined || v === null || v === '') continue;
      const first = values.get(String(v));
      if (first !== undefined) {
        addIssue(row, key, `与第 ${first} 行重复`);
        duplicate = true;
      } else values.set(String(v), row);
    }
    if (duplicate) return;
    pending.push({ row, data });
    if (pending.length >= batchSize) {
      await flush(tx);
      await onProgress?.(rowsRead, Math.max(sheetRowCount, rowsRead));
    }
  };

  // 只读一次上传的文件；两遍读取（校验写库、生成错误工作簿）都用这份字节
  const bytes = new Uint8Array(await file.arrayBuffer());
  const deadline = deadlineAfter();
  try {
    await ctx.db.transaction(async (tx) => {
      try {
        for await (const { row, cells, longNumbers } of sheetRows(bytes, { deadline, onRowCount: (n) => (sheetRowCount = n) })) {
          lastRow = row;
          rowsRead++;
          for (const c of cells) copiedChars += c?.length ?? 0;
          await handleRow(tx, row, cells, longNumbers);
        }
        await flush(tx);
        await settle();
        await onProgress?.(rowsRead, rowsRead);
      } finally {
        // 中途抛出（回滚、超出上限）时也等正在写入的一批结束，事务与连接才能交还
        await writing?.catch(() => {});
      }
      checkDeadline(deadline);
      if (!header) {
        throw new Rollback(
          scanned ? failure(`导入失败：没有找到表头（${def.columns.map((c) => c.header).join('、')}），请使用导入模板`, { row: 1, column: '', message: '没有找到表头' }) : EMPTY(1),
        );
      }
      if (total === 0) throw new Rollback(EMPTY(lastRow + 1));
      if (errorCount > 0) throw new Rollback();
    });
  } catch (err) {
    if (err instanceof UnreadableWorkbookError || err instanceof ImportLimitError) return failure(err.message, { row: 0, column: '', message: err.message });
    if (!(err instanceof Rollback)) throw err;
    if (err.result) return err.result;
  }
  if (errorCount === 0) return { ok: true, total };

  const h = header!;
  const content = await buildErrorWorkbook({
    file: bytes,
    copyRows: copiedChars <= MAX_ERROR_COPY_CHARS,
    headerRow: h.row,
    dropColumn: h.dropColumn,
    columnCount: h.columnCount,
    issues,
    omitted: errorCount - issues.length,
  });
  const errorFileId = await saveErrorFile(ctx.db, { userId: ctx.userId, importName: def.name, content });
  const first = issues[0];
  return {
    ok: false,
    message: `导入失败：第 ${first.row} 行${first.column ? `「${first.column}」` : ''}：${first.message}；共 ${errorCount} 处错误，请下载错误工作簿修改后重新导入`,
    total,
    errorCount,
    errors: issues.slice(0, ERRORS_IN_ANSWER),
    errorFileId,
    errorFileUrl: errorFileUrl(errorFileId),
  };
}

/** 导入结果 → 接口答复：成功返回 { total }，失败抛 400（data 含错误明细与错误工作簿下载地址）。 */
export function importResponse(result: ImportResult): { total: number } {
  if (result.ok) return { total: result.total };
  const { message, total, errorCount, errors, errorFileId, errorFileUrl: url } = result;
  throw ApiError.badRequest(message, undefined, { total, errorCount, errors, errorFileId, errorFileUrl: url });
}

/** multipart 中的文件字段 */
export const ImportFileInput = z.instanceof(Blob, { message: '请选择要导入的 Excel 文件（.xlsx）' }).describe('Excel 文件（.xlsx）');

/**
 * 整行导入端点：multipart 字段 file（另可带 params 模式里的字段），成功答复 { total }。
 * 例：'POST /supervisor/import': importEndpoint(supervisorImport, { permission: 'supervisor.import' })
 */
export function importEndpoint<S extends z.ZodObject, P = undefined>(
  def: ImportDef<S, P>,
  opts: { permission: Permission; summary?: string; params?: z.ZodObject & z.ZodType<P> },
): Endpoint {
  const input = (opts.params ?? z.object({})).extend({ file: ImportFileInput });
  return endpoint({
    summary: opts.summary ?? `${def.title}（.xlsx，全部校验通过才写入；失败时返回错误工作簿）`,
    permission: opts.permission,
    body: 'multipart',
    input,
    handle: async ({ file, ...params }, ctx) =>
      importResponse(await runImport(def, file as Blob, { db: ctx.db, userId: ctx.session?.user.id ?? null, params: params as P })),
  });
}

/** 模板只用到导入定义的这几项 */
export type TemplateSource = Pick<ImportDef, 'title' | 'row'> & { columns: readonly ImportColumn[] };

/** 导入模板：表头（必填列加 *、加粗、列宽、文本格式）、可选的示例行，以及“说明”页。 */
export async function templateWorkbook(def: TemplateSource): Promise<FileResult> {
  const shape = def.row.shape as Record<string, z.ZodType>;
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName(def.title));
  sheet.columns = def.columns.map((c) => ({
    header: (isRequired(shape[c.key]) ? '*' : '') + c.header,
    key: c.key,
    width: c.width ?? Math.max(12, c.header.length * 2 + 4),
    // 文本格式：身份证号、手机号等长数字不会被 Excel 改成科学计数法
    style: { numFmt: '@' },
  }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.eachCell((cell, i) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8E8E8' } };
    if (isRequired(shape[def.columns[i - 1].key])) cell.font = { bold: true, color: { argb: 'FFC00000' } };
  });
  const hasExample = def.columns.some((c) => c.example !== undefined);
  if (hasExample) {
    const example = sheet.addRow(Object.fromEntries(def.columns.map((c) => [c.key, c.example ?? null])));
    example.font = { italic: true, color: { argb: 'FF808080' } };
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const notes = wb.addWorksheet('说明');
  notes.columns = [
    { header: '列名', key: 'header', width: 18 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '示例', key: 'example', width: 24 },
    { header: '填写说明', key: 'note', width: 50 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of def.columns) {
    notes.addRow({ header: c.header, required: isRequired(shape[c.key]) ? '是' : '否', example: c.example ?? '', note: c.note ?? '' });
  }
  notes.addRow([]);
  for (const line of [
    '第 1 行为表头，请勿修改；从下一行起每行填写一条数据，带 * 的列必填。',
    ...(hasExample ? ['第 2 行为示例（灰色斜体），导入前请删除。'] : []),
    '整份文件全部校验通过才会导入；任何一行有错都不会写入，可下载错误工作簿，按“错误原因”改正后整份重新导入。',
  ]) {
    notes.addRow([line]);
  }
  const buffer = await wb.xlsx.writeBuffer();
  return new FileResult(new Uint8Array(buffer as ArrayBuffer), 'xlsx');
}

/** 整行模板下载端点。例：'GET /supervisor/importTemplate': templateEndpoint(supervisorImport, { permission: 'supervisor.import' }) */
export function templateEndpoint(def: TemplateSource, opts: { permission: Permission; summary?: string }): Endpoint {
  return endpoint({
    summary: opts.summary ?? `下载${def.title}模板`,
    permission: opts.permission,
    produces: 'file',
    handle: () => templateWorkbook(def),
  });
}

/** Excel 工作表名：最多 31 个字符，不能含 []:*?/\ */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, '').slice(0, 31) || '数据';
