// SPEC §2 的免登录单页（链接里带签名令牌，rules.ts linkToken）：
// - /entryQualification?token=…      考生核对本人的报考资格：计划、报考工种等级、资格检查结果（符合 / 提示 / 不符合）与原因、申报条件所用的数据。
// - /informnationForm?token=…        考生提交或更正报名信息（手机号、学历、工作单位、从业年限、已有证书等级与取得日期）：只在计划处于
//                                    “导入考生”步骤办理中时可改，保存即按同一套规则重新检查报考资格；姓名、身份证号、工种等级不能自己改。
// - /informationBack?token=…         信息回执：本人当前登记的报名信息、资格结果、准考证号（编排后）与计划进度，可打印。
// - /NewExaminationManagement/specialAability/draw/single?token=…  专项能力计划的报名数据（只读）：计划概况与考生名单（证件号打码）。
// 令牌由机构在后台取得（candidateLinks / registrationLink），按用途分开签名；伪造或改过的令牌 404。
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { maskIdNumber, maskMobile, parseIdNumber } from '@/lib/platform/identity';
import { LEVEL_NAMES } from '../catalog/schemas';
import { organisations } from '../org/tables';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examinees, type Examinee } from '../examinee/tables';
import { loadPlan } from '../exaPlan/access';
import { isWorkingOn, PLAN_KINDS, PLAN_STATE, PLAN_STEP, positionLabel } from '../exaPlan/transitions';
import { QUALIFICATION, QUALIFICATION_LABEL } from '../examinee/schemas';
import { qualificationChecker } from '../examinee/qualification';
import { loadExaminee } from '../examinee/service';
import { linkToken, linkTokenId } from './rules';

export const LINK_INVALID = '链接无效：请使用评价机构发给您的完整链接';
export const NOT_EDITABLE = '计划已过报名阶段，报名信息不能再修改；如有错误请联系评价机构';
/** 报名数据页最多列出的考生 */
export const MAX_REGISTRATION_ROWS = 5000;
const SPECIAL_KIND = 2;

export const candidatePaths = (token: string) => ({
  entryQualification: `/entryQualification?token=${token}`,
  informnationForm: `/informnationForm?token=${token}`,
  informationBack: `/informationBack?token=${token}`,
});
export const registrationPath = (token: string) => `/NewExaminationManagement/specialAability/draw/single?token=${token}`;

async function planInfo(db: Db, plan: ExamPlan) {
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, plan.orgId));
  return {
    code: plan.code,
    name: plan.name,
    kindName: PLAN_KINDS[plan.kind] ?? '',
    orgName: org?.name ?? '',
    examStartDate: plan.examStartDate,
    examEndDate: plan.examEndDate,
    position: positionLabel(plan),
  };
}

async function examineeOf(db: Db, token: string): Promise<{ e: Examinee; plan: ExamPlan }> {
  const id = linkTokenId('examinee', token);
  const [row] = id ? await db.select({ e: examinees, plan: examPlans }).from(examinees).innerJoin(examPlans, eq(examPlans.id, examinees.planId)).where(eq(examinees.id, id)) : [];
  if (!row) throw ApiError.notFound(LINK_INVALID);
  if (row.plan.state === PLAN_STATE.CANCELLED) throw ApiError.badRequest('该考试计划已取消，链接不再可用');
  return row;
}

const editable = (plan: ExamPlan) => isWorkingOn(plan, PLAN_STEP.IMPORT_EXAMINEES);

function candidateOf(e: Examinee) {
  return {
    name: e.name,
    idNumber: maskIdNumber(e.idNumber),
    gender: e.gender,
    mobile: e.mobile,
    workName: e.workName,
    level: e.level,
    levelName: LEVEL_NAMES[e.level] ?? String(e.level),
    education: e.education,
    workYears: e.workYears,
    company: e.company,
    priorLevel: e.priorLevel,
    priorLevelName: e.priorLevel ? (LEVEL_NAMES[e.priorLevel] ?? String(e.priorLevel)) : null,
    priorCertDate: e.priorCertDate,
    ticketNo: e.ticketNo,
    qualification: e.qualification,
    qualificationName: QUALIFICATION_LABEL[e.qualification] ?? '',
    qualificationReason: e.qualificationReason,
    updatedAt: e.updatedAt,
  };
}

export type CandidateView = Awaited<ReturnType<typeof candidateView>>;

/** 考生凭链接看到的本人报名信息、资格结果与计划（身份证号打码；本人的手机号完整） */
export async function candidateView(db: Db, token: string) {
  const { e, plan } = await examineeOf(db, token);
  return { plan: await planInfo(db, plan), examinee: candidateOf(e), editable: editable(plan), notEditableReason: editable(plan) ? null : NOT_EDITABLE };
}

export interface CandidateUpdate {
  token: string;
  mobile: string;
  education: string | null;
  workYears: number | null;
  company: string | null;
  priorLevel: number | null;
  priorCertDate: string | null;
}

/** 考生提交或更正报名信息：只在“导入考生”步骤办理中；保存后按同一套规则重新检查报考资格 */
export async function candidateUpdate(db: Db, input: CandidateUpdate, audit: Audit) {
  const { token, ...values } = input;
  const result = await db.transaction(async (tx) => {
    const { e, plan } = await examineeOf(tx, token);
    if (!editable(plan)) throw ApiError.badRequest(NOT_EDITABLE);
    const parsed = parseIdNumber(e.idNumber);
    const subject = { idNumber: e.idNumber, birthDate: parsed?.birthDate ?? e.birthDate, workCode: e.workCode, level: e.level, workYears: values.workYears, priorLevel: values.priorLevel, priorCertDate: values.priorCertDate };
    const [q] = await (await qualificationChecker(tx, plan, [e.workCode]))(tx, [subject]);
    const [row] = await tx
      .update(examinees)
      .set({ ...values, qualification: q.qualification, qualificationReason: q.reason, updatedAt: new Date() })
      .where(eq(examinees.id, e.id))
      .returning();
    return { before: e, row };
  });
  const { before, row } = result;
  audit({
    entity: 'examinee',
    entityId: row.id,
    before: { mobile: before.mobile, education: before.education, workYears: before.workYears, company: before.company, priorLevel: before.priorLevel, priorCertDate: before.priorCertDate, qualification: before.qualification },
    after: { ...values, qualification: row.qualification },
    detail: `考生 ${row.name} 凭链接更正报名信息`,
  });
  return candidateView(db, token);
}

/** 专项能力计划的报名数据（只读）：计划概况与考生名单（证件号打码），未取消的计划 */
export async function registrationView(db: Db, token: string) {
  const id = linkTokenId('registration', token);
  const [plan] = id ? await db.select().from(examPlans).where(eq(examPlans.id, id)) : [];
  if (!plan || plan.kind !== SPECIAL_KIND) throw ApiError.notFound(LINK_INVALID);
  if (plan.state === PLAN_STATE.CANCELLED) throw ApiError.badRequest('该考试计划已取消，链接不再可用');
  const rows = await db
    .select({ ticketNo: examinees.ticketNo, name: examinees.name, idNumber: examinees.idNumber, gender: examinees.gender, mobile: examinees.mobile, workName: examinees.workName, level: examinees.level, company: examinees.company, qualification: examinees.qualification })
    .from(examinees)
    .where(eq(examinees.planId, plan.id))
    .orderBy(asc(examinees.ticketNo), asc(examinees.id))
    .limit(MAX_REGISTRATION_ROWS + 1);
  const refused = await db.$count(examinees, and(eq(examinees.planId, plan.id), eq(examinees.qualification, QUALIFICATION.REFUSED)));
  const total = await db.$count(examinees, eq(examinees.planId, plan.id));
  return {
    plan: await planInfo(db, plan),
    total,
    refused,
    truncated: rows.length > MAX_REGISTRATION_ROWS,
    list: rows.slice(0, MAX_REGISTRATION_ROWS).map((r) => ({
      ticketNo: r.ticketNo,
      name: r.name,
      idNumber: maskIdNumber(r.idNumber),
      gender: r.gender,
      mobile: maskMobile(r.mobile),
      workName: r.workName,
      levelName: LEVEL_NAMES[r.level] ?? String(r.level),
      company: r.company,
      qualificationName: QUALIFICATION_LABEL[r.qualification] ?? '',
    })),
  };
}

/** 机构取考生的三个单页链接（范围内的考生） */
export async function candidateLinks(db: Db, session: Session, input: { examineeId: number }) {
  const e = await loadExaminee(db, session.user, input.examineeId);
  return candidatePaths(linkToken('examinee', e.id));
}

/** 机构取专项能力计划的报名数据链接（范围内、专项能力、未取消） */
export async function registrationLink(db: Db, session: Session, input: { planId: number }) {
  const plan = await loadPlan(db, session.user, input.planId);
  if (plan.kind !== SPECIAL_KIND) throw ApiError.badRequest('只有专项能力考核计划有报名数据链接');
  if (plan.state === PLAN_STATE.CANCELLED) throw ApiError.badRequest('计划已取消');
  return { path: registrationPath(linkToken('registration', plan.id)) };
}


