// npm run docs:permissions —— 由资源树与演示角色的授权重新生成 docs/PERMISSIONS.md 的资源树与演示角色两部分（见 db/seed/permissions-doc.ts）。
// 改了 db/seed/roles.ts、db/seed/accounts.ts 的角色或 lib/domains/access/menu-tree.ts 后运行；tests/unit/permissions-doc.test.ts 在页过期时失败。
import { readFileSync, writeFileSync } from 'node:fs';
import { PERMISSIONS_DOC_PATH, renderPermissionsDoc } from '@/db/seed/permissions-doc';

const current = readFileSync(PERMISSIONS_DOC_PATH, 'utf8');
const next = renderPermissionsDoc(current);
writeFileSync(PERMISSIONS_DOC_PATH, next);
console.log(next === current ? `[docs] ${PERMISSIONS_DOC_PATH} 已是最新` : `[docs] 已重新生成 ${PERMISSIONS_DOC_PATH}`);
