// 端点的权限类型由菜单树算出（lib/domains/access/menu-tree.ts 的 MenuPermission）：写错键或动作在类型检查时即报错。
// 下面的 @ts-expect-error 行若不再是错误，npm run typecheck 失败。
import { describe, expect, it } from 'vitest';
import type { Permission } from '@/lib/platform/api/endpoint';
import { anyKind, eachOf, flattenMenuTree, MENU_TREE } from '@/lib/domains/access/menu-tree';

const good: Permission = 'filingSkill.edit';
const list: Permission = ['exaPlanAudit.query', ...anyKind('exaPlan', 'query')];
// @ts-expect-error 菜单树里没有 filingSkil（少一个 l）
const typoKey: Permission = 'filingSkil.edit';
// @ts-expect-error 考试计划审核没有“删除”动作
const typoAction: Permission = 'exaPlanAudit.delete';
// @ts-expect-error 监考人员没有“停用”动作（停用按修改）
const missing: Permission = eachOf(['assessor', 'examStaff'], 'disable');

describe('权限类型', () => {
  it('类型允许的权限在菜单树里都存在', () => {
    const all = new Set(flattenMenuTree(MENU_TREE).flatMap((r) => r.actions.map((a) => `${r.key}.${a}`)));
    for (const p of [good, ...(list as string[])]) expect(all.has(p), p).toBe(true);
    for (const p of [typoKey, typoAction, ...(missing as string[])]) expect(all.has(p as string), p as string).toBe(p === 'assessor.disable');
  });
});
