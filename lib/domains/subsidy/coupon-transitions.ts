// 培训券的状态机声明（lib/platform/workflow 的格式，纯数据，界面也可引用）：未使用 → 核销（开班机构把券兑付到本班）；
// 发券所在市的市级管理员作废未使用的券、恢复已作废的券。进班时的自动核销与移出班级、班级作废时的退回由培训班模块成批办理
// （coupons.ts 的 redeemForClass / releaseForStudents / releaseForClasses，条件更新，不经按钮）。
import type { TransitionDef } from '@/lib/platform/workflow';

export const COUPON_STATUS = { UNUSED: 0, USED: 1, VOID: 2 } as const;
const C = COUPON_STATUS;
export const COUPON_STATUS_LABEL: Record<number, string> = { [C.UNUSED]: '未使用', [C.USED]: '已使用', [C.VOID]: '已作废' };
export const COUPON_STATUS_COLOR: Record<number, string> = { [C.UNUSED]: 'blue', [C.USED]: 'success', [C.VOID]: 'default' };

export type CouponAction = 'use' | 'disable' | 'enable';
export type CouponActor = 'org' | 'city';
export type CouponGate = 'redeemable';

export interface CouponLike {
  status: number;
  cityId: number;
  orgId: number | null;
}

/** 核销：开班机构（student.edit 或 trainInfo.edit，与学员名单相同）；作废与恢复：发券所在市的市级管理员 */
export const COUPON_TRANSITIONS: readonly TransitionDef<CouponLike, CouponAction, CouponActor, CouponGate>[] = [
  { action: 'use', verb: '核销', from: [C.UNUSED], to: C.USED, actor: 'org', permission: ['student.edit', 'trainInfo.edit'], opinion: 'none', gates: ['redeemable'] },
  { action: 'disable', verb: '作废', from: [C.UNUSED], to: C.VOID, actor: 'city', permission: 'coupon.disable', opinion: 'optional', optional: true },
  { action: 'enable', verb: '恢复', from: [C.VOID], to: C.UNUSED, actor: 'city', permission: 'coupon.enable', opinion: 'none', optional: true },
];
