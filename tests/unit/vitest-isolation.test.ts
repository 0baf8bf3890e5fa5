// 共用模块环境的测试文件（vitest.config.ts 的 shared 项目）不能改进程级状态：用到 vi.mock、vi.stubEnv、
// 改 process.env 或换掉模块级实现的文件必须列在 ISOLATED 里，否则会影响同一 worker 里之后的文件。
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../../vitest.config';

const PROCESS_STATE = /vi\.mock\(|vi\.stubEnv|vi\.spyOn\(|process\.env\.[A-Z_]+\s*=[^=]|delete process\.env|process\.env\[[^\]]+\]\s*=[^=]/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'e2e' ? [] : testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('vitest 的隔离名单', () => {
  it('改进程级状态的测试文件都在 ISOLATED 里', () => {
    const root = path.resolve(__dirname, '../..');
    const offenders = testFiles(path.join(root, 'tests'))
      .map((f) => path.relative(root, f))
      .filter((f) => f !== 'tests/unit/vitest-isolation.test.ts' && !ISOLATED.includes(f) && PROCESS_STATE.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
  it('名单里的文件都存在', () => {
    const root = path.resolve(__dirname, '../..');
    expect(ISOLATED.filter((f) => !fs.existsSync(path.join(root, f)))).toEqual([]);
  });
});
