// 考试计划的状态机（引擎的声明）：按（步骤, 状态）与办理方列出的操作，正是表里该办理方此刻能做的那几步；步骤审核配置决定“申请审核”与“进入下一步”二选一。
import { describe, expect, it } from 'vitest';
import { CANCEL_STEPS, LAST_STEP, PLAN_STATE, ROLLBACK_STEPS, TRANSITIONS, type PlanSubject } from '@/lib/domains/exaPlan/transitions';
import { exaPlanWorkflow, type PlanRow } from '@/lib/domains/exaPlan/workflow';
import { fakeSession } from '../helpers/session';

const ALL = ['query', 'get', 'add', 'edit', 'delete'];
const KINDS = { exaPlanSkill: ALL, exaPlanQual: ALL, exaPlanSpecial: ALL, exaPlanOrgan: ALL };
const sessions = {
  org: fakeSession({ level: 'org', orgId: 7, cityId: 130100 }, KINDS),
  city: fakeSession({ level: 'city', cityId: 130100 }, { exaPlanAudit: ALL }),
  province: fakeSession({ level: 'province' }, { exaPlanAudit: ALL }),
};
type Who = keyof typeof sessions;
const STATES = Object.values(PLAN_STATE);

function plan(p: Partial<PlanSubject> & { step: number; state: number }): PlanRow {
  return { id: 1, code: 'JH', kind: 0, orgId: 7, cityId: 130100, approvedAt: null, auditedSteps: [], ...p } as PlanRow;
}
const actions = (p: Partial<PlanSubject> & { step: number; state: number }, who: Who, session = sessions[who]) => exaPlanWorkflow.availableActions(plan(p), session);

describe('考试计划状态机', () => {
  it('驳回、退回、取消必须填意见', () => {
    for (const t of TRANSITIONS) {
      if (['cityReject', 'provinceReject', 'rollback', 'cancel'].includes(t.action)) expect(t.opinion, t.action).toBe('required');
    }
  });

  it('已取消的计划没有任何操作', () => {
    for (const who of ['org', 'city', 'province'] as Who[]) for (let step = 0; step <= LAST_STEP; step++) expect(actions({ step, state: PLAN_STATE.CANCELLED }, who)).toEqual([]);
  });

  it('第 0 步：机构可改、删、提交、取消；审核通过过的不能删', () => {
    expect(actions({ step: 0, state: PLAN_STATE.WORKING }, 'org')).toEqual(['edit', 'delete', 'submit', 'cancel']);
    expect(actions({ step: 0, state: PLAN_STATE.WORKING, approvedAt: new Date() }, 'org')).toEqual(['edit', 'submit', 'cancel']);
    expect(actions({ step: 0, state: PLAN_STATE.CITY_REVIEW }, 'city')).toEqual(['cityPass', 'cityReject']);
    expect(actions({ step: 0, state: PLAN_STATE.PROVINCE_REVIEW }, 'province')).toEqual(['provincePass', 'provinceReject']);
    expect(actions({ step: 0, state: PLAN_STATE.CITY_REVIEW }, 'org')).toEqual(['cancelAudit', 'cancel']);
  });

  it('第 1–8 步：须审核的步骤只能申请审核，不须审核的只能进入下一步', () => {
    for (let step = 1; step <= 8; step++) {
      const audited = actions({ kind: 1, step, state: PLAN_STATE.WORKING, auditedSteps: [step] }, 'org');
      const free = actions({ kind: 1, step, state: PLAN_STATE.WORKING }, 'org');
      expect(audited).toContain('applyAudit');
      expect(audited).not.toContain('advance');
      expect(free).toContain('advance');
      expect(free).not.toContain('applyAudit');
      expect(free.includes('cancel')).toBe(CANCEL_STEPS.includes(step));
      expect(actions({ kind: 1, step, state: PLAN_STATE.WORKING }, 'city').includes('rollback')).toBe(ROLLBACK_STEPS.includes(step));
    }
    expect(actions({ kind: 1, step: LAST_STEP, state: PLAN_STATE.WORKING }, 'org')).toEqual([]);
  });

  it('没有权限或不是本机构、本市的计划：不列出', () => {
    const noSpecial = fakeSession({ level: 'org', orgId: 7, cityId: 130100 }, { exaPlanSkill: ALL });
    const noAudit = fakeSession({ level: 'city', cityId: 130100 }, { exaPlanAudit: ['query', 'get'] });
    for (const state of STATES) {
      expect(actions({ kind: 2, step: 0, state }, 'org', noSpecial)).toEqual([]);
      expect(actions({ kind: 2, step: 0, state }, 'city', noAudit)).toEqual([]);
      expect(actions({ step: 0, state, orgId: 8 }, 'org')).toEqual([]);
      expect(actions({ step: 0, state, cityId: 130600 }, 'city')).toEqual([]);
    }
  });
});
