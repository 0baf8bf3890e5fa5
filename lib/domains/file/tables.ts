// 上传的文件与引用它们的记录。文件本身在存储里（lib/platform/storage），这里记谁、何时、为何上传，以及被谁引用。
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { users } from '../user/tables';

export const FILE_STATUS = {
  /** 已签发直传地址、还没确认内容 */
  PENDING: 'pending',
  /** 内容已检查，可使用 */
  READY: 'ready',
} as const;
export type FileStatus = (typeof FILE_STATUS)[keyof typeof FILE_STATUS];

/** 上传的文件：一行一个存储对象（图片另有缩略图对象）。地址为 /files/<storageKey>。 */
export const fileUploads = pgTable(
  'file_upload',
  {
    id: serial('id').primaryKey(),
    /** 存储键 <目录>/<名称>.<扩展名>：目录为上传人编码或十个 0 加日期，名称由服务端随机生成 */
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    /** 缩略图的存储键（只有图片有） */
    thumbKey: varchar('thumb_key', { length: 200 }),
    /** 客户端给的原文件名（只作显示与下载名） */
    originalName: varchar('original_name', { length: 200 }).notNull(),
    /** 按内容判定的格式 */
    ext: varchar('ext', { length: 8 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    /** image / document / video */
    kind: varchar('kind', { length: 16 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    /** 存储的字节数 */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** 存储内容的 sha256（直传确认之前为空） */
    sha256: varchar('sha256', { length: 64 }),
    status: varchar('status', { length: 16 }).notNull().default(FILE_STATUS.READY),
    /** 上传人（种子写入的为空）；账号删除后文件仍按机构与市归属 */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    orgId: integer('org_id').references(() => organisations.id, { onDelete: 'set null' }),
    cityId: integer('city_id').references(() => areas.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('file_upload_key_uq').on(t.storageKey),
    check('file_upload_status_chk', sql`${t.status} in ('pending', 'ready')`),
    check('file_upload_kind_chk', sql`${t.kind} in ('image', 'document', 'video')`),
    check('file_upload_purpose_chk', sql`${t.purpose} in ('image', 'document', 'video', 'courseware', 'attachment')`),
    check('file_upload_size_chk', sql`${t.size} >= 0`),
    // 定时清理按上传时间找没有引用的文件
    index('file_upload_created_idx').on(t.createdAt),
    index('file_upload_owner_idx').on(t.ownerId),
    index('file_upload_org_idx').on(t.orgId),
    index('file_upload_city_idx').on(t.cityId),
  ],
);
export type FileUploadRow = typeof fileUploads.$inferSelect;

/** 记录使用的文件（attachFiles 整体替换某条记录的一组）。被引用的文件不会被定时清理。 */
export const fileRefs = pgTable(
  'file_ref',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => fileUploads.id, { onDelete: 'cascade' }),
    /** 业务对象名（如 'content'、'course_chapter'）与主键 */
    entity: varchar('entity', { length: 64 }).notNull(),
    entityId: integer('entity_id').notNull(),
    /** 该记录公开展示（如已发布的公告的附件）：文件对任何人可读 */
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('file_ref_uq').on(t.entity, t.entityId, t.fileId),
    index('file_ref_file_idx').on(t.fileId),
  ],
);
export type FileRefRow = typeof fileRefs.$inferSelect;
