// 演示备案：演示机构的备案覆盖全部状态 −1…8，附完整的办理历史、场地与人员；按（机构, 类别）只补缺失的（可重复执行，已有的不动）。
// 编号与界面新建的一样（BA + 年份 + 类别 + 序号），时间以写入当天为准往前推。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { idCheckChar } from '@/lib/platform/identity';
import { areas } from '../area/tables';
import { organisations, organisationWorks } from '../org/tables';
import { users } from '../user/tables';
import { baseWorkLevels, baseWorks } from '../catalog/tables';
import { baseRecordOrgs, filingHistory, filingIncrements, filingPeople, filings, filingSites, filingWorks } from './tables';
import { numberFiling } from './service';
import { FILING_IN_FORCE, FILING_STATUS as S, stepOf, type TransitionAction } from './transitions';

/** 到达各状态的办理路径 */
const PATHS: Record<number, TransitionAction[]> = {
  [S.NOT_FILED]: [],
  [S.FIRST_REVIEW]: ['submit'],
  [S.FIRST_REJECTED]: ['submit', 'cityReject'],
  [S.SECOND_REVIEW]: ['submit', 'cityPass'],
  [S.SECOND_REJECTED]: ['submit', 'cityPass', 'provinceReject'],
  [S.COMPLETED]: ['submit', 'cityPass', 'provincePass'],
  [S.VOID_PENDING]: ['submit', 'cityPass', 'provincePass', 'voidApply'],
  [S.VOID_APPROVED]: ['submit', 'cityPass', 'provincePass', 'voidApply', 'voidPass'],
  [S.VOIDED]: ['submit', 'cityPass', 'provincePass', 'voidApply', 'voidPass', 'voidConfirm'],
  [S.VOID_REJECTED]: ['submit', 'cityPass', 'provincePass', 'voidApply', 'voidReject'],
};

const OPINIONS: Partial<Record<TransitionAction, string>> = {
  cityReject: '考评员数量不足，请补充后重新提交',
  cityPass: '材料齐全，同意上报',
  provinceReject: '考点场地证明材料不清晰，请重新上传',
  provincePass: '审核通过，准予备案',
  voidApply: '机构业务调整，申请作废该类别备案',
  voidPass: '同意作废',
  voidReject: '尚有未结束的考试计划，暂不能作废',
  voidConfirm: '确认作废',
};

/** [机构编码, 类别, 目标状态]；华元评价（eval_org）的职业资格类留空，供演示新建备案 */
export type DemoFiling = readonly [orgCode: string, kind: number, status: number];

const DEMO: readonly DemoFiling[] = [
  ['ORG130102001', 0, S.COMPLETED],
  ['ORG130102001', 2, S.NOT_FILED],
  ['ORG130102001', 3, S.FIRST_REJECTED],
  ['ORG130104001', 0, S.FIRST_REVIEW],
  ['ORG130105001', 0, S.VOID_APPROVED],
  ['ORG130105001', 1, S.VOID_REJECTED],
  ['ORG130606001', 0, S.SECOND_REVIEW],
  ['ORG130606001', 1, S.SECOND_REJECTED],
  ['ORG130606001', 2, S.VOID_PENDING],
  ['ORG130606001', 3, S.COMPLETED],
  ['ORG130602001', 0, S.VOIDED],
  ['ORG130607001', 0, S.FIRST_REVIEW],
];


/** 合法的 18 位身份证号（演示用） */
function demoId(area: string, birth: string, seq: number): string {
  const first17 = `${area}${birth}${String(seq).padStart(3, '0')}`;
  return first17 + idCheckChar(first17);
}

export async function seedFilings(db: Db): Promise<void> {
  await seedDemoFilings(db, DEMO);
  await seedRecordOrgs(db, RECORD_ORGS);
}

/**
 * 按 [机构编码, 类别, 目标状态] 写演示备案（含办理历史、工种、场地、人员）；已有编号的不动。
 * first：序号起点，决定时间、所选工种与人员身份证顺序码，其他城市的演示数据据此错开。
 */
export async function seedDemoFilings(db: Db, demo: readonly DemoFiling[], first = 0): Promise<void> {
  const orgs = await db
    .select()
    .from(organisations)
    .where(inArray(organisations.code, [...new Set(demo.map((d) => d[0]))]));
  const orgByCode = new Map(orgs.map((o) => [o.code, o]));
  // 幂等以（机构, 类别）判断：同一机构同一类别只演示一份，编号与界面新建的一样按 BA+年份+类别+序号分配
  const existing = orgs.length ? await db.select({ orgId: filings.orgId, kind: filings.kind }).from(filings).where(inArray(filings.orgId, orgs.map((o) => o.id))) : [];
  const have = new Set(existing.map((r) => `${r.orgId}:${r.kind}`));
  const workRows = await db
    .select({ code: baseWorks.code, name: baseWorks.name, level: baseWorkLevels.levelCode })
    .from(baseWorks)
    .innerJoin(baseWorkLevels, eq(baseWorkLevels.workId, baseWorks.id))
    .where(eq(baseWorks.status, 0))
    .orderBy(asc(baseWorks.code), asc(baseWorkLevels.levelCode));
  const works = new Map<string, { workCode: string; workName: string; levels: number[] }>();
  for (const w of workRows) {
    const item = works.get(w.code) ?? { workCode: w.code, workName: w.name, levels: [] };
    item.levels.push(w.level);
    works.set(w.code, item);
  }
  const catalogue = [...works.values()].map((w) => ({ ...w, levels: w.levels.sort((a, b) => b - a).slice(0, 3) }));
  if (catalogue.length < 6) return; // 目录未就绪时不写备案

  const accounts = await db
    .select({ id: users.id, account: users.account, orgId: users.orgId, cityId: users.cityId, level: users.level, name: users.realName, nick: users.nickName })
    .from(users)
    .where(inArray(users.account, ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org', 'enterprise']));
  const province = accounts.find((a) => a.account === 'admin');
  const cityAdmin = (cityId: number | null) => accounts.find((a) => a.level === 'city' && a.cityId === cityId);
  // 没有演示账号的市，办理人记为“某市管理员”
  const cityIds = [...new Set(orgs.map((o) => o.cityId).filter((c): c is number => c !== null))];
  const cityName = new Map((cityIds.length ? await db.select({ id: areas.id, name: areas.name }).from(areas).where(inArray(areas.id, cityIds)) : []).map((a) => [a.id, a.name]));

  for (const [j, [orgCode, kind, status]] of demo.entries()) {
    const i = first + j;
    const org = orgByCode.get(orgCode);
    if (!org || have.has(`${org.id}:${kind}`)) continue;
    const orgUser = accounts.find((a) => a.orgId === org.id && a.level === 'org');
    const signerOf = (action: TransitionAction) => {
      const actor = stepOf(action).actor;
      const u = actor === 'org' ? orgUser : actor === 'city' ? cityAdmin(org.cityId) : province;
      return u ? { actorId: u.id, actorName: u.name || u.nick } : { actorId: null, actorName: actor === 'org' ? org.name : `${actor === 'city' ? (cityName.get(org.cityId!) ?? '') : ''}管理员` };
    };
    const path = PATHS[status];
    const start = Date.now() - (40 - i) * 24 * 3600 * 1000;
    const at = (step: number) => new Date(start + step * 26 * 3600 * 1000);
    const completedStep = path.indexOf('provincePass');
    const last = path[path.length - 1];
    const [f] = await db
      .insert(filings)
      .values({
        ...(await numberFiling(db, kind, at(0))),
        orgId: org.id,
        cityId: org.cityId,
        kind,
        status,
        orgType: org.orgType,
        contactName: orgUser?.name ?? '张伟',
        contactPhone: '13831100' + String(200 + i),
        address: `${org.name}办公楼`,
        description: '本机构具备开展相应评价工作的场地、设备与考评人员。',
        lastOpinion: last ? (OPINIONS[last] ?? null) : null,
        submittedAt: path.length ? at(1) : null,
        completedAt: completedStep >= 0 ? at(completedStep + 1) : null,
        createdBy: orgUser?.id ?? null,
        createdAt: at(0),
        updatedAt: at(path.length),
      })
      .returning();
    const chosen = [0, 1, 2].map((n) => catalogue[(i * 3 + n) % catalogue.length]);
    await db.insert(filingWorks).values(chosen.map((w) => ({ ...w, filingId: f.id })));
    await db.insert(filingSites).values([
      { filingId: f.id, siteType: 'site', name: '实训楼一层', address: `${org.name}实训楼`, area: 600, seats: 40 },
      { filingId: f.id, siteType: 'examSite', name: '第一考点', address: `${org.name}考试中心`, area: 300, seats: 30 },
    ]);
    const area = String(org.areaId);
    const people = [
      { filingId: f.id, role: 'evaluator', name: '吴国栋', idNumber: demoId(area, '19800312', 10 + i * 2 + 1), mobile: '13931100011', title: '高级考评员', workCode: chosen[0].workCode },
      { filingId: f.id, role: 'supervisor', name: '杨帆', idNumber: demoId(area, '19850620', 10 + i * 2 + 2), mobile: '13931100012', title: '督导员' },
      { filingId: f.id, role: 'examStaff', name: '刘晓燕', idNumber: demoId(area, '19900105', 100 + i), mobile: '13931100013', title: '考务人员' },
    ];
    await db.insert(filingPeople).values(people.map((p) => ({ ...p, idNumberIndex: blindIndex('idNumber', p.idNumber) })));
    const history = [
      { action: 'create', fromStatus: S.NOT_FILED, toStatus: S.NOT_FILED, opinion: null, createdAt: at(0), ...signerOf('submit') },
      ...path.map((action, step) => {
        const t = stepOf(action);
        const from = step === 0 ? S.NOT_FILED : stepOf(path[step - 1]).to;
        return { action, fromStatus: from, toStatus: t.to, opinion: OPINIONS[action] ?? null, createdAt: at(step + 1), ...signerOf(action) };
      }),
    ];
    await db.insert(filingHistory).values(history.map((h) => ({ ...h, filingId: f.id })));
    // 审核完成后工种进入机构的已备案工种，直到省级确认作废（作废成功仍保留）
    if ([...FILING_IN_FORCE, S.VOID_APPROVED].includes(status)) {
      await db
        .insert(organisationWorks)
        .values(chosen.map((w) => ({ orgId: org.id, workCode: w.workCode, workName: w.workName })))
        .onConflictDoNothing();
    }
    // 华元评价的技能等级认定备案：另有一次待初审的增量备案
    if (orgCode === 'ORG130102001' && status === S.COMPLETED) {
      const [inc] = await db.insert(filingIncrements).values({ filingId: f.id, status: S.FIRST_REVIEW, submittedAt: at(5), createdAt: at(4) }).returning();
      const extra = catalogue[(i * 3 + 3) % catalogue.length];
      await db.insert(filingWorks).values({ ...extra, filingId: f.id, incrementId: inc.id });
      await db.insert(filingHistory).values([
        { filingId: f.id, incrementId: inc.id, action: 'incrementAdd', fromStatus: S.NOT_FILED, toStatus: S.NOT_FILED, createdAt: at(4), ...signerOf('submit') },
        { filingId: f.id, incrementId: inc.id, action: 'submit', fromStatus: S.NOT_FILED, toStatus: S.FIRST_REVIEW, createdAt: at(5), ...signerOf('submit') },
      ]);
    }
  }
}

export interface DemoRecordOrg {
  name: string;
  uscc: string;
  orgType: number;
  areaId: number;
  contactName?: string;
  contactPhone?: string;
}

const RECORD_ORGS: readonly DemoRecordOrg[] = [
  { name: '河北华元职业技能评价有限公司', uscc: '91130102MA0D3K8W1A', orgType: 3, areaId: 130102 },
  { name: '石家庄市技师学院', uscc: '12130100MB1A2B3C4D', orgType: 2, areaId: 130104 },
  { name: '中国石化石家庄炼化分公司', uscc: '91130100MA0A1B2C3E', orgType: 1, areaId: 130104 },
  { name: '石家庄市职业技能鉴定中心', uscc: '12130100MB0F1G2H3J', orgType: 100, areaId: 130102 },
  { name: '保定燕赵职业技能评价中心有限公司', uscc: '91130606MA0E5R7N2K', orgType: 3, areaId: 130606 },
  { name: '保定市高级技工学校', uscc: '12130600MB1K2L3M4N', orgType: 2, areaId: 130602 },
  { name: '保定市竞秀区鸿业职业培训学校', uscc: '52130602MJ0734567P', orgType: 103, areaId: 130602 },
  { name: '中德（河北）国际职业技能认证中心', uscc: '91130600MA0Q1R2T3U', orgType: 102, areaId: 130607 },
  { name: '河北省职业技能鉴定指导中心', uscc: '12130000MB0W1X2Y3L', orgType: 101, areaId: 130102 },
  { name: '保定骏恒汽车配件有限公司', uscc: '91130607MA0CK9T34Q', orgType: 0, areaId: 130607 },
];

/** 备案机构库：按统一社会信用代码幂等写入，已有的不动 */
export async function seedRecordOrgs(db: Db, list: readonly DemoRecordOrg[]): Promise<void> {
  await db
    .insert(baseRecordOrgs)
    .values(
      list.map((o) => ({
        name: o.name,
        unifiedSocialCreditCode: o.uscc,
        orgType: o.orgType,
        areaId: o.areaId,
        cityId: Math.floor(o.areaId / 100) * 100 === 130000 ? null : Math.floor(o.areaId / 100) * 100,
        contactName: o.contactName ?? '联系人',
        contactPhone: o.contactPhone ?? '13831100300',
      })),
    )
    .onConflictDoNothing();
}
