// 报考资格检查：导入预览、确认写入、单个保存、调整工种等级与 getPlanQualificationget / warning 共用这一处。
// 每名考生得到 0 符合 / 1 提示 / 2 不符合，并记下原因（多条用“；”连接），取最严的一条为结果：
//
// 1. 年龄（由身份证号的出生日期推出，按计划的考试首日计周岁）：不满 MIN_AGE 或超过 MAX_AGE 周岁 → 不符合；
//    证件号不含出生日期（港澳台通行证）→ 提示（人工核验）。
// 2. 工种等级的申报条件（职业目录 base_work_level，见 lib/domains/catalog/tables.ts）：
//    limitType 0 不限制；
//    limitType 1 须累计从事本职业 minYears 年：未填从业年限 → 提示，不足 → 不符合；
//    limitType 2 须持 prereqLevel 级（或更高）证书满 prereqYears 年（到考试首日），或累计从业满 minYears 年（有 minYears 时）：
//      两条都满足不了 → 不符合；已有证书没填取得日期、或证书与年限都没填 → 提示。
//    目录里没有该工种等级 → 提示。
// 3. 已取得同一工种同一等级的证书 → 不符合。证书管理是后续议题，暂以“其他计划（未取消、已到第 7 步证书管理及以后）
//    里有同一身份证号、同一工种、同一等级的考生”代替，证书表落地后改查证书表。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { baseWorkLevels, baseWorks } from '@/lib/domains/catalog/tables';
import { LEVEL_NAMES } from '@/lib/domains/catalog/schemas';
import { examPlans, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees } from './tables';
import { PLAN_STATE, PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { QUALIFICATION } from './schemas';

/** 年龄下限与上限（考试首日的周岁，含） */
export const MIN_AGE = 16;
export const MAX_AGE = 65;

export interface QualificationSubject {
  idNumber: string;
  /** 身份证号的盲索引，调用方已算好时传入（导入时查重已算过，不必再算一遍） */
  idNumberIndex?: string | null;
  birthDate: string | null;
  workCode: string;
  level: number;
  workYears: number | null;
  priorLevel: number | null;
  priorCertDate: string | null;
}

export interface QualificationResult {
  qualification: number;
  reason: string | null;
}

interface Requirement {
  limitType: number;
  minYears: number | null;
  prereqLevel: number | null;
  prereqYears: number | null;
}

/** from 到 to（YYYY-MM-DD）的整年数 */
export function fullYears(from: string, to: string): number {
  // 导入时每行都要算：按固定位置取年份，月日按 MM-DD 文本比较（不拆数组）
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5, 10) < from.slice(5, 10) ? years - 1 : years;
}

const key = (idNumberIndex: string, workCode: string, level: number) => `${idNumberIndex}|${workCode}|${level}`;

/** 按批检查；db 为当时的连接或事务（导入在事务里调用） */
export type QualificationChecker = (db: Db, subjects: readonly QualificationSubject[]) => Promise<QualificationResult[]>;

/**
 * 为一个计划准备检查：先读该计划各工种等级的申报条件（一次），返回按批检查的函数（每批查一次“已有证书”）。
 */
export async function qualificationChecker(db: Db, plan: Pick<ExamPlan, 'id' | 'examStartDate'>, workCodes: readonly string[]): Promise<QualificationChecker> {
  const codes = [...new Set(workCodes)];
  const reqRows = codes.length
    ? await db
        .select({ workCode: baseWorks.code, level: baseWorkLevels.levelCode, limitType: baseWorkLevels.limitType, minYears: baseWorkLevels.minYears, prereqLevel: baseWorkLevels.prereqLevel, prereqYears: baseWorkLevels.prereqYears })
        .from(baseWorkLevels)
        .innerJoin(baseWorks, eq(baseWorks.id, baseWorkLevels.workId))
        .where(inArray(baseWorks.code, codes))
    : [];
  const requirements = new Map<string, Requirement>(reqRows.map((r) => [`${r.workCode}|${r.level}`, r]));
  const examDate = plan.examStartDate;

  return async (tx, subjects) => {
    // 身份证号加密存放：按盲索引查、按盲索引对应
    const indexOf = new Map(subjects.map((s) => [s.idNumber, s.idNumberIndex ?? blindIndex('idNumber', s.idNumber)]));
    const ids = [...new Set(indexOf.values())];
    const certified = new Map<string, string>();
    if (ids.length) {
      const rows = await tx
        .select({ idNumberIndex: examinees.idNumberIndex, workCode: examinees.workCode, level: examinees.level, planName: examPlans.name })
        .from(examinees)
        .innerJoin(examPlans, eq(examPlans.id, examinees.planId))
        .where(and(sql`${examinees.idNumberIndex} = any(${sql.param(ids)}::varchar[])`, ne(examinees.planId, plan.id), gte(examPlans.step, PLAN_STEP.CERTIFICATES), ne(examPlans.state, PLAN_STATE.CANCELLED)));
      for (const r of rows) certified.set(key(r.idNumberIndex ?? '', r.workCode, r.level), r.planName);
    }
    return subjects.map((s) => assess(s, requirements.get(`${s.workCode}|${s.level}`), certified.get(key(indexOf.get(s.idNumber)!, s.workCode, s.level)), examDate));
  };
}

function assess(s: QualificationSubject, req: Requirement | undefined, certPlan: string | undefined, examDate: string): QualificationResult {
  let level: number = QUALIFICATION.QUALIFIED;
  const reasons: string[] = [];
  const warn = (text: string) => {
    level = Math.max(level, QUALIFICATION.WARNING);
    reasons.push(text);
  };
  const refuse = (text: string) => {
    level = QUALIFICATION.REFUSED;
    reasons.push(text);
  };

  // 1. 年龄
  if (s.birthDate) {
    const age = fullYears(s.birthDate, examDate);
    if (age < MIN_AGE) refuse(`考试时未满 ${MIN_AGE} 周岁（${age} 岁）`);
    else if (age > MAX_AGE) refuse(`考试时已超过 ${MAX_AGE} 周岁（${age} 岁）`);
  } else {
    warn('证件号不含出生日期，年龄须人工核验');
  }

  // 2. 申报条件
  const levelName = LEVEL_NAMES[s.level] ?? String(s.level);
  if (!req) {
    warn(`职业目录中没有该工种${levelName}的申报条件，须人工核验`);
  } else if (req.limitType === 1) {
    const min = req.minYears ?? 0;
    if (s.workYears === null) warn(`申报${levelName}须累计从事本职业 ${min} 年，未填写从业年限`);
    else if (s.workYears < min) refuse(`申报${levelName}须累计从事本职业 ${min} 年，实际 ${s.workYears} 年`);
  } else if (req.limitType === 2) {
    const prereq = req.prereqLevel ?? s.level + 1;
    const prereqYears = req.prereqYears ?? 0;
    const prereqName = LEVEL_NAMES[prereq] ?? String(prereq);
    const byYears = req.minYears !== null && s.workYears !== null && s.workYears >= req.minYears;
    const holdsPrereq = s.priorLevel !== null && s.priorLevel <= prereq;
    const certYears = holdsPrereq && s.priorCertDate ? fullYears(s.priorCertDate, examDate) : null;
    const byCert = certYears !== null && certYears >= prereqYears;
    const alternative = req.minYears !== null ? `，或累计从事本职业 ${req.minYears} 年` : '';
    if (!byYears && !byCert) {
      if (holdsPrereq && !s.priorCertDate) warn(`已有证书未填写取得日期，无法核验持${prereqName}证书的年限`);
      else if (s.priorLevel === null && s.workYears === null) warn(`申报${levelName}须持${prereqName}证书满 ${prereqYears} 年${alternative}，未填写已有证书与从业年限`);
      else if (holdsPrereq) refuse(`持${prereqName}证书 ${certYears} 年，不足 ${prereqYears} 年${alternative}`);
      else refuse(`申报${levelName}须持${prereqName}证书满 ${prereqYears} 年${alternative}`);
    }
  }

  // 3. 已有同工种同等级的证书（以已到证书管理步骤的计划代替，见文件头）
  if (certPlan !== undefined) refuse(`已取得该工种${levelName}的证书（考试计划「${certPlan}」）`);

  return { qualification: level, reason: reasons.length ? reasons.join('；') : null };
}

/** 重新检查一个计划的全部考生（计划的考试日期或目录条件变了之后；getPlanQualificationget 也用它刷新） */
export async function recheckPlan(db: Db, plan: Pick<ExamPlan, 'id' | 'examStartDate'>): Promise<number> {
  const works = await db.selectDistinct({ workCode: examinees.workCode }).from(examinees).where(eq(examinees.planId, plan.id));
  const check = await qualificationChecker(
    db,
    plan,
    works.map((w) => w.workCode),
  );
  let changed = 0;
  let last = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(examinees)
      .where(and(eq(examinees.planId, plan.id), sql`${examinees.id} > ${last}`))
      .orderBy(examinees.id)
      .limit(1000);
    if (!rows.length) break;
    last = rows[rows.length - 1].id;
    const results = await check(db, rows);
    const updates = rows.map((r, i) => ({ id: r.id, ...results[i], before: r })).filter((u) => u.qualification !== u.before.qualification || u.reason !== u.before.qualificationReason);
    if (updates.length) {
      await db.execute(sql`update examinee as e set qualification = v.q::smallint, qualification_reason = v.r, updated_at = now()
        from (values ${sql.join(
          updates.map((u) => sql`(${u.id}::int, ${u.qualification}::int, ${u.reason}::varchar)`),
          sql`, `,
        )}) as v(id, q, r) where e.id = v.id`);
      changed += updates.length;
    }
    if (rows.length < 1000) break;
  }
  return changed;
}
