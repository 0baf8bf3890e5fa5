// 生成每个端点答复 data 的 zod 模式（lib/api-output.generated.ts）：从处理函数结果的类型（端点表 ApiTable 里的契约）推出，
// 经 JSON 之后的形状（Date → ISO 字符串，undefined 的键不出现）。OpenAPI 的答复与 API 测试对答复的校验都用它。
//   npx tsx scripts/api-output.ts          重新生成
//   npx tsx scripts/api-output.ts --check  与仓库里的文件比较，不同则失败（npm run lint 调用）
// 为什么从类型生成而不是手写：处理函数的结果类型已经是答复形状的唯一来源（类型化客户端也由它推出），手写 449 份会与它走样。
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'lib/api-output.generated.ts');

function program(): ts.Program {
  const configPath = path.join(ROOT, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => console.error(d.messageText) });
  if (!parsed) throw new Error('读不了 tsconfig.json');
  return ts.createProgram({ rootNames: [path.join(ROOT, 'lib/api.ts')], options: { ...parsed.options, noEmit: true, incremental: false } });
}

const OPAQUE = new Set(['Uint8Array', 'ReadableStream', 'Blob', 'File', 'Buffer', 'ArrayBuffer', 'Map', 'Set', 'Promise', 'Response', 'FileResult']);

class Emitter {
  /** 被引用两次以上或递归的对象类型：提成具名常量 */
  private readonly names = new Map<ts.Type, string>();
  private readonly uses = new Map<ts.Type, number>();
  private readonly defs: string[] = [];
  private readonly defined = new Set<ts.Type>();
  private readonly usedNames = new Set<string>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** 第一遍：数每个对象类型被引用的次数 */
  count(type: ts.Type, stack: Set<ts.Type> = new Set()) {
    const c = this.checker;
    if (type.isUnion()) {
      for (const t of type.types) this.count(t, stack);
      return;
    }
    if (!(type.flags & ts.TypeFlags.Object || type.isIntersection()) || this.opaque(type)) return;
    if (c.isArrayType(type) || c.isTupleType(type)) {
      for (const t of c.getTypeArguments(type as ts.TypeReference)) this.count(t, stack);
      return;
    }
    const n = (this.uses.get(type) ?? 0) + 1;
    this.uses.set(type, stack.has(type) ? n + 1 : n);
    if (n > 1 || stack.has(type)) return;
    stack.add(type);
    for (const p of c.getPropertiesOfType(type)) this.count(this.propType(p), stack);
    for (const info of c.getIndexInfosOfType(type)) this.count(info.type, stack);
    stack.delete(type);
  }

  private opaque(type: ts.Type): boolean {
    const name = type.getSymbol()?.getName() ?? type.aliasSymbol?.getName();
    return (!!name && OPAQUE.has(name)) || name === 'Date';
  }

  private propType(p: ts.Symbol): ts.Type {
    return this.checker.getTypeOfSymbol(p);
  }

  private nameFor(type: ts.Type): string {
    const base = (type.aliasSymbol?.getName() ?? type.getSymbol()?.getName() ?? 'Shape').replace(/[^A-Za-z0-9_]/g, '') || 'Shape';
    const safe = base === '__type' || base === '__object' ? 'Shape' : base;
    let name = safe;
    for (let i = 2; this.usedNames.has(name); i++) name = `${safe}${i}`;
    this.usedNames.add(name);
    return `S_${name}`;
  }

  schema(type: ts.Type): string {
    const c = this.checker;
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'z.unknown()';
    if (f & ts.TypeFlags.Never) return 'z.never()';
    if (f & ts.TypeFlags.StringLiteral) return `z.literal(${JSON.stringify((type as ts.StringLiteralType).value)})`;
    if (f & ts.TypeFlags.NumberLiteral) return `z.literal(${(type as ts.NumberLiteralType).value})`;
    if (f & ts.TypeFlags.BooleanLiteral) return `z.literal(${c.typeToString(type)})`;
    if (f & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return 'z.string()';
    if (f & ts.TypeFlags.Number) return 'z.number()';
    if (f & ts.TypeFlags.Boolean) return 'z.boolean()';
    if (f & ts.TypeFlags.BigInt) return 'z.string()';
    if (f & ts.TypeFlags.Null) return 'z.null()';
    // undefined 的 data 在信封里是 null；对象里这样的键不出现（见 objectBody）
    if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return 'z.null().optional()';
    if (f & ts.TypeFlags.EnumLiteral && type.isUnion()) return this.union(type.types);
    if (type.isUnion()) return this.union(type.types);
    if (type.isIntersection()) return this.object(type);
    if (f & ts.TypeFlags.Object) {
      const name = type.getSymbol()?.getName();
      if (name === 'Date') return 'z.iso.datetime({ offset: true })';
      if (this.opaque(type)) return 'z.unknown()';
      if (c.isTupleType(type)) {
        const args = c.getTypeArguments(type as ts.TypeReference);
        return `z.tuple([${args.map((t) => this.schema(t)).join(', ')}])`;
      }
      if (c.isArrayType(type)) return `z.array(${this.schema(c.getTypeArguments(type as ts.TypeReference)[0])})`;
      if (type.getCallSignatures().length && !c.getPropertiesOfType(type).length) return 'z.never()';
      return this.object(type);
    }
    return 'z.unknown()';
  }

  union(types: readonly ts.Type[]): string {
    const c = this.checker;
    let members = types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const nullable = members.some((t) => t.flags & ts.TypeFlags.Null);
    members = members.filter((t) => !(t.flags & ts.TypeFlags.Null));
    // true | false → boolean
    const bools = members.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const rest = members.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
    const parts: string[] = [];
    if (bools.length === 2) parts.push('z.boolean()');
    else for (const b of bools) parts.push(`z.literal(${c.typeToString(b)})`);
    const literals = rest.filter((t) => t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral));
    const others = rest.filter((t) => !(t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral)));
    // 同时有 string 与它的字面量：只留 string
    const hasString = others.some((t) => t.flags & ts.TypeFlags.String);
    const hasNumber = others.some((t) => t.flags & ts.TypeFlags.Number);
    const kept = literals.filter((t) => !((t.flags & ts.TypeFlags.StringLiteral && hasString) || (t.flags & ts.TypeFlags.NumberLiteral && hasNumber)));
    if (kept.length) {
      const values = kept.map((t) => (t.flags & ts.TypeFlags.StringLiteral ? JSON.stringify((t as ts.StringLiteralType).value) : String((t as ts.NumberLiteralType).value)));
      parts.push(`z.literal([${values.join(', ')}])`);
    }
    for (const t of others) parts.push(this.schema(t));
    const unique = [...new Set(parts)];
    const inner = unique.length === 0 ? 'z.never()' : unique.length === 1 ? unique[0] : `z.union([${unique.join(', ')}])`;
    return nullable ? (unique.length === 0 ? 'z.null()' : `${inner}.nullable()`) : inner;
  }

  private readonly inProgress = new Set<ts.Type>();

  private object(type: ts.Type): string {
    const existing = this.names.get(type);
    if (existing) return `z.lazy(() => ${existing})`;
    // 递归而第一遍没数出来的（如交叉类型里的自引用）：这时才起名
    if (this.inProgress.has(type)) {
      const late = this.nameFor(type);
      this.names.set(type, late);
      return `z.lazy(() => ${late})`;
    }
    if ((this.uses.get(type) ?? 0) > 1) this.names.set(type, this.nameFor(type));
    this.inProgress.add(type);
    const body = this.objectBody(type);
    this.inProgress.delete(type);
    const name = this.names.get(type);
    if (!name) return body;
    if (!this.defined.has(type)) {
      this.defined.add(type);
      this.defs.push(`const ${name}: z.ZodType = ${body};`);
    }
    return `z.lazy(() => ${name})`;
  }

  private objectBody(type: ts.Type): string {
    const c = this.checker;
    const fields: string[] = [];
    for (const p of c.getPropertiesOfType(type)) {
      const pt = this.propType(p);
      // 函数在 JSON 里不出现
      if (pt.getCallSignatures().length && !(pt.flags & ts.TypeFlags.Union)) continue;
      // 值可能是 undefined 的键在 JSON 里不出现
      const undef = (t: ts.Type) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0;
      const optional = (p.flags & ts.SymbolFlags.Optional) !== 0 || undef(pt) || (pt.isUnion() && pt.types.some(undef));
      const s = this.schema(pt);
      fields.push(`${JSON.stringify(p.getName())}: ${s}${optional ? '.optional()' : ''}`);
    }
    const index = c.getIndexInfosOfType(type).find((i) => i.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
    if (index && !fields.length) return `z.record(z.string(), ${this.schema(index.type)})`;
    const obj = `z.object({ ${fields.join(', ')} })`;
    return index ? `${obj}.catchall(${this.schema(index.type)})` : obj;
  }

  definitions(): string[] {
    return this.defs;
  }
}

export function generate(): string {
  const prog = program();
  const checker = prog.getTypeChecker();
  const source = prog.getSourceFile(path.join(ROOT, 'lib/api.ts'));
  if (!source) throw new Error('找不到 lib/api.ts');
  let table: ts.Type | undefined;
  source.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'ApiTable') table = checker.getTypeAtLocation(node.name);
  });
  if (!table) throw new Error('lib/api.ts 里没有 ApiTable');

  const rows: { key: string; outputs: ts.Type[] }[] = [];
  for (const prop of checker.getPropertiesOfType(table).sort((a, b) => a.getName().localeCompare(b.getName()))) {
    const ep = checker.getTypeOfSymbol(prop);
    const contractSym = ep.getProperty('contract');
    const contract = contractSym ? checker.getNonNullableType(checker.getTypeOfSymbol(contractSym)) : null;
    const outSym = contract?.getProperty('output');
    let output = outSym ? checker.getTypeOfSymbol(outSym) : null;
    if (output) output = checker.getAwaitedType(output) ?? output;
    // 文件与原样的 Response 不是信封：去掉；只剩它们时没有 data 模式
    const members = !output ? [] : output.isUnion() ? output.types : [output];
    rows.push({ key: prop.getName(), outputs: members.filter((t) => !isFileLike(t)) });
  }

  const emitter = new Emitter(checker);
  for (const r of rows) for (const t of r.outputs) emitter.count(t);
  const schemaOf = (outputs: ts.Type[]) => (outputs.length === 0 ? 'null' : outputs.length === 1 ? emitter.schema(outputs[0]) : emitter.union(outputs));
  const entries = rows.map((r) => `  ${JSON.stringify(r.key)}: ${schemaOf(r.outputs)},`);
  return [
    '// 由 scripts/api-output.ts 从端点表的类型生成，不要手改：npx tsx scripts/api-output.ts',
    '// 每个端点答复 data 的模式（JSON 之后的形状）；null 为文件下载或原样的响应。分页端点的 {list,total} 由调度器补上 totalCount、pageNo、pageSize。',
    "import { z } from 'zod';",
    '',
    ...emitter.definitions(),
    '',
    'export const OUTPUT_SCHEMAS: Record<string, z.ZodType | null> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

function isFileLike(t: ts.Type): boolean {
  const name = t.getSymbol()?.getName();
  return name === 'FileResult' || name === 'Response';
}

if (require.main === module) {
  const text = generate();
  if (process.argv.includes('--check')) {
    const current = readFileSync(OUT, 'utf8');
    if (current !== text) {
      console.error('lib/api-output.generated.ts 与端点表的类型不一致：运行 npx tsx scripts/api-output.ts 重新生成');
      process.exit(1);
    }
    console.log('lib/api-output.generated.ts 是最新的');
  } else {
    writeFileSync(OUT, text);
    console.log(`已写出 ${path.relative(ROOT, OUT)}（${text.length} 字符）`);
  }
}
