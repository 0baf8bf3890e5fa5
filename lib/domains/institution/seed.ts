// 演示数据：各级管理单位（教师的主管单位）、几个市的培训机构与企业的入驻资料（每个入驻状态都有，含办理历史）、
// 已入驻单位的年度评价。按业务键幂等（机构编码、每个机构一份资料、单位 + 年度一条评价）；已有的资料不改（演示中可能已办理过）。
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { withUsccCheckChar } from '@/lib/platform/identity';
import { idCheckChar } from '@/lib/platform/identity';
import { organisations } from '../org/tables';
import { users } from '../user/tables';
import { attachFiles } from '../file/service';
import { orgEvaluations, orgProfiles, orgSettleHistory } from './tables';
import { SETTLE_STATUS } from './transitions';
import { PROFILE_FILE_ENTITY } from './service';
import { seedImages } from './seed-images';

const S = SETTLE_STATUS;

/** 管理单位（category admin）：省厅、各市人社局与两个区人社局，是教师表单“主管单位”的选项 */
const ADMIN_UNITS: readonly { code: string; name: string; areaId: number; cityId: number | null }[] = [
  { code: 'ADM130000', name: '河北省人力资源和社会保障厅', areaId: 130000, cityId: null },
  { code: 'ADM130100', name: '石家庄市人力资源和社会保障局', areaId: 130100, cityId: 130100 },
  { code: 'ADM130105', name: '石家庄市新华区人力资源和社会保障局', areaId: 130105, cityId: 130100 },
  { code: 'ADM130200', name: '唐山市人力资源和社会保障局', areaId: 130200, cityId: 130200 },
  { code: 'ADM130400', name: '邯郸市人力资源和社会保障局', areaId: 130400, cityId: 130400 },
  { code: 'ADM130600', name: '保定市人力资源和社会保障局', areaId: 130600, cityId: 130600 },
  { code: 'ADM130602', name: '保定市竞秀区人力资源和社会保障局', areaId: 130602, cityId: 130600 },
  { code: 'ADM130900', name: '沧州市人力资源和社会保障局', areaId: 130900, cityId: 130900 },
  { code: 'ADM131000', name: '廊坊市人力资源和社会保障局', areaId: 131000, cityId: 131000 },
];

/** 只为入驻演示新增的单位（石家庄、保定） */
const EXTRA_ORGS: readonly { code: string; name: string; category: 'train' | 'enterprise'; areaId: number; body: string; master: string; phone: string; address: string }[] = [
  { code: 'ORG130102101', name: '石家庄市长安区匠心职业培训学校', category: 'train', areaId: 130102, body: '52130102MJ0A21001', master: '马匠心', phone: '13903110101', address: '石家庄市长安区中山东路 318 号' },
  { code: 'ORG130108101', name: '石家庄市裕华区启智职业培训学校', category: 'train', areaId: 130108, body: '52130108MJ0A21002', master: '冯启智', phone: '13903110102', address: '石家庄市裕华区槐安东路 96 号' },
  { code: 'ORG130123101', name: '石家庄正定福源食品有限公司', category: 'enterprise', areaId: 130123, body: '91130123MA0A21003', master: '邢福源', phone: '13903110103', address: '石家庄市正定县恒山西路 12 号' },
  { code: 'ORG130104101', name: '石家庄桥西惠民家政服务有限公司', category: 'enterprise', areaId: 130104, body: '91130104MA0A21004', master: '蔡惠民', phone: '13903110104', address: '石家庄市桥西区新石北路 55 号' },
  { code: 'ORG130109101', name: '石家庄藁城金穗农业科技有限公司', category: 'enterprise', areaId: 130109, body: '91130109MA0A21005', master: '陶金穗', phone: '13903110105', address: '石家庄市藁城区廉州东路 7 号' },
  { code: 'ORG130110101', name: '石家庄市鹿泉区技能职业培训学校', category: 'train', areaId: 130110, body: '52130110MJ0A21006', master: '鲁技能', phone: '13903110106', address: '石家庄市鹿泉区向阳北大街 21 号' },
  { code: 'ORG130606101', name: '保定市莲池区卓越职业培训学校', category: 'train', areaId: 130606, body: '52130606MJ0A21007', master: '卓越', phone: '13903120101', address: '保定市莲池区东风中路 166 号' },
  { code: 'ORG130684101', name: '高碑店市宏达建材有限公司', category: 'enterprise', areaId: 130684, body: '91130684MA0A21008', master: '高宏达', phone: '13903120102', address: '高碑店市京港路 88 号' },
  { code: 'ORG130607101', name: '保定市满城区巧匠职业培训学校', category: 'train', areaId: 130607, body: '52130607MJ0A21009', master: '满巧匠', phone: '13903120103', address: '保定市满城区中山路 39 号' },
];

/** 每个单位的入驻状态（覆盖全部状态，石家庄与保定各有待市级审核的） */
export const SEED_SETTLE: Record<string, { status: number; opinion?: string }> = {
  ORG130105001: { status: S.SETTLED },
  ORG130104001: { status: S.CITY_REJECTED, opinion: '营业执照图片不清晰，请重新上传后再提交' },
  ORG130602001: { status: S.SETTLED },
  ORG130607001: { status: S.CITY_REVIEW },
  ORG130202001: { status: S.SETTLED },
  ORG130281001: { status: S.PROVINCE_REVIEW },
  ORG130207001: { status: S.SETTLED },
  ORG130208001: { status: S.DRAFT },
  ORG130481001: { status: S.CITY_REVIEW },
  ORG130406001: { status: S.SETTLED },
  ORG130404001: { status: S.PROVINCE_REJECTED, opinion: '培训范围与营业执照经营范围不符' },
  ORG131082001: { status: S.SETTLED },
  ORG131022001: { status: S.SUSPENDED, opinion: '年度评价不合格，暂停入驻待整改' },
  ORG130983001: { status: S.SETTLED },
  ORG130981001: { status: S.CITY_REVIEW },
  ORG130984001: { status: S.SETTLED },
  ORG130102101: { status: S.CITY_REVIEW },
  ORG130108101: { status: S.PROVINCE_REVIEW },
  ORG130123101: { status: S.SETTLED },
  ORG130104101: { status: S.SUSPENDED, opinion: '经营地址变更未及时报备' },
  ORG130109101: { status: S.DRAFT },
  ORG130110101: { status: S.PROVINCE_REJECTED, opinion: '办学许可证已过期' },
  ORG130606101: { status: S.CITY_REVIEW },
  ORG130684101: { status: S.PROVINCE_REVIEW },
  ORG130607101: { status: S.CITY_REJECTED, opinion: '法定代表人身份证反面未上传清晰' },
};

/** 演示账号所属机构的法定代表人、联系电话与地址 */
const DEMO_CONTACTS: Record<string, [string, string, string]> = {
  ORG130105001: ['刘明德', '0311-86012345', '石家庄市新华区中华北大街 188 号'],
  ORG130104001: ['周海涛', '0311-87654321', '石家庄市桥西区友谊南大街 66 号'],
  ORG130602001: ['王鸿业', '0312-3012345', '保定市竞秀区朝阳北大街 520 号'],
  ORG130607001: ['李骏恒', '0312-7012345', '保定市满城区金台西路 9 号'],
};

/** 到达某状态所经过的步骤（写办理历史） */
const PATH: Record<number, { action: string; to: number; actor: 'org' | 'city' | 'province' }[]> = {
  [S.DRAFT]: [],
  [S.CITY_REVIEW]: [{ action: 'submit', to: S.CITY_REVIEW, actor: 'org' }],
  [S.CITY_REJECTED]: [
    { action: 'submit', to: S.CITY_REVIEW, actor: 'org' },
    { action: 'cityReject', to: S.CITY_REJECTED, actor: 'city' },
  ],
  [S.PROVINCE_REVIEW]: [
    { action: 'submit', to: S.CITY_REVIEW, actor: 'org' },
    { action: 'cityPass', to: S.PROVINCE_REVIEW, actor: 'city' },
  ],
  [S.PROVINCE_REJECTED]: [
    { action: 'submit', to: S.CITY_REVIEW, actor: 'org' },
    { action: 'cityPass', to: S.PROVINCE_REVIEW, actor: 'city' },
    { action: 'provinceReject', to: S.PROVINCE_REJECTED, actor: 'province' },
  ],
  [S.SETTLED]: [
    { action: 'submit', to: S.CITY_REVIEW, actor: 'org' },
    { action: 'cityPass', to: S.PROVINCE_REVIEW, actor: 'city' },
    { action: 'provincePass', to: S.SETTLED, actor: 'province' },
  ],
  [S.SUSPENDED]: [
    { action: 'submit', to: S.CITY_REVIEW, actor: 'org' },
    { action: 'cityPass', to: S.PROVINCE_REVIEW, actor: 'city' },
    { action: 'provincePass', to: S.SETTLED, actor: 'province' },
    { action: 'suspend', to: S.SUSPENDED, actor: 'city' },
  ],
};

const DAY = 24 * 3600_000;

/** 由序号造一个合法的 18 位身份证号（河北的区县、1970–1990 年出生） */
export function seedIdNumber(areaId: number, index: number): string {
  const year = 1970 + (index * 7) % 21;
  const month = String(1 + (index * 5) % 12).padStart(2, '0');
  const day = String(1 + (index * 11) % 28).padStart(2, '0');
  const body = `${areaId}${year}${month}${day}${String(100 + (index % 900)).padStart(3, '0')}`;
  return body + idCheckChar(body);
}

export async function seedInstitutions(db: Db): Promise<void> {
  // 管理单位
  await db
    .insert(organisations)
    .values(
      ADMIN_UNITS.map((u, i) => ({
        code: u.code,
        name: u.name,
        category: 'admin',
        orgType: 0,
        areaId: u.areaId,
        cityId: u.cityId,
        // 机关的统一社会信用代码：登记管理部门 1（机构编制）、类别 1（机关）
        unifiedSocialCreditCode: withUsccCheckChar(`11${u.areaId}MB${String(1000001 + i)}`),
      })),
    )
    .onConflictDoNothing({ target: organisations.code });
  // 入驻演示新增的单位
  await db
    .insert(organisations)
    .values(
      EXTRA_ORGS.map((o) => ({
        code: o.code,
        name: o.name,
        category: o.category,
        orgType: o.category === 'train' ? 103 : 0,
        areaId: o.areaId,
        cityId: Math.floor(o.areaId / 100) * 100,
        unifiedSocialCreditCode: withUsccCheckChar(o.body),
        legalPerson: o.master,
        contactPhone: o.phone,
        contactName: o.master,
        address: o.address,
      })),
    )
    .onConflictDoNothing({ target: organisations.code });

  // 演示机构（账号所属的四家）原来没有法定代表人、电话与地址：补上空着的，入驻资料与详情才完整
  for (const [code, [legalPerson, contactPhone, address]] of Object.entries(DEMO_CONTACTS)) {
    await db
      .update(organisations)
      .set({
        legalPerson: sql`coalesce(${organisations.legalPerson}, ${legalPerson})`,
        contactName: sql`coalesce(${organisations.contactName}, ${legalPerson})`,
        // 原生 sql 不经列的加密：参数按列编码（加密）
        contactPhone: sql`coalesce(${organisations.contactPhone}, ${sql.param(contactPhone, organisations.contactPhone)})`,
        address: sql`coalesce(${organisations.address}, ${address})`,
      })
      .where(eq(organisations.code, code));
  }
  // 按编码排序：各机构的演示图片（按序号取色，存储键含序号）每次写种子都一样
  const orgs = await db
    .select()
    .from(organisations)
    .where(inArray(organisations.code, Object.keys(SEED_SETTLE)))
    .orderBy(asc(organisations.code));
  const have = new Set(
    (
      await db
        .select({ orgId: orgProfiles.orgId })
        .from(orgProfiles)
        .where(
          inArray(
            orgProfiles.orgId,
            orgs.map((o) => o.id),
          ),
        )
    ).map((r) => r.orgId),
  );
  const missing = orgs.filter((o) => !have.has(o.id));
  if (missing.length) {
    const image = seedImages(db);
    const [admin] = await db.select({ id: users.id, name: users.realName }).from(users).where(eq(users.account, 'admin'));
    const cityAdmins = await db.select({ id: users.id, name: users.realName, cityId: users.cityId }).from(users).where(and(eq(users.level, 'city'), sql`${users.account} like '%_admin'`));
    const now = Date.now();
    const values = await Promise.all(
      missing.map(async (o, i) => {
        const plan = SEED_SETTLE[o.code];
        const train = o.category === 'train';
        const settled = plan.status === S.SETTLED || plan.status === S.SUSPENDED;
        return {
          orgId: o.id,
          cityId: o.cityId,
          shortName: o.name.replace(/^(石家庄|保定|唐山|邯郸|廊坊|沧州)市?/, '').slice(0, 12),
          masterIdCard: seedIdNumber(o.areaId, 500 + i),
          masterIdCardIndex: blindIndex('idNumber', seedIdNumber(o.areaId, 500 + i)),
          taxpayerNo: o.unifiedSocialCreditCode,
          bankOfDeposit: ['中国工商银行', '中国建设银行', '中国农业银行', '河北银行'][i % 4] + (o.name.slice(0, 2) === '石家' ? '石家庄分行' : '营业部'),
          bankAccount: `6222${String(1_000_000_000_000 + o.id * 7919).slice(0, 13)}`,
          teachersNumber: train ? 12 + (i % 9) * 3 : 4 + (i % 5),
          orgArea: train ? 800 + i * 120 : 2000 + i * 350,
          trainRange: train ? '职业技能培训：电工、焊工、育婴员、保育师、中式烹调师、家政服务员' : '企业职工岗位技能提升培训',
          schoolPermitCode: train ? `教民${130000 + (o.areaId % 1000)}${String(i + 1).padStart(6, '0')}号` : null,
          permitUrl: train ? await image('licence', i + 3, o) : null,
          idFrontUrl: await image('card', i, o),
          idBackUrl: await image('card', i + 1, o),
          licenceUrl: await image('licence', i, o),
          logoUrl: await image('logo', i, o),
          introduce: train
            ? `${o.name}是经人力资源和社会保障部门批准设立的职业培训机构，拥有理论教室与实训车间，常年开展就业技能与岗位技能提升培训。`
            : `${o.name}重视职工技能培训，设有企业培训中心，按年度开展岗位技能提升与新型学徒制培训。`,
          bizDesc: train ? '面向城乡劳动者开展补贴性职业技能培训。' : '组织本企业职工参加技能提升培训。',
          settleStatus: plan.status,
          lastOpinion: plan.opinion ?? null,
          submittedAt: plan.status === S.DRAFT ? null : new Date(now - (40 - i) * DAY),
          settledAt: settled ? new Date(now - (30 - i) * DAY) : null,
        };
      }),
    );
    const rows = await db.insert(orgProfiles).values(values).onConflictDoNothing().returning({ id: orgProfiles.id, orgId: orgProfiles.orgId, settleStatus: orgProfiles.settleStatus });
    const history: (typeof orgSettleHistory.$inferInsert)[] = [];
    const orgById = new Map(orgs.map((o) => [o.id, o]));
    for (const [i, r] of rows.entries()) {
      const o = orgById.get(r.orgId)!;
      const plan = SEED_SETTLE[o.code];
      const city = cityAdmins.find((c) => c.cityId === o.cityId) ?? admin;
      const steps = PATH[r.settleStatus];
      history.push({ orgId: o.id, action: 'create', fromStatus: null, toStatus: S.DRAFT, actorId: admin.id, actorName: o.legalPerson ?? o.name, createdAt: new Date(now - (45 - i) * DAY) });
      let from: number = S.DRAFT;
      steps.forEach((s, k) => {
        const actor = s.actor === 'province' ? admin : s.actor === 'city' ? city : null;
        const last = k === steps.length - 1;
        history.push({
          orgId: o.id,
          action: s.action,
          fromStatus: from,
          toStatus: s.to,
          opinion: last && plan.opinion ? plan.opinion : s.actor === 'org' ? null : '资料齐全，同意',
          actorId: actor?.id ?? admin.id,
          actorName: actor?.name ?? o.legalPerson ?? o.name,
          createdAt: new Date(now - (40 - i - k * 3) * DAY),
        });
        from = s.to;
      });
    }
    if (history.length) await db.insert(orgSettleHistory).values(history);
    for (const r of rows) {
      const v = values.find((x) => x.orgId === r.orgId)!;
      await attachFiles(db, { entity: PROFILE_FILE_ENTITY, entityId: r.id }, [v.permitUrl, v.idFrontUrl, v.idBackUrl, v.licenceUrl, v.logoUrl]);
    }
  }

  // 已入驻单位的年度评价（去年与前年）
  const settled = await db
    .select({ orgId: orgProfiles.orgId, cityId: orgProfiles.cityId })
    .from(orgProfiles)
    .where(inArray(orgProfiles.settleStatus, [S.SETTLED, S.SUSPENDED]));
  const [admin] = await db.select({ id: users.id, name: users.realName }).from(users).where(eq(users.account, 'admin'));
  const year = new Date().getFullYear();
  const evaluations = settled.flatMap((s, i) =>
    [year - 1, year - 2].map((y, k) => {
      const score = 55 + ((i * 13 + k * 7) % 45);
      return {
        orgId: s.orgId,
        cityId: s.cityId,
        year: y,
        score,
        content: score >= 90 ? '培训组织规范，学员满意度高，结业考核通过率高。' : score >= 60 ? '培训总体规范，台账资料需进一步完善。' : '培训台账不完整，部分班级出勤记录缺失，限期整改。',
        evaluatorId: admin.id,
        evaluatorName: admin.name ?? '省级管理员',
      };
    }),
  );
  if (evaluations.length) await db.insert(orgEvaluations).values(evaluations).onConflictDoNothing();
}
