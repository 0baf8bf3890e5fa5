// 按层级与范围的办理方（多数审核流程的三方）：机构只对本机构的对象，市级只对本市的，省级对全省。
// 各领域的 actorsOf 由它组合（去掉省级、加“管理员”一方等），不再各写一份。

export type ScopedActor = 'org' | 'city' | 'province';

export function scopedActors(
  user: { level: string; orgId: number | null; cityId: number | null },
  subject: { orgId: number | null; cityId: number | null },
): ScopedActor[] {
  if (user.level === 'org') return user.orgId !== null && user.orgId === subject.orgId ? ['org'] : [];
  if (user.level === 'city') return user.cityId !== null && user.cityId === subject.cityId ? ['city'] : [];
  return user.level === 'province' ? ['province'] : [];
}
