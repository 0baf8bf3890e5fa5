// 演示考生：每份已到第 2 步“导入考生”及以后（未取消）的计划一批考生，合计约三千名。
// 身份证号有效（校验位正确），工种等级取自计划；报考资格按真实的检查算出，含符合、提示（未填从业年限）与不符合（年龄不足）。
// 每份计划的前几名考生有照片：几张生成的小 JPEG（sharp）按机构经上传服务的种子入口存下（与上传相同的登记与读权限，
// 固定的键，重复执行不越积越多）。
// 可重复执行：已有考生的计划跳过。在 seedExamPlans 之后、seedExamSites 之前运行（考场编排要用到考生）。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import sharp from 'sharp';
import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { idCheckChar } from '@/lib/platform/identity';
import { organisations } from '@/lib/domains/org/tables';
import { examPlans, examPlanWorks, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees } from './tables';
import { PLAN_STATE, PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { fileRefs, fileUploads } from '@/lib/domains/file/tables';
import { orgFileOwners, storeSeedFile, type FileOwner } from '@/lib/domains/file/service';
import { qualificationChecker } from './qualification';
import { EDUCATIONS } from './schemas';
import { PHOTO_ENTITY } from './service';

/** 演示考生的总数（大致），每份计划 30–200 名 */
const TARGET_TOTAL = 3000;
const PHOTOS_PER_PLAN = 6;
const PHOTO_VARIANTS = 4;

const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志红梅玉兰海燕鹏飞宇浩然子涵欣怡梓轩雨桐俊杰晨阳佳琪思远';
const COMPANIES = ['石家庄恒瑞机械有限公司', '河北华元电力工程有限公司', '保定长城汽车配件厂', '唐山冀东建设集团', '邯郸钢铁集团有限责任公司', '个体'];
const AREAS = [130102, 130104, 130105, 130602, 130606, 130203, 130402];

/** 确定的伪随机（同一计划每次生成同样的考生） */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

export function demoExamineeId(area: number, birth: string, seq: number): string {
  const body = `${area}${birth}${String(seq % 1000).padStart(3, '0')}`;
  return body + idCheckChar(body);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 照片：按机构写 PHOTO_VARIANTS 张，经上传服务的种子入口（与上传相同的处理与登记；私有用途 attachment，归属本机构的账号：
 * 本机构与管辖它的管理员可读），返回地址
 */
async function seedPhotos(db: Db, org: { id: number; code: string; cityId: number | null }, ownerOf: (org: { id: number; cityId: number | null }) => Promise<FileOwner>): Promise<string[]> {
  const urls: string[] = [];
  const owner = await ownerOf(org);
  for (let v = 0; v < PHOTO_VARIANTS; v++) {
    const hue = (org.id * 47 + v * 90) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="295" height="413"><rect width="100%" height="100%" fill="hsl(${hue},35%,85%)"/><circle cx="147" cy="150" r="70" fill="hsl(${hue},20%,45%)"/><rect x="52" y="245" width="190" height="180" rx="80" fill="hsl(${hue},20%,45%)"/></svg>`;
    const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    const { url } = await storeSeedFile(db, { directory: 'seed-examinee', logicalName: `examinee-photo-${org.code}-${v}`, data: photo, fileName: `考生照片${v + 1}.jpg`, purpose: 'attachment', owner });
    urls.push(url);
  }
  return urls;
}

async function seedPlan(db: Db, plan: ExamPlan, count: number, photoUrls: string[]): Promise<number> {
  const works = await db.select().from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id)).orderBy(asc(examPlanWorks.id));
  if (!works.length) return 0;
  const random = rng(plan.id * 7919);
  const examYear = Number(plan.examStartDate.slice(0, 4));
  const rows: (typeof examinees.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const work = works[i % works.length];
    // 约 4% 年龄不足（不符合），约 10% 未填从业年限（提示），其余符合
    const young = i % 25 === 3;
    const noYears = i % 10 === 7;
    const age = young ? 14 : 20 + Math.floor(random() * 35);
    const birth = `${examYear - age}${pad(1 + Math.floor(random() * 12))}${pad(1 + Math.floor(random() * 28))}`;
    const area = AREAS[Math.floor(random() * AREAS.length)];
    const idNumber = demoExamineeId(area, birth, i);
    const surname = SURNAMES[Math.floor(random() * SURNAMES.length)];
    const given = GIVEN[Math.floor(random() * GIVEN.length)] + (random() < 0.6 ? GIVEN[Math.floor(random() * GIVEN.length)] : '');
    const prior = work.level < 5 ? work.level + 1 : null;
    rows.push({
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      name: surname + given,
      idNumber,
      idNumberIndex: blindIndex('idNumber', idNumber),
      gender: Number(idNumber[16]) % 2 === 1 ? '男' : '女',
      birthDate: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`,
      mobile: `1${[3, 5, 7, 8, 9][i % 5]}${String(plan.id).padStart(3, '0').slice(-3)}${String(i).padStart(6, '0')}`,
      workCode: work.workCode,
      workName: work.workName,
      level: work.level,
      education: EDUCATIONS[2 + Math.floor(random() * 5)],
      workYears: noYears ? null : 4 + Math.floor(random() * 16),
      company: COMPANIES[i % COMPANIES.length],
      priorLevel: noYears ? null : prior,
      priorCertDate: noYears || prior === null ? null : `${examYear - 6}-0${1 + (i % 9)}-15`,
      photoUrl: i < PHOTOS_PER_PLAN ? photoUrls[i % photoUrls.length] : null,
      createdBy: null,
    });
  }
  const check = await qualificationChecker(
    db,
    plan,
    works.map((w) => w.workCode),
  );
  const results = await check(
    db,
    rows.map((r) => ({ idNumber: r.idNumber, birthDate: r.birthDate ?? null, workCode: r.workCode, level: r.level, workYears: r.workYears ?? null, priorLevel: r.priorLevel ?? null, priorCertDate: r.priorCertDate ?? null })),
  );
  rows.forEach((r, i) => {
    r.qualification = results[i].qualification;
    r.qualificationReason = results[i].reason;
  });
  const ids: { id: number; photoUrl: string | null }[] = [];
  for (let at = 0; at < rows.length; at += 1000) {
    ids.push(...(await db.insert(examinees).values(rows.slice(at, at + 1000)).onConflictDoNothing().returning({ id: examinees.id, photoUrl: examinees.photoUrl })));
  }
  const withPhoto = ids.filter((r) => r.photoUrl);
  if (withPhoto.length) {
    const files = await db
      .select({ id: fileUploads.id, key: fileUploads.storageKey })
      .from(fileUploads)
      .where(
        inArray(
          fileUploads.storageKey,
          photoUrls.map((u) => u.replace(/^\/files\//, '')),
        ),
      );
    const fileOf = new Map(files.map((f) => [`/files/${f.key}`, f.id]));
    await db
      .insert(fileRefs)
      .values(withPhoto.map((r) => ({ fileId: fileOf.get(r.photoUrl!)!, entity: PHOTO_ENTITY, entityId: r.id })))
      .onConflictDoNothing();
  }
  return ids.length;
}

export async function seedExaminees(db: Db): Promise<number> {
  const plans = await db
    .select()
    .from(examPlans)
    .where(
      and(
        gte(examPlans.step, PLAN_STEP.IMPORT_EXAMINEES),
        ne(examPlans.state, PLAN_STATE.CANCELLED),
        sql`not exists (select 1 from ${examinees} e where e.plan_id = ${examPlans.id})`,
      ),
    )
    .orderBy(asc(examPlans.id));
  if (!plans.length) return 0;
  const perPlan = Math.max(30, Math.min(200, Math.ceil(TARGET_TOTAL / plans.length)));
  const orgs = await db
    .select({ id: organisations.id, code: organisations.code, cityId: organisations.cityId })
    .from(organisations)
    .where(
      inArray(
        organisations.id,
        plans.map((p) => p.orgId),
      ),
    );
  const photos = new Map<number, string[]>();
  const ownerOf = orgFileOwners(db);
  for (const o of orgs) photos.set(o.id, await seedPhotos(db, o, ownerOf));
  let total = 0;
  for (const [n, plan] of plans.entries()) total += await seedPlan(db, plan, perPlan + ((n * 17) % 23), photos.get(plan.orgId) ?? []);
  return total;
}
