// 补贴金额与申请前的核查，全部在服务端：
// - 金额：按班级结业日期适用的标准（工种 × 等级 / 培训类型 / 人员类别的日标准）、学员的出勤学时、结业情况与考核结果算出；
//   客户端送来的金额一律不收。
// - 核查（每名学员，审批界面逐条显示证据）：重复享受补贴、两个班日期重叠、证件号码不通过校验、没有出勤记录、证书不存在或属于他人。
//   这五项都是阻断性的：有这类问题的学员不能被同意，市级须逐人驳回（写原因）后才能通过整份申请。
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { checkIdNumber, maskIdNumber, maskName } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { dictItems } from '@/lib/domains/dict/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { examResults } from '@/lib/domains/score/tables';
import { certificates } from '@/lib/domains/certificate/tables';
import { trainClasses, trainStudents, type TrainClass, type TrainStudent } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import { COMPLETION } from '@/lib/domains/trainClass/schemas';
import { subsidyApplies, subsidyItems, type CheckFlag, type SubsidyStandard } from './tables';
import { standardsFor } from './standards';
import { APPLY_STATUS, applyStatusLabel, DECISION, type SubsidyKind } from './transitions';
import { SUBSIDY_GROUP_DICT } from './schemas';

/** 一名学员的计算结果（写进 subsidy_item） */
export interface ComputedItem {
  studentId: number;
  name: string;
  idNumber: string;
  /** 证件号的盲索引（随证件号写入 subsidy_item） */
  idNumberIndex: string;
  workCode: string;
  level: number;
  attendedHours: number | null;
  classHours: number;
  completion: number;
  assessResult: number;
  certNo: string | null;
  bankName: string | null;
  bankAccount: string | null;
  groupCode: string | null;
  days: number | null;
  dailyRate: number | null;
  standardId: number | null;
  amount: number;
  ineligible: string | null;
}

export interface ItemChoice {
  studentId: number;
  certNo: string | null;
  bankName: string | null;
  bankAccount?: string;
  groupCode?: string;
}

/** 证件号加密存放：查找、对人一律用盲索引 */
const indexOf = (idNumber: string) => blindIndex('idNumber', idNumber);

/** 考核结果：同一证件号（按盲索引）、同工种同等级的考生里有合格的为 1，只有不合格的为 2，没有为 0；键为调用方给的证件号 */
export async function assessResults(db: Db, idNumbers: string[], workCode: string, level: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!idNumbers.length) return out;
  const indexes = [...new Set(idNumbers.map(indexOf))];
  const rows = await db
    .select({ idNumberIndex: examinees.idNumberIndex, best: sql<number>`min(case ${examResults.result} when 1 then 1 when 2 then 2 else 3 end)::int` })
    .from(examinees)
    .innerJoin(examResults, eq(examResults.examineeId, examinees.id))
    .where(and(inArray(examinees.idNumberIndex, indexes), eq(examinees.workCode, workCode), eq(examinees.level, level)))
    .groupBy(examinees.idNumberIndex);
  const best = new Map(rows.map((r) => [r.idNumberIndex, Number(r.best) === 3 ? 0 : Number(r.best)]));
  for (const v of idNumbers) {
    const b = best.get(indexOf(v));
    if (b !== undefined) out.set(v, b);
  }
  return out;
}

const classDays = (c: TrainClass) => Math.round((Date.parse(c.endDate) - Date.parse(c.startDate)) / 86_400_000) + 1;

/** 按标准、出勤、结业与考核结果算出每名学员的金额（或不享受的原因） */
export async function computeItems(db: Db, kind: SubsidyKind, c: TrainClass, students: TrainStudent[], choices: Map<number, ItemChoice>): Promise<ComputedItem[]> {
  const assess = await assessResults(db, students.map((s) => s.idNumber), c.workCode, c.level);
  const groups = kind === 'living' ? new Set((await db.select({ value: dictItems.value }).from(dictItems).where(and(eq(dictItems.typeCode, SUBSIDY_GROUP_DICT), eq(dictItems.status, 0)))).map((g) => g.value)) : new Set<string>();
  const wanted =
    kind === 'train'
      ? [
          { kind: 'work' as const, subject: `${c.workCode}:${c.level}` },
          { kind: 'type' as const, subject: c.trainType },
        ]
      : [...groups].map((g) => ({ kind: 'living' as const, subject: g }));
  const standards = await standardsFor(db, c.cityId, c.endDate, wanted);
  const days = classDays(c);
  return students.map((s) => {
    const choice = choices.get(s.id)!;
    const assessResult = assess.get(s.idNumber) ?? 0;
    const base: ComputedItem = {
      studentId: s.id,
      name: s.name,
      idNumber: s.idNumber,
      idNumberIndex: indexOf(s.idNumber),
      workCode: c.workCode,
      level: c.level,
      attendedHours: s.attendedHours,
      classHours: c.hours,
      completion: s.completion,
      assessResult,
      certNo: choice.certNo,
      bankName: choice.bankName,
      bankAccount: choice.bankAccount ?? null,
      groupCode: choice.groupCode ?? null,
      days: null,
      dailyRate: null,
      standardId: null,
      amount: 0,
      ineligible: null,
    };
    const refuse = (reason: string, standard?: SubsidyStandard) => ({ ...base, standardId: standard?.id ?? null, ineligible: reason });
    let standard: SubsidyStandard | undefined;
    if (kind === 'train') {
      standard = assessResult === 1 ? (standards.get(`work|${c.workCode}:${c.level}`) ?? standards.get(`type|${c.trainType}`)) : standards.get(`type|${c.trainType}`);
      if (!standard) return refuse(assessResult === 1 ? '没有适用的工种或培训类型补贴标准' : '没有适用的培训类型补贴标准');
    } else {
      if (!base.groupCode || !groups.has(base.groupCode)) return refuse('不属于可享受生活交通补贴的人员类别');
      standard = standards.get(`living|${base.groupCode}`);
      if (!standard) return refuse('该人员类别没有适用的生活交通补贴标准');
    }
    if (s.attendedHours === null) return refuse('没有出勤记录', standard);
    const need = Math.ceil((c.hours * standard.minAttendance) / 100);
    if (s.attendedHours < need) return refuse(`出勤 ${s.attendedHours} 学时，不足班级学时 ${c.hours} 的 ${standard.minAttendance}%（${need} 学时）`, standard);
    if (s.completion !== COMPLETION.COMPLETED) return refuse('未结业', standard);
    if (kind === 'train') return { ...base, standardId: standard.id, amount: standard.amount };
    const attendedDays = Math.min(days, Math.floor((days * s.attendedHours) / c.hours));
    return { ...base, standardId: standard.id, days: attendedDays, dailyRate: standard.amount, amount: attendedDays * standard.amount };
  });
}

/** 占着名额的申请状态（已提交、审批中、已批准、已拨付；草稿、退回、不予补贴不算） */
export const LIVE_STATUSES: number[] = [APPLY_STATUS.CITY_PENDING, APPLY_STATUS.REVIEW_PENDING, APPLY_STATUS.FINANCE_PENDING, APPLY_STATUS.APPROVED, APPLY_STATUS.PAID];

interface CheckSubject {
  applyId: number;
  kind: SubsidyKind;
  year: number;
  klass: TrainClass;
}

/** 五项核查：返回 studentId → 问题（证据写在 evidence 里） */
export async function crossCheck(db: Db, a: CheckSubject, items: Pick<ComputedItem, 'studentId' | 'idNumber' | 'name' | 'attendedHours' | 'certNo' | 'workCode' | 'level'>[]): Promise<Map<number, CheckFlag[]>> {
  const out = new Map<number, CheckFlag[]>(items.map((i) => [i.studentId, []]));
  if (!items.length) return out;
  const push = (studentId: number, f: CheckFlag) => out.get(studentId)!.push(f);
  const indexOfItem = new Map(items.map((i) => [i.studentId, indexOf(i.idNumber)]));
  const ids = [...new Set(indexOfItem.values())];
  const c = a.klass;

  // 1. 证件号码
  for (const i of items) {
    const r = checkIdNumber(i.idNumber);
    if (!r.ok) push(i.studentId, { code: 'idNumber', block: true, message: `证件号码 ${maskIdNumber(i.idNumber)} 未通过校验：${r.message}`, evidence: { idNumber: maskIdNumber(i.idNumber) } });
  }
  // 2. 出勤记录
  for (const i of items) if (i.attendedHours === null) push(i.studentId, { code: 'attendance', block: true, message: '没有出勤记录（机构未登记出勤学时）' });

  // 3. 重复享受：培训补贴同工种同等级同年度；生活交通补贴为另一份申请的班级日期与本班重叠
  const dupRows = await db
    .select({ idNumberIndex: subsidyItems.idNumberIndex, code: subsidyApplies.code, status: subsidyApplies.status, classCode: trainClasses.code, className: trainClasses.name, startDate: trainClasses.startDate, endDate: trainClasses.endDate })
    .from(subsidyItems)
    .innerJoin(subsidyApplies, eq(subsidyApplies.id, subsidyItems.applyId))
    .innerJoin(trainClasses, eq(trainClasses.id, subsidyApplies.classId))
    .where(
      and(
        inArray(subsidyItems.idNumberIndex, ids),
        ne(subsidyApplies.id, a.applyId),
        eq(subsidyApplies.kind, a.kind),
        inArray(subsidyApplies.status, LIVE_STATUSES),
        ne(subsidyItems.decision, DECISION.REJECTED),
        a.kind === 'train'
          ? and(eq(subsidyApplies.year, a.year), eq(subsidyItems.workCode, c.workCode), eq(subsidyItems.level, c.level))
          : and(sql`${trainClasses.startDate} <= ${c.endDate}`, sql`${trainClasses.endDate} >= ${c.startDate}`),
      ),
    );
  for (const i of items) {
    for (const d of dupRows.filter((r) => r.idNumberIndex === indexOfItem.get(i.studentId))) {
      push(i.studentId, {
        code: 'duplicate',
        block: true,
        message:
          a.kind === 'train'
            ? `${a.year} 年度已在申请 ${d.code}（班级 ${d.classCode}「${d.className}」，${applyStatusLabel(d.status)}）中申请同工种同等级的培训补贴`
            : `已在申请 ${d.code}（班级 ${d.classCode}「${d.className}」${d.startDate} 至 ${d.endDate}，${applyStatusLabel(d.status)}）中申请同期的生活交通补贴`,
        evidence: { applyCode: d.code, classCode: d.classCode, className: d.className, status: applyStatusLabel(d.status) },
      });
    }
  }

  // 4. 同一人在两个日期重叠的班里
  const overlapRows = await db
    .select({ idNumberIndex: trainStudents.idNumberIndex, classCode: trainClasses.code, className: trainClasses.name, startDate: trainClasses.startDate, endDate: trainClasses.endDate })
    .from(trainStudents)
    .innerJoin(trainClasses, eq(trainClasses.id, trainStudents.classId))
    .where(
      and(
        inArray(trainStudents.idNumberIndex, ids),
        ne(trainClasses.id, c.id),
        notInArray(trainClasses.status, [CLASS_STATUS.DISCARDED, CLASS_STATUS.DRAFT, CLASS_STATUS.REJECTED]),
        sql`${trainClasses.startDate} <= ${c.endDate}`,
        sql`${trainClasses.endDate} >= ${c.startDate}`,
      ),
    );
  for (const i of items) {
    for (const o of overlapRows.filter((r) => r.idNumberIndex === indexOfItem.get(i.studentId))) {
      push(i.studentId, {
        code: 'overlap',
        block: true,
        message: `同期还在班级 ${o.classCode}「${o.className}」（${o.startDate} 至 ${o.endDate}），与本班 ${c.startDate} 至 ${c.endDate} 日期重叠`,
        evidence: { classCode: o.classCode, className: o.className, startDate: o.startDate, endDate: o.endDate },
      });
    }
  }

  // 5. 证书：填了证书编号的，须在证书库中存在且属于本人
  const certNos = [...new Set(items.map((i) => i.certNo).filter((x): x is string => !!x))];
  if (certNos.length) {
    const certs = await db
      .select({ certNo: certificates.cerCode, certName: certificates.cerName, idNumber: certificates.idCard, name: certificates.name, status: certificates.status, voidReason: certificates.voidReason })
      .from(certificates)
      .where(inArray(certificates.cerCode, certNos));
    for (const i of items) {
      if (!i.certNo) continue;
      const cert = certs.find((x) => x.certNo === i.certNo);
      if (!cert) push(i.studentId, { code: 'certificate', block: true, message: `证书编号 ${i.certNo} 在证书库中不存在`, evidence: { certNo: i.certNo } });
      else if (indexOf(cert.idNumber) !== indexOfItem.get(i.studentId)) {
        push(i.studentId, { code: 'certificate', block: true, message: `证书编号 ${i.certNo} 属于他人（${maskName(cert.name)}，${maskIdNumber(cert.idNumber)}）`, evidence: { certNo: i.certNo, certName: cert.certName, owner: maskName(cert.name) } });
      } else if (cert.status !== 0) {
        push(i.studentId, { code: 'certificate', block: true, message: `证书编号 ${i.certNo} 已作废（${cert.voidReason ?? ''}）`, evidence: { certNo: i.certNo, certName: cert.certName } });
      }
    }
  }
  return out;
}
