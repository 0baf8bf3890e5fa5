// 备案的办理历史（/filling/recordList、/fil/info/filInfoOperate）按类别授权：四类备案各有自己的权限，
// 只有一类权限的账号看不到别的类别的历史（403，与备案详情相同）；有该类权限的能看；审核员看全部类别。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { grant, makeUser } from '../user/fixtures';
import { authHeaders } from '../access/login-helper';
import { createSession } from '@/lib/domains/user/session';
import { filings } from '@/lib/domains/filing/tables';
import { organisations } from '@/lib/domains/org/tables';
import { KIND_KEYS } from '@/lib/domains/access/menu-tree';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
const ALL = ['add', 'edit', 'delete', 'query', 'get', 'import', 'export'];
const HISTORY = ['/filling/recordList', '/fil/info/filInfoOperate'];
/** 华元评价（演示的评价机构）各类别的备案 id */
const filingOf: Record<number, number> = {};
let skillOnly: Record<string, string>;
let specialOnly: Record<string, string>;

async function headersFor(account: string, perms: Record<string, string[]>, orgId: number) {
  const user = await makeUser(db, { account, level: 'org', userType: 'RENCAI_ORG', areaId: 130102, cityId: 130100, orgId });
  await grant(db, user.id, `ROLE_${account}`, perms, 'org');
  return { authorization_token: (await createSession(db, user.id)).token };
}

beforeAll(async () => {
  db = await getDb();
  const [org] = await db.select().from(organisations).where(eq(organisations.code, 'ORG130102001'));
  for (const kind of [0, 1, 2, 3]) {
    const [f] = await db.select({ id: filings.id }).from(filings).where(and(eq(filings.orgId, org.id), eq(filings.kind, kind))).limit(1);
    if (f) filingOf[kind] = f.id;
  }
  expect(filingOf[0], '演示数据：华元评价的技能等级认定备案').toBeDefined();
  expect(filingOf[2], '演示数据：华元评价的专项能力备案').toBeDefined();
  skillOnly = await headersFor('filing_skill_only', { [KIND_KEYS.filing[0]]: ALL }, org.id);
  specialOnly = await headersFor('filing_special_only', { [KIND_KEYS.filing[2]]: ALL }, org.id);
});

const history = (headers: Record<string, string>, path: string, id: number) => call<{ action: string }[]>('POST', path, { headers, json: { id } });

describe('办理历史按备案类别授权', () => {
  it.each(HISTORY)('%s：只有技能等级认定权限的账号看得到本类、看不到专项能力的历史（403）', async (path) => {
    const own = await history(skillOnly, path, filingOf[0]);
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    const other = await history(skillOnly, path, filingOf[2]);
    expect(other.status).toBe(403);
    expect(other.body.returnMsg).toBe('没有专项能力备案的相应权限');
    expect(other.body.data).toBeNull();
  });

  it.each(HISTORY)('%s：只有专项能力权限的账号反过来同样', async (path) => {
    expect((await history(specialOnly, path, filingOf[2])).status).toBe(200);
    const other = await history(specialOnly, path, filingOf[0]);
    expect(other.status).toBe(403);
    expect(other.body.returnMsg).toBe('没有技能等级认定备案的相应权限');
  });

  it('与备案详情一致；评价机构（四类都有）与市级审核员（filingAudit）看得到各类别', async () => {
    expect((await call('POST', '/fil/info/filInfoView', { headers: skillOnly, json: { id: filingOf[2] } })).status).toBe(403);
    const org = await authHeaders('eval_org');
    const city = await authHeaders('sjz_admin');
    for (const id of [filingOf[0], filingOf[2]]) {
      for (const path of HISTORY) {
        expect((await history(org, path, id)).status).toBe(200);
        expect((await history(city, path, id)).status).toBe(200);
      }
    }
  });
});
