// 通用 Excel 导出：任意列表查询的行逐行写入流式工作簿（writer.ts：直接生成工作表 XML 边压缩边输出），
// 直接作为响应体发出，内存不随行数增长。
// 端点声明 asTask: 'export' 时，界面的请求先读至多 EXPORT_TASK_ROWS + 1 行：超过即改为后台任务，任务里按写出的行报进度
// （lib/platform/task/large-work.ts）。
// 用法：handle: (input, ctx) => exportXlsx({ columns, rows: keysetBatches((last, limit) => 查询(last, limit), (r) => r.id) })
import { PassThrough } from 'node:stream';
import { FileResult } from '@/lib/platform/api/files';
import { formatBeijing } from '@/lib/platform/time';
import { largeWorkMode, TooLargeForRequest } from '@/lib/platform/task/large-work';
import { xlsxSheetWriter, type SheetCell } from './writer';

export type ExportCell = string | number | boolean | Date | null | undefined;

export interface ExportColumn<T> {
  header: string;
  /** 取值的字段；只靠 format 计算的列可不填 */
  key?: keyof T & string;
  width?: number;
  /** 把字段值（与整行）转成单元格的值，如状态码 → 中文 */
  format?: (value: unknown, row: T) => ExportCell;
}

export interface ExportOptions<T> {
  columns: readonly ExportColumn<T>[];
  rows: AsyncIterable<T> | Iterable<T>;
  /** 默认“数据” */
  sheetName?: string;
  /** 与 rows 同样筛选与范围的计数（可选）：后台任务据此显示百分比；没有时只显示已写出的行数 */
  count?: () => Promise<number>;
}

/** 时间一律写成北京时间文本，避免 Excel 按数字显示或各地时区不一致。 */
function toCell(v: unknown): SheetCell {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : formatBeijing(v);
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return v.toString();
  return JSON.stringify(v);
}

const YIELD_EVERY = 500;

/** 等写出端有空位（或已被关闭）再继续生成，形成背压。 */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * 按需读取的 Web 流。不用 Readable.toWeb：Node 20 的实现按块计数缓冲（上限 16384 块），
 * 读得慢时会把整个文件攒进内存；这里读一块给一块，背压一直传到写行的循环。
 */
function pullStream(out: PassThrough): ReadableStream<Uint8Array> {
  const chunks = out[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        await chunks.return?.(); // 销毁 out，写行的循环随之停止
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * 流式导出。先取第一行再返回：查询一开始就出错时，调用方得到普通异常（调度器答复 500），而不是一个坏掉的下载。
 * 之后出错只中断这次下载（记录日志），不影响进程；客户端中途断开时停止读取行。
 */
export async function exportXlsx<T>(opts: ExportOptions<T>): Promise<FileResult> {
  let iterator: AsyncIterator<T> | Iterator<T> =
    Symbol.asyncIterator in opts.rows ? (opts.rows as AsyncIterable<T>)[Symbol.asyncIterator]() : (opts.rows as Iterable<T>)[Symbol.iterator]();
  const mode = largeWorkMode();
  if (mode?.phase === 'request') iterator = (await readAtMost(iterator, mode.limit))[Symbol.iterator]();
  const task = mode?.phase === 'task' ? mode : null;
  const total = task && opts.count ? await opts.count() : undefined;
  if (task) await task.progress(0, total);
  const first = await iterator.next();

  const out = new PassThrough();
  const values = (row: T) =>
    opts.columns.map((c) => {
      const raw = c.key === undefined ? undefined : row[c.key];
      return toCell(c.format ? c.format(raw, row) : raw);
    });

  let sheet: ReturnType<typeof xlsxSheetWriter> | null = null;
  const pump = async () => {
    sheet = xlsxSheetWriter({
      sheetName: opts.sheetName ?? '数据',
      columns: opts.columns.map((c) => ({ header: c.header, width: c.width ?? 16 })),
      write: (chunk) => {
        if (!out.destroyed) out.write(chunk);
      },
    });
    let n = 0;
    for (let next = first; !next.done; next = await iterator.next()) {
      if (out.destroyed) return; // 客户端已断开
      const wait = sheet.addRow(values(next.value));
      if (wait) await wait;
      // 行来源若不做 I/O（或一批行都在内存里），循环只走微任务，压缩与输出轮不到执行；
      // 每隔一些行让出一次事件循环，再看输出端是否已满
      if (++n % YIELD_EVERY === 0) {
        await new Promise(setImmediate);
        if (task) await task.progress(n, total); // 任务被取消时抛出，下面的 catch 中断写出
      }
      while (out.writableNeedDrain && !out.destroyed) await drained(out);
    }
    await sheet.finish();
    if (task) {
      task.rows = n;
      await task.progress(n, total ?? n);
    }
    out.end();
  };
  pump()
    .catch((err: unknown) => {
      if (!task) console.error('[excel] 导出中断', err); // 任务里的中断（取消、出错）由执行器记下
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    })
    .finally(() => {
      if (out.destroyed) sheet?.destroy();
      // 提前结束（断开、出错）时释放行来源，如数据库游标
      void Promise.resolve(iterator.return?.()).catch(() => {});
    });

  return new FileResult(pullStream(out), 'xlsx');
}

/**
 * 界面请求的导出先读至多 limit 行（在调度器开的事务里，之后不再用数据库）；还有更多行即抛 TooLargeForRequest，改为后台任务。
 */
async function readAtMost<T>(iterator: AsyncIterator<T> | Iterator<T>, limit: number): Promise<T[]> {
  const rows: T[] = [];
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    if (rows.length >= limit) {
      await Promise.resolve(iterator.return?.()).catch(() => {});
      throw new TooLargeForRequest(limit);
    }
    rows.push(next.value);
  }
  return rows;
}

/**
 * 按键集分页逐行遍历任意列表查询（不用 OFFSET，越往后越不变慢）：
 * fetchAfter(上一批最后一行的键，首批为 null, 条数) 须按该键排序并只返回键之后的行。
 * 交出一批的同时已在取下一批（数据库查询与写出工作簿并行），内存里至多两批。
 */
export async function* keysetBatches<T, K>(
  fetchAfter: (lastKey: K | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => K,
  batchSize = 1000,
): AsyncGenerator<T> {
  let rows = await fetchAfter(null, batchSize);
  for (;;) {
    const next = rows.length < batchSize ? null : fetchAfter(keyOf(rows[rows.length - 1]), batchSize);
    // 调用方中途停止时没人等这一批：先接住它的错误，免得成为未处理的拒绝（照常 await 时错误仍会抛出）
    next?.catch(() => {});
    yield* rows;
    if (!next) return;
    rows = await next;
  }
}
