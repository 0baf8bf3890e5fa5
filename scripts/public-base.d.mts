// scripts/public-base.mjs 的类型（npm start 用的纯 JS；测试从 TypeScript 引用它）
import type { networkInterfaces } from 'node:os';

export function derivePublicBase(input: {
  env: Record<string, string | undefined>;
  argv: string[];
  port: string;
  interfaces?: Partial<ReturnType<typeof networkInterfaces>> | Record<string, readonly { address: string; family: string; internal: boolean }[]>;
}): { url: string; host: string } | null;
