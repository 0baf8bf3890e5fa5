// 演示数据：友情链接、联系方式、意见征集与反馈（通知公告在 lib/domains/content/seed.ts）。可重复执行：按名称、部门、标题判重，反馈只在表为空时写入。
import { count, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { formatBeijing } from '@/lib/platform/time';
import { users } from '../user/tables';
import { contacts, feedbacks, friendLinks, opinionTopics, opinions } from './tables';

const DAY = 86_400_000;
const dateOffset = (days: number) => formatBeijing(new Date(Date.now() + days * DAY)).slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const FRIEND_LINKS = [
  { name: '中华人民共和国人力资源和社会保障部', url: 'https://www.mohrss.gov.cn', sort: 1, enabled: true },
  { name: '河北省人力资源和社会保障厅', url: 'https://rst.hebei.gov.cn', sort: 2, enabled: true },
  { name: '技能人才评价工作网', url: 'http://www.osta.org.cn', sort: 3, enabled: true },
  { name: '河北省人民政府', url: 'https://www.hebei.gov.cn', sort: 4, enabled: true },
  { name: '中国技能大赛网', url: 'http://www.chinaskills-jsw.org', sort: 5, enabled: false },
];

const CONTACTS = [
  {
    department: '河北省职业技能鉴定指导中心',
    phone: '0311-85866620',
    email: 'jnjd@hbrs.example.cn',
    address: '石家庄市桥西区和平西路 313 号',
    workingHours: '工作日 8:30-12:00，14:30-17:30',
    sort: 1,
  },
  {
    department: '职业能力建设处（培训补贴咨询）',
    phone: '0311-85866315',
    email: 'zynl@hbrs.example.cn',
    address: '石家庄市桥西区和平西路 313 号',
    workingHours: '工作日 8:30-12:00，14:30-17:30',
    sort: 2,
  },
  { department: '系统技术支持', phone: '400-6188-3120', email: 'support@hbrs.example.cn', address: null, workingHours: '每天 8:00-20:00', sort: 3 },
];

export async function seedPortal(db: Db): Promise<void> {
  await db.insert(friendLinks).values(FRIEND_LINKS).onConflictDoNothing();
  await db.insert(contacts).values(CONTACTS).onConflictDoNothing();

  const demo = await db
    .select({ id: users.id, account: users.account, cityId: users.cityId })
    .from(users)
    .where(inArray(users.account, ['admin', 'eval_org', 'train_org', 'enterprise', 'teacher']));
  const idOf = new Map(demo.map((u) => [u.account, u]));
  const admin = idOf.get('admin');
  if (!admin) return;

  const topicSpecs = [
    {
      title: '《河北省职业技能等级认定管理办法（征求意见稿）》意见征集',
      content: '为规范职业技能等级认定工作，我厅起草了《河北省职业技能等级认定管理办法（征求意见稿）》，现向社会公开征求意见，请围绕认定机构条件、考评人员管理、质量督导等方面提出意见建议。',
      startDate: dateOffset(-10),
      endDate: dateOffset(30),
      status: 'open',
    },
    {
      title: '职业技能培训补贴标准调整意见征集',
      content: '拟根据培训成本与就业成效调整部分职业（工种）的培训补贴标准，欢迎培训机构、企业与学员提出意见。',
      startDate: dateOffset(-60),
      endDate: dateOffset(-20),
      status: 'closed',
    },
    {
      title: '门户网站改版需求调研',
      content: '为提升门户网站的易用性，拟对首页与办事指南进行改版，现征集使用意见。',
      startDate: dateOffset(5),
      endDate: dateOffset(35),
      status: 'draft',
    },
  ] as const;
  const existing = new Set((await db.select({ title: opinionTopics.title }).from(opinionTopics)).map((t) => t.title));
  for (const spec of topicSpecs) {
    if (existing.has(spec.title)) continue;
    const [topic] = await db
      .insert(opinionTopics)
      .values({ ...spec, createdBy: admin.id, publishedAt: spec.status === 'draft' ? null : daysAgo(spec.status === 'open' ? 10 : 60) })
      .returning();
    if (spec.status === 'draft') continue;
    const voices = [
      { account: 'eval_org', content: '建议明确考评人员的回避情形，并对同一机构连续考评的人员比例作出限制。' },
      { account: 'train_org', content: '希望认定结果公示期能同步在门户网站展示，方便学员查询。' },
      { account: 'enterprise', content: '企业自主评价的认定范围建议扩大到本企业的关联单位。' },
    ];
    const rows = voices
      .filter((v) => idOf.has(v.account))
      .map((v, i) => ({
        topicId: topic.id,
        userId: idOf.get(v.account)!.id,
        content: v.content,
        createdAt: daysAgo(spec.status === 'open' ? 8 - i * 2 : 40 - i),
        ...(i === 0 ? { reply: '感谢您的意见，我们将在修订中予以研究采纳。', repliedBy: admin.id, repliedAt: daysAgo(spec.status === 'open' ? 1 : 25) } : {}),
      }));
    if (rows.length) await db.insert(opinions).values(rows).onConflictDoNothing();
  }

  const [{ n }] = await db.select({ n: count() }).from(feedbacks);
  if (n > 0) return;
  const fb = [
    { account: 'train_org', type: 'problem', content: '开班申请上传学员花名册时提示格式错误，但模板是从系统下载的，请帮忙核实。', contact: '13831100021', replied: true, days: 6 },
    { account: 'eval_org', type: 'suggestion', content: '建议考试计划列表增加按考点筛选，便于安排考务人员。', contact: null, replied: false, days: 3 },
    { account: 'teacher', type: 'complaint', content: '师资信息审核已提交两周仍未处理，影响后续排课。', contact: '0311-86012345', replied: false, days: 1 },
  ] as const;
  const fbRows = fb
    .filter((f) => idOf.has(f.account))
    .map((f) => {
      const u = idOf.get(f.account)!;
      return {
        userId: u.id,
        cityId: u.cityId,
        type: f.type,
        content: f.content,
        contact: f.contact,
        createdAt: daysAgo(f.days),
        ...(f.replied ? { reply: '已核实：模板中“身份证号”列需设置为文本格式，请重新下载最新模板后上传。', repliedBy: admin.id, repliedAt: daysAgo(f.days - 1) } : {}),
      };
    });
  if (fbRows.length) await db.insert(feedbacks).values(fbRows);
}
