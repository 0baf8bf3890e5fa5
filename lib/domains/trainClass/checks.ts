// 学员的三项检查（保存、导入、judgeStudent 与提交审核前都用这一份）：
// 1. 日期重叠（拒绝）：同一人已在另一个未作废、培训日期与本班重叠的班里；
// 2. 身份核验：证件号合规（输入时已校验）、开班时未满 16 周岁不通过、已满 60 周岁提示、通行证号码不含出生日期提示；
// 3. 培训资格：本年度（按开班日期的年份）已完成同工种同等级培训的不符合，已报名（已提交审核的另一个班）的提示。
import { and, eq, gte, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { trainClasses, trainStudents, type TrainClass } from './tables';
import { CLASS_STATUS, CLOSED_STATUSES } from './transitions';
import { CHECK, COMPLETION, MIN_AGE, WARN_AGE } from './schemas';

export interface PersonCheck {
  idCheck: number;
  idCheckReason: string | null;
  qualification: number;
  qualificationReason: string | null;
}

type ClassDates = Pick<TrainClass, 'id' | 'startDate' | 'endDate' | 'workCode' | 'level'>;

/** 周岁：出生日期到某日 */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

export function idCheckOf(birthDate: string | null, c: Pick<TrainClass, 'startDate'>): Pick<PersonCheck, 'idCheck' | 'idCheckReason'> {
  if (!birthDate) return { idCheck: CHECK.WARNING, idCheckReason: '证件号码不含出生日期，请核对证件' };
  const age = ageOn(birthDate, c.startDate);
  if (age < MIN_AGE) return { idCheck: CHECK.REFUSED, idCheckReason: `开班时未满 ${MIN_AGE} 周岁` };
  if (age >= WARN_AGE) return { idCheck: CHECK.WARNING, idCheckReason: `开班时已满 ${WARN_AGE} 周岁，请核实身体状况` };
  return { idCheck: CHECK.OK, idCheckReason: null };
}

type OtherClass = { code: string; name: string; startDate: string; endDate: string };
export const overlapMessage = (o: OtherClass) => `已在班级 ${o.code}「${o.name}」（${o.startDate} 至 ${o.endDate}）中，培训日期重叠`;
export const studentOverlapMessage = (student: string, o: OtherClass) => `学员 ${student} 已在班级 ${o.code}「${o.name}」（${o.startDate} 至 ${o.endDate}）中，培训日期重叠`;

/** 算作“已报名”的班级状态：提交审核之后、未作废（草稿与被驳回的不算） */
const ENROLLED_STATUSES: number[] = [
  CLASS_STATUS.SUBMITTED,
  CLASS_STATUS.APPROVED,
  CLASS_STATUS.PUBLISHED,
  CLASS_STATUS.IN_TRAINING,
  CLASS_STATUS.FINISHED,
  CLASS_STATUS.ASSESSED,
  CLASS_STATUS.DISCARD_PENDING,
];

interface Enrolment extends OtherClass {
  /** 证件号的盲索引（证件号加密存放；按盲索引对人，不用解密） */
  idNumberIndex: string | null;
  status: number;
  workCode: string;
  level: number;
  completion: number;
}

/**
 * 这些人在别的未作废的班里、与检查有关的名额：日期与本班重叠的（重叠检查），或本年度同工种同等级的（培训资格）。
 * 一条查询，盲索引用一个数组参数：导入时每批 2000 人只查一次库。
 */
async function enrolmentsOf(db: Db, c: ClassDates, indexes: string[]): Promise<Enrolment[]> {
  if (!indexes.length) return [];
  const year = c.startDate.slice(0, 4);
  return db
    .select({
      idNumberIndex: trainStudents.idNumberIndex,
      completion: trainStudents.completion,
      code: trainClasses.code,
      name: trainClasses.name,
      startDate: trainClasses.startDate,
      endDate: trainClasses.endDate,
      status: trainClasses.status,
      workCode: trainClasses.workCode,
      level: trainClasses.level,
    })
    .from(trainStudents)
    .innerJoin(trainClasses, eq(trainClasses.id, trainStudents.classId))
    .where(
      and(
        sql`${trainStudents.idNumberIndex} = any(${sql.param(indexes)}::varchar[])`,
        ne(trainStudents.classId, c.id),
        notInArray(trainClasses.status, CLOSED_STATUSES as number[]),
        or(
          and(lte(trainClasses.startDate, c.endDate), gte(trainClasses.endDate, c.startDate)),
          and(eq(trainClasses.workCode, c.workCode), eq(trainClasses.level, c.level), gte(trainClasses.startDate, `${year}-01-01`), lte(trainClasses.startDate, `${year}-12-31`)),
        ),
      ),
    );
}

const overlaps = (e: Enrolment, c: ClassDates) => e.startDate <= c.endDate && e.endDate >= c.startDate;

const indexOf = (idNumber: string) => blindIndex('idNumber', idNumber);

/** 日期重叠：证件号（调用方给的写法） → 那个班 */
function overlapsFrom(found: Enrolment[], c: ClassDates, idNumbers: string[]): Map<string, OtherClass> {
  const byIndex = new Map<string, OtherClass>();
  for (const e of found) if (e.idNumberIndex && overlaps(e, c) && !byIndex.has(e.idNumberIndex)) byIndex.set(e.idNumberIndex, e);
  const out = new Map<string, OtherClass>();
  for (const v of idNumbers) {
    const o = byIndex.get(indexOf(v));
    if (o) out.set(v, o);
  }
  return out;
}

/** 身份核验与培训资格 */
function checksFrom(found: Enrolment[], c: ClassDates, people: { idNumber: string; birthDate: string | null }[]): PersonCheck[] {
  const year = c.startDate.slice(0, 4);
  const done = new Map<string, string>();
  const enrolled = new Map<string, string>();
  for (const e of found) {
    if (e.workCode !== c.workCode || e.level !== c.level || !e.startDate.startsWith(year) || !ENROLLED_STATUSES.includes(e.status)) continue;
    if (!e.idNumberIndex) continue;
    if (e.completion === COMPLETION.COMPLETED) done.set(e.idNumberIndex, e.code);
    else enrolled.set(e.idNumberIndex, e.code);
  }
  return people.map((p) => {
    const id = idCheckOf(p.birthDate, c);
    const key = indexOf(p.idNumber);
    const completed = done.get(key);
    if (completed) return { ...id, qualification: CHECK.REFUSED, qualificationReason: `本年度已完成同工种同等级培训（班级 ${completed}）` };
    const other = enrolled.get(key);
    if (other) return { ...id, qualification: CHECK.WARNING, qualificationReason: `本年度已报名同工种同等级培训（班级 ${other}）` };
    return { ...id, qualification: CHECK.OK, qualificationReason: null };
  });
}

/** 这些人在别的未作废、日期与本班重叠的班里：证件号 → 那个班 */
export async function overlapsOf(db: Db, c: ClassDates, idNumbers: string[]): Promise<Map<string, OtherClass>> {
  return overlapsFrom(await enrolmentsOf(db, c, idNumbers.map(indexOf)), c, idNumbers);
}

/** 一批人的身份核验与培训资格 */
export async function checkPeople(db: Db, c: ClassDates, people: { idNumber: string; birthDate: string | null }[]): Promise<PersonCheck[]> {
  return checksFrom(
    await enrolmentsOf(
      db,
      c,
      people.map((p) => indexOf(p.idNumber)),
    ),
    c,
    people,
  );
}

/**
 * 导入的一批：日期重叠的人（拒绝）与其余人的身份核验、培训资格，一条查询。
 * people 的顺序即返回的 checks 的顺序（重叠的人也算出检查结果，调用方丢弃）。
 */
export async function screenPeople(db: Db, c: ClassDates, people: { idNumber: string; birthDate: string | null }[]) {
  const found = await enrolmentsOf(
    db,
    c,
    people.map((p) => indexOf(p.idNumber)),
  );
  return {
    overlaps: overlapsFrom(
      found,
      c,
      people.map((p) => p.idNumber),
    ),
    checks: checksFrom(found, c, people),
  };
}

/** 重新检查一个班的全部学员并写回（每批 2000 人，一条 update … from unnest） */
export async function recheckClass(db: Db, c: ClassDates): Promise<{ total: number; idRefused: number; qualificationRefused: number; warnings: number }> {
  const out = { total: 0, idRefused: 0, qualificationRefused: 0, warnings: 0 };
  let lastId = 0;
  for (;;) {
    const batch = await db
      .select({ id: trainStudents.id, idNumber: trainStudents.idNumber, birthDate: trainStudents.birthDate })
      .from(trainStudents)
      .where(and(eq(trainStudents.classId, c.id), sql`${trainStudents.id} > ${lastId}`))
      .orderBy(trainStudents.id)
      .limit(2000);
    if (!batch.length) break;
    lastId = batch[batch.length - 1].id;
    const checks = await checkPeople(db, c, batch);
    const col = <T,>(pick: (k: PersonCheck, i: number) => T) => sql.param(checks.map(pick));
    await db.execute(sql`update ${trainStudents} s set id_check = u.id_check, id_check_reason = u.id_reason, qualification = u.q, qualification_reason = u.q_reason
      from unnest(${col((_k, i) => batch[i].id)}::int[], ${col((k) => k.idCheck)}::smallint[], ${col((k) => k.idCheckReason)}::varchar[], ${col((k) => k.qualification)}::smallint[], ${col((k) => k.qualificationReason)}::varchar[])
        as u(id, id_check, id_reason, q, q_reason)
      where s.id = u.id`);
    for (const k of checks) {
      out.total++;
      if (k.idCheck === CHECK.REFUSED) out.idRefused++;
      if (k.qualification === CHECK.REFUSED) out.qualificationRefused++;
      if (k.idCheck === CHECK.WARNING || k.qualification === CHECK.WARNING) out.warnings++;
    }
  }
  return out;
}
