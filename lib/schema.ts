// 全部 Drizzle 表：每个领域的 tables.ts 在此汇总，只供 drizzle-kit 生成迁移（相对路径，drizzle-kit 不解析别名）。
// 放在 lib/ 下与端点表 lib/api.ts 并列：它依赖全部领域，lib/platform 不引用它（Db 类型不带 schema）。
export * from './domains/area/tables';
export * from './domains/org/tables';
export * from './domains/user/tables';
export * from './domains/access/tables';
export * from './domains/message/tables';
export * from './domains/dict/tables';
export * from './domains/ops/tables';
export * from './domains/portal/tables';
export * from './domains/content/tables';
export * from './domains/catalog/tables';
export * from './domains/filing/tables';
export * from './domains/personnel/tables';
export * from './domains/course/tables';
export * from './domains/file/tables';
export * from './domains/exaPlan/tables';
export * from './domains/recording/tables';
export * from './domains/questionBank/tables';
export * from './domains/teacher/tables';
export * from './domains/institution/tables';
export * from './domains/trainClass/tables';
export * from './domains/examAffairs/tables';
export * from './domains/supervision/tables';
export * from './domains/score/tables';
export * from './platform/excel/tables';
export * from './domains/certificate/tables';
export * from './domains/subsidy/tables';
