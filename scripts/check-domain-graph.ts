// 领域文件夹之间不许有环（npm run lint 的一部分）：lib/domains/<a> 引用 lib/domains/<b>（任何 import、export … from、
// import()，含 import type），就有一条 a → b 的边；有环时列出每个环里的边及造成它的文件，退出码 1。
// 规则见 docs/DOMAINS.md 的“领域之间的依赖”：跨领域的条件登记到引擎（registerGate），钩子由下游领域登记。
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', 'lib', 'domains');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

type Graph = Map<string, Map<string, string[]>>;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesOf(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** 文件引用的领域文件夹（不含自己） */
function targetsOf(file: string, own: string): string[] {
  const out = new Set<string>();
  for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const spec = m[1];
    let abs: string | null = null;
    if (spec.startsWith('@/lib/domains/')) abs = path.join(ROOT, spec.slice('@/lib/domains/'.length));
    else if (spec.startsWith('.')) abs = path.resolve(path.dirname(file), spec);
    if (!abs || !abs.startsWith(ROOT + path.sep)) continue;
    const folder = path.relative(ROOT, abs).split(path.sep)[0];
    if (folder && folder !== own) out.add(folder);
  }
  return [...out];
}

export function domainGraph(): Graph {
  const graph: Graph = new Map();
  for (const d of fs.readdirSync(ROOT, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    const edges = new Map<string, string[]>();
    graph.set(d.name, edges);
    for (const f of filesOf(path.join(ROOT, d.name))) {
      for (const t of targetsOf(f, d.name)) edges.set(t, [...(edges.get(t) ?? []), path.relative(ROOT, f)]);
    }
  }
  return graph;
}

/** 强连通分量（Tarjan），只返回多于一个文件夹的（即环） */
export function cyclesOf(graph: Graph): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

if (require.main === module) {
  const graph = domainGraph();
  const cycles = cyclesOf(graph);
  if (!cycles.length) {
    console.log(`领域依赖无环：${graph.size} 个领域文件夹`);
    process.exit(0);
  }
  for (const scc of cycles) {
    const members = new Set(scc);
    console.error(`\n领域文件夹之间有环（${scc.length} 个）：${scc.join('、')}`);
    for (const a of scc) {
      for (const [b, files] of graph.get(a)!) {
        if (members.has(b)) console.error(`  ${a} → ${b}：${[...new Set(files)].join('，')}`);
      }
    }
  }
  console.error('\n跨领域的条件用 registerGate 登记，钩子由下游领域登记；见 docs/DOMAINS.md “领域之间的依赖”。');
  process.exit(1);
}
