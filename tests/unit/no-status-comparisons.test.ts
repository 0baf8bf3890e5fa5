// 界面不按状态号推断能做什么：components/ 里不许拿一行的 status / step / state（及 xxxStatus、xxxState）与数字或常量比较
// （=== 2、!== STATUS.DONE、includes(row.status)……）。能做的事由服务端算出（行上的 actions 或专门的标志），
// 颜色与名称用按状态取值的对照表（COLOR[row.status]），不算比较。
// HTTP 应答的状态码（res.status === 401）不是行的状态：只在收发请求的文件里出现，按文件排除（见 HTTP_FILES）。
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..', 'components');

/** 处理 HTTP 应答的文件：其中的 status 是应答的状态码 */
const HTTP_FILES = new Set(['api-client.ts', 'upload/transport.ts', 'list/ErrorResult.tsx', 'ErrorResult.tsx'].map((f) => f.replace(/\//g, path.sep)));

// httpStatus 是应答的状态码，readyState 是媒体元素的就绪程度，都不是行的状态
const FIELD = String.raw`(?!httpStatus\b|readyState\b)(?:status|step|state|[a-z]\w*Status|[a-z]\w*State|[a-z]\w*Step)`;
/** 数字或常量（全大写的名字，可带一段 .成员） */
const VALUE = String.raw`(?:-?\d+|[A-Z][A-Z0-9_]*(?:\.[A-Z][A-Z0-9_]*)?)`;
const OP = String.raw`(?:===|!==|==|!=)`;

const PATTERNS: RegExp[] = [
  // row.status === 2、step !== STEP.DONE
  new RegExp(String.raw`(?:^|[^\w$])${FIELD}\s*${OP}\s*${VALUE}(?![\w$])`),
  // 2 === row.status
  new RegExp(String.raw`(?:^|[^\w$.])${VALUE}\s*${OP}\s*[\w$.?]*\b${FIELD}\b(?!\s*\()`),
  // [1, 2].includes(row.status)、DONE.includes(r.step)
  new RegExp(String.raw`\.includes\(\s*[\w$.?]*\b${FIELD}\s*\)`),
];

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesOf(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** 去掉注释（行注释与块注释），不让说明文字里的例子被当成代码 */
const stripComments = (line: string) => line.replace(/\/\*.*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/, '$1');

export function statusComparisons(): string[] {
  const hits: string[] = [];
  for (const file of filesOf(ROOT)) {
    const rel = path.relative(ROOT, file);
    if (HTTP_FILES.has(rel) || HTTP_FILES.has(path.basename(rel))) continue;
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((raw, i) => {
        const line = stripComments(raw);
        if (PATTERNS.some((p) => p.test(line))) hits.push(`components/${rel.split(path.sep).join('/')}:${i + 1}: ${raw.trim().slice(0, 160)}`);
      });
  }
  return hits;
}

describe('界面不比较状态号', () => {
  it('components/ 里没有拿行的 status / step / state 与数字或常量比较', () => {
    expect(statusComparisons()).toEqual([]);
  });
});
