// 个人标识（证件号码、手机号）：唯一的一处，前后端共用。
export * from './id-number';
export * from './mobile';
export * from './schemas';
export * from './mask';
export * from './uscc';
export * from './masked-input';
