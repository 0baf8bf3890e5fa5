// 补贴标准：有效期与年度、重叠拒绝、被申请用过的版本不能改不能删只能新建版本（且不溯及既往）、范围与权限；
// 生活交通补贴：人员类别 × 天数 × 日标准；资金余额等于流水之和（fast-check 随机操作序列）；演示数据每个状态都有。
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { fundAccounts, fundMovements, subsidyApplies, subsidyStandards } from '@/lib/domains/subsidy/tables';
import { APPLY_STATUS } from '@/lib/domains/subsidy/transitions';
import { balanceOf, moveForApply } from '@/lib/domains/subsidy/fund';
import { seedSubsidies } from '@/lib/domains/subsidy/seed';
import type { TrainClass, TrainStudent } from '@/lib/domains/trainClass/tables';
import { login, ok, refused } from '../trainClass/helpers';
import { itemOf, mainClass, picker } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let klass: TrainClass;
let take: (n: number) => TrainStudent[];

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'bd_admin', 'admin');
  const m = await mainClass(db);
  klass = m.klass;
  take = picker(m.free);
});

const body = (over: Record<string, unknown> = {}) => ({ kind: 'type', cityId: 130100, trainType: '3', amount: 1200, validFrom: '2031-01-01', validTo: '2031-12-31', ...over });

describe('补贴标准', () => {
  it('省级为各市制定（须选市）；有效期须在同一年度；与已有版本重叠拒绝；市级与机构只能查看', async () => {
    const created = await ok<{ id: number }>('admin', '/subsidy/saveStandard', body());
    const [row] = await db.select().from(subsidyStandards).where(eq(subsidyStandards.id, created.id));
    expect(row).toMatchObject({ cityId: 130100, year: 2031, amount: 1200 });
    await refused('admin', '/subsidy/saveStandard', body({ validFrom: '2031-06-01', validTo: '2032-01-31' }), 400, '失效日期：补贴标准按年度制定，生效与失效日期须在同一年度内');
    await refused('admin', '/subsidy/saveStandard', body({ validFrom: '2031-06-01', validTo: '2031-06-30' }), 400, /^与已有的第 \d+ 版（2031-01-01 至 2031-12-31）有效期重叠/);
    await refused('train_org', '/subsidy/saveStandard', body(), 403);
    await refused('sjz_admin', '/subsidy/saveStandard', body(), 403);
    await refused('admin', '/subsidy/saveStandard', body({ cityId: undefined }), 400, '请选择适用的市');
    // 没被用过：可以改；市级能在列表里看到本市的，别的市看不到
    await ok('admin', '/subsidy/saveStandard', { ...body(), id: created.id, amount: 1300 });
    const mine = await ok<{ list: { id: number; amount: number; actions: string[] }[] }>('sjz_admin', '/subsidy/listStandard', { kind: 'type', year: 2031 });
    expect(mine.list.map((r) => [r.id, r.amount, r.actions])).toEqual([[created.id, 1300, []]]);
    expect((await ok<{ list: unknown[] }>('bd_admin', '/subsidy/listStandard', { kind: 'type', year: 2031 })).list).toEqual([]);
    const prov = await ok<{ list: { id: number; actions: string[] }[] }>('admin', '/subsidy/listStandard', { kind: 'type', year: 2031 });
    expect(prov.list[0].actions).toEqual(['edit', 'delete', 'newVersion']);
  });

  it('工种标准须是职业目录里的工种', async () => {
    await refused('admin', '/subsidy/saveStandard', { kind: 'work', cityId: 130100, workCode: '9-99-99-99', level: 4, amount: 1, validFrom: '2031-01-01', validTo: '2031-12-31' }, 400, '工种 9-99-99-99 不在职业目录中');
  });

  it('被申请用过的版本：不能改、不能删；新版本不得早于已申请班级的结业日期（不溯及既往）；生效后旧版本到前一天为止', async () => {
    const saved = await ok<{ id: number }>('train_org', '/subsidy/saveClassSubside', { classId: klass.id, kind: 'train', items: take(1).map((s) => itemOf(s)) });
    const [std] = await db.execute(sql`select s.* from subsidy_standard s join subsidy_item i on i.standard_id = s.id where i.apply_id = ${saved.id}`).then((r) => ((r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])) as { id: number; version: number; amount: number; valid_from: string; valid_to: string; train_type: string }[]);
    const edit = { id: std.id, kind: 'type', cityId: 130100, trainType: std.train_type, amount: 1, validFrom: String(std.valid_from).slice(0, 10), validTo: String(std.valid_to).slice(0, 10) };
    await refused('admin', '/subsidy/saveStandard', edit, 400, /^该标准已被补贴申请使用（\d+ 名学员），不能修改；调整金额请“新建版本”$/);
    await refused('admin', '/subsidy/deleteStandard', { ids: [std.id] }, 400, /已被补贴申请使用，不能删除/);
    await refused('admin', '/subsidy/newStandardVersion', { id: std.id, amount: 2000, validFrom: klass.endDate }, 400, new RegExp(`^已有结业于 ${klass.endDate} 的班级按第 ${std.version} 版申请了补贴`));
    const year = klass.endDate.slice(0, 4);
    if (`${year}-12-31` > klass.endDate) {
      const next = await ok<{ id: number; version: number }>('admin', '/subsidy/newStandardVersion', { id: std.id, amount: 2000, validFrom: `${year}-12-31` });
      expect(next.version).toBe(std.version + 1);
      const [old] = await db.select().from(subsidyStandards).where(eq(subsidyStandards.id, std.id));
      expect(old.validTo).toBe(`${year}-12-30`);
      await refused('admin', '/subsidy/newStandardVersion', { id: std.id, amount: 2100, validFrom: `${year}-12-31` }, 400, `已有更新的第 ${next.version} 版，请在最新一版上新建版本`);
    }
  });
});

describe('生活交通补贴', () => {
  it('天数 × 日标准；须选人员类别', async () => {
    const [a, b] = take(2);
    await refused('train_org', '/subsidy/saveClassSubside', { classId: klass.id, kind: 'living', items: [itemOf(a)] }, 400, `请选择学员「${a.name}」的人员类别`);
    const saved = await ok<{ id: number; claimedAmount: number }>('train_org', '/subsidy/saveClassSubside', { classId: klass.id, kind: 'living', items: [itemOf(a, { groupCode: '1' }), itemOf(b, { groupCode: '4' })] });
    const d = await ok<{ students: { days: number; dailyRate: number; amount: number }[] }>('sjz_admin', '/subsidy/applyDetail', { id: String(saved.id) }, 'GET');
    const days = Math.round((Date.parse(klass.endDate) - Date.parse(klass.startDate)) / 86_400_000) + 1;
    const [r1] = await db.select().from(subsidyStandards).where(and(eq(subsidyStandards.kind, 'living'), eq(subsidyStandards.cityId, klass.cityId!), eq(subsidyStandards.subject, '1'), sql`${subsidyStandards.validFrom} <= ${klass.endDate} and ${subsidyStandards.validTo} >= ${klass.endDate}`));
    expect(d.students[0]).toMatchObject({ days, dailyRate: r1.amount, amount: days * r1.amount });
    expect(saved.claimedAmount).toBe(d.students[0].amount + d.students[1].amount);
  });
});

describe('资金账户', () => {
  it('余额始终等于流水之和；批准不会让可用余额为负（随机操作序列）', async () => {
    const admin = { id: 1, level: 'city', cityId: 130100, orgId: null, areaId: 130100, realName: '测试', nickName: '测试', code: 'x', account: 'x', userType: 'RENCAI_SHI', passwordStrength: 3 } as SessionUser;
    const [account] = await db.insert(fundAccounts).values({ cityId: 130100, year: 2099, name: '性质测试账户' }).returning();
    const [anyApply] = await db.select().from(subsidyApplies).limit(1);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('allocate' as const), amount: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ kind: fc.constant('commit' as const), amount: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 1, max: 5000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          try {
            await db.transaction(async (tx) => {
              if (o.kind === 'allocate') {
                await tx.insert(fundMovements).values({ accountId: account.id, cityId: 130100, kind: 'allocate', amount: o.amount, actorName: '测试' });
              } else {
                const before = await balanceOf(tx, account.id);
                // 拨付只兑现已有的承诺
                const amount = o.kind === 'pay' ? Math.min(o.amount, before.unpaid) : o.amount;
                if (amount > 0) await moveForApply(tx, admin, { kind: o.kind, cityId: 130100, year: 2099, amount, applyId: anyApply.id, code: anyApply.code });
              }
            });
          } catch (e) {
            if (!(e instanceof ApiError) || !e.message.includes('可用余额')) throw e;
          }
          const b = await balanceOf(db, account.id);
          const rows = await db.select().from(fundMovements).where(eq(fundMovements.accountId, account.id));
          const sum = (k: string) => rows.filter((r) => r.kind === k).reduce((s, r) => s + r.amount, 0);
          expect(b.available).toBe(sum('allocate') - sum('reduce') - sum('commit'));
          expect(b.unpaid).toBe(sum('commit') - sum('pay'));
          expect(b.paid).toBe(sum('pay'));
          expect(b.available).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('演示数据', () => {
  it('培训补贴每个状态都有申请；待市级审核的批次里有被核查出的重复学员；再运行一次不重复写入', async () => {
    const rows = await db.select({ status: subsidyApplies.status, kind: subsidyApplies.kind, blocked: subsidyApplies.blockedCount }).from(subsidyApplies);
    const train = rows.filter((r) => r.kind === 'train');
    expect(new Set(train.map((r) => r.status))).toEqual(new Set(Object.values(APPLY_STATUS)));
    expect(train.some((r) => r.status === APPLY_STATUS.CITY_PENDING && r.blocked > 0)).toBe(true);
    expect(rows.some((r) => r.kind === 'living')).toBe(true);
    const before = rows.length;
    await seedSubsidies(db);
    expect((await db.select().from(subsidyApplies)).length).toBe(before);
  });
});
