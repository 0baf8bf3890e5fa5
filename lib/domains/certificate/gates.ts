// 考试计划离开第 7 步（证书管理）与第 8 步（国网数据上报，数据已被接收且证书都已打印）的条件：考试计划状态机声明的条件
// （exaPlan/transitions.ts），由本域经 plan-gates.ts 登记。满足时返回 null，否则返回中文原因。
// - certificatesReady：每名合格考生都有证书，有效证书的资料齐全（照片按声明的条件 photoReadable 读得出，见 photos.ts 的
//   photoGateProblems；文化程度、工作单位、手机号），没有待审核的更正；
// - stateGridAccepted：每张有效证书都在已被接收的上报批次里；
// - certificatesPrinted：每张有效证书至少打印过一次。
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { ExamPlan } from '../exaPlan/tables';
import { examResults } from '../score/tables';
import { RESULT } from '../score/rules';
import { certificateCorrections, certificates } from './tables';
import { CERT_STATUS, CORRECTION_STATUS } from './rules';
import { isComplete } from './service';
import { photoGateProblems } from './photos';
import { ITEM_STATUS } from './stategrid-rules';

const valid = (planId: number) => and(eq(certificates.planId, planId), eq(certificates.status, CERT_STATUS.VALID));

export async function certificatesReady(db: Db, plan: ExamPlan): Promise<string | null> {
  const [[missing], list, [pending]] = await Promise.all([
    db
      .select({ n: count() })
      .from(examResults)
      .leftJoin(certificates, eq(certificates.examineeId, examResults.examineeId))
      .where(and(eq(examResults.planId, plan.id), eq(examResults.result, RESULT.PASS), isNull(certificates.id))),
    db
      .select({ id: certificates.id, cerType: certificates.cerType, photoUrl: certificates.photoUrl, education: certificates.education, company: certificates.company, mobile: certificates.mobile })
      .from(certificates)
      .where(valid(plan.id)),
    db
      .select({ n: count() })
      .from(certificateCorrections)
      .where(and(eq(certificateCorrections.planId, plan.id), eq(certificateCorrections.status, CORRECTION_STATUS.PENDING))),
  ]);
  // 照片与打印、证书状态机同一条规则（photoReadable）：该类证书须贴照片时，没有登记的、存储里已没有文件的与缺照片一样算资料不全
  const problems = await photoGateProblems(db, list);
  const incomplete = list.filter((c) => !isComplete(c, problems.get(c.id))).length;
  const unreadable = list.filter((c) => c.photoUrl && problems.has(c.id)).length;
  const reasons: string[] = [];
  if (Number(missing.n)) reasons.push(`尚有 ${Number(missing.n)} 名合格考生没有证书`);
  if (incomplete) reasons.push(`尚有 ${incomplete} 张证书的资料不全（照片、文化程度、工作单位或手机号），请在“证书填报”中补填`);
  if (unreadable) reasons.push(`其中 ${unreadable} 张证书的照片无法读取（文件已不在存储中、已损坏或不是图片），请重新上传照片`);
  if (Number(pending.n)) reasons.push(`尚有 ${Number(pending.n)} 份证书更正申请待审核`);
  return reasons.length ? reasons.join('；') : null;
}

export async function stateGridAccepted(db: Db, plan: ExamPlan): Promise<string | null> {
  const [row] = await db
    .select({ n: count() })
    .from(certificates)
    .where(
      and(
        valid(plan.id),
        sql`not exists (select 1 from state_grid_item i where i.certificate_id = "certificate"."id" and i.status = ${ITEM_STATUS.ACCEPTED})`,
      ),
    );
  return Number(row.n) ? `尚有 ${Number(row.n)} 张证书的数据未被国网接收，请上报（被退回的改正后重新上报）` : null;
}

export async function certificatesPrinted(db: Db, plan: ExamPlan): Promise<string | null> {
  const [row] = await db
    .select({ n: count() })
    .from(certificates)
    .where(and(valid(plan.id), eq(certificates.printCount, 0), ne(certificates.status, CERT_STATUS.VOID)));
  return Number(row.n) ? `尚有 ${Number(row.n)} 张证书未打印` : null;
}
