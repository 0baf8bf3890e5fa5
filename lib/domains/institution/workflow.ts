// 入驻交给工作流引擎的声明：表、读取（范围）、附带动作（提交与入驻的时间、意见）、历史与通知。转换与操作在 transitions.ts。
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { SessionUser } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { defineWorkflow } from '@/lib/platform/workflow';
import { scopedNotice } from '../message/workflow-notice';
import { organisations } from '../org/tables';
import { orgProfiles, orgSettleHistory, type OrgProfile } from './tables';
import { SETTLE_ACTOR_LABEL, SETTLE_OPERATIONS, SETTLE_STATUS_LABEL, SETTLE_TRANSITIONS, settleActorsOf, type SettleAction, type SettleActor, type SettleOperation, type SettleSubject } from './transitions';

export type SettleRow = OrgProfile & SettleSubject & { orgName: string };

/** 范围内的一份入驻资料与单位的类别、名称；不存在或范围外 404 */
export async function loadSettle(db: Db, user: SessionUser, id: number): Promise<SettleRow> {
  const [row] = await db
    .select({ p: orgProfiles, category: organisations.category, orgName: organisations.name })
    .from(orgProfiles)
    .innerJoin(organisations, eq(organisations.id, orgProfiles.orgId))
    .where(and(eq(orgProfiles.id, id), scopeWhere(user, { cityId: orgProfiles.cityId, orgId: orgProfiles.orgId })));
  if (!row) throw ApiError.notFound('入驻资料不存在或不在您的管辖范围内');
  return { ...row.p, category: row.category, orgName: row.orgName };
}

export const settleWorkflow = defineWorkflow<SettleRow, SettleAction, SettleActor, string, SettleOperation>({
  key: 'settleIn',
  label: '入驻资料',
  entity: 'org_profile',
  table: orgProfiles,
  id: orgProfiles.id,
  position: { settleStatus: orgProfiles.settleStatus },
  updatedAt: orgProfiles.updatedAt,
  labels: { settleStatus: SETTLE_STATUS_LABEL },
  actors: SETTLE_ACTOR_LABEL,
  actorLevels: { org: ['org'], city: ['city'], province: ['province'], admin: ['city', 'province'] },
  actorsOf: settleActorsOf,
  transitions: SETTLE_TRANSITIONS,
  operations: SETTLE_OPERATIONS,
  load: loadSettle,
  describe: (p) => `入驻资料 ${p.orgName}`,
  history: { table: orgSettleHistory, values: (p) => ({ orgId: p.orgId }) },
  effect: (_tx, p, { action, opinion, now }) => ({
    ...(SETTLE_TRANSITIONS.find((t) => t.action === action)!.opinion === 'none' ? {} : { lastOpinion: opinion }),
    ...(action === 'submit' ? { submittedAt: now } : {}),
    ...(action === 'provincePass' ? { settledAt: now } : {}),
  }),
  notice: scopedNotice<SettleRow, SettleActor>({
    levels: { org: 'org', city: 'city', province: 'province' },
    ownerActor: 'org',
    link: (_p, actor) => (actor === 'city' || actor === 'province' ? '/org/company/settle-in-approve' : '/org/company/settle-in'),
  }),
});
