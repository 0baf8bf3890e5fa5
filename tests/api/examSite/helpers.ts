// 考点考场测试的共用准备：直接写入一份处于“编排考场”的计划与考生（不依赖计划、考生领域的服务）。
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { organisations } from '@/lib/domains/org/tables';
import { filings, filingSites } from '@/lib/domains/filing/tables';
import { FILING_IN_FORCE } from '@/lib/domains/filing/transitions';
import { examPlans, examPlanWorks, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { PLAN_STATE, PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { people } from '@/lib/domains/personnel/tables';

export interface Paged<T> {
  list: T[];
  total: number;
}

export const SJZ_EVAL = 'ORG130102001';
export const BD_EVAL = 'ORG130606001';
export const WORK_A = { workCode: '6-31-01-03', workName: '电工' };
export const WORK_B = { workCode: '4-03-02-01', workName: '中式烹调师' };

const headers: Record<string, Record<string, string>> = {};
export async function login(...accounts: string[]) {
  for (const a of accounts) headers[a] = await authHeaders(a);
}
export const post = <T>(account: string, path: string, json: unknown = {}) => call<T>('POST', path, { headers: headers[account], json });
export const get = (account: string, path: string, query: Record<string, string | number>) => call('GET', path, { headers: headers[account], query });

export async function orgByCode(db: Db, code: string) {
  const [org] = await db.select().from(organisations).where(eq(organisations.code, code));
  return org;
}

let seq = 0;

/** 一份计划：默认在第 3 步办理中，考试日期远在将来（不与种子里的安排冲突） */
export async function makePlan(db: Db, orgCode = SJZ_EVAL, over: Partial<typeof examPlans.$inferInsert> = {}): Promise<ExamPlan> {
  const org = await orgByCode(db, orgCode);
  const [filing] = await db
    .select()
    .from(filings)
    .where(and(eq(filings.orgId, org.id), inArray(filings.status, [...FILING_IN_FORCE])));
  seq++;
  const [plan] = await db
    .insert(examPlans)
    .values({
      code: `TST${Date.now().toString(36).slice(-5)}${seq}`.toUpperCase(),
      kind: 0,
      name: `考点测试计划${seq}`,
      orgId: org.id,
      cityId: org.cityId,
      filingId: filing.id,
      step: PLAN_STEP.ARRANGE_ROOMS,
      state: PLAN_STATE.WORKING,
      arrangeTypes: [1, 2],
      examStartDate: '2031-03-10',
      examEndDate: '2031-03-11',
      expectedCount: 50,
      contactName: '陈静',
      contactPhone: '13831100004',
      ...over,
    })
    .returning();
  await db.insert(examPlanWorks).values([
    { planId: plan.id, ...WORK_A, level: 4 },
    { planId: plan.id, ...WORK_B, level: 4 },
  ]);
  return plan;
}

let idSeq = 0;
/** 直接写入考生（qualification：0 符合 1 提示 2 不符合） */
export async function addExaminees(db: Db, plan: ExamPlan, list: { name: string; work?: typeof WORK_A; qualification?: number }[]) {
  return db
    .insert(examinees)
    .values(
      list.map((e) => {
        idSeq++;
        return {
          planId: plan.id,
          orgId: plan.orgId,
          cityId: plan.cityId,
          name: e.name,
          idNumber: `1301021990${String(plan.id % 100).padStart(2, '0')}${String(idSeq).padStart(5, '0')}`.slice(0, 17) + 'X',
          gender: '男',
          mobile: '13900000000',
          ...(e.work ?? WORK_A),
          level: 4,
          qualification: e.qualification ?? 0,
        };
      }),
    )
    .returning();
}

/** 计划所属机构有效备案的考点 id */
export async function filedExamSiteId(db: Db, plan: ExamPlan): Promise<number> {
  const [row] = await db
    .select({ id: filingSites.id })
    .from(filingSites)
    .innerJoin(filings, eq(filings.id, filingSites.filingId))
    .where(and(eq(filings.orgId, plan.orgId), inArray(filings.status, [...FILING_IN_FORCE]), eq(filingSites.siteType, 'examSite')));
  return row.id;
}

export async function personId(db: Db, library: string, name: string): Promise<number> {
  const [p] = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.library, library), eq(people.name, name)));
  return p.id;
}

/** 添加考点、建考场；返回考点 id 与考场 id 列表 */
export async function siteWithRooms(db: Db, plan: ExamPlan, rooms: { name: string; roomType: number; capacity: number }[]) {
  const site = await post<{ id: number }>('eval_org', '/examaff/site/saveSite', { planId: plan.id, filingSiteId: await filedExamSiteId(db, plan) });
  if (site.status !== 200) throw new Error(site.body.returnMsg);
  const ids: number[] = [];
  for (const r of rooms) {
    const res = await post<{ id: number }>('eval_org', '/examaff/site/savePlace', { siteId: site.body.data.id, ...r });
    if (res.status !== 200) throw new Error(res.body.returnMsg);
    ids.push(res.body.data.id);
  }
  return { siteId: site.body.data.id, roomIds: ids };
}

export async function addSession(plan: ExamPlan, s: { name: string; subject: number; examDate?: string; startTime: string; endTime: string; workCode?: string }) {
  const res = await post<{ id: number }>('eval_org', '/examaff/site/addExamination', { planId: plan.id, examDate: plan.examStartDate, ...s });
  if (res.status !== 200) throw new Error(res.body.returnMsg);
  return res.body.data.id;
}
