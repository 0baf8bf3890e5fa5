// 演示上报批次：第 9 步的计划全部已接收；第 8 步的计划各种台账状态都有——
// 第一份：一批已接收（多数人）+ 一批被退回（1 人，原因）待改正重报；第二份：一批已上报待答复；第三份：一批已确认未上报；其余未组批。
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { PLAN_STATE, PLAN_STEP } from '../exaPlan/transitions';
import { nextId } from '@/lib/platform/db/codes';
import { certificates, stateGridBatches, stateGridItems } from './tables';
import { batchCode } from './codes';
import { CERT_STATUS } from './rules';
import { BATCH_STATUS, ITEM_STATUS } from './stategrid-rules';

const DAY = 24 * 3600 * 1000;

async function batch(db: Db, plan: ExamPlan, n: number, status: number, certIds: number[], itemStatus: number, reason: string | null = null) {
  const at = new Date(Date.now() - (10 - n) * DAY);
  const id = await nextId(db, stateGridBatches);
  const [b] = await db
    .insert(stateGridBatches)
    .values({
      id,
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      batchNo: batchCode(id, at),
      status,
      personCount: certIds.length,
      adapter: status >= BATCH_STATUS.SUBMITTED ? 'manual' : null,
      reason: status === BATCH_STATUS.REJECTED ? `退回 ${certIds.length} 人` : null,
      createdByName: '评价机构',
      confirmedAt: status >= BATCH_STATUS.CONFIRMED ? at : null,
      submittedAt: status >= BATCH_STATUS.SUBMITTED ? at : null,
      answeredAt: status >= BATCH_STATUS.ACCEPTED ? new Date(at.getTime() + DAY) : null,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (!b || !certIds.length) return;
  await db.insert(stateGridItems).values(certIds.map((certificateId) => ({ batchId: b.id, certificateId, status: itemStatus, reason })));
}

export async function seedStateGrid(db: Db): Promise<void> {
  const plans = await db
    .select()
    .from(examPlans)
    .where(and(ne(examPlans.state, PLAN_STATE.CANCELLED)))
    .orderBy(asc(examPlans.kind), asc(examPlans.id));
  let at8 = 0;
  for (const plan of plans.filter((p) => p.step === PLAN_STEP.STATE_GRID || p.step === PLAN_STEP.PRINTING)) {
    const [have] = await db.select({ id: stateGridBatches.id }).from(stateGridBatches).where(eq(stateGridBatches.planId, plan.id)).limit(1);
    if (have) continue;
    const certs = await db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.planId, plan.id), eq(certificates.status, CERT_STATUS.VALID)))
      .orderBy(asc(certificates.id));
    const ids = certs.map((c) => c.id);
    if (!ids.length) continue;
    if (plan.step === PLAN_STEP.PRINTING) {
      await batch(db, plan, 1, BATCH_STATUS.ACCEPTED, ids, ITEM_STATUS.ACCEPTED);
      continue;
    }
    const i = at8++;
    if (i === 0 && ids.length > 1) {
      await batch(db, plan, 1, BATCH_STATUS.REJECTED, ids.slice(-1), ITEM_STATUS.REJECTED, '证件号码与公安人口库不一致，请核对');
      await batch(db, plan, 2, BATCH_STATUS.ACCEPTED, ids.slice(0, -1), ITEM_STATUS.ACCEPTED);
    } else if (i === 1) await batch(db, plan, 1, BATCH_STATUS.SUBMITTED, ids, ITEM_STATUS.SUBMITTED);
    else if (i === 2) await batch(db, plan, 1, BATCH_STATUS.CONFIRMED, ids, ITEM_STATUS.PENDING);
  }
}
