// 机构下的账号属于身份域（user 在 org 之上：账号表引用机构表）。user 把“各机构的账号数”和“机构换区划时账号跟着换”
// 登记到这里（user/org-members.ts，由 lib/workflows.ts 引用），org 因此不引用 user（docs/DOMAINS.md“领域之间的依赖”）。
import type { Db } from '@/lib/platform/db/client';

export interface OrgMembers {
  /** 各机构的账号数；没有账号的机构不在结果里 */
  countByOrg(db: Db, orgIds: readonly number[]): Promise<{ orgId: number; n: number }[]>;
  /** 机构换了区划：本机构层级账号的区划字段跟着换（调用方的事务） */
  followArea(tx: Db, orgId: number, to: { areaId: number; cityId: number | null }): Promise<void>;
}

let members: OrgMembers | null = null;

export function registerOrgMembers(m: OrgMembers): void {
  members = m;
}

/** 未登记即报错：少算账号会让有账号的机构被删除，不能静默当作 0 */
export function orgMembers(): OrgMembers {
  if (!members) throw new Error('机构账号的处理未登记：须先引用 lib/workflows.ts（它引用 user/org-members.ts）');
  return members;
}
