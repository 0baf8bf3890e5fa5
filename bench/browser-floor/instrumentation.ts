// 空的启动钩子：否则 Turbopack 会从仓库根（turbopack.root）找到门户的 instrumentation.ts（打开数据库、检查密钥）。
export function register() {}
