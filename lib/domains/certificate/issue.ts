// 发证：计划进入第 7 步（证书管理）时，给每名合格考生（exam_result 为合格）一张证书，编号按 rules.ts 的规则。
// 流水号由 certificate_counter 在发证的事务里分配：upsert 取得该行的行锁，并发的发证依次取号；事务回滚时计数一并回滚，
// 所以既不跳号也不重号。已有证书的考生跳过（可重复调用）。作废的证书号永不复用（计数只增不减）。
// 照片取自考生，并登记证书对照片文件的引用（考生换照片后旧文件不会被清理掉）。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { beijingDate } from '@/lib/platform/time';
import { type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { organisations } from '../org/tables';
import { examResults } from '../score/tables';
import { RESULT } from '../score/rules';
import { certificateCounters, certificates } from './tables';
import { CER_NAME, certificateNumber, MAX_SERIAL } from './rules';
import { refPlanPhotos } from './photos';

export interface CounterKey {
  orgId: number;
  cerType: number;
  year: number;
}

/** 分配 n 个连续的流水号，返回第一个（调用方须在事务内；计数行在事务结束前一直锁着） */
export async function allocateSerials(tx: Db, key: CounterKey, n: number): Promise<number> {
  if (n <= 0) throw new Error('分配的流水号个数须大于 0');
  const rows = await tx
    .insert(certificateCounters)
    .values({ orgId: key.orgId, cerType: key.cerType, issueYear: key.year, last: n })
    .onConflictDoUpdate({ target: [certificateCounters.orgId, certificateCounters.cerType, certificateCounters.issueYear], set: { last: sql`${certificateCounters.last} + ${n}` } })
    .returning({ last: certificateCounters.last });
  const last = rows[0].last;
  if (last > MAX_SERIAL) throw new Error(`机构 ${key.orgId} 本年度的证书流水号已用完（上限 ${MAX_SERIAL}）`);
  return last - n + 1;
}

/** 给计划的合格考生发证（没有证书的），返回新发的张数。at 为发证时间（证书日期取其北京日期） */
export async function issueCertificates(tx: Db, plan: Pick<ExamPlan, 'id' | 'kind' | 'orgId' | 'cityId'>, at = new Date()): Promise<number> {
  const pending = await tx
    .select({ e: examinees })
    .from(examResults)
    .innerJoin(examinees, eq(examinees.id, examResults.examineeId))
    .leftJoin(certificates, eq(certificates.examineeId, examinees.id))
    .where(and(eq(examResults.planId, plan.id), eq(examResults.result, RESULT.PASS), isNull(certificates.id)))
    .orderBy(asc(examinees.workCode), asc(examinees.level), asc(examinees.id));
  if (!pending.length) return 0;
  const [org] = await tx.select({ orgType: organisations.orgType }).from(organisations).where(eq(organisations.id, plan.orgId));
  const cerDate = beijingDate(at);
  const year = Number(cerDate.slice(0, 4));
  const first = await allocateSerials(tx, { orgId: plan.orgId, cerType: plan.kind, year }, pending.length);
  const rows = pending.map(({ e }, i) => {
    const serial = first + i;
    return {
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      examineeId: e.id,
      cerType: plan.kind,
      cerName: CER_NAME[plan.kind],
      cerCode: certificateNumber({ cerType: plan.kind, orgType: org?.orgType ?? 3, orgSerial: plan.orgId, year, level: e.level, serial }),
      serial,
      issueYear: year,
      name: e.name,
      idCard: e.idNumber,
      idCardIndex: blindIndex('idNumber', e.idNumber),
      gender: e.gender,
      workCode: e.workCode,
      workName: e.workName,
      level: e.level,
      cerDate,
      education: e.education,
      company: e.company,
      mobile: e.mobile,
      photoUrl: e.photoUrl,
      createdAt: at,
      updatedAt: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(certificates).values(rows.slice(i, i + 500));
  await refPlanPhotos(tx, plan.id);
  return rows.length;
}
