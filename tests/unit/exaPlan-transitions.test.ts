// 考试计划的转换表：按（步骤, 状态）与办理方列出的操作，正是表里该办理方此刻能做的那几步；步骤审核配置决定“申请审核”与“进入下一步”二选一。
import { describe, expect, it } from 'vitest';
import { availableActions, CANCEL_STEPS, LAST_STEP, PLAN_STATE, ROLLBACK_STEPS, TRANSITIONS, type Actor } from '@/lib/domains/exaPlan/transitions';

const all = () => true;
const STATES = Object.values(PLAN_STATE);

describe('考试计划转换表', () => {
  it('每个动作只属于一个办理方，驳回、退回、取消必须填意见', () => {
    for (const t of TRANSITIONS) {
      if (['cityReject', 'provinceReject', 'rollback', 'cancel'].includes(t.action)) expect(t.opinion, t.action).toBe('required');
    }
    expect(new Set(TRANSITIONS.map((t) => t.action)).size).toBe(TRANSITIONS.length);
  });

  it('已取消的计划没有任何操作', () => {
    for (const actor of ['org', 'city', 'province'] as Actor[]) for (let step = 0; step <= LAST_STEP; step++) expect(availableActions({ kind: 0, step, state: PLAN_STATE.CANCELLED }, actor, all, () => false)).toEqual([]);
  });

  it('第 0 步：机构可改、删、提交、取消；审核通过过的不能删', () => {
    expect(availableActions({ kind: 0, step: 0, state: PLAN_STATE.WORKING }, 'org', all, () => false)).toEqual(['edit', 'delete', 'submit', 'cancel']);
    expect(availableActions({ kind: 0, step: 0, state: PLAN_STATE.WORKING, approved: true }, 'org', all, () => false)).toEqual(['edit', 'submit', 'cancel']);
    expect(availableActions({ kind: 0, step: 0, state: PLAN_STATE.CITY_REVIEW }, 'city', all, () => false)).toEqual(['cityPass', 'cityReject']);
    expect(availableActions({ kind: 0, step: 0, state: PLAN_STATE.PROVINCE_REVIEW }, 'province', all, () => false)).toEqual(['provincePass', 'provinceReject']);
    expect(availableActions({ kind: 0, step: 0, state: PLAN_STATE.CITY_REVIEW }, 'org', all, () => false)).toEqual(['cancelAudit', 'cancel']);
  });

  it('第 1–8 步：须审核的步骤只能申请审核，不须审核的只能进入下一步', () => {
    for (let step = 1; step <= 8; step++) {
      const audited = availableActions({ kind: 1, step, state: PLAN_STATE.WORKING }, 'org', all, () => true);
      const free = availableActions({ kind: 1, step, state: PLAN_STATE.WORKING }, 'org', all, () => false);
      expect(audited).toContain('applyAudit');
      expect(audited).not.toContain('advance');
      expect(free).toContain('advance');
      expect(free).not.toContain('applyAudit');
      expect(free.includes('cancel')).toBe(CANCEL_STEPS.includes(step));
      expect(availableActions({ kind: 1, step, state: PLAN_STATE.WORKING }, 'city', all, () => false).includes('rollback')).toBe(ROLLBACK_STEPS.includes(step));
    }
    expect(availableActions({ kind: 1, step: LAST_STEP, state: PLAN_STATE.WORKING }, 'org', all, () => false)).toEqual([]);
  });

  it('没有权限的动作不列出', () => {
    for (const state of STATES) {
      expect(availableActions({ kind: 2, step: 0, state }, 'org', (p) => !p.startsWith('exaPlanSpecial'), () => false)).toEqual([]);
      expect(availableActions({ kind: 2, step: 0, state }, 'city', (p) => p !== 'exaPlanAudit.edit', () => false)).toEqual([]);
    }
  });
});
