// 演示人员库：两市评价机构的考评员与考务人员、两市的督导员，身份证号按 GB 11643 生成（校验位正确），
// 照片在种子运行时用 sharp 画成小 PNG（不提交二进制文件）。按 (库, 身份证号) 幂等：已有的人不改。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { idCheckChar, parseIdNumber } from '@/lib/platform/identity';
import { beijingDate } from '@/lib/platform/time';
import { organisations } from '@/lib/domains/org/tables';
import { baseWorkLevels, baseWorks } from '@/lib/domains/catalog/tables';
import { people, personAssignments, personCerts, personPhotos, personWorks } from './tables';
import type { Library } from './schemas';
import { linkDemoAccounts } from './accounts';

export interface SeedPerson {
  name: string;
  /** 县区码（身份证号前 6 位） */
  area: number;
  birth: string;
  /** 顺序码：奇数为男、偶数为女 */
  seq: number;
  mobile: string;
  education: string;
  title: string;
  works?: string[];
  post?: string;
  workUnit?: string;
  stopped?: string;
  /** 一定有考务分派（演示账号对应的人，其铃铛消息与工作台据此有任务） */
  assigned?: boolean;
}

/** 18 位身份证号：县区码 + 出生日期 + 顺序码 + 校验位 */
export function demoIdNumber(area: number, birth: string, seq: number): string {
  const body = `${area}${birth}${String(seq).padStart(3, '0')}`;
  return body + idCheckChar(body);
}

/** 考务分派的考试日期：写入当天之后第 ASSIGNMENT_LEAD_DAYS 天起，每隔 ASSIGNMENT_SPACING_DAYS 天一场 */
const ASSIGNMENT_LEAD_DAYS = 6;
const ASSIGNMENT_SPACING_DAYS = 7;

const SJZ_EVAL = 'ORG130102001';
const BD_EVAL = 'ORG130606001';

const ASSESSORS: Record<string, SeedPerson[]> = {
  [SJZ_EVAL]: [
    { name: '吴国栋', area: 130102, birth: '19780312', seq: 11, mobile: '13831100009', education: '大学本科', title: '副高级', works: ['6-31-01-03', '6-18-02-04'], assigned: true },
    { name: '刘建军', area: 130104, birth: '19750822', seq: 231, mobile: '13931210001', education: '大学专科', title: '中级', works: ['6-31-01-03'] },
    { name: '马秀英', area: 130105, birth: '19820415', seq: 62, mobile: '13931210002', education: '大学本科', title: '中级', works: ['4-03-02-01'] },
    { name: '高志明', area: 130108, birth: '19690105', seq: 153, mobile: '13931210003', education: '中专/技校', title: '正高级', works: ['6-18-01-01', '6-18-02-04'] },
    { name: '李淑芬', area: 130102, birth: '19860927', seq: 84, mobile: '13931210004', education: '硕士研究生', title: '中级', works: ['4-10-01-05'] },
    { name: '张卫东', area: 130104, birth: '19720618', seq: 175, mobile: '13931210005', education: '大学专科', title: '副高级', works: ['6-18-01-01'], stopped: '调离本单位' },
    { name: '杜春燕', area: 130105, birth: '19880203', seq: 26, mobile: '13931210006', education: '大学本科', title: '初级', works: ['4-03-02-01'] },
  ],
  [BD_EVAL]: [
    { name: '韩立平', area: 130606, birth: '19770719', seq: 317, mobile: '13731220001', education: '大学本科', title: '副高级', works: ['6-31-01-03'] },
    { name: '冯玉兰', area: 130602, birth: '19831111', seq: 48, mobile: '13731220002', education: '大学专科', title: '中级', works: ['4-07-05-01'] },
    { name: '郭建设', area: 130607, birth: '19700504', seq: 259, mobile: '13731220003', education: '中专/技校', title: '中级', works: ['4-07-05-04', '4-07-05-01'] },
    { name: '田素梅', area: 130606, birth: '19850830', seq: 92, mobile: '13731220004', education: '大学本科', title: '初级', works: ['4-12-01-01'], stopped: '年度考核不合格' },
    { name: '曹永强', area: 130602, birth: '19790221', seq: 133, mobile: '13731220005', education: '大学本科', title: '中级', works: ['6-31-01-03'] },
  ],
};

const EXAM_STAFF: Record<string, SeedPerson[]> = {
  [SJZ_EVAL]: [
    { name: '赵文静', area: 130102, birth: '19900716', seq: 44, mobile: '13831130001', education: '大学本科', title: '初级', post: '考务主管' },
    { name: '孙浩然', area: 130105, birth: '19920308', seq: 57, mobile: '13831130002', education: '大学本科', title: '无', post: '监考员' },
    { name: '周晓梅', area: 130104, birth: '19870925', seq: 68, mobile: '13831130003', education: '大学专科', title: '初级', post: '监考员' },
    { name: '钱明亮', area: 130108, birth: '19950111', seq: 79, mobile: '13831130004', education: '大学专科', title: '无', post: '监考员', stopped: '个人申请暂停' },
  ],
  [BD_EVAL]: [
    { name: '郑海燕', area: 130606, birth: '19890420', seq: 82, mobile: '13731230001', education: '大学本科', title: '初级', post: '考务主管' },
    { name: '王磊', area: 130602, birth: '19930602', seq: 91, mobile: '13731230002', education: '大学专科', title: '无', post: '监考员' },
    { name: '陈佳琪', area: 130607, birth: '19960814', seq: 106, mobile: '13731230003', education: '大学本科', title: '无', post: '监考员' },
  ],
};

const SUPERVISORS: Record<number, SeedPerson[]> = {
  130100: [
    { name: '杨帆', area: 130102, birth: '19810512', seq: 115, mobile: '13831100008', education: '硕士研究生', title: '副高级', post: '督导员', workUnit: '石家庄市职业技能鉴定指导中心', works: ['6-31-01-03'], assigned: true },
    { name: '胡立新', area: 130104, birth: '19740928', seq: 137, mobile: '13831140001', education: '大学本科', title: '正高级', post: '督导组长', workUnit: '石家庄市人力资源和社会保障局' },
    { name: '林雪', area: 130105, birth: '19860119', seq: 148, mobile: '13831140002', education: '大学本科', title: '中级', post: '督导员', workUnit: '石家庄职业技术学院' },
    { name: '徐建华', area: 130108, birth: '19710307', seq: 159, mobile: '13831140003', education: '大学专科', title: '副高级', post: '督导员', workUnit: '石家庄市职业技能鉴定指导中心', stopped: '退休' },
  ],
  130600: [
    { name: '宋国庆', area: 130606, birth: '19761001', seq: 171, mobile: '13731240001', education: '大学本科', title: '副高级', post: '督导组长', workUnit: '保定市人力资源和社会保障局' },
    { name: '罗慧敏', area: 130602, birth: '19840616', seq: 182, mobile: '13731240002', education: '硕士研究生', title: '中级', post: '督导员', workUnit: '保定职业技术学院' },
    { name: '梁振华', area: 130607, birth: '19790830', seq: 193, mobile: '13731240003', education: '大学本科', title: '中级', post: '督导员', workUnit: '保定市职业技能鉴定指导中心' },
  ],
};

const PALETTE = ['#5B8FF9', '#5AD8A6', '#F6BD16', '#E8684A', '#6DC8EC', '#9270CA', '#FF9D4D', '#269A99'];

/** 证件照样式的小 PNG：纯色底、浅色头像剪影；sharp 不可用时不生成照片 */
async function makePhoto(index: number): Promise<Buffer | null> {
  const bg = PALETTE[index % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="160"><rect width="120" height="160" fill="${bg}"/><circle cx="60" cy="62" r="30" fill="#f5f5f5"/><path d="M12 160 C 14 112, 106 112, 108 160 Z" fill="#f5f5f5"/></svg>`;
  try {
    const sharp = (await import('sharp')).default;
    return await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
  } catch {
    return null;
  }
}

/** 工种开设的最高等级中，不高于二级的那个（演示里考评员多为三级、二级） */
async function levelsByWork(db: Db, codes: string[]) {
  const rows = await db
    .select({ code: baseWorks.code, levelCode: baseWorkLevels.levelCode })
    .from(baseWorks)
    .innerJoin(baseWorkLevels, eq(baseWorkLevels.workId, baseWorks.id))
    .where(inArray(baseWorks.code, codes));
  const map = new Map<string, number>();
  for (const r of rows) if (r.levelCode >= 2 && (!map.has(r.code) || r.levelCode < map.get(r.code)!)) map.set(r.code, r.levelCode);
  return map;
}

export async function seedPersonnel(db: Db): Promise<void> {
  await seedPeople(
    db,
    { assessors: ASSESSORS, examStaff: EXAM_STAFF, supervisors: SUPERVISORS },
    {
      130100: { city: '石家庄', site: '石家庄华元评价中心考点' },
      130600: { city: '保定', site: '保定燕赵评价中心考点' },
    },
  );
  // 考评员、督导员演示账号（吴国栋、杨帆）与人员库中的本人对应（录入成绩、督导任务按它认人）
  await linkDemoAccounts(db);
}

/** 一批演示人员：考评员与考务人员按机构编码分组，督导员按市分组 */
export interface SeedPeopleGroups {
  assessors: Record<string, SeedPerson[]>;
  examStaff: Record<string, SeedPerson[]>;
  supervisors: Record<number, SeedPerson[]>;
}

/** 按 (库, 身份证号) 幂等写入人员、工种、证书、照片与考务分派；places：各市的简称与考点名（分派记录用） */
export async function seedPeople(db: Db, groups: SeedPeopleGroups, places: Record<number, { city: string; site: string }>): Promise<void> {
  const { assessors, examStaff, supervisors } = groups;
  const orgs = await db
    .select()
    .from(organisations)
    .where(inArray(organisations.code, [...new Set([...Object.keys(assessors), ...Object.keys(examStaff)])]));
  const orgByCode = new Map(orgs.map((o) => [o.code, o]));
  const allWorkCodes = [...Object.values(assessors), ...Object.values(supervisors)].flat().flatMap((p) => p.works ?? []);
  const levelOf = await levelsByWork(db, [...new Set(allWorkCodes)]);

  const entries: { library: Library; p: SeedPerson; orgId: number | null; cityId: number; countyId: number | null }[] = [];
  for (const [code, list] of Object.entries(assessors)) {
    const org = orgByCode.get(code);
    if (org) for (const p of list) entries.push({ library: 'assessor', p, orgId: org.id, cityId: org.cityId!, countyId: org.areaId });
  }
  for (const [code, list] of Object.entries(examStaff)) {
    const org = orgByCode.get(code);
    if (org) for (const p of list) entries.push({ library: 'examStaff', p, orgId: org.id, cityId: org.cityId!, countyId: org.areaId });
  }
  for (const [cityId, list] of Object.entries(supervisors)) for (const p of list) entries.push({ library: 'supervisor', p, orgId: null, cityId: Number(cityId), countyId: null });

  let index = 0;
  const now = new Date();
  for (const { library, p, orgId, cityId, countyId } of entries) {
    const idNumber = demoIdNumber(p.area, p.birth, p.seq);
    const parsed = parseIdNumber(idNumber)!;
    const [created] = await db
      .insert(people)
      .values({
        library,
        name: p.name,
        idNumber,
        idNumberIndex: blindIndex('idNumber', idNumber),
        gender: parsed.gender,
        birthDate: parsed.birthDate,
        mobile: p.mobile,
        mobileIndex: blindIndex('mobile', p.mobile),
        orgId,
        cityId,
        countyId,
        workUnit: p.workUnit ?? null,
        post: p.post ?? null,
        education: p.education,
        title: p.title,
        filingType: library === 'assessor' ? 1 : null,
        status: p.stopped ? 1 : 0,
        stopReason: p.stopped ?? null,
        stoppedAt: p.stopped ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning({ id: people.id });
    const personId =
      created?.id ??
      (
        await db
          .select({ id: people.id })
          .from(people)
          .where(and(eq(people.library, library), eq(people.idNumberIndex, blindIndex('idNumber', idNumber))))
      )[0].id;
    const works = (p.works ?? []).filter((w) => levelOf.has(w)).map((w) => ({ personId, workCode: w, levelCode: levelOf.get(w)! }));
    if (works.length) await db.insert(personWorks).values(works).onConflictDoNothing();
    if (library !== 'examStaff') {
      const certNo = `${library === 'assessor' ? 'KPY' : 'DDY'}${String(cityId).slice(0, 4)}${String(personId).padStart(5, '0')}`;
      await db
        .insert(personCerts)
        .values({ personId, certName: library === 'assessor' ? '考评员证' : '督导员证', certNo, issuedBy: '河北省职业技能鉴定指导中心', issuedAt: '2023-06-30' })
        .onConflictDoNothing();
    }
    // 每个库留一人没有照片，演示“未上传照片”
    if (p.seq % 10 !== 9) {
      const [has] = await db.select({ id: personPhotos.personId }).from(personPhotos).where(eq(personPhotos.personId, personId));
      const photo = has ? null : await makePhoto(index);
      if (photo) await db.insert(personPhotos).values({ personId, content: photo, contentType: 'image/png', size: photo.length }).onConflictDoNothing();
    }
    if (created && !p.stopped && (index % 3 === 0 || p.assigned)) {
      // 考试日期以写入当天为准排在之后几周，计划编号与名称取该日期的年月
      const examDate = beijingDate(now, ASSIGNMENT_LEAD_DAYS + (index % 4) * ASSIGNMENT_SPACING_DAYS);
      const [year, month] = examDate.split('-');
      await db
        .insert(personAssignments)
        .values({
          personId,
          planCode: `JH${year}${month}${String(cityId).slice(2, 4)}${(index % 4) + 1}`,
          planName: `${year}年${Number(month)}月${library === 'supervisor' ? '督导' : ''}技能等级认定（${places[cityId].city}）`,
          role: library === 'assessor' ? '考评员' : library === 'supervisor' ? '督导员' : '监考员',
          siteName: places[cityId].site,
          examDate,
        })
        .onConflictDoNothing();
    }
    index++;
  }
}
