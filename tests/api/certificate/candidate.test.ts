// 免登录单页：考生凭链接核对报考资格、提交或更正报名信息（只在“导入考生”步骤；保存后重新检查资格）、信息回执；
// 专项能力计划的报名数据（只读）。伪造、改过或用途不对的令牌 404。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { examPlans } from '@/lib/domains/exaPlan/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import { linkToken, linkTokenId } from '@/lib/domains/certificate/rules';
import { LINK_INVALID, NOT_EDITABLE } from '@/lib/domains/certificate/candidate';
import { huayuanPlan, login, ok, refused } from '../score/helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('eval_org', 'bd_admin');
});

const tokenOf = (path: string) => new URL(`http://x${path}`).searchParams.get('token')!;
const pub = <T,>(path: string, json: unknown) => call<T>('POST', path, { json });

async function examineeAtStep(step: number) {
  const plan = await huayuanPlan(db, step);
  const [e] = await db.select().from(examinees).where(eq(examinees.planId, plan.id)).orderBy(asc(examinees.id)).limit(1);
  return { plan, e };
}

interface View {
  plan: { code: string; position: string };
  examinee: { name: string; idNumber: string; mobile: string; workYears: number | null; qualification: number; qualificationName: string; qualificationReason: string | null; ticketNo: string | null };
  editable: boolean;
}

describe('令牌', () => {
  it('按用途签名：改过、伪造或用途不对的令牌不认', () => {
    const t = linkToken('examinee', 42);
    expect(linkTokenId('examinee', t)).toBe(42);
    expect(linkTokenId('registration', t)).toBeNull();
    expect(linkTokenId('examinee', t.replace(/^42\./, '43.'))).toBeNull();
    expect(linkTokenId('examinee', `${t.slice(0, -2)}AA`)).toBeNull();
    expect(linkTokenId('examinee', '42')).toBeNull();
  });
});

describe('考生的单页', () => {
  it('机构取链接（范围内）；考生凭链接看到本人报名信息与资格（身份证号打码）；伪造的 404', async () => {
    const { plan, e } = await examineeAtStep(2);
    const links = await ok<{ entryQualification: string; informnationForm: string; informationBack: string }>('eval_org', '/certificate/candidateLinks', { examineeId: e.id });
    expect(links.entryQualification).toMatch(/^\/entryQualification\?token=/);
    expect(links.informationBack).toMatch(/^\/informationBack\?token=/);
    await refused('bd_admin', '/certificate/candidateLinks', { examineeId: e.id }, 404);
    const view = await pub<View>('/comApi/candidateInfo', { token: tokenOf(links.entryQualification) });
    expect(view.status).toBe(200);
    expect(view.body.data.plan.code).toBe(plan.code);
    expect(view.body.data.examinee.name).toBe(e.name);
    expect(view.body.data.examinee.idNumber).not.toBe(e.idNumber);
    expect(view.body.data.examinee.idNumber).toMatch(/\*/);
    expect(JSON.stringify(view.body.data)).not.toContain(e.idNumber);
    expect(view.body.data.editable).toBe(true);
    const forged = await pub('/comApi/candidateInfo', { token: `${e.id}.AAAAAAAAAAAAAAAA` });
    expect(forged.status).toBe(404);
    expect(forged.body.returnMsg).toBe(LINK_INVALID);
    // 报名数据的令牌不能当考生的用
    expect((await pub('/comApi/candidateInfo', { token: linkToken('registration', e.id) })).status).toBe(404);
  });

  it('导入考生步骤：考生更正报名信息，保存后重新检查资格并写回；姓名与身份证号不变；手机号不对 400', async () => {
    const { e } = await examineeAtStep(2);
    const token = linkToken('examinee', e.id);
    const base = { token, mobile: e.mobile, education: e.education, company: e.company, priorLevel: null, priorCertDate: null };
    const bad = await pub('/comApi/candidateUpdate', { ...base, mobile: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toMatch(/手机号/);
    const zero = await pub<View>('/comApi/candidateUpdate', { ...base, workYears: 0 });
    expect(zero.status).toBe(200);
    const many = await pub<View>('/comApi/candidateUpdate', { ...base, workYears: 30, company: '凭链接更正的单位' });
    expect(many.status).toBe(200);
    const [row] = await db.select().from(examinees).where(eq(examinees.id, e.id));
    expect(row.workYears).toBe(30);
    expect(row.company).toBe('凭链接更正的单位');
    expect(row.qualification).toBe(many.body.data.examinee.qualification);
    // 从业年限影响资格的工种：0 年的结果不比 30 年的宽
    expect(zero.body.data.examinee.qualification).toBeGreaterThanOrEqual(many.body.data.examinee.qualification);
    expect(row.name).toBe(e.name);
    expect(row.idNumber).toBe(e.idNumber);
  });

  it('过了导入考生步骤：只能看（信息回执带准考证号），不能改', async () => {
    const { e } = await examineeAtStep(5);
    const token = linkToken('examinee', e.id);
    const view = await pub<View>('/comApi/candidateInfo', { token });
    expect(view.body.data.editable).toBe(false);
    expect(view.body.data.examinee.ticketNo).toBe(e.ticketNo);
    const r = await pub('/comApi/candidateUpdate', { token, mobile: e.mobile, workYears: 10 });
    expect(r.status).toBe(400);
    expect(r.body.returnMsg).toBe(NOT_EDITABLE);
    const [row] = await db.select().from(examinees).where(eq(examinees.id, e.id));
    expect(row.workYears).toBe(e.workYears);
  });
});

describe('专项能力计划的报名数据（只读）', () => {
  it('专项能力计划：名单与人数（证件号、手机号打码）；别的类型的计划不给链接；伪造的 404', async () => {
    const [special] = await db
      .select()
      .from(examPlans)
      .where(and(eq(examPlans.kind, 2), ne(examPlans.state, PLAN_STATE.CANCELLED)))
      .orderBy(asc(examPlans.id));
    expect(special, '演示数据有专项能力计划').toBeTruthy();
    const people = await db.select().from(examinees).where(eq(examinees.planId, special.id));
    const token = linkToken('registration', special.id);
    const r = await pub<{ total: number; list: { name: string; idNumber: string; mobile: string }[]; plan: { code: string } }>('/comApi/registrationData', { token });
    expect(r.status).toBe(200);
    expect(r.body.data.plan.code).toBe(special.code);
    expect(r.body.data.total).toBe(people.length);
    expect(r.body.data.list).toHaveLength(people.length);
    for (const p of people) {
      expect(JSON.stringify(r.body.data)).not.toContain(p.idNumber);
      expect(JSON.stringify(r.body.data)).not.toContain(p.mobile);
    }
    expect((await pub('/comApi/registrationData', { token: `${special.id}.AAAAAAAAAAAAAAAA` })).status).toBe(404);
    const skill = await huayuanPlan(db, 2);
    expect((await pub('/comApi/registrationData', { token: linkToken('registration', skill.id) })).status).toBe(404);
    await refused('eval_org', '/certificate/registrationLink', { planId: skill.id }, 400, '只有专项能力考核计划有报名数据链接');
  });
});
