// 日志异步写标准输出（lib/platform/log.ts）：进程一写完就 process.exit，缓冲里的行也一行不少、按顺序写出。
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('日志在进程退出时不丢', () => {
  it('写 5000 行后立刻退出：标准输出里 5000 行齐全且有序', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
    delete env.VITEST; // vitest 里日志默认 silent
    const child = path.join(process.cwd(), 'tests/helpers/log-exit-child.ts');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', child, '5000'], { env, maxBuffer: 64 * 1024 * 1024 });
    const lines = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { i: number; msg: string });
    expect(lines.length).toBe(5000);
    expect(lines.every((l, k) => l.i === k && l.msg === '退出前的日志行')).toBe(true);
  }, 60_000);
});
