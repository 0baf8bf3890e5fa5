import { index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

/** 行政区划（GB/T 2260），以河北省 130000 为根；id 即六位区划代码。 */
export const areas = pgTable(
  'area',
  {
    id: integer('id').primaryKey(),
    pid: integer('pid').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** 1 省 2 市 3 县区 */
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('area_pid_sort_idx').on(t.pid, t.sort, t.id), index('area_name_idx').on(t.name)],
);

export type Area = typeof areas.$inferSelect;
