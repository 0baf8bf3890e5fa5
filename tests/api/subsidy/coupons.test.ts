// 培训券：发券（证件号校验）、与班级名单比对、核销只能一次（第二次拒绝并说出已核销到哪个班）、不属于本人的券拒绝、作废的券不能核销；范围。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import type { TrainClass, TrainStudent } from '@/lib/domains/trainClass/tables';
import { login, ok, refused } from '../trainClass/helpers';
import { mainClass, picker } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let klass: TrainClass;
let take: (n: number) => TrainStudent[];

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'bd_admin', 'enterprise');
  const m = await mainClass(db);
  klass = m.klass;
  // 演示数据里的券用了第 71–77 名
  take = picker(m.free.slice(10));
});

const issue = (s: TrainStudent, over: Record<string, unknown> = {}) =>
  ok<{ id: number; code: string }>('sjz_admin', '/coupon/issue', { name: s.name, idNumber: s.idNumber, faceValue: 600, validFrom: `${klass.startDate.slice(0, 4)}-01-01`, validTo: `${klass.startDate.slice(0, 4)}-12-31`, ...over });

describe('培训券', () => {
  it('核销一次；第二次拒绝；比对名单看得到', async () => {
    const [s] = take(1);
    const c = await issue(s);
    const before = await ok<{ studentId: number; usableCodes: string[]; redeemedCode: string | null }[]>('train_org', '/student/comparisonCouponStatus', { classId: klass.id });
    expect(before.find((r) => r.studentId === s.id)).toMatchObject({ usableCodes: [c.code], redeemedCode: null });
    await ok('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: s.id, code: c.code });
    await refused('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: s.id, code: c.code }, 400, `培训券 ${c.code} 已在班级 ${klass.code} 核销过，一张券只能核销一次`);
    const after = await ok<{ studentId: number; usableCodes: string[]; redeemedCode: string | null }[]>('train_org', '/student/comparisonCouponStatus', { classId: klass.id });
    expect(after.find((r) => r.studentId === s.id)).toMatchObject({ usableCodes: [], redeemedCode: c.code });
    const status = await ok<{ code: string; statusName: string }[]>('train_org', '/student/couponStatus', { classId: klass.id, idNumber: s.idNumber });
    expect(status.map((x) => [x.code, x.statusName])).toEqual([[c.code, '已使用']]);
  });

  it('不属于本人的券、作废的券不能核销；别的机构与别的市 404', async () => {
    const [a, b] = take(2);
    const c = await issue(a);
    await refused('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: b.id, code: c.code }, 400, `培训券 ${c.code} 不属于学员「${b.name}」`);
    await refused('enterprise', '/student/redeemCoupon', { classId: klass.id, studentId: a.id, code: c.code }, 404);
    await refused('bd_admin', '/coupon/disable', { id: c.id }, 404);
    await ok('sjz_admin', '/coupon/disable', { id: c.id });
    await refused('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: a.id, code: c.code }, 400, `培训券 ${c.code} 已作废`);
    await ok('sjz_admin', '/coupon/enable', { id: c.id });
    await ok('train_org', '/student/redeemCoupon', { classId: klass.id, studentId: a.id, code: c.code });
    await refused('sjz_admin', '/coupon/disable', { id: c.id }, 400, `培训券 ${c.code} 当前为「已使用」，不能作废`);
  });

  it('发券校验证件号；机构看到核销到本机构的券', async () => {
    const [s] = take(1);
    await refused('sjz_admin', '/coupon/issue', { name: s.name, idNumber: '130102199001011230', faceValue: 1, validFrom: '2026-01-01', validTo: '2026-12-31' }, 400);
    const list = await ok<{ list: { code: string; classCode: string | null }[] }>('train_org', '/coupon/list', {});
    expect(list.list.length).toBeGreaterThan(0);
    expect(list.list.every((r) => r.classCode !== null)).toBe(true);
  });
});
