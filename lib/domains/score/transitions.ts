// 成绩公示异议的状态机（待处理 → 已处理）的声明：状态、转换（lib/platform/workflow 的格式），引擎（workflow.ts）按它办理与拒绝。
// 公示期内由计划所属机构或所在市登记（publicity.ts 的 addObjection，不是转换），计划所在市的市级管理员（或省级）填处理意见办结；
// 有待处理的异议时计划不能离开成绩公示（gates.ts 的 publicityEnded）。
import type { TransitionDef } from '@/lib/platform/workflow';

export const OBJECTION_STATUS = { OPEN: 0, RESOLVED: 1 } as const;

export const OBJECTION_STATUS_LABEL: Record<number, string> = { [OBJECTION_STATUS.OPEN]: '待处理', [OBJECTION_STATUS.RESOLVED]: '已处理' };
export const OBJECTION_STATUS_COLOR: Record<number, string> = { [OBJECTION_STATUS.OPEN]: 'warning', [OBJECTION_STATUS.RESOLVED]: 'success' };

/** 处理方：计划所在市的市级管理员，省级管理员亦可 */
export type ObjectionActor = 'city';
export const OBJECTION_ACTOR_LABEL: Record<ObjectionActor, string> = { city: '计划所在市的市级管理员（或省级）' };

export type ObjectionAction = 'resolve';

export interface ObjectionLike {
  status: number;
  cityId: number | null;
}

export const OBJECTION_TRANSITIONS: readonly TransitionDef<ObjectionLike, ObjectionAction, ObjectionActor, string>[] = [
  {
    action: 'resolve',
    verb: '处理异议',
    from: [OBJECTION_STATUS.OPEN],
    to: OBJECTION_STATUS.RESOLVED,
    actor: 'city',
    permission: 'publicity.add',
    opinion: 'required',
    opinionMessage: '请输入处理意见',
  },
];
