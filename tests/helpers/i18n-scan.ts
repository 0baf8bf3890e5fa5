// 扫描界面源码里的中文：已接入多语言的目录中，每个含汉字的字符串字面量都必须是消息目录里的原文键，
// JSX 文本与带 ${} 的模板字符串不能含汉字（前者无法翻译，后者要改成带占位的 t('…{name}…', { name })）。
// 行尾注释 i18n-ignore 的行跳过（如与接口数据比较的中文、不显示给用户的文字）。
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const HAN = /[\u3400-\u9fff]/;

export interface ChineseLiteral {
  file: string;
  line: number;
  kind: 'literal' | 'jsxText' | 'template';
  text: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

export function scanChinese(target: string): ChineseLiteral[] {
  const files = statSync(target).isDirectory() ? sourceFiles(target) : [target];
  const found: ChineseLiteral[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const add = (node: ts.Node, kind: ChineseLiteral['kind'], value: string) => {
      const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line;
      if (lines[line]?.includes('i18n-ignore')) return;
      found.push({ file, line: line + 1, kind, text: value });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node)) return;
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && HAN.test(node.text)) add(node, 'literal', node.text);
      else if (ts.isJsxText(node) && HAN.test(node.text)) add(node, 'jsxText', node.text.trim());
      else if (ts.isTemplateExpression(node)) {
        const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
        if (parts.some((p) => HAN.test(p))) add(node, 'template', node.getText(src));
      }
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
  return found;
}
