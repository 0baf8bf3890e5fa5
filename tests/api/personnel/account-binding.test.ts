// 人员库绑定登录账号（person.user_id）：考评员库只绑考评员账号、督导员库只绑督导员账号；同库一个账号只对应一人；
// 范围外的人员或账号答 404；绑定后该账号以本人身份办事（personIdOfUser），解除后不再是。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { personIdOfUser } from '@/lib/domains/personnel/accounts';
import { people } from '@/lib/domains/personnel/tables';
import type { AccountOption, PersonDetail, PersonItem } from '@/lib/domains/personnel/schemas';
import { users } from '@/lib/domains/user/tables';
import { organisations } from '@/lib/domains/org/tables';
import { operationLogs } from '@/lib/domains/ops/tables';

const { db } = setupTestDb();

interface Paged<T> {
  list: T[];
  total: number;
}

const h: Record<string, Record<string, string>> = {};
const uid: Record<string, number> = {};
/** 人员 id：华元评价的考评员吴国栋（种子已绑定 assessor）、刘建军；保定的考评员韩立平；石家庄的督导员杨帆（种子已绑定 supervisor） */
const pid: Record<string, number> = {};
/** 保定评价机构的一个考评员账号（石家庄华元评价范围外） */
let bdAssessorUserId = 0;

const post = <T>(account: string, path: string, json: unknown = {}) => call<T>('POST', path, { headers: h[account], json });

beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'assessor']) h[a] = await authHeaders(a);
  const d = await db();
  for (const u of await d.select({ id: users.id, account: users.account }).from(users)) uid[u.account] = u.id;
  for (const [name, library] of [
    ['吴国栋', 'assessor'],
    ['刘建军', 'assessor'],
    ['韩立平', 'assessor'],
    ['杨帆', 'supervisor'],
  ] as const) {
    const [p] = await d
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.name, name), eq(people.library, library)));
    pid[name] = p.id;
  }
  const [bd] = await d.select().from(organisations).where(eq(organisations.code, 'ORG130606001'));
  const [u] = await d
    .insert(users)
    .values({ code: 'T-BD-ASSESSOR', account: 'bd_assessor_t', passwordHash: 'x', nickName: '保定考评员', realName: '韩立平', userType: 'ASSESSOR', level: 'org', areaId: bd.areaId, cityId: bd.cityId, orgId: bd.id })
    .returning({ id: users.id });
  bdAssessorUserId = u.id;
});

describe('考评员绑定账号', () => {
  it('列表与详情显示绑定的账号；已绑定的行可“解除绑定”，未绑定的行可“绑定账号”（按权限算出）', async () => {
    const list = await post<Paged<PersonItem>>('eval_org', '/perEval/list', { pageSize: 100 });
    const wu = list.body.data.list.find((p) => p.id === pid['吴国栋'])!;
    const liu = list.body.data.list.find((p) => p.id === pid['刘建军'])!;
    expect(wu).toMatchObject({ userId: uid.assessor, accountName: 'assessor', accountRealName: '吴国栋', actions: ['stop', 'unbindAccount'] });
    expect(liu).toMatchObject({ userId: null, accountName: null, actions: ['stop', 'bindAccount'] });
    const detail = await post<PersonDetail>('eval_org', '/fil/evaluation/viewFilEvaluation', { id: pid['吴国栋'] });
    expect(detail.body.data).toMatchObject({ accountName: 'assessor', actions: ['stop', 'unbindAccount'] });
  });

  it('解除绑定：账号不再代表此人；记操作日志', async () => {
    const d = await db();
    expect(await personIdOfUser(d, uid.assessor, 'assessor')).toBe(pid['吴国栋']);
    const res = await post<PersonDetail>('eval_org', '/perEval/unbindAccount', { id: pid['吴国栋'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userId: null, accountName: null, actions: ['stop', 'bindAccount'] });
    expect(await personIdOfUser(d, uid.assessor, 'assessor')).toBeNull();
    const again = await post('eval_org', '/perEval/unbindAccount', { id: pid['吴国栋'] });
    expect(again.status).toBe(400);
    expect(again.body.returnMsg).toBe('考评员吴国栋没有绑定登录账号');
    const logs = await d.select().from(operationLogs).where(eq(operationLogs.endpoint, 'POST /perEval/unbindAccount'));
    expect(logs.map((l) => l.detail)).toEqual(['考评员 吴国栋 解除绑定登录账号 assessor']);
  });

  it('账号选择器：范围内、考评员类型、尚未绑定的账号，可按账号名、姓名、手机号搜', async () => {
    const byName = await post<AccountOption[]>('eval_org', '/perEval/accountOptions', { keyword: '吴国栋' });
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((a) => a.account)).toEqual(['assessor']);
    const byMobile = await post<AccountOption[]>('eval_org', '/perEval/accountOptions', { keyword: '13831100009' });
    expect(byMobile.body.data.map((a) => a.account)).toEqual(['assessor']);
    const all = (await post<AccountOption[]>('eval_org', '/perEval/accountOptions', {})).body.data.map((a) => a.account);
    expect(all).toContain('assessor');
    // 本机构的机构账号（类型不对）、保定机构的考评员账号（范围外）都不在候选里
    expect(all).not.toContain('eval_org');
    expect(all).not.toContain('bd_assessor_t');
    expect((await post<AccountOption[]>('admin', '/perEval/accountOptions', { keyword: 'bd_assessor' })).body.data.map((a) => a.account)).toEqual(['bd_assessor_t']);
  });

  it('绑定：账号以本人身份办事（personIdOfUser），列表显示账号；已绑定的账号从候选里消失；记操作日志', async () => {
    const d = await db();
    const res = await post<PersonDetail>('eval_org', '/perEval/bindAccount', { id: pid['刘建军'], userId: uid.assessor });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: '刘建军', userId: uid.assessor, accountName: 'assessor', actions: ['stop', 'unbindAccount'] });
    expect(await personIdOfUser(d, uid.assessor, 'assessor')).toBe(pid['刘建军']);
    const opts = await post<AccountOption[]>('eval_org', '/perEval/accountOptions', { keyword: 'assessor' });
    expect(opts.body.data.map((a) => a.account)).not.toContain('assessor');
    const logs = await d.select().from(operationLogs).where(eq(operationLogs.endpoint, 'POST /perEval/bindAccount'));
    expect(logs.map((l) => l.detail)).toEqual(['考评员 刘建军 绑定登录账号 assessor']);
    expect(logs[0]).toMatchObject({ account: 'eval_org', entity: 'person', entityId: String(pid['刘建军']) });
  });

  it('拒绝：同一账号再绑本库另一人、已绑定的人再绑、类型不对的账号；什么也不改', async () => {
    const d = await db();
    const dup = await post('eval_org', '/perEval/bindAccount', { id: pid['吴国栋'], userId: uid.assessor });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('账号“assessor”已绑定考评员刘建军，一个账号只能对应一名考评员；如需改绑，请先解除刘建军的绑定');
    const same = await post('eval_org', '/perEval/bindAccount', { id: pid['刘建军'], userId: uid.assessor });
    expect(same.status).toBe(409);
    expect(same.body.returnMsg).toBe('考评员刘建军已绑定账号“assessor”，无需重复绑定');
    const wrongType = await post('eval_org', '/perEval/bindAccount', { id: pid['吴国栋'], userId: uid.eval_org });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.returnMsg).toBe('账号“eval_org”的类型是“机构用户”，考评员只能绑定“考评员”类型的账号；请另选账号，或先在账号管理中改正账号类型');
    // 督导员库只收督导员账号
    const supWrong = await post('sjz_admin', '/perSuper/bindAccount', { id: pid['杨帆'], userId: uid.assessor });
    expect(supWrong.status).toBe(400);
    expect(supWrong.body.returnMsg).toBe('账号“assessor”的类型是“考评员”，督导员只能绑定“督导员”类型的账号；请另选账号，或先在账号管理中改正账号类型');
    const [wu] = await d.select({ userId: people.userId }).from(people).where(eq(people.id, pid['吴国栋']));
    expect(wu.userId).toBeNull();
  });

  it('范围外：别市管理员对本机构的考评员、机构用户对别机构的考评员答 404；范围外的账号也答 404', async () => {
    const bdAdmin = await post('bd_admin', '/perEval/bindAccount', { id: pid['吴国栋'], userId: uid.assessor });
    expect(bdAdmin.status).toBe(404);
    expect(bdAdmin.body.returnMsg).toBe('考评员不存在或不在您的管辖范围内');
    expect((await post('bd_admin', '/perEval/unbindAccount', { id: pid['刘建军'] })).status).toBe(404);
    expect((await post('eval_org', '/perEval/bindAccount', { id: pid['韩立平'], userId: bdAssessorUserId })).status).toBe(404);
    const foreignAccount = await post('eval_org', '/perEval/bindAccount', { id: pid['吴国栋'], userId: bdAssessorUserId });
    expect(foreignAccount.status).toBe(404);
    expect(foreignAccount.body.returnMsg).toBe('登录账号不存在或不在您的管辖范围内');
    // 考评员本人的账号没有考评员库的编辑权限
    expect((await post('assessor', '/perEval/bindAccount', { id: pid['吴国栋'], userId: uid.assessor })).status).toBe(403);
    const d = await db();
    expect(await personIdOfUser(d, uid.assessor, 'assessor')).toBe(pid['刘建军']);
  });

  it('督导员：市管理员解除杨帆的绑定后重新绑定督导员账号', async () => {
    expect((await post('sjz_admin', '/perSuper/unbindAccount', { id: pid['杨帆'] })).status).toBe(200);
    expect(await personIdOfUser(await db(), uid.supervisor, 'supervisor')).toBeNull();
    const res = await post<PersonDetail>('sjz_admin', '/perSuper/bindAccount', { id: pid['杨帆'], userId: uid.supervisor });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ accountName: 'supervisor', actions: ['stop', 'unbindAccount'] });
    expect(await personIdOfUser(await db(), uid.supervisor, 'supervisor')).toBe(pid['杨帆']);
    const list = await post<Paged<PersonItem>>('sjz_admin', '/perSuper/listSuper', { name: '杨帆' });
    expect(list.body.data.list[0]).toMatchObject({ accountName: 'supervisor', actions: ['stop', 'unbindAccount'] });
  });
});
