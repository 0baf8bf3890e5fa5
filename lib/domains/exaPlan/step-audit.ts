// 步骤审核配置（exaPlanStepAuditing）：某类计划离开第 1–8 步前是否须经市级审核。省级管理员按类别设置；
// 须审核的步骤，机构“申请审核”，市级通过后进入下一步；不须审核的步骤，机构满足条件后直接“进入下一步”。
// 第 0 步（计划本身）总要审核，不在此配置。
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { formatBeijing } from '@/lib/platform/time';
import { examPlanStepAudits } from './tables';
import { PLAN_KINDS, PLAN_STEP, STEP_LABEL } from './transitions';

/** 可配置的步骤：第 1 步（实施计划）到第 8 步（国网数据上报） */
export const CONFIGURABLE_STEPS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8];

/** 演示与新库的默认：导入考生（考生名单）与成绩管理（成绩）须经市级审核 */
export const DEFAULT_AUDITED_STEPS: readonly number[] = [PLAN_STEP.IMPORT_EXAMINEES, PLAN_STEP.SCORES];

/** 各类计划须审核的步骤：类别 → 步骤集合 */
export async function stepAuditConfig(db: Db, kind?: number): Promise<Map<number, Set<number>>> {
  const rows = await db
    .select({ kind: examPlanStepAudits.kind, step: examPlanStepAudits.step })
    .from(examPlanStepAudits)
    .where(and(eq(examPlanStepAudits.required, true), kind === undefined ? undefined : eq(examPlanStepAudits.kind, kind)));
  const out = new Map<number, Set<number>>();
  for (const r of rows) out.set(r.kind, (out.get(r.kind) ?? new Set()).add(r.step));
  return out;
}

export async function isStepAudited(db: Db, kind: number, step: number): Promise<boolean> {
  return (await stepAuditConfig(db, kind)).get(kind)?.has(step) ?? false;
}

/** 配置列表：每类计划的第 1–8 步各一行 */
export async function listStepAudits(db: Db, kind: number | undefined) {
  const rows = await db
    .select()
    .from(examPlanStepAudits)
    .where(kind === undefined ? undefined : eq(examPlanStepAudits.kind, kind));
  const kinds = kind === undefined ? [0, 1, 2, 3] : [kind];
  const list = kinds.flatMap((k) =>
    CONFIGURABLE_STEPS.map((step) => {
      const r = rows.find((x) => x.kind === k && x.step === step);
      return {
        key: `${k}:${step}`,
        kind: k,
        kindName: PLAN_KINDS[k],
        step,
        stepName: STEP_LABEL[step],
        required: r?.required ?? false,
        updateTime: r ? formatBeijing(r.updatedAt) : null,
      };
    }),
  );
  return { list, total: list.length };
}

/** 省级管理员设置某类计划须审核的步骤（给出的步骤须审核，其余不需） */
export async function updateStepAudits(db: Db, session: Session, input: { kind: number; steps: number[] }, audit: Audit) {
  if (session.user.level !== 'province') throw ApiError.forbidden('步骤审核配置只能由省级管理员设置');
  const wanted = new Set(input.steps);
  const before = await stepAuditConfig(db, input.kind);
  // 一条 upsert：同时提交的几次设置各自整体生效（最后提交的为准），不会因先删后插撞上主键
  await db
    .insert(examPlanStepAudits)
    .values(CONFIGURABLE_STEPS.map((step) => ({ kind: input.kind, step, required: wanted.has(step), updatedBy: session.user.id })))
    .onConflictDoUpdate({
      target: [examPlanStepAudits.kind, examPlanStepAudits.step],
      set: { required: sql`excluded.required`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    });
  const names = [...wanted].sort().map((s) => STEP_LABEL[s]);
  audit({
    entity: 'exam_plan_step_audit',
    entityId: input.kind,
    before: [...(before.get(input.kind) ?? [])],
    after: [...wanted],
    detail: `${PLAN_KINDS[input.kind]}计划须审核的步骤：${names.length ? names.join('、') : '无'}`,
  });
  return listStepAudits(db, input.kind);
}

/** 种子：没有配置的类别写入默认配置（已有的不动） */
export async function seedStepAudits(db: Db): Promise<void> {
  const have = await db.select({ kind: examPlanStepAudits.kind }).from(examPlanStepAudits);
  const configured = new Set(have.map((h) => h.kind));
  const rows = [0, 1, 2, 3]
    .filter((k) => !configured.has(k))
    .flatMap((kind) => CONFIGURABLE_STEPS.map((step) => ({ kind, step, required: DEFAULT_AUDITED_STEPS.includes(step) })));
  if (rows.length) await db.insert(examPlanStepAudits).values(rows);
}

/** 某计划各步是否须审核（第 0 步总要审核） */
export async function planAuditingSteps(db: Db, plan: { kind: number; step: number }) {
  const audited = (await stepAuditConfig(db, plan.kind)).get(plan.kind) ?? new Set<number>();
  return STEP_LABEL.map((name, step) => ({
    step,
    name,
    required: step === PLAN_STEP.DRAFT || audited.has(step),
    configurable: CONFIGURABLE_STEPS.includes(step),
    current: step === plan.step,
    done: step < plan.step,
  }));
}
