// 生成的检查（静态）：每个状态机的每一步，都有一个演示角色——持有这一步的权限、层级能当这一步的办理方——
// 能从菜单到达一个提供这一步的界面（components/screens/catalog.ts 的 offers）。界面登记的 offers 也都是真有的步骤。
import { describe, expect, it } from 'vitest';
import { screenCatalog } from '@/components/screens/catalog';
import { DEMO_ROLES, expandRoleSpec } from '@/db/seed/roles';
import { flattenMenuTree } from '@/lib/domains/access/menu-tree';
import { WORKFLOWS } from '@/lib/workflows';

const flat = flattenMenuTree();
const offersOf = (component: string): readonly string[] => (screenCatalog as Record<string, { offers?: readonly string[] }>)[component]?.offers ?? [];

/** 角色从菜单能到达的界面（有授权的叶子的 component） */
function screensOf(grants: Record<string, readonly string[]>): string[] {
  return flat.filter((f) => !f.isDirectory && grants[f.key]?.length).map((f) => f.component);
}

const holds = (grants: Record<string, readonly string[]>, permission: string) => {
  const dot = permission.lastIndexOf('.');
  return grants[permission.slice(0, dot)]?.includes(permission.slice(dot + 1)) ?? false;
};

describe('状态机与界面', () => {
  it('界面的 offers 都是登记的状态机里真有的步骤', () => {
    const known = new Set(WORKFLOWS.flatMap((w) => w.actions.map((a: string) => `${w.def.key}.${a}`)));
    const unknown = Object.keys(screenCatalog).flatMap((c) => offersOf(c).filter((o) => !known.has(o)).map((o) => `${c}: ${o}`));
    expect(unknown).toEqual([]);
  });

  for (const wf of WORKFLOWS) {
    it(`${wf.def.label}（${wf.def.key}）：每一步都有持有其权限的角色从菜单到达提供它的界面`, () => {
      const missing: string[] = [];
      for (const t of wf.def.transitions) {
        const levels = wf.def.actorLevels?.[t.actor];
        const permissions = wf.permissionsOf(t.action);
        const offered = DEMO_ROLES.some((role) => {
          if (levels && !levels.includes(role.level)) return false;
          const grants = expandRoleSpec(role.grants);
          return permissions.some((p) => holds(grants, p)) && screensOf(grants).some((c) => offersOf(c).includes(`${wf.def.key}.${t.action}`));
        });
        if (!offered) missing.push(`${t.action}（${t.verb}）`);
      }
      expect(missing).toEqual([]);
    });
  }
});
