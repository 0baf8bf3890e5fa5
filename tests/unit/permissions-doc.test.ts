// docs/PERMISSIONS.md 的资源树与演示角色由 npm run docs:permissions 生成（db/seed/permissions-doc.ts）：提交的页须与生成的相同，
// 这样页上写的授权就是种子写入的授权（曾经手写的页漏了培训机构的企业、入驻、企业评价与专家库，把市级的年度评价计划写成全部动作）。
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_END, GENERATED_START, generatedSection, PERMISSIONS_DOC_PATH, renderPermissionsDoc } from '@/db/seed/permissions-doc';
import { DEMO_ROLES } from '@/db/seed/roles';

const doc = fs.readFileSync(path.join(process.cwd(), PERMISSIONS_DOC_PATH), 'utf8');

/** 生成的页里某个角色的一段 */
const roleSection = (text: string, code: string) => {
  const start = text.indexOf(`（\`${code}\``);
  return text.slice(start, text.indexOf('####', start));
};

describe('docs/PERMISSIONS.md 与种子的角色定义一致', () => {
  it('提交的页就是生成的页（不同时运行 npm run docs:permissions）', () => {
    expect(renderPermissionsDoc(doc)).toBe(doc);
  });

  it('页里每个演示角色都有一段，授权与 db/seed/roles.ts 相同', () => {
    for (const role of DEMO_ROLES) expect(doc).toContain(`#### ${role.name}（\`${role.code}\`，层级 ${role.level}`);
    const train = roleSection(doc, 'TRAIN_ORG');
    for (const item of ['企业列表 `company`（edit, query, get）', '入驻管理 `settleIn`（add, edit, query, get）', '企业评价 `companyEvaluation`（query, get）', '专家库 `expert`（query, get）']) expect(train).toContain(item);
    expect(roleSection(doc, 'CITY_ADMIN')).toContain('年度评价计划 `officialPlan`（query, get, export）');
    expect(roleSection(doc, 'PROVINCE_ADMIN')).toContain('全部资源的全部动作。');
  });

  it('授权一改，生成的页即不同（测试能发现过期的页）', () => {
    const changed = DEMO_ROLES.map((r) => (r.code === 'CITY_ADMIN' ? { ...r, grants: { ...r.grants, officialPlan: '*' as const } } : r));
    expect(roleSection(generatedSection(changed), 'CITY_ADMIN')).toContain('年度评价计划 `officialPlan`；');
    expect(renderPermissionsDoc(doc, changed)).not.toBe(doc);
  });

  it('标记之外的手写文字原样保留；缺少标记时报错', () => {
    const rendered = renderPermissionsDoc(`前言\n${GENERATED_START}\n旧的\n${GENERATED_END}\n后记\n`);
    expect(rendered.startsWith(`前言\n${GENERATED_START}\n\n`)).toBe(true);
    expect(rendered.endsWith(`\n\n${GENERATED_END}\n后记\n`)).toBe(true);
    expect(rendered).not.toContain('旧的');
    expect(() => renderPermissionsDoc('没有标记')).toThrow();
  });
});
