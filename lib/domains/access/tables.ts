import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../user/tables';

/**
 * 资源：菜单树的一个节点（SPEC §2 服务端下发菜单）。key 即权限标识 permissionId；
 * actions 是该资源可授予的动作，角色从中勾选。
 */
export const resources = pgTable(
  'resource',
  {
    id: serial('id').primaryKey(),
    /** 0 为根 */
    parentId: integer('parent_id').notNull().default(0),
    key: varchar('key', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    /** 前端界面组件名；目录节点为 RouteView */
    component: varchar('component', { length: 64 }).notNull(),
    path: varchar('path', { length: 200 }).notNull(),
    redirect: varchar('redirect', { length: 200 }),
    icon: varchar('icon', { length: 64 }),
    sort: integer('sort').notNull().default(0),
    show: boolean('show').notNull().default(true),
    hideChildren: boolean('hide_children').notNull().default(false),
    hiddenHeaderContent: boolean('hidden_header_content').notNull().default(false),
    target: varchar('target', { length: 16 }),
    actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resource_parent_idx').on(t.parentId, t.sort)],
);

export const roles = pgTable(
  'role',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    /** 适用的数据层级：province / city / county / org */
    level: varchar('level', { length: 16 }).notNull(),
    description: varchar('description', { length: 300 }),
    /** 0 启用 1 停用 */
    status: smallint('status').notNull().default(0),
    /** 数据角色：持有该角色的用户可见的数据层级（province / city / county / org）；空为随账号层级 */
    dataScope: varchar('data_scope', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('role_level_chk', sql`${t.level} in ('province', 'city', 'county', 'org')`),
    check('role_data_scope_chk', sql`${t.dataScope} is null or ${t.dataScope} in ('province', 'city', 'county', 'org')`),
    check('role_status_chk', sql`${t.status} in (0, 1)`),
    index('role_level_idx').on(t.level),
    index('role_status_idx').on(t.status),
  ],
);

/** 角色对资源授予的动作 */
export const roleResources = pgTable(
  'role_resource',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resourceId] }), index('role_resource_resource_idx').on(t.resourceId)],
);

export const userRoles = pgTable(
  'user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_role_role_idx').on(t.roleId)],
);
