// 扫描服务端返回给用户的错误消息：ApiError 的消息参数（ApiError.badRequest/notFound/… 的第一个参数、
// new ApiError(code, 消息) 的第二个参数、badRequest 的字段消息）、withUniqueMessage 与 saveRow 的 duplicate/notFound、
// 调度器 respond() 的消息。消息是字面量、模板字符串、条件表达式、常量（同文件或 import 来的）、函数的返回值时都跟进去；
// 模板里 ${…} 的值若能追到字面量或常量表（如 LEVEL_NAMES[x]、statusLabel(s)），这些值也列出（它们会被逐个翻译）。
// 模板记作目录里的写法：每个 ${…} 换成 {}（目录里写 {name}，比较时去掉名字）。
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const HAN = /[\u3400-\u9fff]/;

export interface ErrorMessage {
  file: string;
  line: number;
  /** message：整条消息；value：模板占位的取值 */
  role: 'message' | 'value';
  kind: 'literal' | 'template';
  /** 字面量原文；模板为骨架，占位写作 {} */
  text: string;
  /** 模板各占位的源码（写目录时据此起占位名） */
  expressions?: string[];
}

const FACTORIES = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'sessionInvalidated']);
/** 消息会原样成为接口 returnMsg 的其他错误类（导入与压缩包的上限、读不了的工作簿） */
const ERROR_CLASSES = new Set(['ImportLimitError', 'ZipFormatError', 'UnreadableWorkbookError']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let src = parsed.get(file);
  if (!src) {
    src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    parsed.set(file, src);
  }
  return src;
}

/** import 的模块路径 → 文件（只认 @/ 与相对路径） */
function moduleFile(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? path.join(path.dirname(from), spec) : undefined;
  if (base === undefined) return undefined;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate)) return path.normalize(candidate);
  return undefined;
}

type Decl = { node: ts.Node; src: ts.SourceFile };
/** 名字是某函数的参数：其取值在各调用处 */
type Param = { fn: ts.SignatureDeclaration; index: number; src: ts.SourceFile };

/** 某文件顶层声明的常量或函数（export 与否都算） */
function topLevel(src: ts.SourceFile, name: string): Decl | undefined {
  for (const st of src.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return { node: d.initializer, src };
    } else if (ts.isFunctionDeclaration(st) && st.name?.text === name) return { node: st, src };
  }
  return undefined;
}

/** 从使用处往外找 const 声明或函数参数，再找 import */
function resolveName(id: ts.Identifier, src: ts.SourceFile, seen = new Set<string>()): Decl | Param | undefined {
  const name = id.text;
  for (let scope: ts.Node | undefined = id.parent; scope; scope = scope.parent) {
    if (ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isModuleBlock(scope)) {
      for (const st of scope.statements) {
        if (ts.isVariableStatement(st)) {
          for (const d of st.declarationList.declarations) {
            if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer && (st.declarationList.flags & ts.NodeFlags.Const)) return { node: d.initializer, src };
          }
        } else if (ts.isFunctionDeclaration(st) && st.name?.text === name) return { node: st, src };
      }
    }
    if (ts.isFunctionLike(scope)) {
      const index = scope.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name);
      if (index >= 0) return { fn: scope, index, src };
    }
  }
  for (const st of src.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause?.namedBindings || !ts.isNamedImports(st.importClause.namedBindings)) continue;
    const el = st.importClause.namedBindings.elements.find((e) => e.name.text === name);
    if (!el) continue;
    const file = moduleFile(src.fileName, (st.moduleSpecifier as ts.StringLiteral).text);
    const key = `${file}:${name}`;
    if (!file || seen.has(key)) return undefined;
    seen.add(key);
    const target = parse(file);
    const exported = (el.propertyName ?? el.name).text;
    return topLevel(target, exported) ?? reexport(target, exported, seen);
  }
  return undefined;
}

function reexport(src: ts.SourceFile, name: string, seen: Set<string>): Decl | undefined {
  for (const st of src.statements) {
    if (!ts.isExportDeclaration(st) || !st.moduleSpecifier) continue;
    const file = moduleFile(src.fileName, (st.moduleSpecifier as ts.StringLiteral).text);
    if (!file || seen.has(`${file}:${name}`)) continue;
    seen.add(`${file}:${name}`);
    const target = parse(file);
    const found = topLevel(target, name) ?? reexport(target, name, seen);
    if (found) return found;
  }
  return undefined;
}

/** 函数的返回表达式（箭头函数的表达式体，或不在内层函数里的 return） */
function returnsOf(fn: ts.Node): ts.Expression[] {
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && !ts.isBlock(fn.body)) return [fn.body];
  const body = (fn as ts.FunctionLikeDeclaration).body;
  if (!body) return [];
  const out: ts.Expression[] = [];
  const walk = (n: ts.Node) => {
    if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
    if (!ts.isFunctionLike(n)) ts.forEachChild(n, walk);
  };
  ts.forEachChild(body, walk);
  return out;
}

const isFunction = (n: ts.Node) => ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n);
const isParam = (d: Decl | Param | undefined): d is Param => d !== undefined && 'fn' in d;

class Collector {
  readonly found: ErrorMessage[] = [];
  private readonly visited = new Set<ts.Node>();
  private readonly keys = new Set<string>();
  /** 取值在调用处的参数：函数 → 参数下标 */
  private readonly params = new Map<ts.Node, Set<number>>();
  /** 扫过的全部调用（callee 是名字），找参数的取值用 */
  private readonly calls: { call: ts.CallExpression; src: ts.SourceFile }[] = [];

  constructor(private readonly ignoreLine: (file: string, line: number) => boolean) {}

  private add(node: ts.Node, src: ts.SourceFile, role: ErrorMessage['role'], kind: ErrorMessage['kind'], text: string, expressions?: string[]) {
    if (!HAN.test(text)) return;
    const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1;
    if (this.ignoreLine(src.fileName, line)) return;
    const key = `${src.fileName}:${line}:${role}:${text}`;
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.found.push({ file: src.fileName, line, role, kind, text, ...(expressions && { expressions }) });
  }

  /** 一条消息（或占位的值）可能取到的全部文字 */
  expr(node: ts.Expression, src: ts.SourceFile, role: ErrorMessage['role']): void {
    if (this.visited.has(node)) return;
    this.visited.add(node);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) this.add(node, src, role, 'literal', node.text);
    else if (ts.isTemplateExpression(node)) {
      const expressions = node.templateSpans.map((s) => s.expression.getText(src));
      this.add(node, src, role, 'template', node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join(''), expressions);
      for (const span of node.templateSpans) this.expr(span.expression, src, 'value');
    } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression(node)) this.expr(node.expression, src, role);
    else if (ts.isConditionalExpression(node)) {
      this.expr(node.whenTrue, src, role);
      this.expr(node.whenFalse, src, role);
    } else if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)) {
      this.expr(node.left, src, role);
      this.expr(node.right, src, role);
    } else if (ts.isIdentifier(node)) {
      const d = resolveName(node, src);
      if (isParam(d)) this.param(d, role);
      else if (d && !isFunction(d.node)) this.expr(d.node as ts.Expression, d.src, role);
    } else if (ts.isElementAccessExpression(node) || (ts.isPropertyAccessExpression(node) && /^[A-Z_]+$/.test(node.expression.getText(src)))) {
      // 常量表取值：LEVEL_NAMES[x]、FILING_KINDS[k]、MESSAGES.x → 表里的每个值
      const table = ts.isIdentifier(node.expression) ? resolveName(node.expression, src) : undefined;
      if (table && !isParam(table)) this.tableValues(table.node, table.src, role);
    } else if (ts.isCallExpression(node)) this.call(node, src, role);
    else if (ts.isObjectLiteralExpression(node)) this.tableValues(node, src, role);
  }

  private tableValues(node: ts.Node, src: ts.SourceFile, role: ErrorMessage['role']) {
    while (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
    if (ts.isObjectLiteralExpression(node)) {
      for (const p of node.properties) if (ts.isPropertyAssignment(p)) this.expr(p.initializer, src, role);
    } else if (ts.isArrayLiteralExpression(node)) for (const e of node.elements) this.expr(e as ts.Expression, src, role);
  }

  private call(node: ts.CallExpression, src: ts.SourceFile, role: ErrorMessage['role']) {
    const callee = node.expression;
    // xs.map(f).join('、')：跟进 map 的回调
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'join') return this.expr(callee.expression, src, role);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'map' && node.arguments[0] && isFunction(node.arguments[0])) {
      for (const r of returnsOf(node.arguments[0])) this.expr(r, src, role);
      return;
    }
    if (ts.isIdentifier(callee)) {
      const d = resolveName(callee, src);
      if (d && !isParam(d) && isFunction(d.node)) for (const r of returnsOf(d.node)) this.expr(r, d.src, role);
    }
  }

  /** 参数：默认值，以及（扫完后）各调用处传入的值 */
  private param(p: Param, role: ErrorMessage['role']) {
    const decl = p.fn.parameters[p.index];
    if (decl.initializer) this.expr(decl.initializer, p.src, role);
    const set = this.params.get(p.fn) ?? new Set<number>();
    set.add(p.index);
    this.params.set(p.fn, set);
  }

  /** 扫完全部文件后：把参数在各调用处的取值也列出（取值可能又是参数，直到不再有新的） */
  finish(): void {
    const done = new Set<string>();
    for (let changed = true; changed; ) {
      changed = false;
      for (const [i, { call, src }] of this.calls.entries()) {
        const d = resolveName(call.expression as ts.Identifier, src);
        if (!d || isParam(d)) continue;
        for (const index of this.params.get(d.node) ?? []) {
          const key = `${i}:${index}`;
          if (done.has(key) || !call.arguments[index]) continue;
          done.add(key);
          changed = true;
          this.expr(call.arguments[index], src, 'value');
        }
      }
    }
  }

  /** 对象字面量 { message: … } 里的消息（导入的行错误、拒绝原因） */
  private messageOf(node: ts.Expression, src: ts.SourceFile) {
    if (!ts.isObjectLiteralExpression(node)) return;
    for (const p of node.properties) if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'message') this.expr(p.initializer, src, 'message');
  }

  /** 一个文件里的全部消息出处 */
  file(src: ts.SourceFile): void {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) this.calls.push({ call: node, src });
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression;
        const args = node.arguments ?? ts.factory.createNodeArray<ts.Expression>();
        if (ts.isNewExpression(node) && ts.isIdentifier(callee) && callee.text === 'ApiError') {
          if (args[1]) this.expr(args[1], src, 'message');
        } else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'ApiError' && FACTORIES.has(callee.name.text)) {
          if (args[0]) this.expr(args[0], src, 'message');
          if (callee.name.text === 'badRequest' && args[1]) this.expr(args[1], src, 'message');
        } else if (ts.isIdentifier(callee) && callee.text === 'withUniqueMessage' && args[0]) this.expr(args[0], src, 'message');
        else if (ts.isIdentifier(callee) && callee.text === 'respond' && args[1]) this.expr(args[1], src, 'message');
        else if (ts.isIdentifier(callee) && ERROR_CLASSES.has(callee.text) && ts.isNewExpression(node) && args[0]) this.expr(args[0], src, 'message');
        else if (ts.isIdentifier(callee) && callee.text === 'failure' && args.length === 2) {
          this.expr(args[0], src, 'message');
          this.messageOf(args[1], src);
        }
        else if (ts.isIdentifier(callee) && callee.text === 'addIssue' && args[2]) this.expr(args[2], src, 'message');
        else if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'push' && /issues$/i.test(callee.expression.getText(src)) && args[0]) this.messageOf(args[0], src);
        else if (ts.isIdentifier(callee) && callee.text === 'saveRow' && args[4] && ts.isObjectLiteralExpression(args[4])) {
          for (const p of args[4].properties) {
            if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && (p.name.text === 'duplicate' || p.name.text === 'notFound')) this.expr(p.initializer, src, 'message');
          }
        }
      }
      // 返回 { message } 的函数（如 roleRefusal）：其消息由调用方抛出
      if (ts.isReturnStatement(node) && node.expression) this.messageOf(node.expression, src);
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
}

/**
 * 扫描目录（或文件）里返回给用户的错误消息。skip 中的目录不扫（新领域接入前）；
 * 行尾注释 i18n-ignore 的行不算（开发期错误等不给用户看的文字）。
 */
export function scanErrorMessages(targets: string[], skip: string[] = []): ErrorMessage[] {
  const skipped = skip.map((s) => path.normalize(s) + path.sep);
  const lines = new Map<string, string[]>();
  const ignoreLine = (file: string, line: number) => {
    if (!lines.has(file)) lines.set(file, readFileSync(file, 'utf8').split('\n'));
    return lines.get(file)![line - 1]?.includes('i18n-ignore') ?? false;
  };
  const c = new Collector(ignoreLine);
  for (const target of targets) {
    const files = statSync(target).isDirectory() ? sourceFiles(target) : [target];
    for (const file of files) {
      const f = path.normalize(file);
      if (skipped.some((s) => f.startsWith(s))) continue;
      c.file(parse(f));
    }
  }
  c.finish();
  return c.found;
}
