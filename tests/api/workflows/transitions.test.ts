// 生成的检查：lib/workflows.ts 里每个状态机的每一步，从它的每个出发位置，经它的端点——
// 由它的办理方办理：到达去向、写一行历史；由其他每个演示账号办理：一律拒绝（403/404/409），位置不变、不写历史。
// 新的状态机登记后自动纳入；它的布置（谁办理、怎样放到某个位置、哪个端点）在 fixtures/。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { WORKFLOWS, type AnyWorkflow } from '@/lib/workflows';
import type { Db } from '@/lib/platform/db/client';
import type { Position } from '@/lib/platform/workflow';
import { setupTestDb } from '../../helpers/db';
import { fakeUser } from '../../helpers/session';
import { authHeaders } from '../access/login-helper';
import { FIXTURES } from './fixtures';

const { db: getDb } = setupTestDb();
let db: Db;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  db = await getDb();
  for (const a of DEMO_ACCOUNTS) headers[a.account] = await authHeaders(a.account);
});

/** 一组 from（单列的状态列表或每列的取值列表）展开成全部位置 */
function positionsOf(wf: AnyWorkflow, from: readonly number[] | Readonly<Record<string, readonly number[]>>): Position[] {
  const cols = Array.isArray(from) ? { [Object.keys(wf.def.position)[0]]: from as readonly number[] } : (from as Readonly<Record<string, readonly number[]>>);
  return Object.entries(cols).reduce<Position[]>((acc, [k, values]) => acc.flatMap((p) => values.map((v) => ({ ...p, [k]: v }))), [{}]);
}

async function positionNow(wf: AnyWorkflow, id: number): Promise<Position> {
  const cols = Object.fromEntries(Object.entries(wf.def.position)) as Record<string, AnyPgColumn>;
  const [row] = await db.select(cols).from(wf.def.table).where(eq(wf.def.id, id));
  return row as Position;
}

async function historyCount(wf: AnyWorkflow, id: number): Promise<number> {
  const h = wf.def.history;
  if (!h) return 0;
  const subject = await wf.def.load(db, fakeUser(), id);
  const table = h.table as unknown as Record<string, AnyPgColumn>;
  const conds: SQL[] = Object.entries(h.values(subject)).map(([k, v]) => (v === null ? isNull(table[k]) : eq(table[k], v)));
  const [r] = await db.select({ n: count() }).from(h.table).where(and(...conds));
  return Number(r.n);
}

it('每个登记的状态机都有布置', () => {
  expect(WORKFLOWS.map((w) => w.def.key).filter((k) => !FIXTURES[k])).toEqual([]);
});

for (const wf of WORKFLOWS) {
  const fixture = FIXTURES[wf.def.key];
  if (!fixture) continue;
  describe(`${wf.def.label}（${wf.def.key}）`, () => {
    for (const t of wf.def.transitions) {
      for (const from of positionsOf(wf, t.from)) {
        it(`${t.verb}：从「${wf.positionLabel(from)}」`, async () => {
          const actorAccount = fixture.accounts[t.actor];
          expect(actorAccount, `办理方 ${t.actor} 没有演示账号`).toBeTruthy();
          const id = await fixture.arrange(db, t.action, from);
          expect(await positionNow(wf, id)).toMatchObject(from);
          const before = await historyCount(wf, id);

          const same = fixture.sameActor?.[t.actor] ?? [];
          for (const other of DEMO_ACCOUNTS.map((a) => a.account).filter((a) => a !== actorAccount && !same.includes(a))) {
            const r = await fixture.perform(db, t.action, id, headers[other], '生成的检查');
            expect([401, 403, 404, 409], `${other} 办理「${t.verb}」应被拒绝：${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
          }
          expect(await positionNow(wf, id), '被拒绝的办理不改位置').toMatchObject(from);
          expect(await historyCount(wf, id), '被拒绝的办理不写历史').toBe(before);

          const r = await fixture.perform(db, t.action, id, headers[actorAccount], '生成的检查');
          expect(r.status, `${actorAccount} 办理「${t.verb}」：${JSON.stringify(r.body)}`).toBe(200);
          const now = await positionNow(wf, id);
          if (typeof t.to === 'number') expect(now).toEqual({ [Object.keys(wf.def.position)[0]]: t.to });
          else if (typeof t.to === 'object') expect(now).toMatchObject(t.to);
          expect(await historyCount(wf, id), '办理写一行历史').toBe(before + 1);
        });
      }
    }
  });
}
