import fs from 'node:fs';

/** 每次请求读一遍（与门户一样按请求渲染）；没给文件时用十行占位数据，便于单独打开基线 */
export function floorRows(): Record<string, unknown>[] {
  const file = process.env.FLOOR_ROWS_FILE;
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  return Array.from({ length: 10 }, (_, i) => ({ id: i + 1, account: `user${i + 1}`, name: `用户${i + 1}`, phone: `1380000000${i}`, status: '启用' }));
}
