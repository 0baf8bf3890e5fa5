// 公开的证书查询与核验（免登录）：
// - /comApi/getAllCertificate：须给证书编号，或身份证号与姓名一起（只给姓名拒绝）；答复脱敏（证件号前 3 后 4、姓名部分遮挡），
//   带状态（有效 / 已更正 / 已作废）；每个 IP 每分钟至多 lookupLimit() 次，超出答 429；每次查询（含被拒的）记一行 certificate_lookup。
// - /certificateView?c=<JWS>（证书二维码，Ed25519 签名，持公钥可离线核验，见 signature.ts）：显示签名有效/无效与签名的字段，有效时另显示本系统登记的证书与状态；
// - /certificateView?no=…&sig=…（早先的 HMAC 二维码）：签名不对即显示“非本系统签发的二维码”，对则显示脱敏的证书信息与状态。
// - /qasicDataManagement/CertificateCorrect/single?token=…：持证人凭链接核对本人证书数据，确认无误或提出更正（进入市级审核）。
import { openChanges } from './workflow';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { and, count, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError, ReturnCode } from '@/lib/platform/api/errors';
import { LEVEL_NAMES } from '../catalog/schemas';
import { organisations } from '../org/tables';
import { certificateCorrections, certificateLookups, certificates, type Certificate } from './tables';
import { CERT_STATUS, CORRECTION_STATUS, holderTokenId, maskCardNo, maskHolderName, verifyNumber } from './rules';
import { levelLabel, publishedKeys } from './signature';
import { verifySignedCertificate } from './signed-payload';
import { createCorrection } from './service';
import type { PublicCertificate, SignedView } from './schemas';

export const DEFAULT_LOOKUP_LIMIT = 20;
/** 每个 IP 每分钟的查询次数：环境变量 CERTIFICATE_LOOKUP_PER_MINUTE（1–1000），默认 20 */
export function lookupLimit(): number {
  const n = Number(process.env.CERTIFICATE_LOOKUP_PER_MINUTE);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : DEFAULT_LOOKUP_LIMIT;
}
/** 一次查询最多列出的证书 */
const MAX_RESULTS = 20;

export const NAME_ONLY_MESSAGE = '请输入证书编号，或同时输入身份证号与姓名（部分证书只能按证书编号查询）';

const statusOf = (c: Pick<Certificate, 'status' | 'corrected'>): PublicCertificate['status'] => (c.status === CERT_STATUS.VOID ? 'void' : c.corrected ? 'corrected' : 'valid');
const STATUS_NAME = { valid: '有效', corrected: '有效（已更正）', void: '已作废' } as const;

function toPublic(c: Certificate, orgName: string): PublicCertificate {
  const status = statusOf(c);
  return {
    cerName: c.cerName,
    cerCode: c.cerCode,
    name: maskHolderName(c.name),
    idCard: maskCardNo(c.idCard),
    workName: c.workName,
    level: levelLabel(c),
    cerDate: c.cerDate,
    orgName,
    status,
    statusName: STATUS_NAME[status],
  };
}

async function withOrg(db: Db, where: SQL | undefined) {
  return db
    .select({ c: certificates, orgName: organisations.name })
    .from(certificates)
    .innerJoin(organisations, eq(organisations.id, certificates.orgId))
    .where(where)
    .orderBy(certificates.cerDate)
    .limit(MAX_RESULTS);
}

export interface LookupQuery {
  cerCode?: string;
  cerType?: number;
  classId?: string;
  idCard?: string;
  name?: string;
}

/** 公开查询：先计数限流（含本次），再校验条件，查到的证书脱敏后返回；每次都记一行 */
export async function lookupCertificates(db: Db, ip: string, q: LookupQuery): Promise<{ list: PublicCertificate[]; total: number; message: string | null }> {
  const since = new Date(Date.now() - 60_000);
  const [{ n }] = await db
    .select({ n: count() })
    .from(certificateLookups)
    .where(and(eq(certificateLookups.ip, ip), gt(certificateLookups.createdAt, since)));
  const mode = q.cerCode ? 'code' : q.idCard && q.name ? 'person' : 'invalid';
  const logged = { ...(q.cerCode ? { cerCode: q.cerCode } : {}), ...(q.idCard ? { idCard: maskCardNo(q.idCard) } : {}), ...(q.name ? { name: maskHolderName(q.name) } : {}) };
  const limit = lookupLimit();
  if (Number(n) >= limit) {
    await db.insert(certificateLookups).values({ ip, mode, query: logged, refused: true });
    throw new ApiError(ReturnCode.TOO_MANY, `查询过于频繁：每分钟最多查询 ${limit} 次，请 1 分钟后再试`);
  }
  if (mode === 'invalid') {
    await db.insert(certificateLookups).values({ ip, mode, query: logged, refused: true });
    throw ApiError.badRequest(NAME_ONLY_MESSAGE);
  }
  const conds: (SQL | undefined)[] = [];
  if (q.cerCode) conds.push(eq(certificates.cerCode, q.cerCode.trim().toUpperCase()));
  // 身份证号加密存放：按盲索引（归一化全角、空白与 x）精确查找
  else conds.push(eq(certificates.idCardIndex, blindIndex('idNumber', q.idCard!)), eq(certificates.name, q.name!.trim()));
  if (q.cerCode && q.name) conds.push(eq(certificates.name, q.name.trim()));
  if (q.cerType !== undefined) conds.push(eq(certificates.cerType, q.cerType));
  const rows = await withOrg(db, and(...conds));
  await db.insert(certificateLookups).values({ ip, mode, query: logged, found: rows.length });
  const list = rows.map((r) => toPublic(r.c, r.orgName));
  return { list, total: list.length, message: list.length ? null : '暂无数据' };
}

/** 签名二维码：用公布的公钥验签（与离线核验同一个函数），有效才查库 */
export async function viewSignedCertificate(db: Db, token: string): Promise<SignedView> {
  const check = verifySignedCertificate(token, publishedKeys());
  if (!check.valid) return { genuine: false, certificate: null, signed: { valid: false, reason: check.reason, kid: null, claims: check.claims } };
  const [row] = await withOrg(db, eq(certificates.cerCode, check.claims.no));
  return { genuine: true, certificate: row ? toPublic(row.c, row.orgName) : null, signed: { valid: true, reason: null, kid: check.kid, claims: check.claims } };
}

/** 二维码核验：签名对才查库；genuine false 表示二维码不是本系统签发的（伪造或被改过） */
export async function viewCertificate(db: Db, no: string | undefined, sig: string | undefined): Promise<{ genuine: boolean; certificate: PublicCertificate | null }> {
  if (!no || !sig || !verifyNumber(no, sig)) return { genuine: false, certificate: null };
  const [row] = await withOrg(db, eq(certificates.cerCode, no));
  return { genuine: true, certificate: row ? toPublic(row.c, row.orgName) : null };
}

// ---------- 持证人核对与更正（链接里的令牌） ----------

async function holderCertificate(db: Db, token: string): Promise<Certificate> {
  const id = holderTokenId(token);
  const [row] = id ? await db.select().from(certificates).where(eq(certificates.id, id)) : [];
  if (!row) throw ApiError.notFound('链接无效：请使用发证机构发给您的完整链接');
  if (row.status !== CERT_STATUS.VALID) throw ApiError.badRequest('该证书已作废，不能核对或更正，请联系发证机构');
  return row;
}

/** 持证人看到的本人数据：姓名与证件号完整（本人持有链接），以及有无待审核的更正 */
export async function holderView(db: Db, token: string) {
  const c = await holderCertificate(db, token);
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, c.orgId));
  const [pending] = await db
    .select({ id: certificateCorrections.id, after: certificateCorrections.after })
    .from(certificateCorrections)
    .where(and(eq(certificateCorrections.certificateId, c.id), eq(certificateCorrections.status, CORRECTION_STATUS.PENDING)));
  return {
    cerName: c.cerName,
    cerCode: c.cerCode,
    name: c.name,
    idCard: maskCardNo(c.idCard),
    gender: c.gender,
    workName: c.workName,
    level: LEVEL_NAMES[c.level] ?? String(c.level),
    cerDate: c.cerDate,
    orgName: org?.name ?? '',
    corrected: c.corrected,
    // 持证人本人持有链接：待审核的更正里的号码给全号（与上面的 name 相同，是本人的数据）
    pendingCorrection: pending ? openChanges(pending.after) : null,
  };
}

/** 持证人提出更正：与机构的申请一样进入市级审核（来源记为持证人） */
export async function holderCorrection(db: Db, input: { token: string; name?: string; idCard?: string; gender?: '男' | '女'; reason: string; contact?: string }) {
  const c = await holderCertificate(db, input.token);
  const { reason, contact, name, idCard, gender } = input;
  const values = { name, idCard, gender };
  const row = await createCorrection(db, c, values, { reason: contact ? `${reason}（联系电话：${contact}）` : reason, source: 'holder', appliedBy: null, appliedByName: `持证人 ${c.name}` });
  return { id: row.id, status: row.status };
}
