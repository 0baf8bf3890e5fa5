// 生成的检查（动态）：每个演示账号从菜单到达的、提供状态机操作的界面，取它的首屏列表；每一行上服务端给出的操作，
// 这个账号此刻真能办（引擎的拒绝检查不拒绝）。界面只照行上的操作显示按钮，于是界面不会给出办不了的按钮。
import { beforeAll, expect, it } from 'vitest';
import { screenCatalog } from '@/components/screens/catalog';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { DEMO_ROLES, expandRoleSpec } from '@/db/seed/roles';
import { flattenMenuTree } from '@/lib/domains/access/menu-tree';
import { lookupSession } from '@/lib/domains/access/session';
import { workflowOf } from '@/lib/workflows';
import type { Db } from '@/lib/platform/db/client';
import { call } from '../../helpers/api';
import { setupTestDb } from '../../helpers/db';
import { tokenFor } from '../access/login-helper';

const { db: getDb } = setupTestDb();
let db: Db;
beforeAll(async () => {
  db = await getDb();
});

type PageCall = { path: string; method?: 'GET' | 'POST'; params?: Record<string, string | number> };
/** actionRows：带 offers 的行不在首屏列表时，它们所在的列表 */
type Entry = { firstPage?: PageCall; actionRows?: PageCall; offers?: readonly string[] };
const rowsOf = (e: Entry | undefined) => e?.actionRows ?? e?.firstPage;
const catalog = screenCatalog as Record<string, Entry>;
const flat = flattenMenuTree();
/** 全部账号合计核对过的行操作（最后一个用例确认检查不是空转） */
let checkedTotal = 0;

for (const account of DEMO_ACCOUNTS) {
  it(`${account.account}：界面行上给出的操作都能办`, async () => {
    const grants: Record<string, readonly string[]> = {};
    for (const code of account.roles) for (const [k, v] of Object.entries(expandRoleSpec(DEMO_ROLES.find((r) => r.code === code)!.grants))) grants[k] = [...(grants[k] ?? []), ...v];
    const screens = [...new Set(flat.filter((f) => !f.isDirectory && grants[f.key]?.length && catalog[f.component]?.offers?.length && rowsOf(catalog[f.component])).map((f) => f.component))];
    const token = await tokenFor(account.account);
    const lookup = await lookupSession(db, token);
    if (!lookup || lookup === 'invalidated') throw new Error('会话无效');
    const session = lookup;
    const problems: string[] = [];
    let checked = 0;
    for (const screen of screens) {
      const { offers } = catalog[screen];
      const firstPage = rowsOf(catalog[screen]);
      const wf = workflowOf(offers![0].split('.')[0]);
      const { status, body } = await call<{ list: { id: number; actions?: string[] }[] }>(firstPage!.method ?? 'POST', firstPage!.path, {
        headers: { authorization_token: token },
        ...(firstPage!.method === 'GET' ? { query: { ...firstPage!.params, pageNo: 1, pageSize: 50 } } : { json: { ...firstPage!.params, pageNo: 1, pageSize: 50 } }),
      });
      if (status !== 200) {
        problems.push(`${screen} 首屏 ${status}`);
        continue;
      }
      for (const row of body.data.list) {
        for (const action of row.actions ?? []) {
          const subject = await wf.def.load(db, session.user, row.id);
          try {
            if (wf.actions.includes(action)) wf.check(subject, session, action);
            else if (wf.def.operations && action in wf.def.operations) wf.assertOperation(subject, session, action);
            else continue;
            checked++;
          } catch (e) {
            problems.push(`${screen} #${row.id} ${action}：${(e as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    checkedTotal += checked;
  });
}

it('确实核对了行上的操作', () => {
  expect(checkedTotal).toBeGreaterThan(0);
});
