// vitest 中替代 'server-only'（它只在 React 服务端条件下为空模块）。
export {};
