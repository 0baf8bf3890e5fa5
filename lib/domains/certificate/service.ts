// 证书管理（CertificateFill / CertificateCorrect / CertificatePrint / CertificateSearch；/certificate/…）：
// 列表与查询（数据范围：机构本机构、市级本市、省级全省；范围外 404）、补填资料、更正（机构申请 → 市级审核，留改前改后，
// 编号不变，标“已更正”）、作废（市级，须填原因；编号不再使用）、导出。行上的 actions 是当前用户此刻可做的操作。
import { and, asc, desc, eq, exists, ilike, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing } from '@/lib/platform/time';
import { checkIdNumber, maskIdNumber } from '@/lib/platform/identity';
import { keepIfMasked, maskMobile } from '@/lib/platform/identity/mask';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { canUnmask, unmaskedView } from '@/lib/domains/privacy/service';
import { ACCESS_ACTION, type AccessAction, type UnmaskRequest } from '@/lib/domains/privacy/schemas';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { LEVEL_NAMES } from '../catalog/schemas';
import { organisations } from '../org/tables';
import { examPlans } from '../exaPlan/tables';
import { attachFiles, keyOfUrl } from '../file/service';
import { fileUploads } from '../file/tables';
import { certificateCorrections, certificates, type Certificate, type CertificateCorrection } from './tables';
import { CERT_STATUS, CERT_STATUS_LABEL, CORRECTION_STATUS, CORRECTION_STATUS_LABEL, holderToken } from './rules';
import { certificateCredential, signedViewPath } from './signature';
import { publicBaseUrl } from '@/lib/platform/http/public-base';
import { CERTIFICATE_FILE_ENTITY, photoProblems, photoRegistered, type PhotoProblem } from './photos';
import { CERT_STATUS_COLOR, CORRECTION_STATUS_COLOR } from './transitions';
import { certificateWorkflow, correctionIdConflict, correctionWorkflow, loadCorrection, openChanges, sealChanges } from './workflow';
import { CORRECTABLE, FIELD_LABEL, type CertificateFilter, type CertificateItem, type CorrectableField, type CorrectionItem } from './schemas';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

export const actorName = (s: Session | SessionUser) => ('user' in s ? s.user.realName || s.user.nickName : s.realName || s.nickName);

export const LIST_PERMISSIONS: readonly MenuPermission[] = ['certificateFill.query', 'certificateCorrect.query', 'certificatePrint.query', 'certificateSearch.query'];
export const GET_PERMISSIONS: readonly MenuPermission[] = ['certificateFill.get', 'certificateCorrect.get', 'certificatePrint.get', 'certificateSearch.get'];

/**
 * 资料是否齐全（上报与打印所需）：照片读得出（photoProblem 为空，见 photos.ts：已登记的图片、存储里确有其文件），
 * 文化程度、工作单位、手机号都有
 */
export const isComplete = (c: Pick<Certificate, 'education' | 'company' | 'mobile'>, photoProblem: PhotoProblem | null | undefined) =>
  !photoProblem && Boolean(c.education && c.company && c.mobile);
/** 资料不全的原因（齐全时为 null）：照片读不出的原因，或缺的各项 */
export function incompleteReason(c: Pick<Certificate, 'education' | 'company' | 'mobile'>, photoProblem: PhotoProblem | null | undefined): string | null {
  if (photoProblem) return photoProblem;
  const missing = [!c.education && '文化程度', !c.company && '工作单位', !c.mobile && '手机号'].filter((x): x is string => Boolean(x));
  return missing.length ? `缺${missing.join('、')}` : null;
}
/** SQL 的资料不全（列表筛选、步骤条件）：照片没有登记为可用的图片，或缺其他资料；存储里文件是否还在另由 photoProblems 查 */
export const incompleteWhere = or(not(photoRegistered), isNull(certificates.education), isNull(certificates.company), isNull(certificates.mobile));

/** 当前用户此刻对一张证书可做的操作（引擎按声明算；服务端按它拒绝，界面按它显示按钮） */
export function certificateActions(session: Session, c: Certificate, pendingCorrection: boolean): string[] {
  return certificateWorkflow.availableActions({ ...c, pendingCorrection }, session);
}

function filterWhere(user: SessionUser, f: CertificateFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [scopeWhere(user, { cityId: certificates.cityId, orgId: certificates.orgId })];
  if (f.planId !== undefined) conds.push(eq(certificates.planId, f.planId));
  if (f.cerType !== undefined) conds.push(eq(certificates.cerType, f.cerType));
  if (f.status !== undefined) conds.push(eq(certificates.status, f.status));
  if (f.cerCode) conds.push(eq(certificates.cerCode, f.cerCode.toUpperCase()));
  // 身份证号加密存放：按完整号码的盲索引精确查找
  if (f.idCard) conds.push(eq(certificates.idCardIndex, blindIndex('idNumber', f.idCard)));
  if (f.name) conds.push(ilike(certificates.name, containsPattern(f.name)));
  if (f.workName) conds.push(ilike(certificates.workName, containsPattern(f.workName)));
  if (f.incomplete === 1) conds.push(incompleteWhere);
  if (f.corrected !== undefined) conds.push(eq(certificates.corrected, f.corrected === 1));
  return and(...conds);
}

const pendingExists = exists(
  sql`(select 1 from certificate_correction x where x.certificate_id = "certificate"."id" and x.status = ${CORRECTION_STATUS.PENDING})`,
);

const listColumns = {
  c: certificates,
  planCode: examPlans.code,
  planName: examPlans.name,
  orgName: organisations.name,
  pending: sql<boolean>`${pendingExists}`,
};

type ListRow = { c: Certificate; planCode: string; planName: string; orgName: string; pending: boolean };

function toItem(session: Session, r: ListRow, photoProblem: PhotoProblem | null, mask = true): CertificateItem {
  const c = r.c;
  return {
    id: c.id,
    planId: c.planId,
    planCode: r.planCode,
    planName: r.planName,
    orgName: r.orgName,
    cerType: c.cerType,
    cerName: c.cerName,
    cerCode: c.cerCode,
    name: c.name,
    idCard: mask ? maskIdNumber(c.idCard) : c.idCard,
    gender: c.gender,
    workName: c.workName,
    level: c.level,
    levelName: LEVEL_NAMES[c.level] ?? String(c.level),
    cerDate: c.cerDate,
    education: c.education,
    company: c.company,
    mobile: mask && c.mobile ? maskMobile(c.mobile) : c.mobile,
    photoUrl: c.photoUrl,
    status: c.status,
    statusName: c.status === CERT_STATUS.VALID && c.corrected ? '有效（已更正）' : CERT_STATUS_LABEL[c.status],
    statusColor: c.status === CERT_STATUS.VALID && c.corrected ? 'purple' : CERT_STATUS_COLOR[c.status],
    valid: c.status === CERT_STATUS.VALID,
    corrected: c.corrected,
    voidReason: c.voidReason,
    printCount: c.printCount,
    lastPrintedAt: c.lastPrintedAt ? formatBeijing(c.lastPrintedAt) : null,
    complete: isComplete(c, photoProblem),
    photoProblem,
    pendingCorrection: Boolean(r.pending),
    actions: certificateActions(session, c, Boolean(r.pending)),
  };
}

const baseQuery = (db: Db) =>
  db.select(listColumns).from(certificates).innerJoin(examPlans, eq(examPlans.id, certificates.planId)).innerJoin(organisations, eq(organisations.id, certificates.orgId));

/** 证书的各列表资源：持有其中任一的 unmask 即可看全身份证号、手机号（访问日志记在持有的那个资源名下） */
export const UNMASK_RESOURCES = ['certificateSearch', 'certificateFill', 'certificatePrint', 'certificateCorrect'] as const;
const unmaskResource = (session: Session) => UNMASK_RESOURCES.find((r) => canUnmask(session, r)) ?? UNMASK_RESOURCES[0];
export const mayUnmask = (session: Session) => UNMASK_RESOURCES.some((r) => canUnmask(session, r));

export interface UnmaskInput extends UnmaskRequest {
  unmask?: boolean;
  ip?: string | null;
}

/** 看全之前：权限（任一证书资源的 unmask）、理由，记一行访问日志；记不下就不给数据 */
async function logUnmasked(db: Db, session: Session, input: UnmaskInput, action: AccessAction, target: { entityId: number; detail: string; recordIds: number[] }, audit: Audit) {
  await unmaskedView(
    db,
    session,
    { resource: unmaskResource(session), action, entity: 'certificate', entityId: target.entityId, detail: target.detail, recordIds: target.recordIds, reason: input.reason, reasonNote: input.reasonNote, ip: input.ip },
    audit,
  );
}

export async function listCertificates(
  db: Db,
  session: Session,
  input: CertificateFilter & UnmaskInput,
  page: Page,
  audit: Audit = () => {},
): Promise<PageResult<CertificateItem> & { masked: boolean; canUnmask: boolean }> {
  const { unmask: unmaskFlag, reason, reasonNote, ip, ...filter } = input;
  const unmask: UnmaskInput = { unmask: unmaskFlag, reason, reasonNote, ip };
  const where = filterWhere(session.user, filter);
  const unmasked = Boolean(unmask.unmask);
  if (unmasked) await logUnmasked(db, session, unmask, ACCESS_ACTION.VIEW, { entityId: 0, detail: `证书列表第 ${page.pageNo} 页`, recordIds: [] }, audit);
  const result = await fetchPage(
    page,
    baseQuery(db).where(where).orderBy(desc(certificates.id)),
    db.select({ total: sql<number>`count(*)` }).from(certificates).where(where),
    (rows) => withPhotoProblems(db, session, rows, !unmasked),
  );
  return { ...result, masked: !unmasked, canUnmask: mayUnmask(session) };
}

/** 列表的一页：每行照片能否读出（一页一次查询、存储里每个文件查一次） */
async function withPhotoProblems(db: Db, session: Session, rows: ListRow[], mask = true): Promise<CertificateItem[]> {
  const problems = await photoProblems(db, rows.map((r) => r.c));
  return rows.map((r) => toItem(session, r, problems.get(r.c.id) ?? null, mask));
}

/** 范围内的一张证书（范围外 404） */
export async function loadCertificate(db: Db, user: SessionUser, id: number): Promise<Certificate> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return assertInScope(user, row, '证书');
}

async function hasPending(db: Db, certificateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: certificateCorrections.id })
    .from(certificateCorrections)
    .where(and(eq(certificateCorrections.certificateId, certificateId), eq(certificateCorrections.status, CORRECTION_STATUS.PENDING)));
  return Boolean(row);
}


/** 更正里的身份证号：解密后默认脱敏 */
const shownChange = (field: string, v: string | number | null | undefined, mask: boolean) => (v === undefined ? null : field === 'idCard' && typeof v === 'string' && mask ? maskIdNumber(v) : v);

function correctionItem(session: Session | null, x: CertificateCorrection, cert: { cerCode: string; name: string; cityId: number | null }, mask = true): CorrectionItem {
  const [before, after] = [openChanges(x.before), openChanges(x.after)];
  const changes = Object.keys(after).map((field) => ({ field, label: FIELD_LABEL[field as CorrectableField] ?? field, before: shownChange(field, before[field], mask), after: shownChange(field, after[field], mask) }));
  return {
    id: x.id,
    certificateId: x.certificateId,
    cerCode: cert.cerCode,
    name: cert.name,
    changes,
    reason: x.reason,
    source: x.source === 'holder' ? '持证人' : '机构',
    status: x.status,
    statusName: CORRECTION_STATUS_LABEL[x.status],
    statusColor: CORRECTION_STATUS_COLOR[x.status],
    appliedByName: x.appliedByName,
    reviewedByName: x.reviewedByName,
    opinion: x.opinion,
    createdAt: formatBeijing(x.createdAt),
    reviewedAt: x.reviewedAt ? formatBeijing(x.reviewedAt) : null,
    actions: session ? correctionWorkflow.availableActions({ ...x, certificate: cert as Certificate }, session) : [],
  };
}

/** 一张证书的详情：各字段（身份证号、手机号默认脱敏，unmask 时全号并记访问日志）、更正历史（改前改后）、持证人核对链接 */
export async function certificateDetail(db: Db, session: Session, input: { id: number } & UnmaskInput, audit: Audit = () => {}) {
  const { id, ...unmask } = input;
  const c = await loadCertificate(db, session.user, id);
  const unmasked = Boolean(unmask.unmask);
  if (unmasked) await logUnmasked(db, session, unmask, ACCESS_ACTION.VIEW, { entityId: id, detail: `证书 ${c.cerCode}`, recordIds: [id] }, audit);
  const [row] = await baseQuery(db).where(eq(certificates.id, id));
  const history = await db.select().from(certificateCorrections).where(eq(certificateCorrections.certificateId, id)).orderBy(desc(certificateCorrections.createdAt));
  const [item] = await withPhotoProblems(db, session, [row], !unmasked);
  return {
    ...item,
    masked: !unmasked,
    canUnmask: mayUnmask(session),
    corrections: history.map((x) => correctionItem(session, x, row.c, !unmasked)),
    holderLink: `/qasicDataManagement/CertificateCorrect/single?token=${holderToken(id)}`,
    qrLink: signedViewPath(row.c),
  };
}

export const VOID_CREDENTIAL = '作废的证书不能导出可验证凭证';

/** 一张证书的可验证凭证（W3C VC 2.0 / Open Badges 3.0，Ed25519 JWS，见 signature.ts）：范围内、有效的证书 */
export async function certificateCredentialOf(db: Db, session: Session, input: { id: number }) {
  const c = await loadCertificate(db, session.user, input.id);
  if (c.status === CERT_STATUS.VOID) throw ApiError.conflict(VOID_CREDENTIAL);
  const [row] = await baseQuery(db).where(eq(certificates.id, c.id));
  return certificateCredential(c, row.orgName, publicBaseUrl());
}

// ---------- 补填资料 ----------

export const PHOTO_NOT_IMAGE = '照片须是图片（JPG 或 PNG），请重新上传';

/** 补填的照片须是经上传服务得到的图片（PDF 等文件不能当照片：证书上画不出来，却会被算作资料齐全） */
async function assertPhotoIsImage(db: Db, url: string): Promise<void> {
  const key = keyOfUrl(url);
  const [file] = key ? await db.select({ kind: fileUploads.kind }).from(fileUploads).where(eq(fileUploads.storageKey, key)) : [];
  // 不是经上传得到的地址、文件不存在：由 attachFiles 答 400
  if (file && file.kind !== 'image') throw ApiError.badRequest(PHOTO_NOT_IMAGE, { photoUrl: PHOTO_NOT_IMAGE });
}

export async function fillCertificate(db: Db, session: Session, input: { id: number; education: string | null; company: string | null; mobile: string | null; photoUrl: string | null }, audit: Audit) {
  const c = await loadCertificate(db, session.user, input.id);
  if (c.status === CERT_STATUS.VOID) throw ApiError.badRequest('证书已作废，不能补填资料');
  certificateWorkflow.assertOperation({ ...c, pendingCorrection: false }, session, 'fill');
  const { id, ...submitted } = input;
  // 表单里的手机号是脱敏值：没改时保留库里的
  const values = { ...submitted, mobile: keepIfMasked(submitted.mobile, c.mobile) };
  if (values.photoUrl && values.photoUrl !== c.photoUrl) {
    await assertPhotoIsImage(db, values.photoUrl);
    await attachFiles(db, { entity: CERTIFICATE_FILE_ENTITY, entityId: id }, [values.photoUrl], { by: session.user });
  }
  const [after] = await db
    .update(certificates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(certificates.id, id))
    .returning();
  audit({ entity: 'certificate', entityId: id, before: { education: c.education, company: c.company, mobile: c.mobile, photoUrl: c.photoUrl }, after: values, detail: `补填证书 ${c.cerCode} 的资料` });
  const photoProblem = (await photoProblems(db, [after])).get(id) ?? null;
  return { id, complete: isComplete(after, photoProblem), photoProblem };
}

// ---------- 更正 ----------

type CorrectionValues = Partial<Record<CorrectableField, string | number>>;

/** 与证书现值不同的字段（新值），以及改前的值；身份证号须是有效号码 */
function diff(c: Certificate, values: CorrectionValues) {
  const before: Record<string, string | number | null> = {};
  const after: Record<string, string | number | null> = {};
  for (const field of CORRECTABLE) {
    let v = values[field];
    if (v === undefined || v === '') continue;
    if (field === 'idCard') {
      const r = checkIdNumber(String(v), {});
      if (!r.ok) throw ApiError.badRequest(`身份证号：${r.message}`, { idCard: r.message });
      v = r.value.normalised;
    }
    if (v === c[field]) continue;
    before[field] = c[field];
    after[field] = v;
  }
  if (!Object.keys(after).length) throw ApiError.badRequest('没有要更正的内容：请填写与证书现有数据不同的新值');
  return { before, after };
}

export async function createCorrection(
  db: Db,
  c: Certificate,
  values: CorrectionValues,
  meta: { reason: string; source: 'org' | 'holder'; appliedBy: number | null; appliedByName: string },
): Promise<CertificateCorrection> {
  if (c.status !== CERT_STATUS.VALID) throw ApiError.badRequest('证书已作废，不能申请更正');
  if (await hasPending(db, c.id)) throw ApiError.badRequest('该证书已有一份待审核的更正申请，请等审核后再申请');
  const { before, after } = diff(c, values);
  // 与身份证号矛盾的更正当场拒绝（审核通过时引擎的条件 idConsistent 再查一次）
  const conflict = correctionIdConflict(c, after);
  if (conflict) throw ApiError.badRequest(`不能申请更正：${conflict}`);
  const [row] = await db
    .insert(certificateCorrections)
    .values({ certificateId: c.id, planId: c.planId, orgId: c.orgId, cityId: c.cityId, before: sealChanges(before), after: sealChanges(after), ...meta })
    .onConflictDoNothing()
    .returning();
  if (!row) throw ApiError.badRequest('该证书已有一份待审核的更正申请，请等审核后再申请');
  return row;
}

export async function applyCorrection(db: Db, session: Session, input: { id: number; reason: string } & CorrectionValues, audit: Audit) {
  const c = await loadCertificate(db, session.user, input.id);
  if (c.status === CERT_STATUS.VALID) certificateWorkflow.assertOperation({ ...c, pendingCorrection: false }, session, 'correct');
  const { reason, name, idCard, gender, workName, level, cerDate } = input;
  const values = { name, idCard, gender, workName, level, cerDate };
  const row = await createCorrection(db, c, values, { reason, source: 'org', appliedBy: session.user.id, appliedByName: actorName(session) });
  audit({ entity: 'certificate_correction', entityId: row.id, after: openChanges(row.after), detail: `申请更正证书 ${c.cerCode}` });
  return correctionItem(session, row, c);
}

/** 审核更正（市级）：经引擎办理 approve / reject（通过则写入证书，见 workflow.ts） */
export async function reviewCorrection(db: Db, session: Session, input: { id: number; result: 'pass' | 'reject'; opinion?: string }, audit: Audit) {
  const action = input.result === 'pass' ? 'approve' : 'reject';
  await correctionWorkflow.apply(db, session, { id: input.id, action, opinion: input.opinion ?? null }, audit);
  const x = await loadCorrection(db, session.user, input.id);
  return correctionItem(session, x, x.certificate);
}

export async function listCorrections(db: Db, session: Session, f: { status?: number; name?: string; cerCode?: string }, page: Page): Promise<PageResult<CorrectionItem>> {
  const where = and(
    scopeWhere(session.user, { cityId: certificateCorrections.cityId, orgId: certificateCorrections.orgId }),
    f.status === undefined ? undefined : eq(certificateCorrections.status, f.status),
    f.name ? ilike(certificates.name, containsPattern(f.name)) : undefined,
    f.cerCode ? eq(certificates.cerCode, f.cerCode.toUpperCase()) : undefined,
  );
  return fetchPage(
    page,
    db
      .select({ x: certificateCorrections, cerCode: certificates.cerCode, name: certificates.name, cityId: certificates.cityId })
      .from(certificateCorrections)
      .innerJoin(certificates, eq(certificates.id, certificateCorrections.certificateId))
      .where(where)
      .orderBy(asc(certificateCorrections.status), desc(certificateCorrections.id)),
    db
      .select({ total: sql<number>`count(*)` })
      .from(certificateCorrections)
      .innerJoin(certificates, eq(certificates.id, certificateCorrections.certificateId))
      .where(where),
    (rows) => rows.map((r) => correctionItem(session, r.x, r)),
  );
}

// ---------- 作废 ----------

/** 作废（市级，原因即意见）：经引擎办理，待审核的更正随之驳回（见 workflow.ts） */
export async function voidCertificate(db: Db, session: Session, input: { id: number; reason: string }, audit: Audit) {
  await certificateWorkflow.apply(db, session, { id: input.id, action: 'void', opinion: input.reason }, audit);
  return { id: input.id, status: CERT_STATUS.VOID };
}

// ---------- 导出 ----------

/** 导出：身份证号、手机号默认脱敏；unmask 时须有证书资源的 unmask 并给出理由，开始写出之前记访问日志（导出） */
export async function exportCertificates(db: Db, session: Session, input: CertificateFilter & UnmaskInput, audit: Audit = () => {}) {
  const { unmask, reason, reasonNote, ip, ...filter } = input;
  if (unmask) await logUnmasked(db, session, { unmask, reason, reasonNote, ip }, ACCESS_ACTION.EXPORT, { entityId: 0, detail: '证书导出', recordIds: [] }, audit);
  const where = filterWhere(session.user, filter);
  return exportXlsx({
    sheetName: '证书',
    // 后台导出任务的百分比：与列表的计数同样的筛选与范围
    count: async () => Number((await db.select({ total: sql<number>`count(*)` }).from(certificates).where(where))[0].total),
    columns: [
      { header: '证书编号', key: 'cerCode', width: 26 },
      { header: '证书名称', key: 'cerName', width: 22 },
      { header: '姓名', key: 'name' },
      { header: '身份证号', key: 'idCard', width: 22 },
      { header: '性别', key: 'gender', width: 8 },
      { header: '工种', key: 'workName', width: 20 },
      { header: '等级', key: 'levelName', width: 14 },
      { header: '发证日期', key: 'cerDate', width: 12 },
      { header: '文化程度', key: 'education', width: 12 },
      { header: '工作单位', key: 'company', width: 24 },
      { header: '手机号', key: 'mobile', width: 14 },
      { header: '发证机构', key: 'orgName', width: 24 },
      { header: '考试计划', key: 'planCode', width: 20 },
      { header: '状态', key: 'statusName', width: 14 },
      { header: '作废原因', key: 'voidReason', width: 20 },
      { header: '打印次数', key: 'printCount', width: 10 },
    ],
    rows: (async function* () {
      for await (const r of keysetBatches(
        (last: number | null, limit: number) =>
          baseQuery(db)
            .where(and(where, last === null ? undefined : sql`${certificates.id} > ${last}`))
            .orderBy(asc(certificates.id))
            .limit(limit),
        (r) => r.c.id,
      ))
        // 导出不含“资料是否齐全”：不为每行查存储
        yield toItem(session, r, null, !unmask);
    })(),
  });
}

export const idsInScope = async (db: Db, user: SessionUser, ids: number[]) =>
  db
    .select()
    .from(certificates)
    .where(and(inArray(certificates.id, ids), scopeWhere(user, { cityId: certificates.cityId, orgId: certificates.orgId })));
