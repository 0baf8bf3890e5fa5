// 浏览器代码的体积规则（bench/README.md「浏览器基线」）：这几处一旦退回去，每页的 JS 就多出几百 KB，
// 类型检查与功能测试都发现不了。
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const FILES = ['app', 'components', 'lib'].flatMap(sources).map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));
const isClient = (text: string) => /^\s*(\/\/[^\n]*\n\s*)*['"]use client['"]/.test(text);


/** 模块说明符 → 仓库里的文件（@/ 与相对路径；包名返回 null） */
function resolveModule(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.join(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const hit = FILES.find((f) => f.file === candidate);
    if (hit) return hit.file;
  }
  return null;
}

/** 文件里静态取值的导入来源（含 export … from 与只为副作用的 import；import type 与 { type A } 不算，import() 不算） */
function valueImports(text: string): string[] {
  const code = text.replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+'([^']+)';/gms)) {
    const inner = m[1].match(/^\{([^}]*)\}$/s);
    if (inner && inner[1].split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '))) continue;
    out.push(m[2]);
  }
  for (const m of code.matchAll(/^import\s+'([^']+)';/gm)) out.push(m[1]);
  return out;
}

/** 从 file 静态导入到某个包（pkg）的一条链，没有则 null */
function chainTo(pkg: string, file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  const text = FILES.find((f) => f.file === file)?.text ?? '';
  for (const spec of valueImports(text)) {
    if (spec === pkg || spec.startsWith(`${pkg}/`)) return [file, spec];
    const next = resolveModule(file, spec);
    const chain = next && chainTo(pkg, next, seen);
    if (chain) return [file, ...chain];
  }
  return null;
}

describe('浏览器代码的体积', () => {
  it('客户端组件不从 @/lib/i18n 取值（那会带上四种语言的全部消息目录）', () => {
    const bad = FILES.filter(({ text }) => isClient(text)).filter(({ text }) => valueImports(text).includes('@/lib/i18n'));
    expect(bad.map((f) => f.file)).toEqual([]);
  });

  it('服务端组件从 antd 引入组件时按路径引入（从 antd 本身引入会把整个组件库作为客户端引用打进页面）', () => {
    const bad = FILES.filter(({ file, text }) => /^(app|components)\//.test(file) && !isClient(text)).filter(({ text }) => valueImports(text).includes('antd'));
    expect(bad.map((f) => f.file)).toEqual([]);
  });

  it('浏览器端的状态表不引入整棵菜单树', () => {
    const reached = FILES.filter(({ file }) => /transitions\.ts$|constants\.ts$/.test(file) || file.startsWith('components/'));
    const bad = reached.filter(({ text }) => valueImports(text).some((s) => /access\/menu-tree$/.test(s)));
    // 系统日志按模块筛选要列出全部资源：只在它自己的代码块里
    expect(bad.map((f) => f.file)).toEqual(['components/ops/SystemLogScreen.tsx']);
  });

  it('门户框架（每页都下载）不引入 zod 与整套菜单图标', () => {
    const shell = FILES.filter(({ file }) => file.startsWith('components/shell/') && file !== 'components/shell/icon-defs.ts');
    const bad = shell.filter(({ text }) => valueImports(text).some((s) => s === 'zod' || s === '@ant-design/icons-svg'));
    expect(bad.map((f) => f.file)).toEqual([]);
    const iconImports = (text: string) => (text.match(/import \{([^}]*)\} from '@ant-design\/icons';/)?.[1].match(/\w+Outlined\b/g) ?? []).length;
    const icons = shell.filter(({ text }) => iconImports(text) > 40);
    expect(icons.map((f) => f.file)).toEqual([]);
  });

  it('列表页不静态引入表单、详情对话框与导入弹窗的内容（第一次打开时才下载）', () => {
    const lazyOnly: Record<string, string[]> = {
      'components/list/ListScreen.tsx': ['./FormDialog', './DetailDialog'],
      'components/list/FieldInput.tsx': ['@/components/upload/Uploader'],
      'components/list/ImportButton.tsx': ['./XlsxDropZone', '@/components/task/TaskProgress', './ImportErrors'],
    };
    const bad = Object.entries(lazyOnly).flatMap(([file, mods]) => {
      const imports = valueImports(FILES.find((f) => f.file === file)!.text);
      return mods.filter((m) => imports.includes(m)).map((m) => `${file} → ${m}`);
    });
    expect(bad).toEqual([]);
  });

  it('界面代码不静态引入 zod（表单的前端校验按需取模式，常量从各领域不含 zod 的 constants.ts 取）', () => {
    // 各模块 screens.ts 里登记的界面：() => import('./X')
    const screens = FILES.filter(({ file }) => /^components\/[^/]+\/screens\.ts$/.test(file)).flatMap(({ file, text }) =>
      [...text.matchAll(/(\w+):\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map((m) => ({ name: m[1], file: resolveModule(file, m[2]) })),
    );
    expect(screens.length).toBeGreaterThan(50);
    const bad = screens.map(({ name, file }) => ({ name, chain: file ? chainTo('zod', file) : null })).filter((s) => s.chain);
    expect(bad.map(({ name, chain }) => `${name}: ${chain!.join(' → ')}`)).toEqual([]);
  });
});
