// 演示证书：第 7–9 步（未取消）的计划按成绩的合格考生发证（与进入第 7 步时的发证同一函数，编号规则相同）。
// 第 7 步：最后两张缺照片（最后一张另缺工作单位，可在“证书填报”里补填），其余补上照片，第一份技能等级认定计划有一份待审核的更正；
// 第 8、9 步：资料补齐；每份计划第一张证书经更正（已通过，留改前改后）；第 9 步全部打印过一次，第一份第 9 步计划的最后一张作废。
// 可重复执行：已有证书的计划跳过。在成绩种子之后运行。
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, ne, notInArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { PLAN_STATE, PLAN_STEP } from '../exaPlan/transitions';
import { certificateCorrections, certificates } from './tables';
import { CERT_STATUS, CORRECTION_STATUS } from './rules';
import { issueCertificates } from './issue';
import { refPlanPhotos } from './photos';
import { seedStateGrid } from './stategrid-seed';

const DAY = 24 * 3600 * 1000;
/** 第 7 步的计划里资料不全（缺照片）的证书张数 */
const STEP7_INCOMPLETE = 2;

async function seedPlan(db: Db, plan: ExamPlan, firstOfStep: boolean): Promise<void> {
  const at = new Date(Math.min(Date.now() - 3 * DAY, Date.parse(`${plan.examEndDate}T10:00:00+08:00`) + 18 * DAY));
  const n = await db.transaction((tx) => issueCertificates(tx, plan, at));
  if (!n) return;
  const list = await db.select().from(certificates).where(eq(certificates.planId, plan.id)).orderBy(asc(certificates.id));
  const [photo] = await db
    .select({ url: examinees.photoUrl })
    .from(examinees)
    .where(and(eq(examinees.planId, plan.id), isNotNull(examinees.photoUrl)))
    .limit(1);
  if (plan.step >= PLAN_STEP.STATE_GRID) {
    if (photo?.url) await db.update(certificates).set({ photoUrl: photo.url }).where(and(eq(certificates.planId, plan.id), isNull(certificates.photoUrl)));
  } else if (photo?.url) {
    // 第 7 步：最后几张保持缺照片（最后一张另缺工作单位），其余补上照片，在“证书填报”里补填完即可提交
    const incomplete = list.slice(-STEP7_INCOMPLETE).map((c) => c.id);
    await db
      .update(certificates)
      .set({ photoUrl: photo.url })
      .where(and(eq(certificates.planId, plan.id), isNull(certificates.photoUrl), notInArray(certificates.id, incomplete)));
    await db.update(certificates).set({ photoUrl: null }).where(inArray(certificates.id, incomplete));
    await db.update(certificates).set({ company: null }).where(eq(certificates.id, incomplete[incomplete.length - 1]));
  }
  await refPlanPhotos(db, plan.id);
  const first = list[0];
  if (plan.step >= PLAN_STEP.STATE_GRID) {
    // 已通过的更正：工种名称按备案更正
    await db.insert(certificateCorrections).values({
      certificateId: first.id,
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      before: { workName: `${first.workName}（旧）` },
      after: { workName: first.workName },
      reason: '证书上的工种名称与备案不一致，按备案更正',
      source: 'org',
      status: CORRECTION_STATUS.APPROVED,
      appliedByName: '评价机构',
      reviewedByName: '市级管理员',
      opinion: '同意',
      createdAt: new Date(at.getTime() + DAY),
      reviewedAt: new Date(at.getTime() + 2 * DAY),
    });
    await db.update(certificates).set({ corrected: true }).where(eq(certificates.id, first.id));
  } else if (plan.kind === 0 && firstOfStep) {
    // 待审核的更正：证书上的性别登记错了（与身份证号不符），按身份证号更正回来——与号码一致，审核可以通过（idConsistent）
    const wrong = first.gender === '男' ? '女' : '男';
    await db.update(certificates).set({ gender: wrong }).where(eq(certificates.id, first.id));
    await db.insert(certificateCorrections).values({
      certificateId: first.id,
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      before: { gender: wrong },
      after: { gender: first.gender },
      reason: '报名时性别录入错误，持证人提供身份证复印件',
      source: 'org',
      status: CORRECTION_STATUS.PENDING,
      appliedByName: '评价机构',
      createdAt: new Date(at.getTime() + DAY),
    });
  }
  if (plan.step === PLAN_STEP.PRINTING) {
    await db.update(certificates).set({ printCount: 1, lastPrintedAt: new Date(at.getTime() + 10 * DAY) }).where(eq(certificates.planId, plan.id));
    if (firstOfStep && list.length > 1) {
      const last = list[list.length - 1];
      await db
        .update(certificates)
        .set({ status: CERT_STATUS.VOID, voidReason: '持证人冒用他人学历报名，经核查撤销', voidedAt: new Date(at.getTime() + 12 * DAY), voidedByName: '市级管理员' })
        .where(eq(certificates.id, last.id));
    }
  }
}

export async function seedCertificates(db: Db): Promise<void> {
  const plans = await db
    .select()
    .from(examPlans)
    .where(and(gte(examPlans.step, PLAN_STEP.CERTIFICATES), ne(examPlans.state, PLAN_STATE.CANCELLED)))
    .orderBy(asc(examPlans.kind), desc(examPlans.step), asc(examPlans.id));
  const seen = new Set<string>();
  for (const plan of plans) {
    const [have] = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.planId, plan.id)).limit(1);
    const key = `${plan.kind}:${plan.step}`;
    const firstOfStep = !seen.has(key);
    seen.add(key);
    if (!have) await seedPlan(db, plan, firstOfStep);
  }
  await seedStateGrid(db);
}
