// 证书、证书更正与国网上报批次交给工作流引擎的声明：表、读取（范围）、条件、附带动作、历史与通知。
// 转换与操作本身在 transitions.ts；服务（service.ts、stategrid.ts）只是经端点调用 apply 的薄封装。
import { blindIndex, open, seal } from '@/lib/platform/crypto/sealed';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { assertInScope } from '@/lib/platform/auth/scope';
import { ApiError } from '@/lib/platform/api/errors';
import { checkIdNumber, maskIdNumber } from '@/lib/platform/identity';
import { defineWorkflow, scopedActors } from '@/lib/platform/workflow';
import { scopedNotice } from '../message/workflow-notice';
import { certificateCorrections, certificateHistory, certificates, stateGridBatches, stateGridBatchHistory, type Certificate, type CertificateCorrection, type StateGridBatch } from './tables';
import {
  ACTOR_LABEL,
  BATCH_OPERATIONS,
  BATCH_STATUS_LABEL,
  BATCH_TRANSITIONS,
  CERT_STATUS,
  CERT_STATUS_LABEL,
  CERTIFICATE_GATES,
  CERTIFICATE_OPERATIONS,
  CERTIFICATE_TRANSITIONS,
  CORRECTION_GATES,
  CORRECTION_STATUS,
  CORRECTION_STATUS_LABEL,
  CORRECTION_TRANSITIONS,
  type Actor,
  type CertificateSubject,
} from './transitions';
import { photoGateProblems } from './photos';

// ---------- 条件的实现 ----------

/**
 * 身份证号与性别、出生日期一致（GB 11643）：18 位居民身份证号推出性别与出生日期，与记录的不符即给出原因。
 * 通行证与 15 位号码不检查（通行证不含这些信息；15 位号码已停用、不再发新证）。
 */
export function idConflict(r: { idCard: string; gender: string | null; birthDate?: string | null }, idCorrected: boolean): string | null {
  const parsed = checkIdNumber(r.idCard, {});
  if (!parsed.ok || parsed.value.kind !== 'resident18') return null;
  const { gender, birthDate } = parsed.value;
  const fix = idCorrected ? '请核对新的身份证号' : '如身份证号有误，请在同一份更正中一并更正身份证号；否则请不要更改该项';
  if (r.gender && gender && r.gender !== gender) return `性别「${r.gender}」与身份证号 ${maskIdNumber(r.idCard)} 不符（按第 17 位应为${gender}）：${fix}`;
  if (r.birthDate && birthDate && r.birthDate !== birthDate) return `出生日期 ${r.birthDate} 与身份证号 ${maskIdNumber(r.idCard)} 不符（按第 7–14 位应为 ${birthDate}）：${fix}`;
  return null;
}

/** 一份更正（改前 + 改后）是否与身份证号矛盾：只在改了身份证号、性别或出生日期时检查 */
/** 更正的改前改后（jsonb）里的身份证号加密存放：写入前 sealChanges，读出后 openChanges（旧的明文原样返回） */
export const sealChanges = (v: Record<string, string | number | null>) => (typeof v.idCard === 'string' ? { ...v, idCard: seal(v.idCard) } : v);
export const openChanges = (v: Record<string, string | number | null>) => (typeof v.idCard === 'string' ? { ...v, idCard: open(v.idCard) } : v);

export function correctionIdConflict(c: Pick<Certificate, 'idCard' | 'gender'>, after: Record<string, string | number | null>): string | null {
  if (!('idCard' in after) && !('gender' in after) && !('birthDate' in after)) return null;
  const merged = {
    idCard: String(after.idCard ?? c.idCard),
    gender: (after.gender ?? c.gender) as string | null,
    birthDate: (after.birthDate as string | null | undefined) ?? null,
  };
  return idConflict(merged, 'idCard' in after);
}

// ---------- 证书 ----------

export type CertificateRow = Certificate & CertificateSubject;

async function hasPendingCorrection(db: Db, certificateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: certificateCorrections.id })
    .from(certificateCorrections)
    .where(and(eq(certificateCorrections.certificateId, certificateId), eq(certificateCorrections.status, CORRECTION_STATUS.PENDING)));
  return Boolean(row);
}

export async function loadCertificateSubject(db: Db, user: SessionUser, id: number): Promise<CertificateRow> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  const c = assertInScope(user, row, '证书');
  return { ...c, pendingCorrection: await hasPendingCorrection(db, c.id) };
}

const CERT_PATHS = { org: '/evaluation/certificate/fill', review: '/evaluation/certificate/correct' };

const notice = scopedNotice<{ orgId: number; cityId: number | null }, Actor>({
  levels: { org: 'org', city: 'city' },
  ownerActor: 'org',
  link: (_s, actor) => (actor === 'city' ? CERT_PATHS.review : CERT_PATHS.org),
});

export const certificateWorkflow = defineWorkflow<CertificateRow, 'void', Actor, 'photoReadable', keyof typeof CERTIFICATE_OPERATIONS>({
  key: 'certificate',
  label: '证书',
  entity: 'certificate',
  table: certificates,
  id: certificates.id,
  position: { status: certificates.status },
  updatedAt: certificates.updatedAt,
  labels: { status: CERT_STATUS_LABEL },
  actors: ACTOR_LABEL,
  actorLevels: { org: ['org'], city: ['city'], province: ['province'] },
  actorsOf: scopedActors,
  transitions: CERTIFICATE_TRANSITIONS,
  operations: CERTIFICATE_OPERATIONS,
  gates: {
    photoReadable: {
      ...CERTIFICATE_GATES.photoReadable,
      check: async (db, c) => {
        const problem = (await photoGateProblems(db, [c])).get(c.id);
        return problem ? `证书 ${c.cerCode}（${c.name}）：${problem}，请在“证书填报”中重新上传照片` : null;
      },
    },
  },
  load: loadCertificateSubject,
  describe: (c) => `证书 ${c.cerCode}（${c.name}）`,
  history: { table: certificateHistory, values: (c) => ({ certificateId: c.id, correctionId: null }) },
  effects: {
    // 作废：记下原因与办理人；待审核的更正随之驳回（意见“证书已作废”）
    void: async (tx, c, { opinion, now, session }) => {
      await tx
        .update(certificateCorrections)
        .set({ status: CORRECTION_STATUS.REJECTED, opinion: '证书已作废', reviewedBy: session.user.id, reviewedByName: session.user.realName || session.user.nickName, reviewedAt: now })
        .where(and(eq(certificateCorrections.certificateId, c.id), eq(certificateCorrections.status, CORRECTION_STATUS.PENDING)));
      return { voidReason: opinion, voidedAt: now, voidedByName: session.user.realName || session.user.nickName };
    },
  },
  notice,
});

// ---------- 更正 ----------

export type CorrectionRow = CertificateCorrection & { certificate: Certificate };

export async function loadCorrection(db: Db, user: SessionUser, id: number): Promise<CorrectionRow> {
  const [x] = await db.select().from(certificateCorrections).where(eq(certificateCorrections.id, id));
  assertInScope(user, x, '更正申请');
  const [c] = await db.select().from(certificates).where(eq(certificates.id, x!.certificateId));
  return { ...x!, certificate: c };
}

export const correctionWorkflow = defineWorkflow<CorrectionRow, 'approve' | 'reject', Actor, 'idConsistent'>({
  key: 'certificateCorrection',
  label: '证书更正申请',
  entity: 'certificate_correction',
  table: certificateCorrections,
  id: certificateCorrections.id,
  position: { status: certificateCorrections.status },
  labels: { status: CORRECTION_STATUS_LABEL },
  actors: ACTOR_LABEL,
  actorLevels: { org: ['org'], city: ['city'], province: ['province'] },
  actorsOf: scopedActors,
  transitions: CORRECTION_TRANSITIONS,
  gates: {
    idConsistent: { ...CORRECTION_GATES.idConsistent, check: (_db, x) => correctionIdConflict(x.certificate, openChanges(x.after)) },
  },
  load: loadCorrection,
  describe: (x) => `证书 ${x.certificate.cerCode}（${x.certificate.name}）的更正申请`,
  history: { table: certificateHistory, values: (x) => ({ certificateId: x.certificateId, correctionId: x.id }) },
  effect: (_tx, _x, { session, now, opinion }) => ({ reviewedBy: session.user.id, reviewedByName: session.user.realName || session.user.nickName, reviewedAt: now, opinion }),
  effects: {
    // 通过：写入证书（编号不变，标“已更正”）；证书已作废则不能通过
    approve: async (tx, x, { now }) => {
      const [c] = await tx.select().from(certificates).where(eq(certificates.id, x.certificateId)).for('update');
      if (c.status !== CERT_STATUS.VALID) throw ApiError.conflict('证书已作废，不能更正');
      // 更正了身份证号时盲索引随之更新
      const after = openChanges(x.after) as Partial<Certificate>;
      await tx
        .update(certificates)
        .set({ ...after, ...(after.idCard ? { idCardIndex: blindIndex('idNumber', after.idCard) } : {}), corrected: true, updatedAt: now })
        .where(eq(certificates.id, c.id));
    },
  },
  notice: { ...notice, link: (x, actor) => notice.link(x, actor) },
});

// ---------- 国网上报批次 ----------

export async function loadBatchSubject(db: Db, user: SessionUser, id: number): Promise<StateGridBatch> {
  const [row] = await db.select().from(stateGridBatches).where(eq(stateGridBatches.id, id));
  return assertInScope(user, row, '上报批次');
}

const STATE_GRID_PATH = '/evaluation/certificate/state-grid';

export const batchWorkflow = defineWorkflow<StateGridBatch, (typeof BATCH_TRANSITIONS)[number]['action'], Actor, string, keyof typeof BATCH_OPERATIONS>({
  key: 'stateGridBatch',
  label: '国网上报批次',
  entity: 'state_grid_batch',
  table: stateGridBatches,
  id: stateGridBatches.id,
  position: { status: stateGridBatches.status },
  labels: { status: BATCH_STATUS_LABEL },
  actors: ACTOR_LABEL,
  actorLevels: { org: ['org'], city: ['city'], province: ['province'] },
  actorsOf: scopedActors,
  transitions: BATCH_TRANSITIONS,
  operations: BATCH_OPERATIONS,
  load: loadBatchSubject,
  describe: (b) => `国网上报批次 ${b.batchNo}`,
  history: { table: stateGridBatchHistory, values: (b) => ({ batchId: b.id }) },
  effects: {
    confirm: (_tx, _b, { now }) => ({ confirmedAt: now }),
    submit: (_tx, _b, { now }) => ({ submittedAt: now }),
    accept: (_tx, _b, { now }) => ({ answeredAt: now, reason: null }),
    reject: (_tx, _b, { now }) => ({ answeredAt: now }),
  },
  notice: scopedNotice<StateGridBatch, Actor>({ levels: { org: 'org', city: 'city' }, ownerActor: 'org', link: () => STATE_GRID_PATH }),
});
