// docs/PERMISSIONS.md 的资源树与演示角色两部分由这里生成（npm run docs:permissions）：取自资源树（lib/domains/access/menu-tree.ts）、
// 演示角色的授权（./roles.ts，按种子同样的规则展开）与演示账号（./accounts.ts）。页里两个标记之间的内容整段替换，其余文字照旧手写；
// tests/unit/permissions-doc.test.ts 在提交的页与生成的不同时失败（改了授权或资源树后运行 npm run docs:permissions）。
import { flattenMenuTree, MENU_TREE, type FlatResource } from '@/lib/domains/access/menu-tree';
import { DEMO_ACCOUNTS } from './accounts';
import { DEMO_ROLES, expandRoleSpec, type DemoRole } from './roles';

export const PERMISSIONS_DOC_PATH = 'docs/PERMISSIONS.md';
export const GENERATED_START = '<!-- 以下由 npm run docs:permissions 生成（db/seed/permissions-doc.ts），不要手改 -->';
export const GENERATED_END = '<!-- 生成结束 -->';

/** 第 n 层的缩进：一层“└ ”，再往下每层前加一个全角空格 */
const indent = (depth: number) => (depth === 0 ? '' : `${'　'.repeat(depth - 1)}└ `);

function resourceRow(f: FlatResource): string {
  const title = f.isDirectory ? `**${f.title}**（目录）` : f.show ? f.title : `${f.title}（不进菜单）`;
  const component = f.isDirectory ? f.component : `\`${f.component}\``;
  return `| \`${f.key}\` | ${indent(f.depth)}${title} | \`${f.path}\` | ${component} | ${f.actions.join(', ')} |`;
}

function resourceTree(flat: readonly FlatResource[]): string[] {
  const lines: string[] = [];
  for (const top of MENU_TREE) {
    lines.push(`### ${top.title}（\`${top.key}\`）`, '', '| key | 标题 | 路径 | 组件 | 动作 |', '| --- | --- | --- | --- | --- |');
    // 先序排列：从这个一级菜单起，到下一个一级菜单之前
    const start = flat.findIndex((f) => f.key === top.key);
    const end = flat.findIndex((f, i) => i > start && f.depth === 0);
    for (const f of flat.slice(start, end < 0 ? undefined : end)) lines.push(resourceRow(f));
    lines.push('');
  }
  return lines;
}

/** 一个角色授予的叶子（按资源树的顺序）：全部动作的不写括号，否则括号里按资源树里动作的顺序列出 */
function roleGrants(role: DemoRole, leaves: readonly FlatResource[]): string {
  const grants = expandRoleSpec(role.grants);
  const full = (f: FlatResource) => (grants[f.key] ?? []).length === f.actions.length;
  if (leaves.every(full)) return '全部资源的全部动作。';
  const items = leaves
    .filter((f) => grants[f.key]?.length)
    .map((f) => {
      const actions = f.actions.filter((a) => grants[f.key].includes(a));
      return `${f.title} \`${f.key}\`${full(f) ? '' : `（${actions.join(', ')}）`}`;
    });
  return `${items.join('；')}。`;
}

function demoRoles(flat: readonly FlatResource[], roles: readonly DemoRole[]): string[] {
  const leaves = flat.filter((f) => !f.isDirectory);
  const lines = ['## 演示角色', '', '定义在 `db/seed/roles.ts`，每次运行种子时整体替换为这里的授权。括号里是授予的动作；没有括号表示该资源的全部动作。', ''];
  for (const role of roles) {
    const accounts = DEMO_ACCOUNTS.filter((a) => a.roles.includes(role.code)).map((a) => `\`${a.account}\``);
    lines.push(`#### ${role.name}（\`${role.code}\`，层级 ${role.level}${accounts.length ? `；账号 ${accounts.join('、')}` : ''}）`, '');
    lines.push(`${role.description}。`, '', roleGrants(role, leaves), '');
  }
  return lines;
}

/** 生成的部分（两个标记之间）；roles 默认为种子的演示角色 */
export function generatedSection(roles: readonly DemoRole[] = DEMO_ROLES): string {
  const flat = flattenMenuTree();
  return [...resourceTree(flat), ...demoRoles(flat, roles)].join('\n').trimEnd();
}

/** 把页里两个标记之间的内容换成生成的；页里没有标记时报错（不猜该放在哪里） */
export function renderPermissionsDoc(current: string, roles: readonly DemoRole[] = DEMO_ROLES): string {
  const start = current.indexOf(GENERATED_START);
  const end = current.indexOf(GENERATED_END);
  if (start < 0 || end < start) throw new Error(`${PERMISSIONS_DOC_PATH} 里缺少生成标记`); // i18n-ignore 开发脚本的报错
  return `${current.slice(0, start + GENERATED_START.length)}\n\n${generatedSection(roles)}\n\n${current.slice(end)}`;
}
