import { customType, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** 导入失败时生成的错误工作簿，存库以便多实例部署下任一实例都能下载；定期清理。 */
export const importErrorFiles = pgTable(
  'import_error_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 上传者；未登录导入（无）时为空 */
    userId: integer('user_id'),
    importName: varchar('import_name', { length: 64 }).notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_error_file_created_idx').on(t.createdAt)],
);
