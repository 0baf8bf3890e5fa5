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

/** 文件里非 import type 的导入来源 */
function valueImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms)].map((m) => m[1]);
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
});
