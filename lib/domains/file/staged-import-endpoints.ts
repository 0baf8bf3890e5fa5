// 分步导入（staged-import.ts）的一组端点行：预览（multipart）、再看预览、确认、放弃与模板下载。
// 考生导入与学员名单导入照此登记：路径、权限、说明与服务函数由领域给出，端点行的写法只在这里一份。
import { z } from 'zod';
import { endpoint, sessionOf, type Audit, type EndpointTable, type Permission } from '@/lib/platform/api/endpoint';
import { templateEndpoint, type TemplateSource } from '@/lib/platform/excel/import';
import type { Db } from '@/lib/platform/db/client';
import type { Session } from '@/lib/platform/auth/session';
import { flag, id } from '@/lib/platform/validation/fields';
import type { TaskStarted } from '../task/schemas';

/** 再看预览、确认、放弃的输入：导入行的 id */
export const StagedImportIdInput = z.object({ importId: id('导入记录') });
type ImportIdArg = z.output<typeof StagedImportIdInput>;

type Key = `${'GET' | 'POST'} /${string}`;

type Keys = { preview: Key; previewStored: Key; commit: Key; discard: Key; template: Key };

export interface StagedImportEndpointsSpec<S extends z.ZodObject, K extends Keys, Preview, Commit> {
  /** 各端点的键（'POST /…'），与 SPEC 的路径一致 */
  keys: K;
  permission: Permission;
  /** 预览的输入（multipart：办理对象的 id 与 file） */
  previewInput: S;
  /** 模板（导入定义） */
  template: TemplateSource;
  /** 各端点的说明（进入 OpenAPI，也是操作日志里的操作名） */
  summaries: { preview: string; previewStored: string; commit: string; discard: string };
  /** 服务函数：签名同 staged-import.ts 的 StagedImport，领域在其上包一层答复的形状 */
  preview(db: Db, session: Session, input: z.output<S>, audit: Audit): Promise<Preview>;
  previewStored(db: Db, session: Session, importId: number): Promise<Preview>;
  commit(db: Db, session: Session, input: ImportIdArg, audit: Audit): Promise<Commit>;
  /** 确认改为后台任务（background: true）：答复 { taskId } */
  startCommit(db: Db, session: Session, input: ImportIdArg, audit: Audit): Promise<TaskStarted>;
  discard(db: Db, session: Session, input: ImportIdArg, audit: Audit): Promise<unknown>;
}

/** 一次分步导入的五行端点，展开在领域的端点表里：`...stagedImportEndpoints({ … })` */
export function stagedImportEndpoints<S extends z.ZodObject, K extends Keys, Preview, Commit>(spec: StagedImportEndpointsSpec<S, K, Preview, Commit>) {
  const { keys, permission, summaries } = spec;
  const rows = {
    preview: endpoint({
      summary: summaries.preview,
      permission,
      body: 'multipart',
      input: spec.previewInput,
      handle: (input, ctx) => spec.preview(ctx.db, sessionOf(ctx), input as z.output<S>, ctx.audit),
    }),
    previewStored: endpoint({
      summary: summaries.previewStored,
      permission,
      input: StagedImportIdInput,
      handle: ({ importId }, ctx) => spec.previewStored(ctx.db, sessionOf(ctx), importId),
    }),
    commit: endpoint({
      summary: `${summaries.commit}。background: true 时发起后台任务，答复 { taskId }（进度与结果见 /task/get）`,
      permission,
      input: StagedImportIdInput.extend({
        background: flag('后台执行').optional().describe('true：发起后台任务，答复 { taskId }；不给则直接写入并答复'),
      }),
      handle: ({ background, ...input }, ctx): Promise<Commit | TaskStarted> =>
        background ? spec.startCommit(ctx.db, sessionOf(ctx), input, ctx.audit) : spec.commit(ctx.db, sessionOf(ctx), input, ctx.audit),
    }),
    discard: endpoint({
      summary: summaries.discard,
      permission,
      input: StagedImportIdInput,
      handle: (input, ctx) => spec.discard(ctx.db, sessionOf(ctx), input, ctx.audit),
    }),
    template: templateEndpoint(spec.template, { permission }),
  };
  return Object.fromEntries(Object.entries(rows).map(([name, row]) => [keys[name as keyof Keys], row])) as {
    [N in keyof Keys as K[N]]: (typeof rows)[N];
  } satisfies EndpointTable;
}
