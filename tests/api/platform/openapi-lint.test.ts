// OpenAPI 文档过 Redocly 的 recommended 规则（redocly.yaml）：零错误。文档写到临时文件，子进程跑本地安装的 @redocly/cli。
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '@/lib/api';

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
    const problems = await lint(await apiDocument());
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

type Schema = { properties: Record<string, Record<string, unknown>>; required?: string[] };
type Operation = { operationId: string; tags: string[]; security?: unknown[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> };

const generated = await apiDocument();

describe('OpenAPI 文档写出服务端实际执行的规则', () => {
  const doc = generated as unknown as {
    paths: Record<string, Record<string, Operation>>;
    tags: { name: string; description: string }[];
    components: { securitySchemes: Record<string, { in?: string; name?: string; scheme?: string }> };
  };
  const body = (path: string) => doc.paths[`/api${path}`].post.requestBody!.content['application/json'].schema;

  it('令牌的四种写法；公开端点 security: []；operationId 唯一；每个 tag 有说明', () => {
    const schemes = Object.values(doc.components.securitySchemes).map((s) => s.name ?? s.scheme);
    expect(schemes).toEqual(['authorization_token', 'X-Auth-Token', 'bearer', 'Access-Token']);
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
    expect(doc.paths['/api/user/login'].post.security).toEqual([]);
    expect(doc.paths['/api/account/listUsers'].post.security).toBeUndefined();
    expect(doc.paths['/api/account/listUsers'].post.tags).toEqual(['account']);
    for (const tag of doc.tags) expect(tag.description, tag.name).not.toBe(tag.name);
  });

  it('teacher/save：证件号、手机号、邮箱必填，教师类型与师资类型是取值表', () => {
    const s = body('/teacher/save');
    expect(s.required).toEqual(expect.arrayContaining(['cardNo', 'userPhone', 'userEmail']));
    expect(s.properties.userType.enum).toEqual([0, 1, 2, 3]);
    expect(s.properties.teacherType.enum).toEqual([0, 1, 2]);
  });

  it('入驻资料新增：法定代表人身份证号与银行账号必填且有形状', () => {
    const s = body('/bapi/orginaion/add');
    expect(s.required).toEqual(expect.arrayContaining(['masterIdCard', 'bankAccount']));
    expect(new RegExp(s.properties.bankAccount.pattern as string).test('6222 0210 0000 1234')).toBe(true);
    expect(new RegExp(s.properties.masterIdCard.pattern as string).test('13010219900101123X')).toBe(true);
  });

  it('日期：公历日期的 pattern（2027-02-30 不匹配）；班级的起止日期是 date', () => {
    const plan = body('/exaPlan/saveExaPlan').properties.examStartDate;
    expect(plan.format).toBe('date');
    expect(new RegExp(plan.pattern as string).test('2027-02-30')).toBe(false);
    expect(new RegExp(plan.pattern as string).test('2028-02-29')).toBe(true);
    expect(body('/trainInfo/saveTrainInfo').properties.endDate.format).toBe('date');
  });

  it('密码规则、分页上限、机构类型、信用代码', () => {
    const pw = new RegExp(body('/account/add').properties.password.pattern as string);
    expect(['abc12!', 'abc123', 'a1!'].map((p) => pw.test(p))).toEqual([true, false, false]);
    expect(body('/account/listUsers').properties.pageSize.maximum).toBe(100);
    const org = body('/sys/orgination/save').properties;
    expect(org.orgType.enum).toEqual(expect.arrayContaining([0, 1, 2, 3]));
    expect(new RegExp(org.unifiedSocialCreditCode.pattern as string).test('91130100MA0ABCDE1X')).toBe(true);
    expect(new RegExp(org.unifiedSocialCreditCode.pattern as string).test('')).toBe(true);
  });
});

describe('OpenAPI 文档的答复类型', () => {
  const doc = generated as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Record<string, unknown>> } };
  const okSchema = (path: string, method = 'post') => {
    const content = (doc.paths[`/api${path}`][method].responses['200'] as { content: Record<string, { schema: { properties: { data: Record<string, unknown> } } }> }).content;
    return content['application/json'].schema.properties.data;
  };

  it('答复的 data 由输出模式生成：字段与类型写明（不是空的 {}）', () => {
    const page = okSchema('/comApi/getAllAreaByPage') as { allOf: [{ properties: { list: { items: { properties: Record<string, unknown> } } } }, { $ref: string }] };
    expect(page.allOf[1].$ref).toBe('#/components/schemas/PagingEcho');
    expect(Object.keys(page.allOf[0].properties.list.items.properties)).toEqual(expect.arrayContaining(['id', 'name', 'level', 'isLeaf']));
    const status = okSchema('/sys/server/status', 'get') as { properties: Record<string, unknown> };
    expect(Object.keys(status.properties)).toEqual(expect.arrayContaining(['instance', 'database', 'jobs']));
  });

  it('递归的答复（区划树）引用 components 里的模式，引用都能解析', () => {
    const text = JSON.stringify(doc);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas[name], name).toBeDefined();
    expect(text).not.toMatch(/"\$ref":"#(\/\$defs\/[^"]*)?"/);
  });
});
