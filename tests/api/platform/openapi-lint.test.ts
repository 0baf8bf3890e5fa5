// OpenAPI 文档过 Redocly 的 recommended 规则（redocly.yaml）：零错误。文档写到临时文件，子进程跑本地安装的 @redocly/cli。
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { endpointTable } from '@/lib/api';
import { openApiDocument } from '@/lib/platform/api/openapi';

const run = promisify(execFile);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}

async function lint(doc: unknown): Promise<LintProblem[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
    // 不联网：关掉遥测与新版本提示；退出码非 0（有错误）时照样读输出
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const args = [cli, 'lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'json', '--max-problems', '100000'];
    const out = await run(process.execPath, args, { env, maxBuffer: 256 * 1024 * 1024 }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const start = out.stdout.indexOf('{');
    return (JSON.parse(out.stdout.slice(start)) as { problems: LintProblem[] }).problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('OpenAPI 文档', () => {
  it('@redocly/cli lint（recommended）零错误', async () => {
    const problems = await lint(openApiDocument(endpointTable));
    const errors = problems.filter((p) => p.severity === 'error');
    const summary = (list: LintProblem[]) => {
      const byRule = new Map<string, LintProblem[]>();
      for (const p of list) byRule.set(p.ruleId, [...(byRule.get(p.ruleId) ?? []), p]);
      return [...byRule].map(([rule, ps]) => `${rule}: ${ps.length}（如 ${ps[0].message} @ ${ps[0].location?.[0]?.pointer}）`);
    };
    expect(summary(errors)).toEqual([]);
    console.log(`redocly lint: ${errors.length} errors, ${problems.length - errors.length} warnings`, summary(problems.filter((p) => p.severity === 'warn')));
  }, 120_000);
});
