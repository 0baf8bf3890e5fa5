// 课程资源库的演示数据：课程类型树、标签、分类，10 门课程（图文与视频，覆盖全部状态，属于省级、石家庄、明德培训、
// 保定鸿业培训），每门 2 章、各带课件，几门精品课程与评论。可重复执行：类型、标签、分类按名称，课程按名称判重，已有的不动。
// 媒体（视频、封面、课件图片、讲义 PDF）经当前存储写入，见 seed-media.ts。时间以写入当天为准往前推。
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { organisations } from '../org/tables';
import { users } from '../user/tables';
import { baseWorks } from '../catalog/tables';
import { chapterCoursewares, courseChapters, courseClassifies, courseComments, courseHistory, courses, courseTagLinks, courseTags, courseTypes, excellentCourses } from './tables';
import { attachCourseFiles, storeSeedFile } from './files';
import type { FileOwner } from '../file/service';
import { coverPng, handoutPdf, seedVideo, slidePng } from './seed-media';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { COURSE_STATUS as S, TRANSITIONS, type CourseKind, type TransitionAction } from './transitions';

const TYPE_TREE: readonly { name: string; children: readonly string[] }[] = [
  { name: '职业素养', children: ['职业道德', '安全生产'] },
  { name: '专业技能', children: ['电工电子', '机械加工', '信息技术', '生活服务'] },
  { name: '创业就业', children: ['创业指导', '电子商务'] },
];
const TAGS = ['入门', '实操', '理论', '安全', '考证辅导', '新技术'];
const CLASSIFIES = ['公共课', '专业课', '实训课', '考前辅导'];

type Owner = 'admin' | 'sjz_admin' | 'train_org' | 'teacher' | 'bd_train';

interface Ware {
  title: string;
  file: 'intro' | 'practice' | 'slide' | 'pdf';
  duration?: number;
}

interface SeedCourse {
  name: string;
  /** 讲义 PDF 的英文标题（标准字体不含汉字） */
  en: string;
  kind: CourseKind;
  type: string;
  classify: string;
  tags: string[];
  work: string | null;
  trainType: string;
  teacher: string;
  hours: number;
  intro: string;
  owner: Owner;
  status: number;
  hue: number;
  opinion?: string;
  chapters: { title: string; wares: Ware[] }[];
}

const V = (title: string, file: 'intro' | 'practice'): Ware => ({ title, file, duration: file === 'intro' ? 8 : 6 });

const COURSES: readonly SeedCourse[] = [
  {
    name: '安全生产基础知识', en: 'Work Safety Basics', kind: 'video', type: '安全生产', classify: '公共课', tags: ['安全', '入门'], work: null, trainType: '1', teacher: '刘振国', hours: 8, owner: 'admin', status: S.APPROVED, hue: 12,
    intro: '面向各工种新入职人员的安全生产通识课：安全生产法律法规、危险源辨识、个人防护用品与事故应急处置。',
    chapters: [
      { title: '第一章 安全生产法律法规', wares: [V('1.1 安全生产法要点', 'intro'), { title: '1.2 法规条文讲义', file: 'pdf' }] },
      { title: '第二章 危险源辨识与应急处置', wares: [V('2.1 常见危险源', 'practice')] },
    ],
  },
  {
    name: '电工基础与安全用电', en: 'Electrical Basics and Safe Use of Electricity', kind: 'video', type: '电工电子', classify: '专业课', tags: ['实操', '考证辅导'], work: '电工', trainType: '5', teacher: '张明远', hours: 16, owner: 'train_org', status: S.APPROVED, hue: 210,
    intro: '电工（五级/初级工）认定前培训：直流与交流电路、常用电工仪表、低压配电与安全用电规范。',
    chapters: [
      { title: '第一章 电路基础', wares: [V('1.1 电路的组成', 'intro'), V('1.2 欧姆定律', 'practice')] },
      { title: '第二章 安全用电', wares: [V('2.1 触电急救', 'practice'), { title: '2.2 安全用电规范讲义', file: 'pdf' }] },
    ],
  },
  {
    name: '养老护理员职业技能', en: 'Elderly Care Skills', kind: 'picture', type: '生活服务', classify: '专业课', tags: ['实操'], work: '养老护理员', trainType: '2', teacher: '王淑芬', hours: 12, owner: 'train_org', status: S.SUBMITTED, hue: 150,
    intro: '养老护理员岗位技能提升：生活照料、基础护理、康复服务与心理支持，配图解操作步骤。',
    chapters: [
      { title: '第一章 生活照料', wares: [{ title: '1.1 协助进食图解', file: 'slide' }, { title: '1.2 清洁照料要点', file: 'slide' }] },
      { title: '第二章 基础护理', wares: [{ title: '2.1 护理操作规范', file: 'pdf' }] },
    ],
  },
  {
    name: '数控车床操作实训', en: 'CNC Lathe Practice', kind: 'video', type: '机械加工', classify: '实训课', tags: ['实操', '新技术'], work: '车工', trainType: '2', teacher: '赵宏伟', hours: 24, owner: 'bd_train', status: S.SUBMITTED, hue: 260,
    intro: '数控车床的编程与操作：坐标系、G 代码编程、对刀与工件加工，配合实训视频演示。',
    chapters: [
      { title: '第一章 数控编程基础', wares: [V('1.1 坐标系与 G 代码', 'intro')] },
      { title: '第二章 对刀与加工', wares: [V('2.1 对刀演示', 'practice')] },
    ],
  },
  {
    name: '职业道德与职业素养', en: 'Professional Ethics', kind: 'picture', type: '职业道德', classify: '公共课', tags: ['理论', '入门'], work: null, trainType: '1', teacher: '陈雅琴', hours: 4, owner: 'admin', status: S.APPROVED, hue: 32,
    intro: '职业道德的基本规范、职业素养的养成与职场沟通，适用于各类职业技能培训的公共课。',
    chapters: [
      { title: '第一章 职业道德规范', wares: [{ title: '1.1 爱岗敬业', file: 'slide' }, { title: '1.2 诚实守信', file: 'slide' }] },
      { title: '第二章 职业素养', wares: [{ title: '2.1 职业素养讲义', file: 'pdf' }] },
    ],
  },
  {
    name: '网络创业实务', en: 'Starting an Online Business', kind: 'video', type: '创业指导', classify: '专业课', tags: ['新技术'], work: null, trainType: '3', teacher: '孙立新', hours: 10, owner: 'train_org', status: S.DRAFT, hue: 300,
    intro: '网络创业的选品、开店、推广与运营，结合案例讲解创业计划书的撰写。',
    chapters: [
      { title: '第一章 创业准备', wares: [V('1.1 创业机会识别', 'intro')] },
      { title: '第二章 网店运营', wares: [] },
    ],
  },
  {
    name: '计算机操作基础', en: 'Computer Basics', kind: 'picture', type: '信息技术', classify: '公共课', tags: ['入门', '理论'], work: null, trainType: '1', teacher: '李晓东', hours: 6, owner: 'bd_train', status: S.REJECTED, hue: 190,
    opinion: '课件图片过少，缺少办公软件操作的内容，请补充后重新提交',
    intro: '计算机基础操作：文件管理、文字处理、电子表格与网络应用。',
    chapters: [
      { title: '第一章 文件管理', wares: [{ title: '1.1 文件与文件夹', file: 'slide' }] },
      { title: '第二章 网络应用', wares: [{ title: '2.1 浏览器与邮件', file: 'slide' }] },
    ],
  },
  {
    name: '焊工安全技术', en: 'Welding Safety', kind: 'video', type: '安全生产', classify: '实训课', tags: ['安全', '实操'], work: '焊工', trainType: '2', teacher: '周建军', hours: 12, owner: 'sjz_admin', status: S.OFF_SHELF, hue: 45,
    opinion: '教材版本更新，暂时下架修订',
    intro: '焊接作业的安全防护、焊接设备的安全使用与焊接现场的防火防爆。',
    chapters: [
      { title: '第一章 焊接安全防护', wares: [V('1.1 个人防护', 'practice')] },
      { title: '第二章 设备安全', wares: [V('2.1 焊机安全使用', 'intro')] },
    ],
  },
  {
    name: '家政服务员实操指南', en: 'Housekeeping in Practice', kind: 'picture', type: '生活服务', classify: '实训课', tags: ['实操', '入门'], work: '家政服务员', trainType: '1', teacher: '张明远', hours: 8, owner: 'teacher', status: S.APPROVED, hue: 95,
    intro: '家政服务员的居家保洁、衣物洗涤与收纳整理，图解每一步的操作要领。',
    chapters: [
      { title: '第一章 居家保洁', wares: [{ title: '1.1 保洁工具与用品', file: 'slide' }, { title: '1.2 厨房清洁流程', file: 'slide' }] },
      { title: '第二章 收纳整理', wares: [{ title: '2.1 收纳整理讲义', file: 'pdf' }] },
    ],
  },
  {
    name: '电子商务运营基础', en: 'E-commerce Operations', kind: 'video', type: '电子商务', classify: '考前辅导', tags: ['考证辅导', '新技术'], work: '电子商务师', trainType: '5', teacher: '杨帆', hours: 14, owner: 'bd_train', status: S.APPROVED, hue: 330,
    intro: '电子商务师（四级/中级工）认定前辅导：网店运营、数据分析与客户服务。',
    chapters: [
      { title: '第一章 网店运营', wares: [V('1.1 店铺装修与商品发布', 'intro')] },
      { title: '第二章 数据分析', wares: [V('2.1 流量与转化', 'practice'), { title: '2.2 考点讲义', file: 'pdf' }] },
    ],
  },
];

/** 到达各状态的办理路径（历史照此生成） */
const PATHS: Record<number, TransitionAction[]> = {
  [S.DRAFT]: [],
  [S.SUBMITTED]: ['submit'],
  [S.APPROVED]: ['submit', 'approve'],
  [S.REJECTED]: ['submit', 'reject'],
  [S.OFF_SHELF]: ['submit', 'approve', 'offShelf'],
};

const EXCELLENT = [
  { name: '电工基础与安全用电', recommendation: '认定前培训的热门课程，实操演示清晰' },
  { name: '安全生产基础知识', recommendation: '各工种通用的安全生产入门课' },
  { name: '家政服务员实操指南', recommendation: '图解步骤，适合零基础学员' },
  { name: '职业道德与职业素养', recommendation: null },
];

const COMMENTS: readonly { course: string; account: string; rating: number; content: string; daysAgo: number }[] = [
  { course: '电工基础与安全用电', account: 'teacher', rating: 5, content: '讲解很清楚，触电急救的演示很实用。', daysAgo: 3 },
  { course: '电工基础与安全用电', account: 'enterprise', rating: 4, content: '内容扎实，希望增加一些低压配电的案例。', daysAgo: 5 },
  { course: '电工基础与安全用电', account: 'weak_user', rating: 5, content: '跟着视频学完，考证心里有底了。', daysAgo: 8 },
  { course: '安全生产基础知识', account: 'train_org', rating: 4, content: '适合新员工入职培训，已推荐给学员。', daysAgo: 2 },
  { course: '安全生产基础知识', account: 'assessor', rating: 3, content: '法规部分略显枯燥，可以多配些案例视频。', daysAgo: 6 },
  { course: '家政服务员实操指南', account: 'enterprise', rating: 5, content: '图解步骤很直观。', daysAgo: 1 },
  { course: '电子商务运营基础', account: 'eval_org', rating: 4, content: '数据分析一章很有帮助。', daysAgo: 4 },
  { course: '职业道德与职业素养', account: 'weak_user', rating: 4, content: '通俗易懂。', daysAgo: 9 },
];

const DAY = 24 * 3600 * 1000;

async function upsertNames<T extends typeof courseTags | typeof courseClassifies>(db: Db, table: T, names: readonly string[]): Promise<Map<string, number>> {
  await db
    .insert(table)
    .values(names.map((name, i) => ({ name, sort: i + 1 })) as never)
    .onConflictDoNothing();
  const rows = (await db.select({ id: table.id, name: table.name }).from(table as typeof courseTags).where(inArray(table.name, [...names]))) as { id: number; name: string }[];
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function seedTypes(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [i, top] of TYPE_TREE.entries()) {
    let [row] = await db.select({ id: courseTypes.id }).from(courseTypes).where(and(isNull(courseTypes.parentId), eq(courseTypes.name, top.name)));
    if (!row) [row] = await db.insert(courseTypes).values({ name: top.name, sort: i + 1 }).returning({ id: courseTypes.id });
    ids.set(top.name, row.id);
    for (const [j, name] of top.children.entries()) {
      let [child] = await db.select({ id: courseTypes.id }).from(courseTypes).where(and(eq(courseTypes.parentId, row.id), eq(courseTypes.name, name)));
      if (!child) [child] = await db.insert(courseTypes).values({ parentId: row.id, name, sort: j + 1 }).returning({ id: courseTypes.id });
      ids.set(name, child.id);
    }
  }
  return ids;
}

/** 演示媒体：两段视频、每门课一张封面、每门图文课两页图片、每门课一份讲义 */
async function media(db: Db, owner: FileOwner | null) {
  const [intro, practice] = await Promise.all([
    storeSeedFile(db, 'course_video_lesson_intro', 'webm', seedVideo('intro'), { owner }),
    storeSeedFile(db, 'course_video_lesson_practice', 'webm', seedVideo('practice'), { owner }),
  ]);
  return { intro, practice };
}

export async function seedCourses(db: Db): Promise<void> {
  const typeIds = await seedTypes(db);
  const tagIds = await upsertNames(db, courseTags, TAGS);
  const classifyIds = await upsertNames(db, courseClassifies, CLASSIFIES);

  const existing = new Set((await db.select({ name: courses.name }).from(courses).where(inArray(courses.name, COURSES.map((c) => c.name)))).map((r) => r.name));
  const pending = COURSES.filter((c) => !existing.has(c.name));
  if (pending.length) {
    const accounts = await db
      .select({ id: users.id, account: users.account, realName: users.realName, nickName: users.nickName, cityId: users.cityId, orgId: users.orgId })
      .from(users)
      .where(inArray(users.account, ['admin', 'sjz_admin', 'bd_admin', 'train_org', 'teacher']));
    const acc = new Map(accounts.map((a) => [a.account, a]));
    const [bdOrg] = await db.select({ id: organisations.id, cityId: organisations.cityId }).from(organisations).where(eq(organisations.code, 'ORG130602001'));
    const [mdOrg] = await db.select({ id: organisations.id, cityId: organisations.cityId }).from(organisations).where(eq(organisations.code, 'ORG130105001'));
    const works = new Map(
      (await db.select({ code: baseWorks.code, name: baseWorks.name }).from(baseWorks).where(inArray(baseWorks.name, COURSES.flatMap((c) => (c.work ? [c.work] : []))))).map((w) => [w.name, w]),
    );
    // 几门课共用的两段视频由省级管理员上传
    const admin = acc.get('admin');
    const videos = await media(db, admin ? { id: admin.id, orgId: admin.orgId, cityId: admin.cityId } : null);
    const now = Date.now();

    for (const [index, sc] of pending.entries()) {
      const creator = sc.owner === 'bd_train' ? null : acc.get(sc.owner);
      const owner =
        sc.owner === 'bd_train' ? { orgId: bdOrg?.id ?? null, cityId: bdOrg?.cityId ?? 130600 } : sc.owner === 'train_org' || sc.owner === 'teacher' ? { orgId: mdOrg?.id ?? null, cityId: mdOrg?.cityId ?? 130100 } : { orgId: null, cityId: creator?.cityId ?? null };
      const createdAt = new Date(now - (30 - index * 2) * DAY);
      const slug = `course_seed_${String(COURSES.indexOf(sc) + 1).padStart(2, '0')}`;
      // 文件归属课程的创建人（与本人上传的一样）；没有账号的机构课程归属该机构
      const fileOwner: FileOwner = { id: creator?.id ?? null, orgId: creator?.orgId ?? owner.orgId, cityId: creator?.cityId ?? owner.cityId };
      const cover = await storeSeedFile(db, `${slug}_cover_image`, 'png', await coverPng(sc.hue, sc.kind), { purpose: 'image', owner: fileOwner });
      const work = sc.work ? works.get(sc.work) : undefined;
      const path = PATHS[sc.status];
      const submittedAt = path.length ? new Date(createdAt.getTime() + 2 * DAY) : null;
      const auditedAt = path.length > 1 ? new Date(createdAt.getTime() + 4 * DAY) : null;
      const id = await nextId(db, courses);
      const [row] = await db
        .insert(courses)
        .values({
          id,
          code: businessCode({ prefix: 'KC', year: createdAt.getFullYear(), serial: id }),
          kind: sc.kind,
          name: sc.name,
          typeId: typeIds.get(sc.type)!,
          classifyId: classifyIds.get(sc.classify) ?? null,
          trainType: sc.trainType,
          workCode: work?.code ?? null,
          workName: work?.name ?? null,
          cover,
          intro: sc.intro,
          teacherName: sc.teacher,
          hours: sc.hours,
          status: sc.status,
          lastOpinion: sc.status === S.REJECTED || sc.status === S.OFF_SHELF ? (sc.opinion ?? null) : null,
          orgId: owner.orgId,
          cityId: owner.cityId,
          submittedAt,
          auditedAt,
          createdBy: creator?.id ?? null,
          createdAt,
          updatedAt: auditedAt ?? submittedAt ?? createdAt,
        })
        .returning();
      await attachCourseFiles(db, 'course', row.id, [cover]);
      const tags = sc.tags.flatMap((t) => (tagIds.has(t) ? [tagIds.get(t)!] : []));
      if (tags.length) await db.insert(courseTagLinks).values(tags.map((tagId) => ({ courseId: row.id, tagId })));

      // 办理历史：创建，之后按路径逐步；审核人为课程所在市的管理员，省级与省属的由省级管理员审核
      const auditor = owner.cityId === 130600 ? acc.get('bd_admin') : owner.cityId === 130100 ? acc.get('sjz_admin') : acc.get('admin');
      const actor = creator ?? acc.get('admin')!;
      const history: (typeof courseHistory.$inferInsert)[] = [{ courseId: row.id, action: 'create', fromStatus: S.DRAFT, toStatus: S.DRAFT, actorId: actor.id, actorName: actor.realName || actor.nickName, createdAt }];
      let status: number = S.DRAFT;
      path.forEach((action, i) => {
        const t = TRANSITIONS.find((x) => x.action === action)!;
        if (typeof t.to !== 'number') throw new Error(`课程转换 ${action} 的去向须是一个状态`); // i18n-ignore
        const who = t.actor === 'auditor' || action === 'offShelf' ? (auditor ?? actor) : actor;
        const opinion = action === 'reject' || action === 'offShelf' ? (sc.opinion ?? null) : action === 'approve' ? '内容完整，同意上架' : null;
        history.push({ courseId: row.id, action, fromStatus: status, toStatus: t.to, opinion, actorId: who.id, actorName: who.realName || who.nickName, createdAt: new Date(createdAt.getTime() + (i + 2) * DAY) });
        status = t.to;
      });
      await db.insert(courseHistory).values(history);

      for (const [ci, ch] of sc.chapters.entries()) {
        const [chapter] = await db.insert(courseChapters).values({ courseId: row.id, title: ch.title, sort: ci + 1, createdAt }).returning();
        for (const [wi, w] of ch.wares.entries()) {
          const n = `${slug}_c${ci + 1}_w${wi + 1}`;
          let url: string;
          let kind: 'video' | 'pdf' | 'image';
          if (w.file === 'intro' || w.file === 'practice') {
            url = videos[w.file];
            kind = 'video';
          } else if (w.file === 'slide') {
            url = await storeSeedFile(db, `${n}_slide_image`, 'png', await slidePng(sc.hue, [35 + wi * 10, 60, 45 + ci * 15, 80, 55]), { owner: fileOwner });
            kind = 'image';
          } else {
            url = await storeSeedFile(
              db,
              `${n}_handout_pdf`,
              'pdf',
              handoutPdf(sc.en, [`Handout - chapter ${ci + 1}, part ${wi + 1}`, 'Key points of this lesson:', '1. Read the objectives before watching.', '2. Practise each step under supervision.', '3. Review the safety checklist.']),
              { owner: fileOwner },
            );
            kind = 'pdf';
          }
          const [ware] = await db
            .insert(chapterCoursewares)
            .values({ chapterId: chapter.id, courseId: row.id, title: w.title, kind, url, duration: kind === 'video' ? (w.duration ?? null) : null, sort: wi + 1, createdAt })
            .returning();
          const [file] = await attachCourseFiles(db, 'courseware', ware.id, [url]);
          if (file?.size !== undefined) await db.update(chapterCoursewares).set({ fileSize: file.size }).where(eq(chapterCoursewares.id, ware.id));
        }
      }
    }
  }

  // 精品课程与评论：按课程名称找（课程已存在即可），已有的不动
  const named = new Map(
    (await db.select({ id: courses.id, name: courses.name, status: courses.status }).from(courses).where(inArray(courses.name, COURSES.map((c) => c.name)))).map((r) => [r.name, r]),
  );
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'admin'));
  const present = new Set((await db.select({ courseId: excellentCourses.courseId }).from(excellentCourses)).map((r) => r.courseId));
  let sort = present.size;
  for (const ex of EXCELLENT) {
    const c = named.get(ex.name);
    if (!c || c.status !== S.APPROVED || present.has(c.id)) continue;
    sort += 1;
    const id = await nextId(db, excellentCourses);
    await db.insert(excellentCourses).values({ id, code: businessCode({ prefix: 'JP', serial: id }), courseId: c.id, recommendation: ex.recommendation, sort, createdBy: admin?.id ?? null });
  }
  const commenters = new Map((await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, [...new Set(COMMENTS.map((c) => c.account))]))).map((u) => [u.account, u.id]));
  const commentRows = COMMENTS.flatMap((cm) => {
    const c = named.get(cm.course);
    const userId = commenters.get(cm.account);
    return c && userId ? [{ courseId: c.id, userId, rating: cm.rating, content: cm.content, createdAt: new Date(Date.now() - cm.daysAgo * DAY) }] : [];
  });
  if (commentRows.length) await db.insert(courseComments).values(commentRows).onConflictDoNothing();
}
