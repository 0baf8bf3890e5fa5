// 国网数据上报（StateGridReport；/examaff/stategrid/…，计划第 8 步）：
// 机构把计划的持证人（有效证书，资料齐全，从未上报或上次被退回的）组成一批（apply）→ 生成国网人员信息工作簿（generatePersonInfoExcel）
// → 确认（generateConfirm）→ 附件（saveFile / delFile）→ 上报（girdSubmit：默认 manual 生成签名的工作簿清单供手工上传；
// 设置 STATE_GRID_URL 与 STATE_GRID_KEY 时 http：经外发队列（通道 stategrid）提交，重试、退避与幂等键由队列负责，
// 国网同步给出的答复在送达的同一个事务里登记）→ 登记国网的答复（answer：接收，或逐人退回并写原因）。
// 台账（state_grid_item）一人一批一行；一张证书至多一行不是“被退回”（部分唯一索引），所以不会重复上报；被退回的改正后进新批次重报。
import { maskIdNumber } from '@/lib/platform/identity';
import { createHash, createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { formatBeijing } from '@/lib/platform/time';
import { exportXlsx } from '@/lib/platform/excel/export';
import { authSecret } from '@/lib/platform/auth/secret';
import { LEVEL_NAMES } from '../catalog/schemas';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { loadPlan } from '../exaPlan/access';
import { isWorkingOn, PLAN_STATE, PLAN_STEP, positionLabel } from '../exaPlan/transitions';
import { planItem } from '../exaPlan/service';
import { nextId } from '@/lib/platform/db/codes';
import { attachFiles, detachFiles } from '../file/service';
import { organisations } from '../org/tables';
import { certificates, stateGridBatches, stateGridBatchHistory, stateGridItems, type StateGridBatch } from './tables';
import { batchCode } from './codes';
import { batchWorkflow, loadBatchSubject } from './workflow';
import { CERT_STATUS } from './rules';
import { actorName, incompleteReason, isComplete } from './service';
import { photoProblems } from './photos';
import { BATCH_STATUS, BATCH_STATUS_LABEL, ITEM_STATUS, ITEM_STATUS_COLOR, ITEM_STATUS_LABEL } from './stategrid-rules';
import { BATCH_STATUS_COLOR } from './transitions';
import { deliverOutboxNow, deliveryNotice, enqueueOutbox, OUTBOX_STATUS, OUTBOX_STATUS_LABEL, outboxMessages, registerOutboxChannel } from '@/lib/platform/outbox';
import { postJson } from '@/lib/platform/outbox/http';

/** 国网数据上报界面上可办的计划步骤（其余步骤在考试计划界面办理） */
const PLAN_ACTIONS_HERE: readonly string[] = ['advance', 'applyAudit', 'cancelAudit'];

/** 国网人员信息工作簿的列（顺序即文件中的顺序），见 docs/CERTIFICATES.md */
export const PERSON_COLUMNS = [
  { code: 'XM', header: '姓名' },
  { code: 'ZJLX', header: '证件类型' },
  { code: 'ZJHM', header: '证件号码' },
  { code: 'XB', header: '性别' },
  { code: 'WHCD', header: '文化程度' },
  { code: 'GZDW', header: '工作单位' },
  { code: 'LXDH', header: '联系电话' },
  { code: 'ZYGZ', header: '职业（工种）' },
  { code: 'ZYDM', header: '职业（工种）代码' },
  { code: 'DJ', header: '等级' },
  { code: 'ZSBH', header: '证书编号' },
  { code: 'FZRQ', header: '发证日期' },
  { code: 'PJJG', header: '评价机构' },
] as const;

const isPlanOrg = (session: Session, plan: Pick<ExamPlan, 'orgId'>) => session.user.level === 'org' && session.user.orgId === plan.orgId;

/** 批次上当前用户此刻可做的事：引擎按声明（transitions.ts）算；登记答复的两步（接收、退回）在界面上是一个“登记答复” */
const batchActions = (session: Session, b: StateGridBatch): string[] => batchWorkflow.availableActions(b, session);

const batchItem = (session: Session, b: StateGridBatch) => ({
  ...b,
  statusName: BATCH_STATUS_LABEL[b.status],
  statusColor: BATCH_STATUS_COLOR[b.status],
  createdAt: formatBeijing(b.createdAt),
  submittedAt: b.submittedAt ? formatBeijing(b.submittedAt) : null,
  answeredAt: b.answeredAt ? formatBeijing(b.answeredAt) : null,
  actions: batchActions(session, b),
});

const loadBatch = (db: Db, session: Session, id: number): Promise<StateGridBatch> => loadBatchSubject(db, session.user, id);

// ---------- 计划与台账 ----------

/** 可上报的计划：范围内已到第 7 步及以后、未取消的，带证书数与台账合计 */
export async function stateGridPlans(db: Db, session: Session) {
  const plans = await db
    .select()
    .from(examPlans)
    .where(and(scopeWhere(session.user, { cityId: examPlans.cityId, orgId: examPlans.orgId }), sql`${examPlans.step} >= ${PLAN_STEP.CERTIFICATES}`, sql`${examPlans.state} <> ${PLAN_STATE.CANCELLED}`))
    .orderBy(desc(examPlans.id))
    .limit(500);
  if (!plans.length) return [];
  const ids = plans.map((p) => p.id);
  // 计划在本步（国网数据上报）时，当前用户对计划能办的步骤（进入下一步、申请审核…）由考试计划的规则算出：界面只显示这些
  const planActions = new Map<number, string[]>();
  for (const p of plans.filter((x) => x.step === PLAN_STEP.STATE_GRID || x.step === PLAN_STEP.CERTIFICATES)) planActions.set(p.id, (await planItem(db, session, p)).actions.filter((a) => PLAN_ACTIONS_HERE.includes(a)));
  const [certs, items] = await Promise.all([
    db
      .select({ planId: certificates.planId, n: count() })
      .from(certificates)
      .where(and(inArray(certificates.planId, ids), eq(certificates.status, CERT_STATUS.VALID)))
      .groupBy(certificates.planId),
    db
      .select({ planId: stateGridBatches.planId, status: stateGridItems.status, n: count() })
      .from(stateGridItems)
      .innerJoin(stateGridBatches, eq(stateGridBatches.id, stateGridItems.batchId))
      .where(inArray(stateGridBatches.planId, ids))
      .groupBy(stateGridBatches.planId, stateGridItems.status),
  ]);
  return plans.map((p) => {
    const byStatus = (s: number) => Number(items.find((i) => i.planId === p.id && i.status === s)?.n ?? 0);
    return {
      id: p.id,
      code: p.code,
      name: p.name,
      kind: p.kind,
      step: p.step,
      state: p.state,
      positionName: positionLabel(p),
      certificates: Number(certs.find((c) => c.planId === p.id)?.n ?? 0),
      accepted: byStatus(ITEM_STATUS.ACCEPTED),
      submitted: byStatus(ITEM_STATUS.SUBMITTED) + byStatus(ITEM_STATUS.PENDING),
      rejected: byStatus(ITEM_STATUS.REJECTED),
      canApply: isPlanOrg(session, p) && isWorkingOn(p, PLAN_STEP.STATE_GRID) && can(session, 'stateGrid.add'),
      actions: planActions.get(p.id) ?? [],
      /** 计划处于“证书管理”步骤（证书填报的计划栏只列这些） */
      atCertificates: p.step === PLAN_STEP.CERTIFICATES,
    };
  });
}

/** 台账：计划的每张证书一行，带最近一次上报的状态与退回原因 */
export async function stateGridLedger(db: Db, session: Session, f: { planId: number; status?: number }, page: Page): Promise<PageResult<Record<string, unknown>>> {
  await loadPlan(db, session.user, f.planId);
  const latest = sql`(select i.status from state_grid_item i where i.certificate_id = "certificate"."id" order by i.id desc limit 1)`;
  const where = and(eq(certificates.planId, f.planId), f.status === undefined ? undefined : f.status === -1 ? sql`${latest} is null` : sql`${latest} = ${f.status}`);
  return fetchPage(
    page,
    db
      .select({
        c: certificates,
        itemStatus: sql<number | null>`${latest}`,
        reason: sql<string | null>`(select i.reason from state_grid_item i where i.certificate_id = "certificate"."id" order by i.id desc limit 1)`,
        times: sql<number>`(select count(*) from state_grid_item i where i.certificate_id = "certificate"."id")::int`,
      })
      .from(certificates)
      .where(where)
      .orderBy(asc(certificates.id)),
    db.select({ total: count() }).from(certificates).where(where),
    async (rows) => {
      const problems = await photoProblems(db, rows.map((r) => r.c));
      return rows.map(({ c, itemStatus, reason, times }) => ({
        id: c.id,
        cerCode: c.cerCode,
        name: c.name,
        idCard: maskIdNumber(c.idCard),
        workName: c.workName,
        levelName: LEVEL_NAMES[c.level],
        certificateStatus: c.status,
        complete: isComplete(c, problems.get(c.id)),
        photoProblem: problems.get(c.id) ?? null,
        itemStatus,
        itemStatusName: itemStatus === null ? '未上报' : ITEM_STATUS_LABEL[itemStatus],
        itemStatusColor: itemStatus === null ? 'default' : ITEM_STATUS_COLOR[itemStatus],
        // 退回原因只对“被退回”的显示
        reason: itemStatus === ITEM_STATUS.REJECTED ? reason : null,
        times: Number(times),
      }));
    },
  );
}

export const fieldCoding = () => ({ columns: PERSON_COLUMNS, idType: { '01': '居民身份证', '02': '港澳居民来往内地通行证', '03': '台湾居民来往大陆通行证' } });

// ---------- 批次 ----------

export async function applyBatch(db: Db, session: Session, input: { planId: number }, audit: Audit) {
  const plan = await loadPlan(db, session.user, input.planId);
  if (!isPlanOrg(session, plan)) throw ApiError.forbidden('只有计划所属的评价机构可以组织上报');
  if (!isWorkingOn(plan, PLAN_STEP.STATE_GRID))
    throw ApiError.badRequest(`计划当前处于「${positionLabel(plan)}」，国网数据上报须在「国网数据上报」步骤办理`);
  return db.transaction(async (tx) => {
    // 同一计划的组批依次进行
    await tx.execute(sql`select pg_advisory_xact_lock(1712::int, ${plan.id}::int)`);
    const open = await tx
      .select({ id: stateGridBatches.id })
      .from(stateGridBatches)
      .where(and(eq(stateGridBatches.planId, plan.id), inArray(stateGridBatches.status, [BATCH_STATUS.DRAFT, BATCH_STATUS.CONFIRMED])));
    if (open.length) throw ApiError.badRequest('该计划已有一个未上报的批次，请先上报或放弃它');
    const list = await tx
      .select()
      .from(certificates)
      .where(
        and(
          eq(certificates.planId, plan.id),
          eq(certificates.status, CERT_STATUS.VALID),
          sql`not exists (select 1 from state_grid_item i where i.certificate_id = "certificate"."id" and i.status <> ${ITEM_STATUS.REJECTED})`,
        ),
      )
      .orderBy(asc(certificates.id));
    if (!list.length) throw ApiError.badRequest('没有需要上报的人员：有效证书都已上报或已被接收');
    // 照片读不出（文件已不在存储中等）与缺资料一样不能上报：国网收下的数据须能印出带照片的证书
    const problems = await photoProblems(tx, list);
    const incomplete = list.filter((c) => !isComplete(c, problems.get(c.id)));
    if (incomplete.length) {
      const first = incomplete[0];
      throw ApiError.badRequest(`有 ${incomplete.length} 张证书的资料不全或照片无法读取（如 ${first.name} ${first.cerCode}：${incompleteReason(first, problems.get(first.id))}），请先在“证书填报”中补填`);
    }
    const id = await nextId(tx, stateGridBatches);
    const batchNo = batchCode(id, new Date());
    const [batch] = await tx
      .insert(stateGridBatches)
      .values({ id, planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, batchNo, personCount: list.length, createdByName: actorName(session) })
      .returning();
    await tx.insert(stateGridItems).values(list.map((c) => ({ batchId: batch.id, certificateId: c.id })));
    audit({ entity: 'state_grid_batch', entityId: batch.id, detail: `组织国网上报批次 ${batchNo}（${list.length} 人）` });
    return batchItem(session, batch);
  });
}

export async function listBatches(db: Db, session: Session, f: { planId: number }) {
  await loadPlan(db, session.user, f.planId);
  const rows = await db.select().from(stateGridBatches).where(eq(stateGridBatches.planId, f.planId)).orderBy(desc(stateGridBatches.id));
  return rows.map((b) => batchItem(session, b));
}

async function batchPeople(db: Db, batchId: number) {
  return db
    .select({ c: certificates, orgName: organisations.name, itemId: stateGridItems.id })
    .from(stateGridItems)
    .innerJoin(certificates, eq(certificates.id, stateGridItems.certificateId))
    .innerJoin(organisations, eq(organisations.id, certificates.orgId))
    .where(eq(stateGridItems.batchId, batchId))
    .orderBy(asc(stateGridItems.id));
}

const idType = (id: string) => (/^[HM]/.test(id) ? '02' : /^\d{8}$|^\d{10}$/.test(id) ? '03' : '01');
// 人员信息表是报给国网的上报材料（与银行拨付文件同理）：须带完整身份证号与手机号，只由有国网上报权限的人生成
const personRow = (c: typeof certificates.$inferSelect, orgName: string) => [c.name, idType(c.idCard), c.idCard, c.gender ?? '', c.education ?? '', c.company ?? '', c.mobile ?? '', c.workName, c.workCode, LEVEL_NAMES[c.level] ?? '', c.cerCode, c.cerDate, orgName];

export async function personWorkbook(db: Db, session: Session, input: { batchId: number }) {
  const b = await loadBatch(db, session, input.batchId);
  const people = await batchPeople(db, b.id);
  return exportXlsx({
    sheetName: '人员信息',
    columns: PERSON_COLUMNS.map((col, i) => ({ header: `${col.header}（${col.code}）`, width: 18, format: (_v: unknown, row: string[]) => row[i] })),
    rows: people.map((p) => personRow(p.c, p.orgName)),
  });
}

export async function confirmBatch(db: Db, session: Session, input: { batchId: number }, audit: Audit) {
  await batchWorkflow.apply(db, session, { id: input.batchId, action: 'confirm' }, audit);
  return batchItem(session, await loadBatch(db, session, input.batchId));
}

export async function discardBatch(db: Db, session: Session, input: { batchId: number }, audit: Audit) {
  const b = await loadBatch(db, session, input.batchId);
  batchWorkflow.assertOperation(b, session, 'discard');
  await db.delete(stateGridBatches).where(and(eq(stateGridBatches.id, b.id), eq(stateGridBatches.status, BATCH_STATUS.DRAFT)));
  audit({ entity: 'state_grid_batch', entityId: b.id, detail: `放弃国网上报批次 ${b.batchNo}` });
  return { id: b.id };
}

// ---------- 附件 ----------

export async function batchFiles(db: Db, session: Session, input: { batchId: number }) {
  return (await loadBatch(db, session, input.batchId)).files;
}

export async function saveBatchFile(db: Db, session: Session, input: { batchId: number; name: string; url: string }, audit: Audit) {
  const b = await loadBatch(db, session, input.batchId);
  batchWorkflow.assertOperation(b, session, 'files');
  await attachFiles(db, { entity: 'state_grid_batch', entityId: b.id }, [input.url], { by: session.user });
  const files = [...b.files.filter((f) => f.url !== input.url), { name: input.name, url: input.url }];
  await db.update(stateGridBatches).set({ files }).where(eq(stateGridBatches.id, b.id));
  audit({ entity: 'state_grid_batch', entityId: b.id, detail: `上报批次 ${b.batchNo} 添加附件 ${input.name}` });
  return files;
}

export async function deleteBatchFile(db: Db, session: Session, input: { batchId: number; url: string }, audit: Audit) {
  const b = await loadBatch(db, session, input.batchId);
  batchWorkflow.assertOperation(b, session, 'files');
  const files = b.files.filter((f) => f.url !== input.url);
  await db.update(stateGridBatches).set({ files }).where(eq(stateGridBatches.id, b.id));
  await detachFiles(db, { entity: 'state_grid_batch', entityId: b.id });
  if (files.length) await attachFiles(db, { entity: 'state_grid_batch', entityId: b.id }, files.map((f) => f.url), { by: session.user });
  audit({ entity: 'state_grid_batch', entityId: b.id, detail: `上报批次 ${b.batchNo} 删除附件` });
  return files;
}

// ---------- 上报（外发队列）与答复 ----------

export interface SubmitAnswer {
  /** 国网是否已同步给出结论；null 为待登记 */
  accepted: boolean | null;
  rejections: { cerCode: string; reason: string }[];
}

/** manual：生成签名的清单（工作簿各行的 SHA-256 与 HMAC 签名），由人工把工作簿与清单上传到国网平台，再登记答复；http：经外发队列提交 */
export type StateGridMode = 'manual' | 'http';

const stateGridUrl = () => process.env.STATE_GRID_URL?.trim() || null;
const stateGridKey = () => process.env.STATE_GRID_KEY?.trim() || null;
export const stateGridMode = (): StateGridMode => (stateGridUrl() && stateGridKey() ? 'http' : 'manual');

export const STATE_GRID_CHANNEL = 'stategrid';
interface StateGridPayload {
  batchId: number;
  manifest: Record<string, unknown>;
  rows: string[][];
}

/**
 * 外发通道 stategrid：POST STATE_GRID_URL（JSON：清单与各行），带 X-Api-Key 与 Idempotency-Key（批次号）；
 * 答复 { accepted, rejections: [{ cerCode, reason }] }，同一幂等键再发时国网应答复同一结论（见 docs/OUTBOX.md）。
 */
registerOutboxChannel<StateGridPayload, SubmitAnswer>(STATE_GRID_CHANNEL, {
  label: '国网数据上报',
  waitingReason: () => (stateGridMode() === 'http' ? null : '未配置 STATE_GRID_URL 与 STATE_GRID_KEY'),
  async send({ key, payload }) {
    const body = (await postJson(stateGridUrl()!, {
      body: { manifest: payload.manifest, columns: PERSON_COLUMNS.map((c) => c.code), rows: payload.rows },
      idempotencyKey: key,
      headers: { 'x-api-key': stateGridKey()! },
    })) as Partial<SubmitAnswer> | null;
    return { accepted: body?.accepted ?? null, rejections: body?.rejections ?? [] };
  },
  async onDelivered(tx, { payload }, answer) {
    if (answer.accepted === null) return;
    const [b] = await tx.select().from(stateGridBatches).where(eq(stateGridBatches.id, payload.batchId));
    if (!b || b.status !== BATCH_STATUS.SUBMITTED) return;
    const people = await batchPeople(tx, b.id);
    const byCode = new Map(people.map((p) => [p.c.cerCode, p.c.id]));
    await recordAdapterAnswer(
      tx,
      b,
      answer.rejections.filter((r) => byCode.has(r.cerCode)).map((r) => ({ certificateId: byCode.get(r.cerCode)!, reason: r.reason })),
    );
  },
});

/** 把答复写进台账：未被退回的接收，被退回的写原因 */
async function recordItems(tx: Db, b: StateGridBatch, rejections: { certificateId: number; reason: string }[]) {
  const now = new Date();
  const rejectedIds = rejections.map((r) => r.certificateId);
  for (const r of rejections) {
    await tx
      .update(stateGridItems)
      .set({ status: ITEM_STATUS.REJECTED, reason: r.reason, updatedAt: now })
      .where(and(eq(stateGridItems.batchId, b.id), eq(stateGridItems.certificateId, r.certificateId)));
  }
  await tx
    .update(stateGridItems)
    .set({ status: ITEM_STATUS.ACCEPTED, updatedAt: now })
    .where(and(eq(stateGridItems.batchId, b.id), eq(stateGridItems.status, ITEM_STATUS.SUBMITTED), rejectedIds.length ? sql`${stateGridItems.certificateId} <> all(${sql.param(rejectedIds)}::int[])` : undefined));
}

/** 接口适配器同步给出的答复：由系统登记（办理人“国网平台”，写一行历史），与人工登记的结果相同 */
async function recordAdapterAnswer(tx: Db, b: StateGridBatch, rejections: { certificateId: number; reason: string }[]) {
  await recordItems(tx, b, rejections);
  const now = new Date();
  const status = rejections.length ? BATCH_STATUS.REJECTED : BATCH_STATUS.ACCEPTED;
  const [row] = await tx
    .update(stateGridBatches)
    .set({ status, answeredAt: now, reason: rejections.length ? `退回 ${rejections.length} 人` : null })
    .where(and(eq(stateGridBatches.id, b.id), eq(stateGridBatches.status, BATCH_STATUS.SUBMITTED)))
    .returning();
  await tx.insert(stateGridBatchHistory).values({ batchId: b.id, action: rejections.length ? 'reject' : 'accept', fromStatus: BATCH_STATUS.SUBMITTED, toStatus: status, opinion: null, actorId: null, actorName: '国网平台', createdAt: now });
  return row;
}

export async function submitBatch(db: Db, session: Session, input: { batchId: number }, audit: Audit) {
  const b = await loadBatch(db, session, input.batchId);
  // 先按声明拒绝（草稿须先确认、已上报的不能重复上报）
  if (b.status === BATCH_STATUS.DRAFT && batchWorkflow.availableActions(b, session).includes('confirm')) throw ApiError.badRequest('请先确认批次再上报');
  batchWorkflow.check(b, session, 'submit');
  const people = await batchPeople(db, b.id);
  const rows = people.map((p) => personRow(p.c, p.orgName));
  const digest = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  const manifest = {
    batchNo: b.batchNo,
    planId: b.planId,
    people: rows.length,
    columns: PERSON_COLUMNS.map((c) => c.code),
    sha256: digest,
    signature: createHmac('sha256', process.env.STATE_GRID_KEY?.trim() || authSecret()).update(`${b.batchNo}:${digest}`).digest('hex'),
    files: b.files,
    generatedAt: new Date().toISOString(),
  };
  const mode = stateGridMode();
  // 状态变更与外发行在同一个事务里：已上报的批次一定会送出，送出的一定是已上报的批次
  const outboxId = await db.transaction(async (tx) => {
    await batchWorkflow.applyIn(tx, session, { id: b.id, action: 'submit' }, audit);
    await tx.update(stateGridBatches).set({ adapter: mode, manifest }).where(eq(stateGridBatches.id, b.id));
    await tx.update(stateGridItems).set({ status: ITEM_STATUS.SUBMITTED, updatedAt: new Date() }).where(eq(stateGridItems.batchId, b.id));
    audit({ entity: 'state_grid_batch', entityId: b.id, after: { sha256: digest }, detail: `国网上报批次 ${b.batchNo}（${rows.length} 人，${mode === 'http' ? '接口' : '手工上传'}）` });
    if (mode === 'manual') return null;
    // 批次号即幂等键：一个批次只上报一次（被退回的人进新批次重报）；行里有完整身份证号与手机号，外发行整体加密存放
    return enqueueOutbox(tx, { channel: STATE_GRID_CHANNEL, key: `stategrid:${b.batchNo}`, summary: `国网上报批次 ${b.batchNo}（${rows.length} 人）`, payload: { batchId: b.id, manifest, rows } satisfies StateGridPayload });
  });
  // 提交后立即试一次：国网同步答复时本次答复里就是接收或退回；没送达的由定时任务按退避重试（运维 › 外发队列可见）
  const delivery = outboxId === null ? null : (await deliverOutboxNow(db, [outboxId]))[0];
  const [out] = await db.select().from(stateGridBatches).where(eq(stateGridBatches.id, b.id));
  let lastError: string | null = null;
  if (outboxId !== null && delivery?.status !== OUTBOX_STATUS.DELIVERED) {
    [{ lastError }] = await db.select({ lastError: outboxMessages.lastError }).from(outboxMessages).where(eq(outboxMessages.id, outboxId));
  }
  return {
    ...batchItem(session, out),
    ...(delivery ? { outboxId, deliveryStatus: delivery.status, deliveryStatusName: OUTBOX_STATUS_LABEL[delivery.status], deliveryError: lastError, deliveryNotice: deliveryNotice(delivery.status) } : {}),
  };
}

/** 登记国网的答复（手工上传的批次）：市级按国网平台的结果登记接收（accept），或逐人退回并写原因（reject） */
export async function answerBatch(db: Db, session: Session, input: { batchId: number; rejections: { certificateId: number; reason: string }[] }, audit: Audit) {
  const b = await loadBatch(db, session, input.batchId);
  const action = input.rejections.length ? 'reject' : 'accept';
  batchWorkflow.check(b, session, action);
  const inBatch = await db.select({ certificateId: stateGridItems.certificateId }).from(stateGridItems).where(eq(stateGridItems.batchId, b.id));
  const ids = new Set(inBatch.map((i) => i.certificateId));
  const stray = input.rejections.find((r) => !ids.has(r.certificateId));
  if (stray) throw ApiError.badRequest('退回的人员不在该批次中');
  return db.transaction(async (tx) => {
    await batchWorkflow.applyIn(tx, session, { id: b.id, action }, audit);
    await recordItems(tx, b, input.rejections);
    const [row] = await tx
      .update(stateGridBatches)
      .set({ reason: input.rejections.length ? `退回 ${input.rejections.length} 人` : null })
      .where(eq(stateGridBatches.id, b.id))
      .returning();
    return batchItem(session, row);
  });
}
