// 工作流的通知（lib/platform/workflow 的 NoticeDef）最常见的一种：办理方是所属机构（org）、所在市的市级管理员（city）
// 与省级管理员（province）。下一步能办的人按持有的权限与范围找出；审核方办理后告诉所属机构的用户。
import type { NoticeDef, ScopedActor } from '@/lib/platform/workflow';
import { usersHolding, usersOfOrg } from '../access/holders';
import { notify } from './service';

interface Scoped {
  orgId: number | null;
  cityId: number | null;
}

export function scopedNotice<S extends Scoped, R extends string>(opts: {
  /** 声明里的办理方 → 层级（不在表里的办理方不通知） */
  levels: Partial<Record<R, ScopedActor>>;
  /** 所属方的办理方（它以外的办理方办理后告诉所属机构的用户） */
  ownerActor?: R;
  link: (subject: S, actor: R | 'owner') => string;
}): NoticeDef<S, R> {
  return {
    ownerActor: opts.ownerActor,
    recipients: (db, s, actor, permissions) => {
      const level = opts.levels[actor];
      if (!level) return Promise.resolve([]);
      return usersHolding(db, {
        permissions,
        level,
        ...(level === 'org' ? { orgId: s.orgId } : level === 'city' ? { cityId: s.cityId } : {}),
      });
    },
    owners: opts.ownerActor ? (db, s) => usersOfOrg(db, s.orgId === null ? [] : [s.orgId]) : undefined,
    link: opts.link,
    send: (db, ids, m) => notify(db, ids, { ...m, kind: 'audit' }),
  };
}
