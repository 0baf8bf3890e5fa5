// 流程规则与流程状态。规则：某类流程在某个区划内按顺序经过的审核环节；同一类型、同一区划只能有一条启用的规则。
// 市级管理员只能看、改本市（及下属县区）的规则；省级规则（区划 130000）由省级维护。
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import type { SessionUser } from '@/lib/platform/auth/session';
import { assertInScope, inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { formatBeijing } from '@/lib/platform/time';
import { areas } from '../area/tables';
import { DICT, PROCESS_STATUS_DICT } from './codes';
import { dictItems, dictTypes, processRules, type ProcessRule } from './tables';
import { REVIEWER_LEVELS, type ReviewerLevel, type ProcessRuleAddInput, type ProcessRuleListInput, type ProcessRuleUpdateInput } from './schemas';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { dictOptions, like, STATUS_NAMES } from './service';

type RuleInput = z.output<typeof ProcessRuleAddInput>;

const scopeCols = { cityId: processRules.cityId };

async function typeNames(db: Db): Promise<Map<string, string>> {
  return new Map((await dictOptions(db, DICT.PROCESS_RULE_TYPE)).map((o) => [o.value, o.label]));
}

function ruleView(r: ProcessRule, areaName: string | null, types: Map<string, string>) {
  const steps = [...r.steps].sort((a, b) => a.order - b.order);
  return {
    id: r.id,
    processType: r.processType,
    processTypeName: types.get(r.processType) ?? r.processType,
    name: r.name,
    areaId: r.areaId,
    areaName,
    steps: steps.map((s) => ({ ...s, reviewerLevelName: REVIEWER_LEVELS[s.reviewerLevel] })),
    stepSummary: steps.map((s) => s.name).join(' → '),
    status: r.status,
    statusName: STATUS_NAMES[r.status],
    remark: r.remark,
    createTime: formatBeijing(r.createdAt),
    updateTime: formatBeijing(r.updatedAt),
  };
}

export type ProcessRuleView = ReturnType<typeof ruleView>;

export async function pageRules(db: Db, user: SessionUser, filter: z.output<typeof ProcessRuleListInput>, page: Page): Promise<PageResult<ProcessRuleView>> {
  const conds: (SQL | undefined)[] = [scopeWhere(user, scopeCols)];
  if (filter.processType) conds.push(eq(processRules.processType, filter.processType));
  if (filter.name) conds.push(ilike(processRules.name, like(filter.name)));
  if (filter.status !== undefined) conds.push(eq(processRules.status, filter.status));
  const where = and(...conds);
  const [{ list: rows, total }, types] = await Promise.all([
    fetchPage(
      page,
      db
        .select({ rule: processRules, areaName: areas.name })
        .from(processRules)
        .leftJoin(areas, eq(areas.id, processRules.areaId))
        .where(where)
        .orderBy(asc(processRules.processType), asc(processRules.areaId), asc(processRules.id)),
      db.select({ total: count() }).from(processRules).where(where),
    ),
    typeNames(db),
  ]);
  return { list: rows.map((r) => ruleView(r.rule, r.areaName, types)), total };
}

/** 校验类型与区划，算出区划所在市；区划须在操作人的范围内 */
async function resolveRule(db: Db, user: SessionUser, input: RuleInput) {
  const types = await typeNames(db);
  const typeName = types.get(input.processType);
  if (!typeName) throw ApiError.badRequest('流程类型不存在或已停用', { processType: '流程类型不存在或已停用' });
  const [area] = await db.select().from(areas).where(eq(areas.id, input.areaId));
  if (!area) throw ApiError.badRequest('适用区划不存在', { areaId: '适用区划不存在' });
  const cityId = area.level === 1 ? null : area.level === 2 ? area.id : area.pid;
  if (!inScope(user, { cityId, countyId: area.level === 3 ? area.id : null })) throw ApiError.forbidden('只能为本辖区设置流程规则');
  const steps = [...input.steps].sort((a, b) => a.order - b.order);
  return { types, typeName, areaName: area.name, cityId, steps };
}

async function assertNoOtherActive(db: Db, input: RuleInput, typeName: string, areaName: string, exceptId?: number) {
  if (input.status !== 0) return;
  const [other] = await db
    .select({ id: processRules.id })
    .from(processRules)
    .where(and(eq(processRules.processType, input.processType), eq(processRules.areaId, input.areaId), eq(processRules.status, 0)));
  if (other && other.id !== exceptId) throw conflict(typeName, areaName);
}

const conflict = (typeName: string, areaName: string) => ApiError.conflict(`${areaName}已有启用的「${typeName}」规则，请先停用原规则`);

export async function addRule(db: Db, session: Session, input: RuleInput, audit: Audit): Promise<ProcessRuleView> {
  const user = session.user;
  const r = await resolveRule(db, user, input);
  await assertNoOtherActive(db, input, r.typeName, r.areaName);
  const [row] = await withUniqueMessage(
    () => conflict(r.typeName, r.areaName),
    () =>
      db
        .insert(processRules)
        .values({ processType: input.processType, name: input.name, areaId: input.areaId, cityId: r.cityId, steps: r.steps, status: input.status, remark: input.remark, createdBy: user.id })
        .returning(),
  );
  audit({ entity: 'process_rule', entityId: row.id, after: row, detail: `新增流程规则「${row.name}」（${r.typeName}，${r.areaName}）` });
  return ruleView(row, r.areaName, r.types);
}

export async function updateRule(db: Db, session: Session, input: z.output<typeof ProcessRuleUpdateInput>, audit: Audit): Promise<ProcessRuleView> {
  const user = session.user;
  const [existing] = await db.select().from(processRules).where(eq(processRules.id, input.id));
  const before = assertInScope(user, existing ?? undefined, '流程规则');
  const r = await resolveRule(db, user, input);
  await assertNoOtherActive(db, input, r.typeName, r.areaName, input.id);
  const [after] = await withUniqueMessage(
    () => conflict(r.typeName, r.areaName),
    () =>
      db
        .update(processRules)
        .set({ processType: input.processType, name: input.name, areaId: input.areaId, cityId: r.cityId, steps: r.steps, status: input.status, remark: input.remark, updatedAt: new Date() })
        .where(eq(processRules.id, input.id))
        .returning(),
  );
  audit({ entity: 'process_rule', entityId: after.id, before, after, detail: `修改流程规则「${after.name}」` });
  return ruleView(after, r.areaName, r.types);
}

export async function deleteRules(db: Db, session: Session, ids: number[], audit: Audit): Promise<{ deleted: number }> {
  const user = session.user;
  const rows = await db.select().from(processRules).where(inArray(processRules.id, ids));
  if (rows.length !== new Set(ids).size || !rows.every((r) => inScope(user, r))) throw ApiError.notFound('流程规则不存在或不在您的管辖范围内');
  await db.delete(processRules).where(inArray(processRules.id, ids));
  for (const r of rows) audit({ entity: 'process_rule', entityId: r.id, before: r, detail: `删除流程规则「${r.name}」` });
  return { deleted: rows.length };
}

// ---------- 流程状态：各类流程使用的状态字典，可改显示文字 ----------

export async function listProcessStatuses(db: Db, processType: string | undefined) {
  const types = await typeNames(db);
  const wanted = Object.entries(PROCESS_STATUS_DICT).filter(([t]) => !processType || t === processType);
  const dictCodes = [...new Set(wanted.map(([, d]) => d))];
  if (!dictCodes.length) return { list: [], total: 0 };
  const items = await db
    .select({ item: dictItems, dictName: dictTypes.name })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.code, dictItems.typeCode))
    .where(inArray(dictItems.typeCode, dictCodes))
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
  const list = wanted.flatMap(([type, dict]) =>
    items
      .filter((i) => i.item.typeCode === dict)
      .map((i) => ({
        key: `${type}:${i.item.id}`,
        id: i.item.id,
        processType: type,
        processTypeName: types.get(type) ?? type,
        dictType: dict,
        dictName: i.dictName,
        value: i.item.value,
        label: i.item.label,
        status: i.item.status,
        statusName: STATUS_NAMES[i.item.status],
      })),
  );
  return { list, total: list.length };
}

/** 改流程状态的显示文字：只允许改流程所用的状态字典的项，取值不变 */
export async function updateProcessStatusLabel(db: Db, session: Session, { id, label }: { id: number; label: string }, audit: Audit) {
  const [before] = await db.select().from(dictItems).where(eq(dictItems.id, id));
  if (!before || !Object.values(PROCESS_STATUS_DICT).includes(before.typeCode)) throw ApiError.notFound('流程状态不存在');
  const [after] = await db.update(dictItems).set({ label, updatedAt: new Date() }).where(eq(dictItems.id, id)).returning();
  audit({ entity: 'dict_item', entityId: id, before, after, detail: `流程状态 ${before.typeCode}:${before.value} 改名为「${label}」` });
  return { id, value: after.value, label: after.label };
}

/** 某类流程在一组区划（由细到粗，如 [市, 省]）上生效的规则：取第一个有启用规则的区划的那条；都没有则为空 */
export async function activeProcessRule(db: Db, processType: string, areaIds: readonly (number | null)[]): Promise<Pick<ProcessRule, 'areaId' | 'steps'> | null> {
  const ids = areaIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return null;
  const rules = await db
    .select({ areaId: processRules.areaId, steps: processRules.steps })
    .from(processRules)
    .where(and(eq(processRules.processType, processType), eq(processRules.status, 0), inArray(processRules.areaId, ids)));
  return ids.map((id) => rules.find((r) => r.areaId === id)).find(Boolean) ?? null;
}

/**
 * 流程规则中某一审核层级是否必须填写意见：按区划由细到粗（县 → 市 → 省）取第一条启用的规则；
 * 没有规则或规则里没有这一层级时不要求。
 */
export async function stepRequiresOpinion(db: Db, processType: string, reviewerLevel: ReviewerLevel, areaIds: readonly (number | null)[]): Promise<boolean> {
  const rule = await activeProcessRule(db, processType, areaIds);
  return rule?.steps.some((s) => s.reviewerLevel === reviewerLevel && s.opinionRequired) ?? false;
}

/** 生效的规则里是否有这一审核层级（如考试计划是否还须省级审核） */
export async function ruleHasReviewer(db: Db, processType: string, reviewerLevel: ReviewerLevel, areaIds: readonly (number | null)[]): Promise<boolean> {
  const rule = await activeProcessRule(db, processType, areaIds);
  return rule?.steps.some((s) => s.reviewerLevel === reviewerLevel) ?? false;
}
