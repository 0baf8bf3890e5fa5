// 全部 Drizzle 表：每个领域的 tables.ts 在此汇总，供 drizzle-kit 与查询使用（相对路径，drizzle-kit 不解析别名）。
export * from '../../domains/area/tables';
export * from '../../domains/org/tables';
export * from '../../domains/user/tables';
export * from '../../domains/access/tables';
export * from '../../domains/message/tables';
export * from '../../domains/dict/tables';
export * from '../../domains/ops/tables';
export * from '../../domains/portal/tables';
export * from '../../domains/catalog/tables';
export * from '../../domains/filing/tables';
export * from '../../domains/personnel/tables';
export * from '../excel/tables';
