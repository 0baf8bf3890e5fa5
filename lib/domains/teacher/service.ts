// 师资库：列表（每行带当前用户可做的操作）、详情、表单数据、登记与修改（同一份 zod，服务端再查区划、主管单位、上班单位、
// 证书的工种与文件）、删除、审核（经 transitions.ts 的转换表）、操作记录与审核意见、推送、所授班级、主管单位与上班单位的选项。
// 范围见 access.ts：范围外的教师一律 404。
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { fetchPage } from '@/lib/platform/db/paged';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { inScope } from '@/lib/platform/auth/scope';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing, beijingStamp } from '@/lib/platform/time';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { isMaskedValue, keepIfMasked, maskIdNumber, maskMobile } from '@/lib/platform/identity';
import { canUnmask, unmaskedView } from '../privacy/service';
import { ACCESS_ACTION, type AccessAction, type UnmaskRequest } from '../privacy/schemas';
import { areas } from '../area/tables';
import { resolveRegion } from '../area/service';
import { organisations } from '../org/tables';
import { baseWorks } from '../catalog/tables';
import { attachFiles, detachFiles } from '../file/service';
import { teacherCertificates, teacherHistory, teacherRelations, teachers, type Teacher } from './tables';
import { isLocked, REVIEWABLE_STATUSES, reviewStepOf, TEACHER_AUDIT, teacherAuditLabel } from './transitions';
import { isTeacherAccount, loadTeacher, teacherActorOf, teacherScope } from './access';
import { teacherWorkflow } from './workflow';
import { deliverQiuShi, enqueueQiuShi } from '../org/qiushi';
import {
  CERT_KIND,
  CERT_KIND_LABEL,
  CERT_LEVEL_LABEL,
  TEACHER_MESSAGES,
  TEACHER_TYPE_LABEL,
  TITLE_CATEGORY_LABEL,
  TITLE_LEVEL_LABEL,
  USER_TYPE_LABEL,
  WORK_CERT_KINDS,
  type CertificateItem,
  type CertificateValue,
  type TeacherDetail,
  type TeacherItem,
  type TeacherSaveValue,
} from './schemas';

/** 教师引用的上传文件（头像、证书图片）在上传服务里登记的实体名 */
export const TEACHER_FILE_ENTITY = 'teacher';

const actorName = (user: SessionUser) => user.realName || user.nickName;

/** 机构的所在县区：区划是县区一级时 */
const countyOf = (o: { areaId: number; cityId: number | null }) => (o.cityId !== null && o.areaId !== o.cityId && o.areaId % 100 !== 0 ? o.areaId : null);

/** 新教师的主键与编号：JS + 登记年份 + 6 位序号（取自主键），一次插入带编号的行 */
export async function numberTeacher(db: Db, at = new Date()): Promise<{ id: number; code: string }> {
  const id = await nextId(db, teachers);
  return { id, code: businessCode({ prefix: 'JS', year: beijingStamp(at).slice(0, 4), serial: id }) };
}

// ---------- 历史 ----------

export const HISTORY_ACTION_LABEL: Record<string, string> = {
  create: '登记教师',
  update: '修改资料',
  resubmit: '修改后重新提交',
  approve: '审核通过',
  reject: '审核驳回',
  revoke: '撤销通过',
  delete: '删除教师',
  relationAdd: '登记上班单位',
  relationRemove: '解除上班单位',
  push: '推送到求实平台',
  expertAdd: '列入专家库',
  expertRemove: '移出专家库',
};

type HistoryRow = typeof teacherHistory.$inferInsert;
const historyRow = (user: SessionUser, teacherId: number, action: string, from: number | null, to: number | null, opinion: string | null = null): HistoryRow => ({
  teacherId,
  action,
  fromStatus: from,
  toStatus: to,
  opinion,
  actorId: user.id,
  actorName: actorName(user),
});

// ---------- 列表 ----------

export interface TeacherFilter {
  realName?: string;
  cardNo?: string;
  userPhone?: string;
  orgName?: string;
  userType?: number;
  teacherType?: number;
  auditStatus?: number;
  expertOnly?: boolean;
  /** 审核列表：只列审核方有事可办的状态（未指定状态时） */
  reviewQueue?: boolean;
}

function listWhere(user: SessionUser, f: TeacherFilter): SQL {
  const conds: (SQL | undefined)[] = [teacherScope(user)];
  if (f.realName) conds.push(ilike(teachers.name, containsPattern(f.realName)));
  // 身份证号与手机号加密存放：只能按完整号码经盲索引查
  if (f.cardNo) conds.push(eq(teachers.idCardIndex, blindIndex('idNumber', f.cardNo)));
  if (f.userPhone) conds.push(eq(teachers.phoneIndex, blindIndex('mobile', f.userPhone)));
  if (f.orgName) conds.push(ilike(organisations.name, containsPattern(f.orgName)));
  if (f.userType !== undefined) conds.push(eq(teachers.userType, f.userType));
  if (f.teacherType !== undefined) conds.push(eq(teachers.teacherType, f.teacherType));
  if (f.auditStatus !== undefined) conds.push(eq(teachers.auditStatus, f.auditStatus));
  else if (f.reviewQueue) conds.push(inArray(teachers.auditStatus, [...REVIEWABLE_STATUSES]));
  if (f.expertOnly) conds.push(isNotNull(teachers.expertAt));
  return and(...conds)!;
}

const competent = sql<string | null>`(select o.name from ${organisations} o where o.id = ${teachers.competentOrgId})`;

const listSelect = (db: Db) =>
  db
    .select({ t: teachers, orgName: organisations.name, cityName: areas.name, competentName: competent })
    .from(teachers)
    .innerJoin(organisations, eq(organisations.id, teachers.orgId))
    .leftJoin(areas, eq(areas.id, teachers.cityId));

type ListRow = { t: Teacher; orgName: string; cityName: string | null; competentName: string | null };

/** 本页教师的上班单位（一次查询） */
async function unitsOf(db: Db, teacherIds: number[]): Promise<Map<number, { code: string; name: string; orgId: number }[]>> {
  const out = new Map<number, { code: string; name: string; orgId: number }[]>();
  if (!teacherIds.length) return out;
  const rows = await db
    .select({ teacherId: teacherRelations.teacherId, orgId: organisations.id, code: organisations.code, name: organisations.name })
    .from(teacherRelations)
    .innerJoin(organisations, eq(organisations.id, teacherRelations.orgId))
    .where(inArray(teacherRelations.teacherId, teacherIds))
    .orderBy(asc(teacherRelations.id));
  for (const r of rows) {
    const list = out.get(r.teacherId) ?? [];
    list.push({ code: r.code, name: r.name, orgId: r.orgId });
    out.set(r.teacherId, list);
  }
  return out;
}

/** 看全教师身份证号与手机号的资源（师资库、审核列表、专家库与导出都用它）：teacher.unmask */
export const TEACHER_UNMASK_RESOURCE = 'teacher';

/** 请求看全（列表与导出） */
export interface TeacherUnmask extends UnmaskRequest {
  unmask?: boolean;
  ip?: string | null;
}

/** 看全一批教师之前：权限、理由与访问日志；没请求看全时什么也不做 */
async function unmaskTeachers(db: Db, session: Session, req: TeacherUnmask, action: AccessAction, ids: number[], audit: Audit): Promise<boolean> {
  if (!req.unmask) return false;
  await unmaskedView(db, session, { resource: TEACHER_UNMASK_RESOURCE, action, entity: 'teacher', entityId: ids[0] ?? 0, detail: ids.length === 1 ? '教师资料' : `师资库 ${ids.length} 名教师`, recordIds: ids, reason: req.reason, reasonNote: req.reasonNote, ip: req.ip }, audit);
  return true;
}

/** 身份证号与手机号默认脱敏；教师本人看自己的资料是全号 */
const showFull = (session: Session, t: Teacher, unmasked: boolean) => unmasked || (t.userId !== null && t.userId === session.user.id);

function toItem(session: Session, { t, orgName, cityName, competentName }: ListRow, units: { code: string; name: string }[], unmasked = false): TeacherItem {
  const full = showFull(session, t, unmasked);
  return {
    id: t.id,
    bizCode: t.code,
    primaryId: t.id,
    nickName: t.nickName,
    realName: t.name,
    userType: t.userType,
    userTypeName: USER_TYPE_LABEL[t.userType] ?? String(t.userType),
    cardNo: full ? t.idCard : maskIdNumber(t.idCard),
    userPhone: full ? t.phone : maskMobile(t.phone),
    userEmail: t.email,
    teacherType: t.teacherType,
    teacherTypeName: TEACHER_TYPE_LABEL[t.teacherType] ?? String(t.teacherType),
    orgId: t.orgId,
    orgName,
    cityName,
    competentName,
    teacherTmg: t.avatarUrl,
    auditStatus: t.auditStatus,
    auditStatusName: teacherAuditLabel(t.auditStatus),
    auditOpinion: t.auditOpinion,
    createUserCode: units.map((u) => u.code).join(','),
    unitNames: units.map((u) => u.name).join('、'),
    expertField: t.expertField,
    isExpert: t.expertAt !== null,
    createTime: formatBeijing(t.createdAt),
    actions: teacherWorkflow.availableActions(t, session),
  };
}

async function toItems(db: Db, session: Session, rows: ListRow[], unmasked = false): Promise<TeacherItem[]> {
  const units = await unitsOf(
    db,
    rows.map((r) => r.t.id),
  );
  return rows.map((r) => toItem(session, r, units.get(r.t.id) ?? [], unmasked));
}

export type TeacherPage = PageResult<TeacherItem> & { masked: boolean; canUnmask: boolean };

/** 师资库分页：身份证号与手机号默认脱敏；unmask 时经 unmaskedView（teacher.unmask、理由、访问日志）给全号 */
export async function listTeachers(db: Db, session: Session, filter: TeacherFilter & TeacherUnmask, page: Page, audit: Audit): Promise<TeacherPage> {
  const { unmask, reason, reasonNote, ip, ...f } = filter;
  const where = listWhere(session.user, f);
  let unmasked = false;
  const result = await fetchPage(
    page,
    listSelect(db).where(where).orderBy(desc(teachers.id)),
    db.select({ total: count() }).from(teachers).innerJoin(organisations, eq(organisations.id, teachers.orgId)).where(where),
    async (rows) => {
      unmasked = await unmaskTeachers(db, session, { unmask, reason, reasonNote, ip }, ACCESS_ACTION.VIEW, rows.map((r) => r.t.id), audit);
      return toItems(db, session, rows, unmasked);
    },
  );
  return { ...result, masked: !unmasked, canUnmask: canUnmask(session, TEACHER_UNMASK_RESOURCE) };
}

/** 审核列表：与列表相同，未指定状态时只列待审核的（审核方有事可办的状态） */
export function listAuditTeachers(db: Db, session: Session, filter: TeacherFilter & TeacherUnmask, page: Page, audit: Audit): Promise<TeacherPage> {
  return listTeachers(db, session, { ...filter, reviewQueue: filter.auditStatus === undefined }, page, audit);
}

/** 导出当前筛选条件下的教师（按 id 键集分页，流式写出）：身份证号与手机号脱敏；unmask 时为全号（先记访问日志） */
export async function exportTeachers(db: Db, session: Session, filter: TeacherFilter & TeacherUnmask, audit: Audit) {
  const { unmask, reason, reasonNote, ip, ...f } = filter;
  const where = listWhere(session.user, f);
  let unmasked = false;
  if (unmask) {
    const ids = await db.select({ id: teachers.id }).from(teachers).innerJoin(organisations, eq(organisations.id, teachers.orgId)).where(where).orderBy(desc(teachers.id));
    unmasked = await unmaskTeachers(db, session, { unmask, reason, reasonNote, ip }, ACCESS_ACTION.EXPORT, ids.map((r) => r.id), audit);
  }
  const card = (r: ListRow) => (showFull(session, r.t, unmasked) ? r.t.idCard : maskIdNumber(r.t.idCard));
  const phone = (r: ListRow) => (showFull(session, r.t, unmasked) ? r.t.phone : maskMobile(r.t.phone));
  return exportXlsx<ListRow>({
    sheetName: '师资库',
    columns: [
      { header: '教师编号', format: (_v, r) => r.t.code, width: 22 },
      { header: '真实姓名', format: (_v, r) => r.t.name },
      { header: '用户名', format: (_v, r) => r.t.nickName },
      { header: '教师类型', format: (_v, r) => USER_TYPE_LABEL[r.t.userType], width: 22 },
      { header: '师资类型', format: (_v, r) => TEACHER_TYPE_LABEL[r.t.teacherType], width: 22 },
      { header: '身份证号', format: (_v, r) => card(r), width: 22 },
      { header: '手机号', format: (_v, r) => phone(r), width: 14 },
      { header: '常用邮箱', format: (_v, r) => r.t.email, width: 24 },
      { header: '所属机构', format: (_v, r) => r.orgName, width: 30 },
      { header: '所在市', format: (_v, r) => r.cityName },
      { header: '主管单位', format: (_v, r) => r.competentName, width: 28 },
      { header: '审核状态', format: (_v, r) => teacherAuditLabel(r.t.auditStatus) },
      { header: '登记时间', format: (_v, r) => r.t.createdAt, width: 20 },
    ],
    rows: keysetBatches<ListRow, number>(
      (last, limit) =>
        listSelect(db)
          .where(last === null ? where : and(where, sql`${teachers.id} < ${last}`))
          .orderBy(desc(teachers.id))
          .limit(limit),
      (r) => r.t.id,
    ),
  });
}

// ---------- 详情与表单 ----------

async function certificatesOf(db: Db, teacherId: number): Promise<CertificateItem[]> {
  const rows = await db.select().from(teacherCertificates).where(eq(teacherCertificates.teacherId, teacherId)).orderBy(asc(teacherCertificates.sort), asc(teacherCertificates.id));
  return rows.map((c) => ({
    id: c.id,
    certificateName: c.kind,
    certificateNameLabel: CERT_KIND_LABEL[c.kind] ?? String(c.kind),
    certificateCode: c.code,
    wordId: c.workCode,
    wordName: c.workName,
    typeLevel: c.level,
    typeLevelLabel: c.level === null ? null : c.kind === CERT_KIND.TITLE ? (TITLE_LEVEL_LABEL[c.level] ?? c.level) : (CERT_LEVEL_LABEL[c.level] ?? c.level),
    resStoreFile: c.fileUrl,
    certificatePosterUrl: c.posterUrl,
  }));
}

/** 审核通过后不能修改的字段（表单据此禁用，服务端据此拒绝） */
export const LOCKED_FIELDS = ['nickName', 'realName', 'userType', 'cardNo', 'region', 'competentCode', 'teacherType', 'sysTeacherCertificateList'] as const;
const LOCKED_LABEL: Record<(typeof LOCKED_FIELDS)[number], string> = {
  nickName: '用户名',
  realName: '真实姓名',
  userType: '教师类型',
  cardNo: '身份证号',
  region: '行政区划',
  competentCode: '主管单位',
  teacherType: '师资类型',
  sysTeacherCertificateList: '证书',
};

export async function teacherDetail(db: Db, session: Session, id: number): Promise<TeacherDetail> {
  const t = await loadTeacher(db, session.user, id);
  const [row] = await listSelect(db).where(eq(teachers.id, id));
  const units = (await unitsOf(db, [id])).get(id) ?? [];
  const [competentOrg] = await db.select({ code: organisations.code }).from(organisations).where(eq(organisations.id, t.competentOrgId));
  const regionIds = [t.provinceId, t.areaCityId, t.districtId].filter((v): v is number => v !== null);
  const names = await db.select({ id: areas.id, name: areas.name }).from(areas).where(inArray(areas.id, regionIds));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return {
    ...toItem(session, row, units),
    region: [t.provinceId, t.areaCityId, t.districtId] as TeacherDetail['region'],
    regionName: regionIds.map((i) => nameOf.get(i) ?? String(i)).join(' / '),
    competentCode: competentOrg?.code ?? '',
    teacherContent: t.content,
    units: units.map((u) => ({ code: u.code, name: u.name, own: u.orgId === t.orgId })),
    sysTeacherCertificateList: await certificatesOf(db, id),
    lockedFields: isLocked(t.auditStatus) ? [...LOCKED_FIELDS] : [],
  };
}

/** 新登记时表单的默认值：区划取自本机构、上班单位为本机构 */
export async function teacherFormDefaults(db: Db, user: SessionUser): Promise<{ region: [number, number | null, number | null] | null; units: { code: string; name: string; own: boolean }[] }> {
  if (user.level !== 'org' || user.orgId === null) return { region: null, units: [] };
  const [o] = await db.select({ code: organisations.code, name: organisations.name, areaId: organisations.areaId, cityId: organisations.cityId }).from(organisations).where(eq(organisations.id, user.orgId));
  if (!o) return { region: null, units: [] };
  const province = Math.floor(o.areaId / 10000) * 10000;
  return { region: [province, o.cityId, countyOf(o)], units: [{ code: o.code, name: o.name, own: true }] };
}

/** GET teacher/form：有 id 为修改（教师资料与不可改的字段），没有为新登记的默认值 */
export async function teacherForm(db: Db, session: Session, id: number | undefined) {
  if (id === undefined) return { teacher: null, defaults: await teacherFormDefaults(db, session.user) };
  const t = await teacherDetail(db, session, id);
  if (!t.actions.includes('edit')) throw ApiError.forbidden('不能修改这名教师的资料');
  return { teacher: t, defaults: null };
}

// ---------- 选项 ----------

/** 主管单位：行政区划各级（省、市、县区）的管理单位。区划变了，界面据此重新加载并清掉不再列出的选择 */
export async function competentUnits(db: Db, region: readonly [number, number | null, number | null]) {
  const ids = region.filter((v): v is number => v !== null);
  return db
    .select({ code: organisations.code, name: organisations.name, areaId: organisations.areaId })
    .from(organisations)
    .where(and(eq(organisations.category, 'admin'), eq(organisations.status, 0), inArray(organisations.areaId, ids)))
    .orderBy(asc(organisations.areaId), asc(organisations.name));
}

/** 上班单位的选项：培训机构与企业（按名称查找，最多 50 个） */
export async function unitOptions(db: Db, keyword: string | undefined) {
  return db
    .select({ code: organisations.code, name: organisations.name, category: organisations.category })
    .from(organisations)
    .where(and(inArray(organisations.category, ['train', 'enterprise']), eq(organisations.status, 0), keyword ? ilike(organisations.name, containsPattern(keyword)) : undefined))
    .orderBy(asc(organisations.name))
    .limit(50);
}

// ---------- 登记与修改 ----------

interface Resolved {
  owner: { id: number; cityId: number | null; areaId: number };
  units: { id: number; code: string; cityId: number | null }[];
  competentOrgId: number;
  certificates: (typeof teacherCertificates.$inferInsert)[];
}

/** 服务端才知道的部分：区划链、主管单位在区划内、上班单位存在且含所属机构、证书的工种 */
async function resolveInput(db: Db, user: SessionUser, input: TeacherSaveValue, existingOwner: number | null): Promise<Resolved> {
  await resolveRegion(db, input.region).catch(() => {
    throw ApiError.badRequest(TEACHER_MESSAGES.region, { region: TEACHER_MESSAGES.region });
  });

  const competentList = await competentUnits(db, input.region);
  const [competentRow] = competentList.length
    ? await db.select({ id: organisations.id }).from(organisations).where(and(eq(organisations.code, input.competentCode), inArray(organisations.code, competentList.map((c) => c.code))))
    : [];
  if (!competentRow) throw ApiError.badRequest('主管单位不在所选行政区划内，请重新选择', { competentCode: TEACHER_MESSAGES.competent });

  // 机构登记的教师必在本机构上班：本机构不在所选单位里时补上
  const codes = [...input.createUserCode];
  let ownOrgId = existingOwner;
  if (ownOrgId === null && user.level === 'org' && user.orgId !== null) ownOrgId = user.orgId;
  const unitRows = await db
    .select({ id: organisations.id, code: organisations.code, category: organisations.category, cityId: organisations.cityId, areaId: organisations.areaId })
    .from(organisations)
    .where(or(inArray(organisations.code, codes), ownOrgId !== null ? eq(organisations.id, ownOrgId) : undefined));
  const byCode = new Map(unitRows.map((u) => [u.code, u]));
  const missing = codes.filter((c) => !byCode.get(c) || !['train', 'enterprise'].includes(byCode.get(c)!.category));
  if (missing.length) throw ApiError.badRequest(`上班单位不存在或不是培训机构、企业：${missing.join('、')}`, { createUserCode: TEACHER_MESSAGES.units });

  let owner = ownOrgId !== null ? unitRows.find((u) => u.id === ownOrgId) : undefined;
  if (!owner) {
    // 管理员代登记：所选单位中第一个在本辖区内的单位为所属机构
    owner = codes.map((c) => byCode.get(c)!).find((u) => inScope(user, { cityId: u.cityId, orgId: u.id }));
    if (!owner) throw ApiError.badRequest('请选择本辖区内的培训机构或企业作为上班单位', { createUserCode: TEACHER_MESSAGES.units });
  }
  const units = [owner, ...codes.map((c) => byCode.get(c)!).filter((u) => u.id !== owner!.id)];

  const workCodes = [...new Set(input.sysTeacherCertificateList.filter((c) => WORK_CERT_KINDS.includes(c.certificateName)).map((c) => c.wordId!))];
  const works = workCodes.length ? await db.select({ code: baseWorks.code, name: baseWorks.name }).from(baseWorks).where(inArray(baseWorks.code, workCodes)) : [];
  const workName = new Map(works.map((w) => [w.code, w.name]));
  const unknown = workCodes.filter((c) => !workName.has(c));
  if (unknown.length) throw ApiError.badRequest(`证书的工种不存在：${unknown.join('、')}`, { sysTeacherCertificateList: TEACHER_MESSAGES.certWork });

  const certificates = input.sysTeacherCertificateList.map((c: CertificateValue, i) => {
    const structured = WORK_CERT_KINDS.includes(c.certificateName) || c.certificateName === CERT_KIND.TITLE;
    return {
      teacherId: 0,
      kind: c.certificateName,
      code: c.certificateCode,
      workCode: structured ? c.wordId : null,
      workName: !structured || !c.wordId ? null : c.certificateName === CERT_KIND.TITLE ? TITLE_CATEGORY_LABEL[c.wordId] : workName.get(c.wordId)!,
      level: structured ? c.typeLevel : null,
      fileUrl: c.resStoreFile,
      posterUrl: c.certificatePosterUrl,
      sort: i,
    };
  });
  return { owner, units, competentOrgId: competentRow.id, certificates };
}

const fileUrlsOf = (input: TeacherSaveValue) => [input.teacherTmg, ...input.sysTeacherCertificateList.flatMap((c) => [c.resStoreFile, c.certificatePosterUrl])];

const certKey = (c: { kind: number; code: string | null; workCode: string | null; level: string | null; fileUrl: string }) => [c.kind, c.code ?? '', c.workCode ?? '', c.level ?? '', c.fileUrl].join('|');

/** 审核通过的教师：不可改的字段是否被改了（返回被改的字段名） */
async function changedLockedFields(db: Db, t: Teacher, input: TeacherSaveValue, r: Resolved): Promise<string[]> {
  const changed: string[] = [];
  if (input.nickName !== t.nickName) changed.push(LOCKED_LABEL.nickName);
  if (input.realName !== t.name) changed.push(LOCKED_LABEL.realName);
  if (input.userType !== t.userType) changed.push(LOCKED_LABEL.userType);
  if (blindIndex('idNumber', input.cardNo) !== blindIndex('idNumber', t.idCard)) changed.push(LOCKED_LABEL.cardNo);
  if (input.region[0] !== t.provinceId || input.region[1] !== t.areaCityId || (input.region[2] ?? null) !== t.districtId) changed.push(LOCKED_LABEL.region);
  if (r.competentOrgId !== t.competentOrgId) changed.push(LOCKED_LABEL.competentCode);
  if (input.teacherType !== t.teacherType) changed.push(LOCKED_LABEL.teacherType);
  const stored = await db.select().from(teacherCertificates).where(eq(teacherCertificates.teacherId, t.id)).orderBy(asc(teacherCertificates.sort), asc(teacherCertificates.id));
  if (stored.map(certKey).join('\n') !== r.certificates.map((c) => certKey({ kind: c.kind, code: c.code ?? null, workCode: c.workCode ?? null, level: c.level ?? null, fileUrl: c.fileUrl })).join('\n')) {
    changed.push(LOCKED_LABEL.sysTeacherCertificateList);
  }
  return changed;
}

const DUPLICATE_CARD = () => ApiError.conflict('该身份证号的教师已在师资库中');

async function writeRelations(db: Db, user: SessionUser, teacherId: number, units: Resolved['units']): Promise<void> {
  const keep = units.map((u) => u.id);
  await db.delete(teacherRelations).where(and(eq(teacherRelations.teacherId, teacherId), notInArray(teacherRelations.orgId, keep)));
  await db
    .insert(teacherRelations)
    .values(units.map((u) => ({ teacherId, orgId: u.id, cityId: u.cityId, createdBy: user.id })))
    .onConflictDoNothing();
}

async function writeCertificates(db: Db, teacherId: number, certificates: Resolved['certificates']): Promise<void> {
  await db.delete(teacherCertificates).where(eq(teacherCertificates.teacherId, teacherId));
  if (certificates.length) await db.insert(teacherCertificates).values(certificates.map((c) => ({ ...c, teacherId })));
}

/** POST teacher/save：登记教师（待审核）。机构登记的教师属于本机构；管理员代登记时属于所选的本辖区单位 */
export async function saveTeacher(db: Db, session: Session, input: TeacherSaveValue, audit: Audit): Promise<TeacherDetail> {
  const { user } = session;
  if (isTeacherAccount(user)) throw ApiError.forbidden('教师账号不能登记其他教师');
  if (isMaskedValue(input.cardNo)) throw ApiError.badRequest('请输入完整的身份证号', { cardNo: '请输入完整的身份证号' });
  if (isMaskedValue(input.userPhone)) throw ApiError.badRequest('请输入完整的手机号', { userPhone: '请输入完整的手机号' });
  const r = await resolveInput(db, user, input, null);
  const id = await withUniqueMessage(DUPLICATE_CARD, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(teachers)
        .values({
          ...(await numberTeacher(tx)),
          orgId: r.owner.id,
          cityId: r.owner.cityId,
          countyId: countyOf(r.owner),
          ...fieldsOf(input, r),
          auditStatus: TEACHER_AUDIT.PENDING,
          createdBy: user.id,
        })
        .returning();
      await writeRelations(tx, user, row.id, r.units);
      await writeCertificates(tx, row.id, r.certificates);
      await tx.insert(teacherHistory).values(historyRow(user, row.id, 'create', null, TEACHER_AUDIT.PENDING));
      await attachFiles(tx, { entity: TEACHER_FILE_ENTITY, entityId: row.id }, fileUrlsOf(input), { by: user });
      audit({ entity: 'teacher', entityId: row.id, after: row, detail: `登记教师 ${row.name}` });
      return row.id;
    }),
  );
  return teacherDetail(db, session, id);
}

const phoneFields = (phone: string) => ({ phone, phoneIndex: blindIndex('mobile', phone) });

function fieldsOf(input: TeacherSaveValue, r: Resolved) {
  return {
    nickName: input.nickName,
    name: input.realName,
    userType: input.userType,
    idCard: input.cardNo,
    idCardIndex: blindIndex('idNumber', input.cardNo),
    ...phoneFields(input.userPhone),
    email: input.userEmail,
    provinceId: input.region[0],
    areaCityId: input.region[1]!,
    districtId: input.region[2] ?? null,
    competentOrgId: r.competentOrgId,
    teacherType: input.teacherType,
    content: input.teacherContent,
    avatarUrl: input.teacherTmg,
  };
}

/**
 * POST teacher/update：修改资料。审核通过的教师只能改手机号、邮箱、简介、头像与上班单位（SPEC §4），其余字段改了即拒绝；
 * 被驳回的教师修改后重新待审核（转换 resubmit）。
 */
export async function updateTeacher(db: Db, session: Session, submitted: TeacherSaveValue & { id: number }, audit: Audit): Promise<TeacherDetail> {
  const { user } = session;
  const before = await loadTeacher(db, user, submitted.id);
  // 表单显示脱敏的身份证号与手机号：未改的原样传回时保留库里的号码
  const input = { ...submitted, cardNo: keepIfMasked(submitted.cardNo, before.idCard) ?? before.idCard, userPhone: keepIfMasked(submitted.userPhone, before.phone) ?? before.phone };
  teacherWorkflow.assertOperation(before, session, 'edit');
  const r = await resolveInput(db, user, input, before.orgId);
  if (isLocked(before.auditStatus)) {
    const changed = await changedLockedFields(db, before, input, r);
    if (changed.length) throw ApiError.badRequest(`教师已审核通过，不能修改：${changed.join('、')}`);
  }
  // 被驳回的教师由所属机构修改即重新提交审核（同一事务里办理 resubmit）；管理员代改资料不改审核状态
  const resubmit = teacherWorkflow.availableActions(before, session).includes('resubmit');
  await withUniqueMessage(DUPLICATE_CARD, () =>
    db.transaction(async (tx) => {
      const values = isLocked(before.auditStatus)
        ? { ...phoneFields(input.userPhone), email: input.userEmail, content: input.teacherContent, avatarUrl: input.teacherTmg }
        : fieldsOf(input, r);
      const [after] = await tx
        .update(teachers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(teachers.id, before.id))
        .returning();
      await writeRelations(tx, user, before.id, r.units);
      if (!isLocked(before.auditStatus)) await writeCertificates(tx, before.id, r.certificates);
      if (resubmit) await teacherWorkflow.applyIn(tx, session, { id: before.id, action: 'resubmit' }, audit);
      else await tx.insert(teacherHistory).values(historyRow(user, before.id, 'update', before.auditStatus, before.auditStatus));
      await attachFiles(tx, { entity: TEACHER_FILE_ENTITY, entityId: before.id }, fileUrlsOf(input), { by: user });
      audit({ entity: 'teacher', entityId: before.id, before, after, detail: `修改教师 ${after.name}` });
    }),
  );
  return teacherDetail(db, session, before.id);
}

/** 范围内的一批教师（任一不在范围内即 404，一个也不处理） */
async function loadMany(db: Db, user: SessionUser, ids: number[]): Promise<Teacher[]> {
  const rows = await db
    .select()
    .from(teachers)
    .where(and(inArray(teachers.id, ids), teacherScope(user)));
  if (rows.length !== new Set(ids).size) throw ApiError.notFound('教师不存在或不在您的管辖范围内');
  return rows;
}

/** POST teacher/batch/remove：删除（软删除）；审核通过的不能删除 */
export async function removeTeachers(db: Db, session: Session, input: { ids: number[] }, audit: Audit): Promise<{ removed: number }> {
  const { user } = session;
  const rows = await loadMany(db, user, input.ids);
  for (const t of rows) {
    if (isLocked(t.auditStatus)) throw ApiError.badRequest(`教师“${t.name}”已审核通过，不能删除`);
    teacherWorkflow.assertOperation(t, session, 'delete');
  }
  await db.transaction(async (tx) => {
    await tx
      .update(teachers)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(inArray(teachers.id, rows.map((t) => t.id)));
    await tx.insert(teacherHistory).values(rows.map((t) => historyRow(user, t.id, 'delete', t.auditStatus, t.auditStatus)));
    for (const t of rows) {
      await detachFiles(tx, { entity: TEACHER_FILE_ENTITY, entityId: t.id });
      audit({ entity: 'teacher', entityId: t.id, before: t, detail: `删除教师 ${t.name}` });
    }
  });
  return { removed: rows.length };
}

// ---------- 审核 ----------

/**
 * POST teacher/auditNew：审核一批教师。目标状态 1 通过 / 2 驳回，按每名教师的当前状态在转换表里找到对应的一步
 * （待审核 → 通过或驳回；已通过 → 驳回即撤销通过）；找不到即拒绝，整批不处理（一个事务）。意见必填。
 */
export async function auditTeachers(db: Db, session: Session, input: { ids: number[]; auditStatus: number; auditOpinion: string }, audit: Audit): Promise<{ audited: number }> {
  const rows = await loadMany(db, session.user, input.ids);
  const steps = rows.map((t) => {
    const action = reviewStepOf(t.auditStatus, input.auditStatus);
    if (!action) throw ApiError.conflict(`教师“${t.name}”当前为「${teacherAuditLabel(t.auditStatus)}」，不能${input.auditStatus === TEACHER_AUDIT.APPROVED ? '审核通过' : '审核驳回'}`);
    teacherWorkflow.guard(t, session, action, input.auditOpinion);
    return { t, action };
  });
  await db.transaction(async (tx) => {
    for (const { t, action } of steps) await teacherWorkflow.applyIn(tx, session, { id: t.id, action, opinion: input.auditOpinion }, audit);
  });
  return { audited: steps.length };
}

/** POST teacher/resubmit：被驳回的教师不改资料、直接重新提交审核（所属机构） */
export async function resubmitTeacher(db: Db, session: Session, input: { id: number }, audit: Audit): Promise<TeacherDetail> {
  await teacherWorkflow.apply(db, session, { id: input.id, action: 'resubmit' }, audit);
  return teacherDetail(db, session, input.id);
}

// ---------- 记录 ----------

export interface TeacherHistoryEntry {
  id: number;
  action: string;
  actionName: string;
  fromStatusName: string;
  toStatusName: string;
  opinion: string | null;
  actorName: string;
  createTime: string;
}

async function historyOf(db: Db, teacherId: number, onlyOpinions: boolean): Promise<TeacherHistoryEntry[]> {
  const rows = await db
    .select()
    .from(teacherHistory)
    .where(and(eq(teacherHistory.teacherId, teacherId), onlyOpinions ? inArray(teacherHistory.action, ['approve', 'reject', 'revoke']) : undefined))
    .orderBy(desc(teacherHistory.createdAt), desc(teacherHistory.id));
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    actionName: HISTORY_ACTION_LABEL[h.action] ?? h.action,
    fromStatusName: h.fromStatus === null ? '—' : teacherAuditLabel(h.fromStatus),
    toStatusName: h.toStatus === null ? '—' : teacherAuditLabel(h.toStatus),
    opinion: h.opinion,
    actorName: h.actorName,
    createTime: formatBeijing(h.createdAt),
  }));
}

/** GET teacher/toOperationRecord：操作记录（登记、修改、审核、关系、推送…） */
export async function teacherOperationRecord(db: Db, session: Session, id: number): Promise<TeacherHistoryEntry[]> {
  await loadTeacher(db, session.user, id);
  return historyOf(db, id, false);
}

/** GET teacher/opinion：审核意见（通过、驳回、撤销） */
export async function teacherOpinions(db: Db, session: Session, id: number): Promise<TeacherHistoryEntry[]> {
  await loadTeacher(db, session.user, id);
  return historyOf(db, id, true);
}

/** GET teacher/postTeacherDataToQiuShi：把审核通过的教师推送到求实平台（记下推送时间与一条操作记录），返回推送的数据 */
export async function pushTeacher(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const t = await loadTeacher(db, session.user, input.id);
  if (t.auditStatus !== TEACHER_AUDIT.APPROVED) throw ApiError.badRequest('只有审核通过的教师才能推送到求实平台');
  teacherWorkflow.assertOperation(t, session, 'push');
  const now = new Date();
  const detail = await teacherDetail(db, session, t.id);
  const teacher = { bizCode: detail.bizCode, realName: detail.realName, cardNo: detail.cardNo, userType: detail.userType, teacherType: detail.teacherType, createUserCode: detail.createUserCode };
  // 推送时间、操作记录与外发队列的一行在同一个事务里写下；送出的是完整身份证号（外发行整体加密存放），答复里的仍按权限脱敏
  const outboxId = await db.transaction(async (tx) => {
    await tx.update(teachers).set({ pushedAt: now }).where(eq(teachers.id, t.id));
    await tx.insert(teacherHistory).values(historyRow(session.user, t.id, 'push', t.auditStatus, t.auditStatus));
    return enqueueQiuShi(tx, { kind: 'teacher', entityId: t.id, at: now, summary: `教师 ${t.code}`, data: { ...teacher, cardNo: t.idCard, phone: t.phone } });
  });
  audit({ entity: 'teacher', entityId: t.id, after: { outboxId }, detail: `推送教师 ${t.name} 到求实平台` });
  return { pushedAt: formatBeijing(now), teacher, ...(await deliverQiuShi(db, outboxId)) };
}

// ---------- 专家库 ----------

/** 列入专家库（或修改专长领域）：审核通过的教师 */
export async function saveExpert(db: Db, session: Session, input: { id: number; expertField: string }, audit: Audit) {
  const t = await loadTeacher(db, session.user, input.id);
  if (t.auditStatus !== TEACHER_AUDIT.APPROVED) throw ApiError.badRequest(`教师“${t.name}”未审核通过，不能列入专家库`);
  if (teacherActorOf(session.user, t) === null) throw ApiError.forbidden('只有教师所属机构或管辖它的管理员可以维护专家库');
  const [after] = await db
    .update(teachers)
    .set({ expertAt: t.expertAt ?? new Date(), expertField: input.expertField, updatedAt: new Date() })
    .where(eq(teachers.id, t.id))
    .returning();
  if (!t.expertAt) await db.insert(teacherHistory).values(historyRow(session.user, t.id, 'expertAdd', t.auditStatus, t.auditStatus, input.expertField));
  audit({ entity: 'teacher', entityId: t.id, before: t, after, detail: `${t.expertAt ? '修改专家' : '列入专家库'} ${t.name}` });
  return { id: t.id };
}

export async function removeExperts(db: Db, session: Session, input: { ids: number[] }, audit: Audit): Promise<{ removed: number }> {
  const rows = (await loadMany(db, session.user, input.ids)).filter((t) => t.expertAt !== null);
  for (const t of rows) if (teacherActorOf(session.user, t) === null) throw ApiError.forbidden('只有教师所属机构或管辖它的管理员可以维护专家库');
  if (!rows.length) return { removed: 0 };
  await db
    .update(teachers)
    .set({ expertAt: null, expertField: null, updatedAt: new Date() })
    .where(inArray(teachers.id, rows.map((t) => t.id)));
  await db.insert(teacherHistory).values(rows.map((t) => historyRow(session.user, t.id, 'expertRemove', t.auditStatus, t.auditStatus)));
  for (const t of rows) audit({ entity: 'teacher', entityId: t.id, before: t, detail: `移出专家库 ${t.name}` });
  return { removed: rows.length };
}

/** 专家库的候选：范围内审核通过、还不是专家的教师（按姓名或完整身份证号查找） */
export async function expertCandidates(db: Db, session: Session, keyword: string | undefined) {
  const rows = await db
    .select({ id: teachers.id, name: teachers.name, idCard: teachers.idCard, orgName: organisations.name })
    .from(teachers)
    .innerJoin(organisations, eq(organisations.id, teachers.orgId))
    .where(
      and(
        teacherScope(session.user),
        eq(teachers.auditStatus, TEACHER_AUDIT.APPROVED),
        sql`${teachers.expertAt} is null`,
        keyword ? or(ilike(teachers.name, containsPattern(keyword)), eq(teachers.idCardIndex, blindIndex('idNumber', keyword))) : undefined,
      ),
    )
    .orderBy(asc(teachers.name))
    .limit(50);
  return rows.map((r) => ({ value: r.id, label: `${r.name}（${r.orgName}）` }));
}

