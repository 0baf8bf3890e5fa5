// 培训机构与企业：入驻资料（organisation 的一对一资料）、入驻的申请与两级审核（transitions.ts 的转换表）、办理历史、
// 定点培训机构名录、同步到求实平台、企业评价。范围：单位只看本单位，市级看本市，省级看全省；范围外 404。
import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { fetchPage } from '@/lib/platform/db/paged';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing } from '@/lib/platform/time';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { isMaskedValue, keepIfMasked, maskBankAccount, maskIdNumber, maskMobile } from '@/lib/platform/identity';
import { canUnmask, unmaskedView } from '../privacy/service';
import { ACCESS_ACTION, type UnmaskRequest } from '../privacy/schemas';
import { areas } from '../area/tables';
import { resolveRegion } from '../area/service';
import { organisations, type Organisation } from '../org/tables';
import { users } from '../user/tables';
import { attachFiles, detachFiles } from '../file/service';
import { orgEvaluations, orgProfiles, orgSettleHistory, type OrgProfile } from './tables';
import {
  categoryOfKind,
  EDITABLE_SETTLE,
  evaluationGrade,
  kindOfCategory,
  ORG_KIND_LABEL,
  SETTLE_STATUS,
  SETTLE_TRANSITIONS,
  settleActorsOf,
  settleStatusLabel,
  type OrgKind,
  type SettleAction,
  type SettleRowAction,
} from './transitions';
import { settleWorkflow } from './workflow';
import { deliverQiuShi, enqueueQiuShi } from '../org/qiushi';
import type { OrgProfileValue, ProfileDetail, ProfileItem } from './schemas';

/** 入驻资料引用的上传文件在上传服务里登记的实体名 */
export const PROFILE_FILE_ENTITY = 'org_profile';

const actorName = (user: SessionUser) => user.realName || user.nickName;

/** 行上的操作（引擎给出）：转换与操作 */
const actionsOf = (session: Session, p: OrgProfile, category: string): SettleRowAction[] => settleWorkflow.availableActions({ ...p, category, orgName: '' }, session);

const profileScope = (user: SessionUser) => scopeWhere(user, { cityId: orgProfiles.cityId, orgId: orgProfiles.orgId });

type Row = { p: OrgProfile; o: Organisation; cityName: string | null; districtName: string | null };

const district = sql<string | null>`(select a.name from ${areas} a where a.id = ${organisations.areaId} and a.level = 3)`;

const rowsQuery = (db: Db) =>
  db
    .select({ p: orgProfiles, o: organisations, cityName: areas.name, districtName: district })
    .from(orgProfiles)
    .innerJoin(organisations, eq(organisations.id, orgProfiles.orgId))
    .leftJoin(areas, eq(areas.id, orgProfiles.cityId));

/** 范围内的一份资料；不存在或范围外 404 */
async function loadProfile(db: Db, user: SessionUser, id: number): Promise<Row> {
  const [row] = await rowsQuery(db).where(and(eq(orgProfiles.id, id), profileScope(user)));
  if (!row) throw ApiError.notFound('入驻资料不存在或不在您的管辖范围内');
  return row;
}

function toItem(session: Session, { p, o, cityName, districtName }: Row): ProfileItem {
  const kind = kindOfCategory(o.category);
  return {
    id: p.id,
    orgId: o.id,
    agentCode: o.code,
    agentName: o.name,
    orgType: kind,
    orgTypeName: ORG_KIND_LABEL[kind],
    unifiedSocialCreditCode: o.unifiedSocialCreditCode,
    master: o.legalPerson,
    phone: o.contactPhone,
    cityName,
    districtName,
    settleStatus: p.settleStatus,
    settleStatusName: settleStatusLabel(p.settleStatus),
    lastOpinion: p.lastOpinion,
    updateTime: formatBeijing(p.updatedAt),
    actions: actionsOf(session, p, o.category),
  };
}

// ---------- 列表与详情 ----------

export interface ProfileFilter {
  agentName?: string;
  unifiedSocialCreditCode?: string;
  orgType?: OrgKind;
  settleStatus?: number;
  cityId?: number;
  pendingOnly?: boolean;
}

function listWhere(user: SessionUser, f: ProfileFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [profileScope(user)];
  if (f.agentName) conds.push(ilike(organisations.name, containsPattern(f.agentName)));
  if (f.unifiedSocialCreditCode) conds.push(ilike(organisations.unifiedSocialCreditCode, containsPattern(f.unifiedSocialCreditCode.toUpperCase())));
  if (f.orgType) conds.push(eq(organisations.category, categoryOfKind(f.orgType)));
  if (f.settleStatus !== undefined) conds.push(eq(orgProfiles.settleStatus, f.settleStatus));
  if (f.cityId !== undefined) conds.push(eq(orgProfiles.cityId, f.cityId));
  if (f.pendingOnly) {
    const actor = user.level === 'city' ? 'city' : user.level === 'province' ? 'province' : null;
    const statuses = actor ? settleWorkflow.pendingStatuses(actor, ['cityPass', 'cityReject', 'provincePass', 'provinceReject']) : [];
    conds.push(statuses.length ? inArray(orgProfiles.settleStatus, statuses) : eq(orgProfiles.id, -1));
  }
  return and(...conds);
}

export async function listProfiles(db: Db, session: Session, filter: ProfileFilter, page: Page): Promise<PageResult<ProfileItem>> {
  const where = listWhere(session.user, filter);
  return fetchPage(
    page,
    rowsQuery(db).where(where).orderBy(desc(orgProfiles.updatedAt), desc(orgProfiles.id)),
    db.select({ total: count() }).from(orgProfiles).innerJoin(organisations, eq(organisations.id, orgProfiles.orgId)).where(where),
    (rows) => rows.map((r) => toItem(session, r)),
  );
}

export function exportProfiles(db: Db, session: Session, filter: ProfileFilter) {
  const where = listWhere(session.user, filter);
  return exportXlsx<Row>({
    sheetName: '企业与培训机构',
    columns: [
      { header: '单位编码', format: (_v, r) => r.o.code, width: 18 },
      { header: '单位名称', format: (_v, r) => r.o.name, width: 32 },
      { header: '单位类型', format: (_v, r) => ORG_KIND_LABEL[kindOfCategory(r.o.category)] },
      { header: '统一社会信用代码', format: (_v, r) => r.o.unifiedSocialCreditCode, width: 22 },
      { header: '法定代表人', format: (_v, r) => r.o.legalPerson },
      { header: '联系电话', format: (_v, r) => r.o.contactPhone, width: 16 },
      { header: '所在市', format: (_v, r) => r.cityName },
      { header: '县区', format: (_v, r) => r.districtName },
      { header: '详细地址', format: (_v, r) => r.o.address, width: 32 },
      { header: '师资人数', format: (_v, r) => r.p.teachersNumber },
      { header: '培训范围', format: (_v, r) => r.p.trainRange, width: 32 },
      { header: '入驻状态', format: (_v, r) => settleStatusLabel(r.p.settleStatus) },
      { header: '入驻时间', format: (_v, r) => r.p.settledAt, width: 20 },
    ],
    rows: keysetBatches<Row, number>(
      (last, limit) =>
        rowsQuery(db)
          .where(last === null ? where : and(where, sql`${orgProfiles.id} < ${last}`))
          .orderBy(desc(orgProfiles.id))
          .limit(limit),
      (r) => r.p.id,
    ),
  });
}

/** 单位详情里看全法定代表人身份证号、银行账号与主账号手机号的资源：入驻审核（核对法定代表人身份）的 unmask */
export const PROFILE_UNMASK_RESOURCE = 'settleInAudit';

/** 单位看自己的资料是全号（入驻管理里填写与修改）；其他人默认脱敏，unmask 时给全号 */
const ownOrg = (session: Session, orgId: number) => session.user.level === 'org' && session.user.orgId === orgId;

async function detailOf(db: Db, session: Session, row: Row, unmasked = false): Promise<ProfileDetail> {
  const { p, o } = row;
  const full = unmasked || ownOrg(session, o.id);
  const province = Math.floor(o.areaId / 10000) * 10000;
  const [provinceRow] = await db.select({ name: areas.name }).from(areas).where(eq(areas.id, province));
  const [account] = await db
    .select({ userAccount: users.account, mobile: users.mobile, nickName: users.nickName })
    .from(users)
    .where(eq(users.orgId, o.id))
    .orderBy(asc(users.id))
    .limit(1);
  const evaluations = await db
    .select({ year: orgEvaluations.year, score: orgEvaluations.score, content: orgEvaluations.content })
    .from(orgEvaluations)
    .where(eq(orgEvaluations.orgId, o.id))
    .orderBy(desc(orgEvaluations.year));
  const county = o.cityId !== null && o.areaId !== o.cityId ? o.areaId : null;
  return {
    ...toItem(session, row),
    agentAbbreviated: p.shortName,
    masterIdCard: full || !p.masterIdCard ? p.masterIdCard : maskIdNumber(p.masterIdCard),
    contactName: o.contactName,
    taxpayerDistinguish: p.taxpayerNo,
    bankOfDeposit: p.bankOfDeposit,
    bankAccount: full || !p.bankAccount ? p.bankAccount : maskBankAccount(p.bankAccount),
    teachersNumber: p.teachersNumber,
    orgArea: p.orgArea,
    region: [province, o.cityId, county] as [number, number | null, number | null],
    provinceName: provinceRow?.name ?? null,
    orgAddress: o.address,
    trainRange: p.trainRange,
    schoolPermitCode: p.schoolPermitCode,
    permitUrl: p.permitUrl,
    idFrontUrl: p.idFrontUrl,
    idBackUrl: p.idBackUrl,
    licenceUrl: p.licenceUrl,
    logoUrl: p.logoUrl,
    orgIntroduce: p.introduce,
    bizDesc: p.bizDesc,
    baseUser: account ? { ...account, mobile: full || !account.mobile ? account.mobile : maskMobile(account.mobile) } : null,
    settledAt: p.settledAt ? formatBeijing(p.settledAt) : null,
    pushedAt: p.pushedAt ? formatBeijing(p.pushedAt) : null,
    evaluations: evaluations.map((e) => ({ ...e, grade: evaluationGrade(e.score) })),
  };
}

/**
 * /bapi/orginaion/infoById：单位详情（企业或培训机构详情弹窗，SPEC §2 第 5 项）。法定代表人身份证号、银行账号与主账号手机号默认脱敏；
 * unmask 时经 unmaskedView（settleInAudit.unmask、理由、访问日志）给全号。
 */
export async function profileDetail(db: Db, session: Session, id: number, audit: Audit, req: UnmaskRequest & { unmask?: boolean; ip?: string | null } = {}): Promise<ProfileDetail & { masked: boolean; canUnmask: boolean }> {
  const row = await loadProfile(db, session.user, id);
  const unmasked = Boolean(req.unmask);
  if (unmasked) {
    await unmaskedView(db, session, { resource: PROFILE_UNMASK_RESOURCE, action: ACCESS_ACTION.VIEW, entity: 'org_profile', entityId: row.p.id, detail: `单位详情 ${row.o.name}`, recordIds: [row.p.id], reason: req.reason, reasonNote: req.reasonNote, ip: req.ip }, audit);
  }
  const own = ownOrg(session, row.o.id);
  return { ...(await detailOf(db, session, row, unmasked)), masked: !unmasked && !own, canUnmask: canUnmask(session, PROFILE_UNMASK_RESOURCE) };
}

/** 本单位的入驻资料（单位用户的入驻管理）；还没有时为 null，并给出单位的基本信息作默认值 */
export async function myProfile(db: Db, session: Session) {
  const { user } = session;
  if (user.level !== 'org' || user.orgId === null) return { profile: null, org: null };
  const [row] = await rowsQuery(db).where(eq(orgProfiles.orgId, user.orgId));
  if (row) return { profile: await detailOf(db, session, row), org: null };
  const [o] = await db.select().from(organisations).where(eq(organisations.id, user.orgId));
  if (!o || !['train', 'enterprise'].includes(o.category)) return { profile: null, org: null };
  const province = Math.floor(o.areaId / 10000) * 10000;
  return {
    profile: null,
    org: {
      orgType: kindOfCategory(o.category),
      agentName: o.name,
      unifiedSocialCreditCode: o.unifiedSocialCreditCode,
      master: o.legalPerson,
      phone: o.contactPhone,
      contactName: o.contactName,
      orgAddress: o.address,
      region: [province, o.cityId, o.cityId !== null && o.areaId !== o.cityId ? o.areaId : null],
    },
  };
}

// ---------- 新增、修改、删除 ----------

function profileValues(input: OrgProfileValue) {
  return {
    shortName: input.agentAbbreviated,
    masterIdCard: input.masterIdCard,
    masterIdCardIndex: input.masterIdCard ? blindIndex('idNumber', input.masterIdCard) : null,
    taxpayerNo: input.taxpayerDistinguish,
    bankOfDeposit: input.bankOfDeposit,
    bankAccount: input.bankAccount,
    teachersNumber: input.teachersNumber,
    orgArea: input.orgArea,
    trainRange: input.trainRange,
    schoolPermitCode: input.schoolPermitCode,
    permitUrl: input.permitUrl,
    idFrontUrl: input.idFrontUrl,
    idBackUrl: input.idBackUrl,
    licenceUrl: input.licenceUrl,
    logoUrl: input.logoUrl,
    introduce: input.orgIntroduce,
    bizDesc: input.bizDesc,
  };
}

const orgValues = (input: OrgProfileValue) => ({
  name: input.agentName,
  unifiedSocialCreditCode: input.unifiedSocialCreditCode,
  legalPerson: input.master,
  contactPhone: input.phone,
  contactName: input.contactName,
  address: input.orgAddress,
});

const fileUrls = (input: OrgProfileValue) => [input.permitUrl, input.idFrontUrl, input.idBackUrl, input.licenceUrl, input.logoUrl];

/** 信用代码不能与其他单位相同 */
async function assertCreditCodeFree(db: Db, code: string, orgId: number | null): Promise<void> {
  const [other] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.unifiedSocialCreditCode, code), orgId === null ? undefined : ne(organisations.id, orgId)))
    .limit(1);
  if (other) throw ApiError.conflict(`统一社会信用代码已被“${other.name}”使用`);
}

const sameRegion = (o: Organisation, region: readonly [number, number | null, number | null]) => {
  const last = region[2] ?? region[1];
  return last === o.areaId && region[1] === o.cityId;
};

/** 新单位的编码：ORG + 县区（或市）代码 + 3 位序号 */
async function newOrgCode(db: Db, areaId: number): Promise<string> {
  const prefix = `ORG${areaId}`;
  const [{ n }] = await db.select({ n: count() }).from(organisations).where(ilike(organisations.code, `${prefix}%`));
  for (let i = Number(n) + 1; i < Number(n) + 50; i++) {
    const code = `${prefix}${String(i).padStart(3, '0')}`;
    const [taken] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code));
    if (!taken) return code;
  }
  throw ApiError.conflict('单位编码已用尽，请联系管理员');
}

/**
 * /bapi/orginaion/add：单位为本单位填写入驻资料（填写中，之后提交审核）；管理员直接登记一个新单位（在本辖区内），
 * 登记即已入驻。单位类型随单位的类别（培训机构为定点培训机构，企业为企业）。
 */
export async function addProfile(db: Db, session: Session, input: OrgProfileValue, audit: Audit): Promise<ProfileDetail> {
  const { user } = session;
  // 脱敏值（带 *）已由 OrgProfileAddInput 拒绝：新增时没有旧值可保留
  await assertCreditCodeFree(db, input.unifiedSocialCreditCode, user.level === 'org' ? user.orgId : null);
  const id = await db.transaction(async (tx) => {
    if (user.level === 'org') {
      if (user.orgId === null) throw ApiError.forbidden('账号没有所属单位');
      const [o] = await tx.select().from(organisations).where(eq(organisations.id, user.orgId));
      if (!o || !['train', 'enterprise'].includes(o.category)) throw ApiError.forbidden('只有培训机构与企业可以申请入驻');
      if (kindOfCategory(o.category) !== input.orgType) throw ApiError.badRequest(`本单位的类型是${ORG_KIND_LABEL[kindOfCategory(o.category)]}`, { orgType: '单位类型与本单位不符' });
      if (!sameRegion(o, input.region)) throw ApiError.badRequest('所在区划由管理员维护，不能在入驻资料里修改', { region: '所在区划不能修改' });
      const [row] = await withUniqueMessage('本单位已有入驻资料，请在入驻管理中修改', () =>
        tx
          .insert(orgProfiles)
          .values({ orgId: o.id, cityId: o.cityId, ...profileValues(input), settleStatus: SETTLE_STATUS.DRAFT, createdBy: user.id })
          .returning(),
      );
      await tx.update(organisations).set({ ...orgValues(input), updatedAt: new Date() }).where(eq(organisations.id, o.id));
      await tx.insert(orgSettleHistory).values({ orgId: o.id, action: 'create', fromStatus: null, toStatus: SETTLE_STATUS.DRAFT, actorId: user.id, actorName: actorName(user) });
      await attachFiles(tx, { entity: PROFILE_FILE_ENTITY, entityId: row.id }, fileUrls(input), { by: user });
      audit({ entity: 'org_profile', entityId: row.id, after: row, detail: `填写入驻资料 ${input.agentName}` });
      return row.id;
    }
    // 管理员登记：区划须在本辖区
    const areaId = await resolveRegion(tx, input.region);
    const cityId = input.region[1]!;
    if (!inScope(user, { cityId })) throw ApiError.forbidden('只能登记本辖区内的单位');
    const category = categoryOfKind(input.orgType);
    const [o] = await tx
      .insert(organisations)
      .values({ code: await newOrgCode(tx, areaId), category, orgType: category === 'train' ? 103 : 0, areaId, cityId, ...orgValues(input) })
      .returning();
    const now = new Date();
    const [row] = await tx
      .insert(orgProfiles)
      .values({ orgId: o.id, cityId, ...profileValues(input), settleStatus: SETTLE_STATUS.SETTLED, settledAt: now, createdBy: user.id })
      .returning();
    await tx.insert(orgSettleHistory).values({ orgId: o.id, action: 'register', fromStatus: null, toStatus: SETTLE_STATUS.SETTLED, opinion: '管理员登记', actorId: user.id, actorName: actorName(user) });
    await attachFiles(tx, { entity: PROFILE_FILE_ENTITY, entityId: row.id }, fileUrls(input), { by: user });
    audit({ entity: 'org_profile', entityId: row.id, after: { ...row, org: o }, detail: `登记单位 ${o.name}` });
    return row.id;
  });
  return profileDetail(db, session, id, audit);
}

/** /bapi/orginaion/update：单位在填写中或被驳回时修改；管理员可随时修改范围内的资料（不改变入驻状态） */
export async function updateProfile(db: Db, session: Session, submitted: OrgProfileValue & { id: number }, audit: Audit): Promise<ProfileDetail> {
  const { user } = session;
  const before = await loadProfile(db, user, submitted.id);
  // 详情里是脱敏的身份证号与银行账号：未改的原样传回时保留库里的值
  const input = { ...submitted, masterIdCard: keepIfMasked(submitted.masterIdCard, before.p.masterIdCard) ?? '', bankAccount: keepIfMasked(submitted.bankAccount, before.p.bankAccount) ?? '' };
  if (isMaskedValue(input.masterIdCard) || !input.masterIdCard) throw ApiError.badRequest('请输入完整的法定代表人身份证号', { masterIdCard: '请输入完整的法定代表人身份证号' });
  if (isMaskedValue(input.bankAccount) || !input.bankAccount) throw ApiError.badRequest('请输入完整的银行账号', { bankAccount: '请输入完整的银行账号' });
  const subject = { ...before.p, category: before.o.category, orgName: before.o.name };
  const isOrg = settleActorsOf(user, before.p).includes('org');
  settleWorkflow.assertOperation(subject, session, isOrg ? 'edit' : 'adminEdit');
  if (kindOfCategory(before.o.category) !== input.orgType) throw ApiError.badRequest('单位类型不能修改', { orgType: '单位类型不能修改' });
  await assertCreditCodeFree(db, input.unifiedSocialCreditCode, before.o.id);
  const regionChanged = !sameRegion(before.o, input.region);
  if (regionChanged && isOrg) throw ApiError.badRequest('所在区划由管理员维护，不能在入驻资料里修改', { region: '所在区划不能修改' });
  await db.transaction(async (tx) => {
    let move = {};
    if (regionChanged) {
      const areaId = await resolveRegion(tx, input.region);
      if (!inScope(user, { cityId: input.region[1] })) throw ApiError.forbidden('只能把单位迁到本辖区内');
      move = { areaId, cityId: input.region[1] };
    }
    await tx.update(organisations).set({ ...orgValues(input), ...move, updatedAt: new Date() }).where(eq(organisations.id, before.o.id));
    const [after] = await tx
      .update(orgProfiles)
      .set({ ...profileValues(input), ...(regionChanged ? { cityId: input.region[1] } : {}), updatedAt: new Date() })
      .where(eq(orgProfiles.id, before.p.id))
      .returning();
    await tx.insert(orgSettleHistory).values({ orgId: before.o.id, action: 'update', fromStatus: before.p.settleStatus, toStatus: before.p.settleStatus, actorId: user.id, actorName: actorName(user) });
    await attachFiles(tx, { entity: PROFILE_FILE_ENTITY, entityId: before.p.id }, fileUrls(input), { by: user });
    audit({ entity: 'org_profile', entityId: before.p.id, before: before.p, after, detail: `修改入驻资料 ${input.agentName}` });
  });
  return profileDetail(db, session, input.id, audit);
}

/** /bapi/orginaion/del：删除从未审核通过的入驻资料（单位本身不删） */
export async function removeProfiles(db: Db, session: Session, input: { ids: number[] }, audit: Audit): Promise<{ removed: number }> {
  const rows = await rowsQuery(db).where(and(inArray(orgProfiles.id, input.ids), profileScope(session.user)));
  if (rows.length !== new Set(input.ids).size) throw ApiError.notFound('入驻资料不存在或不在您的管辖范围内');
  for (const r of rows) {
    if (!EDITABLE_SETTLE.includes(r.p.settleStatus)) throw ApiError.badRequest(`“${r.o.name}”的入驻资料当前为「${settleStatusLabel(r.p.settleStatus)}」，不能删除`);
    settleWorkflow.assertOperation({ ...r.p, category: r.o.category, orgName: r.o.name }, session, 'delete');
  }
  await db.transaction(async (tx) => {
    await tx.delete(orgProfiles).where(inArray(orgProfiles.id, rows.map((r) => r.p.id)));
    for (const r of rows) {
      await detachFiles(tx, { entity: PROFILE_FILE_ENTITY, entityId: r.p.id });
      audit({ entity: 'org_profile', entityId: r.p.id, before: r.p, detail: `删除入驻资料 ${r.o.name}` });
    }
  });
  return { removed: rows.length };
}

// ---------- 入驻的办理 ----------

/** 入驻状态的每一步（引擎：办理方与权限 403、状态 409、意见必填 400、条件更新、历史、通知） */
export async function applySettleTransition(db: Db, session: Session, input: { id: number; action: SettleAction; opinion?: string | null }, audit: Audit): Promise<ProfileDetail> {
  await settleWorkflow.apply(db, session, input, audit);
  return profileDetail(db, session, input.id, audit);
}

/** 审核：按资料的当前状态与审核人的层级，通过或驳回对应的一步（市级审核或省级审核） */
export async function auditProfile(db: Db, session: Session, input: { id: number; result: 'pass' | 'reject'; opinion?: string | null }, audit: Audit): Promise<ProfileDetail> {
  const p = await settleWorkflow.def.load(db, session.user, input.id);
  const level = session.user.level === 'province' ? 'province' : 'city';
  const action: SettleAction = `${level}${input.result === 'pass' ? 'Pass' : 'Reject'}`;
  // 市级审核的资料不在待市级审核时，说它当前的状态（引擎的 409）
  settleWorkflow.check(p, session, action);
  return applySettleTransition(db, session, { id: input.id, action, opinion: input.opinion }, audit);
}

export const SETTLE_HISTORY_LABEL: Record<string, string> = {
  create: '填写入驻资料',
  register: '管理员登记',
  update: '修改资料',
  sync: '同步到求实平台',
  ...Object.fromEntries(SETTLE_TRANSITIONS.map((t) => [t.action, t.verb])),
};

export async function settleHistory(db: Db, session: Session, id: number) {
  const row = await loadProfile(db, session.user, id);
  const list = await db.select().from(orgSettleHistory).where(eq(orgSettleHistory.orgId, row.o.id)).orderBy(desc(orgSettleHistory.createdAt), desc(orgSettleHistory.id));
  return list.map((h) => ({
    id: h.id,
    action: h.action,
    actionName: SETTLE_HISTORY_LABEL[h.action] ?? h.action,
    fromStatusName: h.fromStatus === null ? '—' : settleStatusLabel(h.fromStatus),
    toStatusName: settleStatusLabel(h.toStatus),
    opinion: h.opinion,
    actorName: h.actorName,
    createTime: formatBeijing(h.createdAt),
  }));
}

/** GET courseSchedulingInfo/synchronizationQiuShiOrginationByCode：把已入驻的单位同步到求实平台（管理员），返回同步的数据 */
export async function syncByCode(db: Db, session: Session, input: { code: string }, audit: Audit) {
  const [found] = await rowsQuery(db).where(and(eq(organisations.code, input.code), profileScope(session.user)));
  if (!found) throw ApiError.notFound('单位不存在或不在您的管辖范围内');
  if (found.p.settleStatus !== SETTLE_STATUS.SETTLED) throw ApiError.badRequest('只有已入驻的单位才能同步到求实平台');
  settleWorkflow.assertOperation({ ...found.p, category: found.o.category, orgName: found.o.name }, session, 'sync');
  const now = new Date();
  const orgination = {
    agentCode: found.o.code,
    agentName: found.o.name,
    orgType: kindOfCategory(found.o.category),
    unifiedSocialCreditCode: found.o.unifiedSocialCreditCode,
    master: found.o.legalPerson,
    phone: found.o.contactPhone,
    cityName: found.cityName,
    trainRange: found.p.trainRange,
    schoolPermitCode: found.p.schoolPermitCode,
  };
  // 同步时间、办理记录与外发队列的一行在同一个事务里写下（求实平台未配置时行在队列里等待）
  const outboxId = await db.transaction(async (tx) => {
    await tx.update(orgProfiles).set({ pushedAt: now }).where(eq(orgProfiles.id, found.p.id));
    await tx.insert(orgSettleHistory).values({ orgId: found.o.id, action: 'sync', fromStatus: found.p.settleStatus, toStatus: found.p.settleStatus, actorId: session.user.id, actorName: actorName(session.user) });
    return enqueueQiuShi(tx, { kind: 'organisation', entityId: found.o.code, at: now, summary: `单位 ${found.o.code} ${found.o.name}`.slice(0, 200), data: orgination });
  });
  audit({ entity: 'org_profile', entityId: found.p.id, after: { outboxId }, detail: `同步单位 ${found.o.name} 到求实平台` });
  return { syncedAt: formatBeijing(now), orgination, ...(await deliverQiuShi(db, outboxId)) };
}

/** 定点培训机构名录：按市列出已入驻的定点培训机构（范围内的市） */
export async function designatedList(db: Db, user: SessionUser, filter: { cityId?: number }) {
  const rows = await db
    .select({ cityId: orgProfiles.cityId, cityName: areas.name, id: orgProfiles.id, code: organisations.code, name: organisations.name, address: organisations.address, phone: organisations.contactPhone, trainRange: orgProfiles.trainRange })
    .from(orgProfiles)
    .innerJoin(organisations, eq(organisations.id, orgProfiles.orgId))
    .leftJoin(areas, eq(areas.id, orgProfiles.cityId))
    .where(
      and(
        eq(orgProfiles.settleStatus, SETTLE_STATUS.SETTLED),
        eq(organisations.category, 'train'),
        user.level === 'org' ? undefined : profileScope(user),
        filter.cityId !== undefined ? eq(orgProfiles.cityId, filter.cityId) : undefined,
      ),
    )
    .orderBy(asc(orgProfiles.cityId), asc(organisations.name));
  const byCity = new Map<number, { cityId: number; cityName: string; count: number; list: { id: number; code: string; name: string; address: string | null; phone: string | null; trainRange: string | null }[] }>();
  for (const r of rows) {
    const key = r.cityId ?? 0;
    const entry = byCity.get(key) ?? { cityId: key, cityName: r.cityName ?? '', count: 0, list: [] };
    entry.count++;
    entry.list.push({ id: r.id, code: r.code, name: r.name, address: r.address, phone: r.phone, trainRange: r.trainRange });
    byCity.set(key, entry);
  }
  return [...byCity.values()];
}

// ---------- 企业评价 ----------

const evalScope = (user: SessionUser) => scopeWhere(user, { cityId: orgEvaluations.cityId, orgId: orgEvaluations.orgId });

const evalRows = (db: Db) =>
  db
    .select({ e: orgEvaluations, orgName: organisations.name, category: organisations.category, cityName: areas.name })
    .from(orgEvaluations)
    .innerJoin(organisations, eq(organisations.id, orgEvaluations.orgId))
    .leftJoin(areas, eq(areas.id, orgEvaluations.cityId));

type EvalRow = { e: typeof orgEvaluations.$inferSelect; orgName: string; category: string; cityName: string | null };

function evalWhere(user: SessionUser, f: { agentName?: string; year?: number }) {
  return and(evalScope(user), f.agentName ? ilike(organisations.name, containsPattern(f.agentName)) : undefined, f.year !== undefined ? eq(orgEvaluations.year, f.year) : undefined);
}

const evalItem = (session: Session, { e, orgName, category, cityName }: EvalRow) => ({
  id: e.id,
  orgId: e.orgId,
  orgName,
  orgTypeName: ORG_KIND_LABEL[kindOfCategory(category)],
  cityName,
  year: e.year,
  score: e.score,
  grade: evaluationGrade(e.score),
  content: e.content,
  evaluatorName: e.evaluatorName,
  updateTime: formatBeijing(e.updatedAt),
  actions: session.user.level !== 'org' && inScope(session.user, { cityId: e.cityId }) ? (['edit', 'delete'] as const).filter((a) => can(session, `companyEvaluation.${a}`)) : [],
});

export async function listEvaluations(db: Db, session: Session, filter: { agentName?: string; year?: number }, page: Page) {
  const where = evalWhere(session.user, filter);
  return fetchPage(
    page,
    evalRows(db).where(where).orderBy(desc(orgEvaluations.year), desc(orgEvaluations.score), desc(orgEvaluations.id)),
    db.select({ total: count() }).from(orgEvaluations).innerJoin(organisations, eq(organisations.id, orgEvaluations.orgId)).where(where),
    (rows) => rows.map((r) => evalItem(session, r)),
  );
}

export function exportEvaluations(db: Db, session: Session, filter: { agentName?: string; year?: number }) {
  const where = evalWhere(session.user, filter);
  return exportXlsx<EvalRow>({
    sheetName: '企业评价',
    columns: [
      { header: '单位名称', format: (_v, r) => r.orgName, width: 32 },
      { header: '单位类型', format: (_v, r) => ORG_KIND_LABEL[kindOfCategory(r.category)] },
      { header: '所在市', format: (_v, r) => r.cityName },
      { header: '年度', format: (_v, r) => r.e.year },
      { header: '评分', format: (_v, r) => r.e.score },
      { header: '等级', format: (_v, r) => evaluationGrade(r.e.score) },
      { header: '评价内容', format: (_v, r) => r.e.content, width: 48 },
      { header: '评价人', format: (_v, r) => r.e.evaluatorName },
    ],
    rows: keysetBatches<EvalRow, number>(
      (last, limit) =>
        evalRows(db)
          .where(last === null ? where : and(where, sql`${orgEvaluations.id} < ${last}`))
          .orderBy(desc(orgEvaluations.id))
          .limit(limit),
      (r) => r.e.id,
    ),
  });
}

/** 评价已入驻（或暂停）的范围内单位；一个单位一年一条 */
export async function saveEvaluation(db: Db, session: Session, input: { id?: number; orgId: number; year: number; score: number; content: string }, audit: Audit) {
  const { user } = session;
  if (user.level === 'org') throw ApiError.forbidden('单位不能评价自己');
  const [target] = await rowsQuery(db).where(and(eq(orgProfiles.orgId, input.orgId), profileScope(user)));
  if (!target) throw ApiError.notFound('单位不存在或不在您的管辖范围内');
  if (![SETTLE_STATUS.SETTLED, SETTLE_STATUS.SUSPENDED].includes(target.p.settleStatus as 5 | 6)) throw ApiError.badRequest(`“${target.o.name}”尚未入驻，不能评价`);
  const values = { orgId: input.orgId, cityId: target.p.cityId, year: input.year, score: input.score, content: input.content, evaluatorId: user.id, evaluatorName: actorName(user), updatedAt: new Date() };
  const duplicate = `“${target.o.name}”${input.year} 年度已有评价`;
  if (input.id === undefined) {
    const [row] = await withUniqueMessage(duplicate, () => db.insert(orgEvaluations).values(values).returning());
    audit({ entity: 'org_evaluation', entityId: row.id, after: row, detail: `评价 ${target.o.name} ${input.year} 年度` });
    return { id: row.id };
  }
  const [before] = await db.select().from(orgEvaluations).where(and(eq(orgEvaluations.id, input.id), evalScope(user)));
  if (!before) throw ApiError.notFound('评价不存在或不在您的管辖范围内');
  const [row] = await withUniqueMessage(duplicate, () => db.update(orgEvaluations).set(values).where(eq(orgEvaluations.id, input.id!)).returning());
  audit({ entity: 'org_evaluation', entityId: row.id, before, after: row, detail: `修改 ${target.o.name} 的评价` });
  return { id: row.id };
}

export async function removeEvaluations(db: Db, session: Session, input: { ids: number[] }, audit: Audit): Promise<{ removed: number }> {
  if (session.user.level === 'org') throw ApiError.forbidden('单位不能删除评价');
  const rows = await db.select().from(orgEvaluations).where(and(inArray(orgEvaluations.id, input.ids), evalScope(session.user)));
  if (rows.length !== new Set(input.ids).size) throw ApiError.notFound('评价不存在或不在您的管辖范围内');
  await db.delete(orgEvaluations).where(inArray(orgEvaluations.id, rows.map((r) => r.id)));
  for (const r of rows) audit({ entity: 'org_evaluation', entityId: r.id, before: r, detail: '删除企业评价' });
  return { removed: rows.length };
}

/** 可评价的单位（范围内已入驻的）：评价表单的选项 */
export async function evaluableOrgs(db: Db, session: Session, keyword: string | undefined) {
  return db
    .select({ value: organisations.id, label: organisations.name })
    .from(orgProfiles)
    .innerJoin(organisations, eq(organisations.id, orgProfiles.orgId))
    .where(and(profileScope(session.user), inArray(orgProfiles.settleStatus, [SETTLE_STATUS.SETTLED, SETTLE_STATUS.SUSPENDED]), keyword ? ilike(organisations.name, containsPattern(keyword)) : undefined))
    .orderBy(asc(organisations.name))
    .limit(100);
}
