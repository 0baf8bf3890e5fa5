// 演示部门：挂在演示机构下，按（机构, 编码）幂等写入，已有的不改。含待审核、已通过、已驳回三种状态。
import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { departmentAudits, departments, organisations } from '@/lib/domains/org/tables';
import { users } from '@/lib/domains/user/tables';

interface DemoDept {
  orgCode: string;
  code: string;
  name: string;
  leader: string;
  phone: string;
  /** 0 待审核 1 通过 2 驳回 */
  auditStatus: 0 | 1 | 2;
  opinion?: string;
  /** 审核人账号 */
  auditor?: string;
}

const DEMO_DEPARTMENTS: readonly DemoDept[] = [
  { orgCode: 'ORG130102001', code: 'D01', name: '评价考务部', leader: '刘海燕', phone: '0311-85012301', auditStatus: 1, opinion: '同意', auditor: 'sjz_admin' },
  { orgCode: 'ORG130102001', code: 'D02', name: '质量督导部', leader: '马俊', phone: '0311-85012302', auditStatus: 0 },
  { orgCode: 'ORG130105001', code: 'D01', name: '教学管理处', leader: '孙立新', phone: '13831100105', auditStatus: 1, opinion: '材料齐全，同意', auditor: 'sjz_admin' },
  { orgCode: 'ORG130105001', code: 'D02', name: '招生就业处', leader: '高雪', phone: '13831100106', auditStatus: 2, opinion: '负责人联系电话无法接通，请核实后重新提交', auditor: 'sjz_admin' },
  { orgCode: 'ORG130606001', code: 'D01', name: '鉴定评价部', leader: '韩冬', phone: '0312-5012301', auditStatus: 1, opinion: '同意', auditor: 'bd_admin' },
  { orgCode: 'ORG130606001', code: 'D02', name: '综合办公室', leader: '田甜', phone: '0312-5012302', auditStatus: 0 },
  { orgCode: 'ORG130602001', code: 'D01', name: '培训教务科', leader: '郭磊', phone: '13831100602', auditStatus: 0 },
];

export async function seedDepartments(db: Db): Promise<void> {
  const orgs = await db
    .select({ id: organisations.id, code: organisations.code, areaId: organisations.areaId, cityId: organisations.cityId })
    .from(organisations)
    .where(inArray(organisations.code, [...new Set(DEMO_DEPARTMENTS.map((d) => d.orgCode))]));
  const orgOf = new Map(orgs.map((o) => [o.code, o]));
  const auditors = await db
    .select({ id: users.id, account: users.account, name: users.realName, nick: users.nickName })
    .from(users)
    .where(inArray(users.account, ['sjz_admin', 'bd_admin']));
  const auditorOf = new Map(auditors.map((a) => [a.account, a]));
  const now = Date.now();
  for (const [i, d] of DEMO_DEPARTMENTS.entries()) {
    const org = orgOf.get(d.orgCode);
    if (!org) continue;
    const auditor = d.auditor ? auditorOf.get(d.auditor) : undefined;
    const auditedAt = auditor ? new Date(now - (i + 1) * 3_600_000) : null;
    const [row] = await db
      .insert(departments)
      .values({
        orgId: org.id,
        code: d.code,
        name: d.name,
        leader: d.leader,
        phone: d.phone,
        sort: i,
        areaId: org.areaId,
        cityId: org.cityId,
        auditStatus: d.auditStatus,
        auditOpinion: d.opinion ?? null,
        auditedBy: auditor?.id ?? null,
        auditedAt,
      })
      .onConflictDoNothing()
      .returning({ id: departments.id });
    if (row && auditor && auditedAt && d.auditStatus !== 0) {
      await db.insert(departmentAudits).values({
        departmentId: row.id,
        status: d.auditStatus,
        opinion: d.opinion ?? null,
        auditorId: auditor.id,
        auditorName: auditor.name || auditor.nick,
        createdAt: auditedAt,
      });
    }
  }
}
