// 分步导入（预览 → 确认 / 放弃）的共用机制：考生导入（examinee/imports.ts）与学员名单导入（trainClass/imports.ts）都照此办理。
//
// 1. 预览：查办理对象（计划、班级，领域自己的范围与权限检查），已有待确认的导入时拒绝；解析并逐行校验（lib/platform/excel/import.ts），
//    不写数据；全部通过时文件经上传服务保存，记一行待确认的导入（status 0）并登记文件引用；有错误时 400 与错误工作簿。
// 2. 再看预览：从存储里重新读取保存的文件并校验，不写。
// 3. 确认：重新读取保存的文件，锁住导入行，按当时的数据重新校验，全部通过才在一个事务里写入（已写入，status 1）。
// 4. 放弃：不写数据（已放弃，status 2），文件的引用撤销，由上传服务的定时任务清理。
//
// 领域只给出：导入表、导入定义与其参数、办理对象的查找与检查、待确认导入的查找、写入导入行的归属列、提示文字与答复的形状。
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope } from '@/lib/platform/auth/scope';
import type { Session } from '@/lib/platform/auth/session';
import { runImport, type ImportDef, type ImportResult } from '@/lib/platform/excel/import';
import { attachFiles, detachFiles, readStoredFile, storeFile } from './service';
import { STAGED_IMPORT_STATUS } from './staged-import-columns';
import { enqueueTask } from '@/lib/platform/task/runner';
import { registerTask } from '@/lib/platform/task/registry';
import { ownerSession } from '../task/service';
import type { TaskStarted } from '../task/schemas';

// 导入表的共有列与状态检查（各 tables.ts 用）在 staged-import-columns.ts：drizzle-kit 载入的文件不能引用本文件的依赖（'@/…' 别名、上传服务）
export { STAGED_IMPORT_STATUS, stagedImportColumns, stagedImportStatusCheck } from './staged-import-columns';

/** 导入行共有的列 */
export interface StagedImportRow {
  id: number;
  orgId: number;
  cityId: number | null;
  fileName: string;
  fileUrl: string;
  status: number;
  total: number;
  warningCount: number;
}

/** 导入表：共有的列之外各有归属列（planId、classId）；有 errorCount 列时确认失败也记下错误数 */
export type StagedImportTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  errorCount?: PgColumn;
  $inferSelect: StagedImportRow;
};

export type ImportMode = 'preview' | 'commit';
type Failure = Extract<ImportResult, { ok: false }>;

export interface StagedImportSpec<T extends StagedImportTable, Owner, P, S extends z.ZodObject = z.ZodObject> {
  table: T;
  /** 文件引用与操作日志的实体名，如 'examinee_import' */
  entity: string;
  /** 范围外或不存在时 404 的名称，如 '考生导入' */
  label: string;
  /** 没有文件名时的默认名，如 '考生名单.xlsx' */
  defaultFileName: string;
  def: ImportDef<S, P>;
  /** 办理对象（计划、班级）：范围与权限由领域检查，不满足时抛错 */
  owner(db: Db, session: Session, ownerId: number): Promise<Owner>;
  /** 导入行属于哪个办理对象 */
  ownerIdOf(row: T['$inferSelect']): number;
  /** 办理对象上待确认的导入（有了就不能再预览新文件） */
  pending(db: Db, owner: Owner): Promise<{ fileName: string } | null | undefined>;
  /** 导入定义的参数（每次运行一份新的）；commit 时 importId 为导入行 id */
  params(db: Db, session: Session, owner: Owner, mode: ImportMode, importId: number | null): Promise<P>;
  /** 新导入行的归属列（planId 或 classId、orgId、cityId） */
  ownerColumns(owner: Owner): Record<string, unknown>;
  /** 记在导入行上的提示数 */
  warningCount(p: P): number;
  /** 校验失败时 400 的 data 在错误明细之外另加的（如提示数） */
  failureData(p: P): Record<string, unknown>;
  /** 确认写入后、同一事务里的收尾（如刷新人数） */
  afterCommit?(tx: Db, owner: Owner): Promise<void>;
  messages: {
    /** 已有待确认的导入 */
    pending(fileName: string): string;
    /** 操作日志：预览、确认、放弃 */
    previewed(owner: Owner, fileName: string, total: number): string;
    committed(owner: Owner, row: T['$inferSelect'], total: number): string;
    discarded(row: T['$inferSelect']): string;
  };
}

export interface StagedImport<T extends StagedImportTable, P> {
  /** 预览：只校验，不写；通过时保存文件并记一行待确认的导入 */
  preview(db: Db, session: Session, input: { ownerId: number; file: Blob }, audit: Audit): Promise<{ row: T['$inferSelect']; params: P }>;
  /** 再看一次待确认导入的预览（重新读取保存的文件并校验，不写） */
  previewStored(db: Db, session: Session, importId: number): Promise<{ row: T['$inferSelect']; params: P }>;
  /** 确认：重新读取保存的文件、重新校验，全部通过才写入；onProgress 为后台任务的进度（已处理的行数） */
  commit(db: Db, session: Session, importId: number, audit: Audit, onProgress?: (done: number, total: number) => Promise<void>): Promise<{ total: number; params: P }>;
  /** 确认改为后台任务（大文件）：先做同样的检查，答复 { taskId }；任务里办理 commit，进度按行，失败时结果带错误工作簿 */
  startCommit(db: Db, session: Session, importId: number, audit: Audit): Promise<TaskStarted>;
  /** 放弃：不写，撤销文件引用 */
  discard(db: Db, session: Session, importId: number, audit: Audit): Promise<{ discarded: true }>;
}

const ALREADY_COMMITTED = '该导入已确认写入，不能再办理';

/** 上传的文件名（去掉路径，至多 200 字）；没有时用 fallback */
export const fileNameOf = (file: Blob, fallback: string) => ((file as File).name || fallback).split(/[\\/]/).pop()!.slice(0, 200);

export function stagedImport<T extends StagedImportTable, Owner, P, S extends z.ZodObject>(spec: StagedImportSpec<T, Owner, P, S>): StagedImport<T, P> {
  type Row = T['$inferSelect'];
  const { table } = spec;
  // 泛型的表上 drizzle 推不出列的类型：读写的值按 StagedImportRow 的列给出
  const values = (v: Record<string, unknown>) => v as never;

  /** 校验失败 → 400：第一处错误点名行号，data 含错误明细、错误工作簿与领域另加的 */
  function failed(result: Failure, p: P): never {
    const { message, total, errorCount, errors, errorFileId, errorFileUrl } = result;
    throw ApiError.badRequest(message, undefined, { total, errorCount, errors, errorFileId, errorFileUrl, ...spec.failureData(p) });
  }

  async function run(db: Db, session: Session, bytes: Uint8Array<ArrayBuffer>, p: P, onProgress?: (done: number, total: number) => Promise<void>): Promise<ImportResult> {
    return runImport(spec.def, new Blob([bytes]), { db, userId: session.user.id, params: p, onProgress });
  }

  /** 后台确认的任务种类：每个分步导入一种（import.<实体>） */
  const taskKind = `import.${spec.entity}`;

  async function loadImport(db: Db, session: Session, importId: number): Promise<{ row: Row; owner: Owner }> {
    const [found] = (await db.select().from(table as PgTable).where(eq(table.id, importId))) as Row[];
    const row = assertInScope(session.user, found, spec.label);
    const owner = await spec.owner(db, session, spec.ownerIdOf(row));
    if (row.status !== STAGED_IMPORT_STATUS.PENDING) throw ApiError.badRequest(`该导入${row.status === STAGED_IMPORT_STATUS.COMMITTED ? '已确认写入' : '已放弃'}，不能再办理`);
    return { row, owner };
  }

  async function storedBytes(url: string): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = await readStoredFile(url);
    if (!bytes) throw ApiError.badRequest('导入的文件已不存在，请放弃这次导入后重新上传');
    return bytes;
  }

  const api: StagedImport<T, P> = {
    async startCommit(db, session, importId, audit) {
      const { row } = await loadImport(db, session, importId);
      const started = await enqueueTask(db, { userId: session.user.id, kind: taskKind, title: `确认${spec.label}「${row.fileName}」`, input: { importId: row.id }, total: row.total });
      audit({ entity: spec.entity, entityId: row.id, detail: `发起后台确认${spec.label}「${row.fileName}」，任务 ${started.taskId}` });
      return started;
    },

    async preview(db, session, input, audit) {
      const owner = await spec.owner(db, session, input.ownerId);
      const pending = await spec.pending(db, owner);
      if (pending) throw ApiError.badRequest(spec.messages.pending(pending.fileName));
      const p = await spec.params(db, session, owner, 'preview', null);
      const bytes = new Uint8Array(await input.file.arrayBuffer());
      const result = await run(db, session, bytes, p);
      if (!result.ok) failed(result, p);
      const fileName = fileNameOf(input.file, spec.defaultFileName);
      const stored = await storeFile(db, session.user, { data: bytes, fileName, purpose: 'attachment' });
      const [row] = (await db
        .insert(table)
        .values(
          values({
            ...spec.ownerColumns(owner),
            fileName,
            fileUrl: stored.url,
            status: STAGED_IMPORT_STATUS.PENDING,
            total: result.total,
            warningCount: spec.warningCount(p),
            createdBy: session.user.id,
          }),
        )
        .returning()) as Row[];
      await attachFiles(db, { entity: spec.entity, entityId: row.id }, [stored.url]);
      audit({ entity: spec.entity, entityId: row.id, after: row, detail: spec.messages.previewed(owner, fileName, result.total) });
      return { row, params: p };
    },

    async previewStored(db, session, importId) {
      const { row, owner } = await loadImport(db, session, importId);
      const p = await spec.params(db, session, owner, 'preview', null);
      const result = await run(db, session, await storedBytes(row.fileUrl), p);
      if (!result.ok) failed(result, p);
      return { row, params: p };
    },

    async commit(db, session, importId, audit, onProgress) {
      const { row, owner } = await loadImport(db, session, importId);
      const bytes = await storedBytes(row.fileUrl);
      const p = await spec.params(db, session, owner, 'commit', row.id);
      const result = await db.transaction(async (tx) => {
        // 锁住导入行：同时两次确认时，后一次看到已写入
        const [locked] = (await tx
          .select()
          .from(table as PgTable)
          .where(eq(table.id, row.id))
          .for('update')) as Row[];
        if (locked?.status !== STAGED_IMPORT_STATUS.PENDING) throw ApiError.badRequest(ALREADY_COMMITTED);
        const r = await run(tx, session, bytes, p, onProgress);
        if (r.ok) {
          await tx
            .update(table)
            .set(values({ status: STAGED_IMPORT_STATUS.COMMITTED, total: r.total, ...(table.errorCount ? { errorCount: 0 } : {}), warningCount: spec.warningCount(p), resolvedAt: new Date() }))
            .where(eq(table.id, row.id));
          await spec.afterCommit?.(tx, owner);
        } else if (table.errorCount) {
          await tx
            .update(table)
            .set(values({ errorCount: r.errorCount }))
            .where(eq(table.id, row.id));
        }
        return r;
      });
      if (!result.ok) failed(result, p);
      audit({ entity: spec.entity, entityId: row.id, before: row, after: { status: STAGED_IMPORT_STATUS.COMMITTED, total: result.total }, detail: spec.messages.committed(owner, row, result.total) });
      return { total: result.total, params: p };
    },

    async discard(db, session, importId, audit) {
      const { row } = await loadImport(db, session, importId);
      const [after] = (await db
        .update(table)
        .set(values({ status: STAGED_IMPORT_STATUS.DISCARDED, resolvedAt: new Date() }))
        .where(and(eq(table.id, row.id), eq(table.status, STAGED_IMPORT_STATUS.PENDING)))
        .returning()) as Row[];
      if (!after) throw ApiError.badRequest(ALREADY_COMMITTED);
      await detachFiles(db, { entity: spec.entity, entityId: row.id });
      audit({ entity: spec.entity, entityId: row.id, before: row, after, detail: spec.messages.discarded(row) });
      return { discarded: true };
    },
  };

  // 后台确认：以发起人此刻的身份办理同一个 commit（范围、状态照常检查），全有或全无；失败时任务的结果带错误工作簿
  registerTask<{ importId: number }>(taskKind, {
    title: `确认${spec.label}`,
    async run(ctx, input, progress) {
      const session = await ownerSession(ctx);
      const { total, params } = await api.commit(ctx.db, session, input.importId, ctx.audit, progress);
      return { result: { total, ...spec.failureData(params) } };
    },
  });
  return api;
}
