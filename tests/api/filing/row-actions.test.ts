// 备案列表的行操作：每行带的 actions / incrementActions 由服务端按转换表与权限算出，界面只照此显示按钮。
// 这里对机构、市级、省级三个账号，逐个状态核对：列出的操作正是转换表里该办理方此刻能做的那几步，外加按状态决定的修改、删除、增量。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { EDITABLE_STATUSES, FILING_STATUS, FILING_TRANSITIONS, REVIEW_TRANSITIONS, STATUS_LABEL, type Actor } from '@/lib/domains/filing/transitions';
import { filingIncrements, filings } from '@/lib/domains/filing/tables';
import { baseWorks } from '@/lib/domains/catalog/tables';
import type { FilingAuditItem, FilingItem } from '@/lib/domains/filing/schemas';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
const h: Record<string, Record<string, string>> = {};
let filing: { id: number; code: string };

/** 三个办理方的演示账号；kindEdit：角色是否有备案类别资源（filingQual 等）的编辑与删除权限 */
const ACCOUNTS: { actor: Actor; account: string; kindEdit: boolean }[] = [
  { actor: 'org', account: 'eval_org', kindEdit: true },
  { actor: 'city', account: 'sjz_admin', kindEdit: false },
  { actor: 'province', account: 'admin', kindEdit: true },
];
const ALL_STATUSES = Object.values(FILING_STATUS);
const KIND = 1;

beforeAll(async () => {
  db = await getDb();
  for (const a of ACCOUNTS) h[a.account] = await authHeaders(a.account);
  const [work] = await db.select({ code: baseWorks.code }).from(baseWorks).orderBy(baseWorks.code).limit(1);
  const { status, body } = await call<{ id: number; code: string }>('POST', '/fil/info/saveFilInfoByOther', {
    headers: h.eval_org,
    json: { kind: KIND, orgType: 3, contactName: '陈静', contactPhone: '13831100004', works: [{ workCode: work.code, levels: [5] }] },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  filing = body.data;
});

/** 当前账号看到的这一行：机构从本机构列表，管理员从审核列表（全部，不只待办） */
async function rowFor(account: string): Promise<FilingAuditItem & FilingItem> {
  const path = account === 'eval_org' ? '/fil/view/filView' : '/filInfoAudit/list';
  const { status, body } = await call<{ list: (FilingAuditItem & FilingItem)[] }>('POST', path, {
    headers: h[account],
    json: { kind: KIND, code: filing.code, pendingOnly: false },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.data.list).toHaveLength(1);
  return body.data.list[0];
}

/** 转换表里 actor 在 status 上能做的步骤 */
const tableSteps = (actor: Actor, status: number, subject: 'filing' | 'increment') =>
  (subject === 'filing' ? FILING_TRANSITIONS : REVIEW_TRANSITIONS).filter((t) => t.actor === actor && (t.from as readonly number[]).includes(status)).map((t) => t.action);

const sorted = (xs: readonly string[]) => [...xs].sort();

async function setState(status: number, incrementStatus: number | null) {
  await db.delete(filingIncrements).where(eq(filingIncrements.filingId, filing.id));
  await db.update(filings).set({ status }).where(eq(filings.id, filing.id));
  if (incrementStatus !== null) await db.insert(filingIncrements).values({ filingId: filing.id, status: incrementStatus });
}

describe('没有增量时：每个状态、每个办理方的行操作与转换表一致', () => {
  for (const status of ALL_STATUSES) {
    for (const { actor, account, kindEdit } of ACCOUNTS) {
      it(`「${STATUS_LABEL[status]}」· ${account}`, async () => {
        await setState(status, null);
        const row = await rowFor(account);
        const expected: string[] = tableSteps(actor, status, 'filing');
        if (kindEdit && EDITABLE_STATUSES.includes(status)) expected.push('edit');
        if (kindEdit && status === FILING_STATUS.NOT_FILED) expected.push('delete');
        if (actor === 'org' && status === FILING_STATUS.COMPLETED) expected.push('incrementAdd');
        expect(sorted(row.actions)).toEqual(sorted(expected));
        expect(row.incrementActions).toEqual([]);
        if (actor !== 'org') expect(row.reviewable).toBe(tableSteps(actor, status, 'filing').length > 0);
      });
    }
  }

  it('市级管理员只在待初审与作废待审核时有审核按钮，省级只在待复审与作废成功时', async () => {
    const reviewableAt = async (account: string) => {
      const at: number[] = [];
      for (const status of ALL_STATUSES) {
        await setState(status, null);
        if ((await rowFor(account)).reviewable) at.push(status);
      }
      return at;
    };
    const { FIRST_REVIEW, VOID_PENDING, SECOND_REVIEW, VOID_APPROVED } = FILING_STATUS;
    expect(await reviewableAt('sjz_admin')).toEqual([FIRST_REVIEW, VOID_PENDING]);
    expect(await reviewableAt('admin')).toEqual([SECOND_REVIEW, VOID_APPROVED]);
  });
});

describe('有进行中的增量时', () => {
  it('机构：可提交增量、可继续追加工种；不能申请作废（服务端同样拒绝）', async () => {
    await setState(FILING_STATUS.COMPLETED, FILING_STATUS.NOT_FILED);
    const row = await rowFor('eval_org');
    expect(row.incrementActions).toEqual(['submit']);
    expect(row.actions).toContain('incrementAdd');
    expect(row.actions).not.toContain('voidApply');
    const { status, body } = await call('POST', '/fil/modify/voidApply', { headers: h.eval_org, json: { id: filing.id, opinion: '不再经营' } });
    expect(status).toBe(409);
    expect(body.returnMsg).toBe('该备案有进行中的增量备案，不能申请作废');
  });

  it('增量在审时机构不能再追加工种，也没有提交按钮', async () => {
    await setState(FILING_STATUS.COMPLETED, FILING_STATUS.FIRST_REVIEW);
    const row = await rowFor('eval_org');
    expect(row.actions).toEqual([]);
    expect(row.incrementActions).toEqual([]);
  });

  it('市级审核增量初审、省级审核增量复审：按钮与转换表一致', async () => {
    for (const [account, actor, incStatus] of [
      ['sjz_admin', 'city', FILING_STATUS.FIRST_REVIEW],
      ['admin', 'province', FILING_STATUS.SECOND_REVIEW],
    ] as const) {
      await setState(FILING_STATUS.COMPLETED, incStatus);
      const row = await rowFor(account);
      expect(sorted(row.incrementActions)).toEqual(sorted(tableSteps(actor, incStatus, 'increment')));
      expect(row.incrementReviewable).toBe(true);
      expect(row.reviewable).toBe(false);
    }
  });
});

it('详情与列表给出同样的操作', async () => {
  await setState(FILING_STATUS.NOT_FILED, null);
  const row = await rowFor('eval_org');
  const { body } = await call<{ actions: string[]; editable: boolean }>('POST', '/fil/info/filInfoView', { headers: h.eval_org, json: { id: filing.id } });
  expect(sorted(body.data.actions)).toEqual(sorted(row.actions));
  expect(body.data.editable).toBe(true);
});
