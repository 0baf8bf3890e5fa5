// 演示数据：40 名教师（待审核、审核通过、审核驳回都有），各带与教师类型相符的证书（讲师证明、企业师傅证明、
// 技能等级证书、职称证书），上班单位（几名教师在两个单位上班），几名专家，与登记、审核的办理记录。
// 明德培训学校的教师账号“teacher”（张明远）对应其中一名审核通过的教师。按身份证号幂等：已有的教师不改。
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { organisations } from '../org/tables';
import { users } from '../user/tables';
import { baseWorks } from '../catalog/tables';
import { attachFiles } from '../file/service';
import { seedIdNumber } from '../institution/seed';
import { seedImages } from '../institution/seed-images';
import { teacherCertificates, teacherHistory, teacherRelations, teachers } from './tables';
import { TEACHER_AUDIT } from './transitions';
import { CERT_KIND, CERT_LEVELS, USER_TYPE } from './schemas';
import { numberTeacher, TEACHER_FILE_ENTITY } from './service';

const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕';
const GIVEN = ['建国', '丽娜', '志强', '海燕', '晓明', '秀英', '国华', '春梅', '立新', '雪梅', '文博', '静怡', '子涵', '浩然', '雨轩', '思远', '明辉', '佳琪', '俊杰', '婉婷'];

/** 教师的所属机构（机构编码）、人数与主管单位；石家庄的明德最多（演示账号 train_org） */
const OWNERS: readonly { org: string; count: number; competent: string; region: [number, number, number | null] }[] = [
  { org: 'ORG130105001', count: 16, competent: 'ADM130105', region: [130000, 130100, 130105] },
  { org: 'ORG130104001', count: 4, competent: 'ADM130100', region: [130000, 130100, 130104] },
  { org: 'ORG130602001', count: 8, competent: 'ADM130602', region: [130000, 130600, 130602] },
  { org: 'ORG130607001', count: 3, competent: 'ADM130600', region: [130000, 130600, 130607] },
  { org: 'ORG130202001', count: 4, competent: 'ADM130200', region: [130000, 130200, 130202] },
  { org: 'ORG130481001', count: 3, competent: 'ADM130400', region: [130000, 130400, 130481] },
  { org: 'ORG131082001', count: 2, competent: 'ADM131000', region: [130000, 131000, 131082] },
];

/** 第 i 名教师（每个机构内）的审核状态：多数通过，每个机构都有待审核，多数机构有驳回 */
const statusOf = (i: number) => (i % 5 === 1 ? TEACHER_AUDIT.PENDING : i % 5 === 3 ? TEACHER_AUDIT.REJECTED : TEACHER_AUDIT.APPROVED);

const DAY = 24 * 3600_000;

export async function seedTeachers(db: Db): Promise<void> {
  const orgRows = await db
    .select({ id: organisations.id, code: organisations.code, cityId: organisations.cityId, areaId: organisations.areaId, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.code, [...OWNERS.map((o) => o.org), ...OWNERS.map((o) => o.competent), 'ORG130123101']));
  const org = new Map(orgRows.map((o) => [o.code, o]));
  if (OWNERS.some((o) => !org.has(o.org) || !org.has(o.competent))) return;
  const works = await db.select({ code: baseWorks.code, name: baseWorks.name }).from(baseWorks).orderBy(baseWorks.code).limit(12);
  const accounts = await db.select({ id: users.id, account: users.account, realName: users.realName }).from(users).where(inArray(users.account, ['teacher', 'admin', 'sjz_admin', 'bd_admin']));
  const account = new Map(accounts.map((a) => [a.account, a]));
  const image = seedImages(db);

  type Plan = { values: typeof teachers.$inferInsert; certificates: Omit<typeof teacherCertificates.$inferInsert, 'teacherId'>[]; extraUnit: string | null };
  const plans: Plan[] = [];
  let n = 0;
  for (const owner of OWNERS) {
    const o = org.get(owner.org)!;
    for (let i = 0; i < owner.count; i++, n++) {
      // 第一名是演示账号“teacher”张明远（审核通过的班主任兼讲师）
      const demo = owner.org === 'ORG130105001' && i === 0;
      const name = demo ? '张明远' : SURNAMES[n % SURNAMES.length] + GIVEN[(n * 3) % GIVEN.length];
      const userType = demo ? USER_TYPE.LECTURER : n % 4;
      const status = demo ? TEACHER_AUDIT.APPROVED : statusOf(i);
      const idCard = seedIdNumber(owner.region[2] ?? owner.region[1], 300 + n);
      const avatar = (await image('avatar', n, o)) ?? '';
      const cert = async (kind: number, k: number) => {
        const work = works.length ? works[(n + k) % works.length] : null;
        const structured = kind === CERT_KIND.SKILL || kind === CERT_KIND.QUALIFICATION;
        return {
          kind,
          code: kind === CERT_KIND.LECTURER_PROOF || kind === CERT_KIND.MASTER_PROOF || kind === CERT_KIND.UNIT ? null : `Z${String(130000000 + n * 97 + k).slice(0, 9)}`,
          workCode: structured ? (work?.code ?? null) : kind === CERT_KIND.TITLE ? 'ELECTROMECHANICAL' : null,
          workName: structured ? (work?.name ?? null) : kind === CERT_KIND.TITLE ? '机电' : null,
          level: structured ? CERT_LEVELS[(n + k) % CERT_LEVELS.length] : kind === CERT_KIND.TITLE ? String(n % 3) : null,
          fileUrl: (await image('certificate', n + k, o)) ?? '',
          posterUrl: null,
          sort: k,
        };
      };
      const certificates = [];
      if (userType === USER_TYPE.LECTURER) certificates.push(await cert(CERT_KIND.LECTURER_PROOF, 0), await cert(CERT_KIND.TITLE, 1));
      else if (userType === USER_TYPE.MASTER_WORKER) certificates.push(await cert(CERT_KIND.MASTER_PROOF, 0), await cert(CERT_KIND.SKILL, 1));
      else if (userType === USER_TYPE.CLASS_TEACHER) certificates.push(await cert(CERT_KIND.SKILL, 0));
      else if (n % 2 === 0) certificates.push(await cert(CERT_KIND.QUALIFICATION, 0));
      const createdAt = new Date(Date.now() - (60 - n) * DAY);
      const reviewer = o.cityId === 130600 ? account.get('bd_admin') : o.cityId === 130100 ? account.get('sjz_admin') : account.get('admin');
      plans.push({
        values: {
          ...(await numberTeacher(db, createdAt)),
          orgId: o.id,
          cityId: o.cityId,
          countyId: owner.region[2],
          userId: demo ? (account.get('teacher')?.id ?? null) : null,
          nickName: demo ? 'teacher' : `js${String(1000 + n)}`,
          name,
          userType,
          idCard,
          idCardIndex: blindIndex('idNumber', idCard),
          phone: `139${String(31200000 + n * 37).padStart(8, '0')}`,
          phoneIndex: blindIndex('mobile', `139${String(31200000 + n * 37).padStart(8, '0')}`),
          email: `teacher${1000 + n}@example.com`,
          provinceId: owner.region[0],
          areaCityId: owner.region[1],
          districtId: owner.region[2],
          competentOrgId: org.get(owner.competent)!.id,
          teacherType: n % 3,
          content: `${name}，从事职业技能培训 ${3 + (n % 15)} 年，擅长理论讲授与实操指导，所带学员结业考核通过率高。`,
          avatarUrl: avatar,
          auditStatus: status,
          auditOpinion: status === TEACHER_AUDIT.APPROVED ? '资料齐全，同意' : status === TEACHER_AUDIT.REJECTED ? '证书图片不清晰，请重新上传' : null,
          auditedBy: status === TEACHER_AUDIT.PENDING ? null : (reviewer?.id ?? null),
          auditedAt: status === TEACHER_AUDIT.PENDING ? null : new Date(createdAt.getTime() + 2 * DAY),
          expertAt: status === TEACHER_AUDIT.APPROVED && (demo || n % 6 === 0) ? new Date(createdAt.getTime() + 5 * DAY) : null,
          expertField: status === TEACHER_AUDIT.APPROVED && (demo || n % 6 === 0) ? ['电工与自动化', '中式烹调', '育婴与家政服务', '焊接工艺'][n % 4] : null,
          createdAt,
          updatedAt: createdAt,
        },
        certificates,
        // 明德的几名教师也在恒瑞机械与正定福源上班（一名教师在几个单位上班）
        extraUnit: owner.org === 'ORG130105001' && i % 4 === 2 ? (i % 8 === 2 ? 'ORG130104001' : 'ORG130123101') : null,
      });
    }
  }

  const existing = new Set(
    (
      await db
        .select({ idCardIndex: teachers.idCardIndex })
        .from(teachers)
        .where(
          inArray(
            teachers.idCardIndex,
            plans.map((p) => p.values.idCardIndex!),
          ),
        )
    ).map((r) => r.idCardIndex),
  );
  const fresh = plans.filter((p) => !existing.has(p.values.idCardIndex!));
  if (!fresh.length) return;
  const inserted = await db
    .insert(teachers)
    .values(fresh.map((p) => p.values))
    .onConflictDoNothing()
    .returning({ id: teachers.id, idCard: teachers.idCard, orgId: teachers.orgId, cityId: teachers.cityId });
  const idOf = new Map(inserted.map((r) => [r.idCard, r]));
  const certs: (typeof teacherCertificates.$inferInsert)[] = [];
  const relations: (typeof teacherRelations.$inferInsert)[] = [];
  const history: (typeof teacherHistory.$inferInsert)[] = [];
  const admin = account.get('admin')!;
  for (const p of fresh) {
    const row = idOf.get(p.values.idCard);
    if (!row) continue;
    for (const c of p.certificates) certs.push({ ...c, teacherId: row.id });
    relations.push({ teacherId: row.id, orgId: row.orgId, cityId: row.cityId });
    if (p.extraUnit && org.get(p.extraUnit)) relations.push({ teacherId: row.id, orgId: org.get(p.extraUnit)!.id, cityId: org.get(p.extraUnit)!.cityId });
    const created = p.values.createdAt as Date;
    history.push({ teacherId: row.id, action: 'create', fromStatus: null, toStatus: TEACHER_AUDIT.PENDING, actorId: admin.id, actorName: '机构管理员', createdAt: created });
    if (p.values.auditStatus !== TEACHER_AUDIT.PENDING) {
      const reviewer = accounts.find((a) => a.id === p.values.auditedBy) ?? admin;
      history.push({
        teacherId: row.id,
        action: p.values.auditStatus === TEACHER_AUDIT.APPROVED ? 'approve' : 'reject',
        fromStatus: TEACHER_AUDIT.PENDING,
        toStatus: p.values.auditStatus!,
        opinion: p.values.auditOpinion ?? null,
        actorId: reviewer.id,
        actorName: reviewer.realName ?? reviewer.account,
        createdAt: p.values.auditedAt as Date,
      });
    }
  }
  if (certs.length) await db.insert(teacherCertificates).values(certs);
  if (relations.length) await db.insert(teacherRelations).values(relations).onConflictDoNothing();
  if (history.length) await db.insert(teacherHistory).values(history);
  for (const p of fresh) {
    const row = idOf.get(p.values.idCard);
    if (row) await attachFiles(db, { entity: TEACHER_FILE_ENTITY, entityId: row.id }, [p.values.avatarUrl, ...p.certificates.map((c) => c.fileUrl)]);
  }
}

/** 测试与演示用：演示教师张明远的记录 id */
export async function demoTeacherId(db: Db): Promise<number | null> {
  // 演示教师的登录名即 nickName（编号取自主键，不固定）
  const [row] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.nickName, 'teacher'));
  return row?.id ?? null;
}
