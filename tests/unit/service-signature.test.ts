// 服务函数只有一种写法：改数据的函数（带 audit）签名为 (db, session, input, audit)，docs/DOMAINS.md 第 6 步；
// 分页列表看全个人信息时要记访问日志，签名为 (db, session, input, page, audit)。
// 参数多了（把类别、动作当成单独参数）或少了会话，新领域照抄之前就在这里失败。
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.ts$/.test(name) && !name.endsWith('api.ts') ? [full] : [];
  });
}

/** 导出的、最后一个参数类型为 Audit 的函数：[文件:函数名, 参数名与类型] */
function auditedServices(): { where: string; params: { name: string; type: string }[] }[] {
  const found: { where: string; params: { name: string; type: string }[] }[] = [];
  for (const file of sourceFiles('lib/domains')) {
    const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const node of src.statements) {
      if (!ts.isFunctionDeclaration(node) || !node.name) continue;
      if (!node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      const params = node.parameters.map((p) => ({ name: p.name.getText(src), type: p.type?.getText(src) ?? '' }));
      if (params.at(-1)?.type !== 'Audit') continue;
      found.push({ where: `${file}:${node.name.text}`, params });
    }
  }
  return found;
}

/** 免登录、凭签名链接办理的服务没有会话，签名为 (db, input, audit)（input 里带链接的令牌）；新加一个须在这里写明 */
const PUBLIC_LINK_SERVICES = ['lib/domains/certificate/candidate.ts:candidateUpdate'];

describe('服务函数签名', () => {
  const services = auditedServices();

  it('找得到改数据的服务函数（扫描本身有效）', () => {
    expect(services.length).toBeGreaterThan(50);
  });

  it('每个改数据的服务函数都是 (db, session, input, audit)', () => {
    const wrong = services
      .filter(({ where, params }) => !(PUBLIC_LINK_SERVICES.includes(where) && params.length === 3 && params[0].type === 'Db' && params[1].name === 'input' && params[2].type === 'Audit'))
      .filter(({ params }) => !(params.length === 5 && params[3].name === 'page' && params[3].type === 'Page'))
      .filter(({ params }) => params.length !== 4 || !['db', 'tx'].includes(params[0].name) || params[0].type !== 'Db' || !/^_?session$/.test(params[1].name) || params[1].type !== 'Session')
      .map(({ where, params }) => `${where}(${params.map((p) => `${p.name}: ${p.type}`).join(', ')})`);
    expect(wrong).toEqual([]);
  });
});
