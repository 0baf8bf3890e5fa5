// 报送全国网的督导材料（exaChinaNetworkFile）：督导员按计划上传（add）、删除未提交的（del）、查看（by），
// 提交（byCommit）后锁定，不能再删。填写的人须是分派到该计划的督导员，计划在考务安排或成绩管理步骤。
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { formatBeijing } from '@/lib/platform/time';
import { attachFiles, detachFiles } from '../file/service';
import { examPlans } from '../exaPlan/tables';
import { assertAssignedSupervisor, assertSupervisionStep, loadSupervisedPlan, supervisedWhere, supervisionOf } from './access';
import { loadNetworkFile, networkFileSubject, networkFileWorkflow, planSupervisorUsers, type NetworkFileRow } from './workflow';
import { chinaNetworkFiles } from './tables';
import { NETWORK_FILE_STATUS, NETWORK_FILE_STATUS_COLOR, NETWORK_FILE_STATUS_LABEL, NETWORK_FILE_TYPE_LABEL, type NetworkFileItem } from './schemas';

const ENTITY = 'china_network_file';
/** 一个计划最多的报送材料 */
export const MAX_NETWORK_FILES = 50;

export async function addNetworkFile(db: Db, session: Session, input: { planId: number; name: string; fileType: number; url: string }, audit: Audit) {
  const { plan, sup, sessionIds } = await loadSupervisedPlan(db, session.user, input.planId);
  assertSupervisionStep(plan, '上传报送材料');
  assertAssignedSupervisor(sup, sessionIds, '上传报送材料');
  const [{ n }] = await db.select({ n: count() }).from(chinaNetworkFiles).where(eq(chinaNetworkFiles.planId, plan.id));
  if (Number(n) >= MAX_NETWORK_FILES) throw ApiError.badRequest(`每个计划最多 ${MAX_NETWORK_FILES} 份报送材料`);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(chinaNetworkFiles)
      .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, name: input.name, fileType: input.fileType, url: input.url, createdBy: session.user.id, createdByName: session.user.realName ?? session.user.nickName })
      .returning();
    await attachFiles(tx, { entity: ENTITY, entityId: created.id }, [input.url], { by: session.user });
    return created;
  });
  audit({ entity: ENTITY, entityId: row.id, after: { name: row.name, fileType: row.fileType, url: row.url }, detail: `上传报送全国网的材料「${row.name}」（计划 ${plan.code}）` });
  return { id: row.id };
}

const DELETE_WHAT = '删除报送材料';

export async function deleteNetworkFiles(db: Db, session: Session, input: { ids: number[] }, audit: Audit) {
  const ids = [...new Set(input.ids)];
  const rows: NetworkFileRow[] = [];
  for (const id of ids) {
    const f = await loadNetworkFile(db, session.user, id);
    if (!f.open) throw ApiError.badRequest(`计划当前处于「${f.planPosition}」，${DELETE_WHAT}须在「考务安排」或「成绩管理」步骤`);
    networkFileWorkflow.assertOperation(f, session, 'delete');
    rows.push(f);
  }
  await db.transaction(async (tx) => {
    // 只删仍未提交的（并发的提交之后不再删）
    const gone = await tx
      .delete(chinaNetworkFiles)
      .where(and(inArray(chinaNetworkFiles.id, ids), eq(chinaNetworkFiles.status, NETWORK_FILE_STATUS.DRAFT)))
      .returning({ id: chinaNetworkFiles.id });
    if (gone.length !== ids.length) throw ApiError.conflict(`${networkFileWorkflow.def.label}状态已被他人更新，请刷新后重试`);
    for (const r of rows) await detachFiles(tx, { entity: ENTITY, entityId: r.id });
  });
  for (const r of rows) audit({ entity: ENTITY, entityId: r.id, before: r, detail: `删除报送材料「${r.name}」` });
  return { deleted: rows.length };
}

/** 提交计划的全部未提交材料（byCommit）：逐份经工作流引擎办理（提交后锁定） */
export async function commitNetworkFiles(db: Db, session: Session, input: { planId: number }, audit: Audit) {
  const { plan } = await loadSupervisedPlan(db, session.user, input.planId);
  const drafts = await db
    .select({ id: chinaNetworkFiles.id })
    .from(chinaNetworkFiles)
    .where(and(eq(chinaNetworkFiles.planId, plan.id), eq(chinaNetworkFiles.status, NETWORK_FILE_STATUS.DRAFT)))
    .orderBy(chinaNetworkFiles.id);
  if (!drafts.length) throw ApiError.conflict('该计划没有未提交的报送材料');
  await db.transaction(async (tx) => {
    for (const d of drafts) await networkFileWorkflow.applyIn(tx, session, { id: d.id, action: 'commit' }, audit);
  });
  return { committed: drafts.length };
}

export async function listNetworkFiles(db: Db, session: Session, filter: { planId?: number; status?: number }, page: Page): Promise<PageResult<NetworkFileItem>> {
  const sup = await supervisionOf(db, session.user);
  const where = and(
    scopeWhere(session.user, { cityId: chinaNetworkFiles.cityId, orgId: chinaNetworkFiles.orgId }),
    supervisedWhere(sup, chinaNetworkFiles.planId),
    filter.planId !== undefined ? eq(chinaNetworkFiles.planId, filter.planId) : undefined,
    filter.status !== undefined ? eq(chinaNetworkFiles.status, filter.status) : undefined,
  );
  return fetchPage(
    page,
    db
      .select({ f: chinaNetworkFiles, planCode: examPlans.code, planName: examPlans.name, step: examPlans.step, state: examPlans.state })
      .from(chinaNetworkFiles)
      .innerJoin(examPlans, eq(examPlans.id, chinaNetworkFiles.planId))
      .where(where)
      .orderBy(desc(chinaNetworkFiles.id)),
    db.select({ total: count() }).from(chinaNetworkFiles).where(where),
    async (rows) => {
      const supervisors = await planSupervisorUsers(db, rows.map((r) => r.f.planId));
      return rows.map(({ f, planCode, planName, step, state }) => ({
        id: f.id,
        planId: f.planId,
        planCode,
        planName,
        name: f.name,
        fileType: f.fileType,
        fileTypeName: NETWORK_FILE_TYPE_LABEL[f.fileType] ?? '',
        url: f.url,
        status: f.status,
        statusName: NETWORK_FILE_STATUS_LABEL[f.status] ?? '',
        statusColor: NETWORK_FILE_STATUS_COLOR[f.status] ?? 'default',
        createdByName: f.createdByName,
        createTime: formatBeijing(f.createdAt),
        committedAt: f.committedAt ? formatBeijing(f.committedAt) : null,
        actions: networkFileWorkflow.availableActions(networkFileSubject(f, { code: planCode, step, state }, supervisors.get(f.planId) ?? []), session),
      }));
    },
  );
}
