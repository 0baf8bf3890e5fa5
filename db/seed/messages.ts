// 演示站内消息：按种子里真实的记录生成（备案及其办理历史、增量备案、人员库与考务分派、机构），
// 每条的链接只指向已有界面的菜单页（备案类页面带 ?code= 直接筛出该备案）；收件人无权打开的页面不给链接（由 index.ts 按本人菜单过滤）。
// 每个账号有已读有未读；省级管理员 ADMIN_UNREAD 条未读，铃铛显示 99+。
import { asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { beijingDate } from '@/lib/platform/time';
import { flattenMenuTree } from '@/lib/domains/access/menu-tree';
import type { MessageKind } from '@/lib/domains/message/schemas';
import { organisations } from '@/lib/domains/org/tables';
import { filingHistory, filingIncrements, filings } from '@/lib/domains/filing/tables';
import { FILING_KINDS, statusLabel, stepOf, type TransitionAction } from '@/lib/domains/filing/transitions';
import { KIND_PATHS } from '@/lib/domains/filing/service';
import { people, personAssignments } from '@/lib/domains/personnel/tables';

export interface DemoMessage {
  title: string;
  content: string;
  kind: MessageKind;
  link: string | null;
  read: boolean;
  /** 消息时间：取所述记录的时间；省略时由写入方依次向前错开 */
  at?: Date;
}

/** 省级管理员的未读条数：超过 99，铃铛显示 99+ */
export const ADMIN_UNREAD = 120;

/** 菜单资源 key → 路径（链接只用已有界面的这几项） */
const PATH_BY_KEY = new Map(flattenMenuTree().map((f) => [f.key, f.path]));
const pathOf = (key: string): string => PATH_BY_KEY.get(key)!;
/** 个人设置：不在菜单里，登录用户都能打开 */
export const ACCOUNT_SETTINGS_PREFIX = '/account/settings/';
const ACCOUNT_BASIC_PATH = `${ACCOUNT_SETTINGS_PREFIX}basic`;
const ACCOUNT_SECURITY_PATH = `${ACCOUNT_SETTINGS_PREFIX}security`;

const m = (title: string, content: string, kind: MessageKind, link: string | null, read = false, at?: Date): DemoMessage => ({ title, content, kind, link, read, at });

const WELCOME = m('欢迎使用河北省职业技能鉴定与培训管理平台', '首次登录请在“个人设置”中核对手机号与邮箱，并定期修改密码。', 'system', ACCOUNT_BASIC_PATH, true);

interface FilingFact {
  id: number;
  code: string;
  kind: number;
  status: number;
  orgId: number;
  orgName: string;
  cityId: number | null;
  submittedAt: Date | null;
}

interface FilingEvent {
  filing: FilingFact;
  action: TransitionAction;
  toStatus: number;
  opinion: string | null;
  increment: boolean;
  at: Date;
}

interface PersonFact {
  library: string;
  name: string;
  orgId: number | null;
  orgName: string | null;
  cityId: number | null;
  stopReason: string | null;
  createdAt: Date;
}

interface AssignmentFact {
  name: string;
  library: string;
  cityId: number | null;
  planCode: string;
  planName: string;
  role: string;
  siteName: string | null;
  examDate: string | null;
}

/** 生成消息所需的真实记录 */
export interface MessageFacts {
  filings: FilingFact[];
  /** 办理历史（不含“新建”），最新在前 */
  events: FilingEvent[];
  /** 待初审的增量备案 */
  pendingIncrements: { filing: FilingFact; at: Date }[];
  people: PersonFact[];
  assignments: AssignmentFact[];
  orgs: { id: number; name: string; cityId: number | null }[];
}

export async function loadMessageFacts(db: Db): Promise<MessageFacts> {
  const filingRows = await db
    .select({ id: filings.id, code: filings.code, kind: filings.kind, status: filings.status, orgId: filings.orgId, orgName: organisations.name, cityId: filings.cityId, submittedAt: filings.submittedAt })
    .from(filings)
    .innerJoin(organisations, eq(organisations.id, filings.orgId))
    .orderBy(asc(filings.id));
  const byId = new Map(filingRows.map((f) => [f.id, f]));
  const history = await db.select().from(filingHistory).orderBy(desc(filingHistory.createdAt), desc(filingHistory.id));
  const events: FilingEvent[] = history
    .filter((h) => h.action !== 'create' && h.action !== 'incrementAdd' && byId.has(h.filingId))
    .map((h) => ({ filing: byId.get(h.filingId)!, action: h.action as TransitionAction, toStatus: h.toStatus, opinion: h.opinion, increment: h.incrementId !== null, at: h.createdAt }));
  const increments = await db.select().from(filingIncrements).where(eq(filingIncrements.status, 0));
  const pendingIncrements = increments.filter((i) => byId.has(i.filingId)).map((i) => ({ filing: byId.get(i.filingId)!, at: i.submittedAt ?? i.createdAt }));
  const personRows = await db
    .select({ library: people.library, name: people.name, orgId: people.orgId, orgName: organisations.name, cityId: people.cityId, stopReason: people.stopReason, createdAt: people.createdAt })
    .from(people)
    .leftJoin(organisations, eq(organisations.id, people.orgId))
    .orderBy(asc(people.id));
  const assignmentRows = await db
    .select({ name: people.name, library: people.library, cityId: people.cityId, planCode: personAssignments.planCode, planName: personAssignments.planName, role: personAssignments.role, siteName: personAssignments.siteName, examDate: personAssignments.examDate })
    .from(personAssignments)
    .innerJoin(people, eq(people.id, personAssignments.personId))
    .where(isNotNull(personAssignments.examDate))
    .orderBy(asc(personAssignments.examDate), asc(personAssignments.id));
  const orgIds = [...new Set(filingRows.map((f) => f.orgId))];
  const orgs = orgIds.length ? await db.select({ id: organisations.id, name: organisations.name, cityId: organisations.cityId }).from(organisations).where(inArray(organisations.id, orgIds)) : [];
  return { filings: filingRows, events, pendingIncrements, people: personRows, assignments: assignmentRows, orgs };
}

const filingName = (f: FilingFact) => `${f.orgName}（${FILING_KINDS[f.kind]}）`;
const filingLink = (f: FilingFact) => `${KIND_PATHS[f.kind]}?code=${encodeURIComponent(f.code)}`;
const LIBRARY_PATH: Record<string, string> = { assessor: pathOf('assessor'), supervisor: pathOf('supervisor'), examStaff: pathOf('examStaff') };
const LIBRARY_NAME: Record<string, string> = { assessor: '考评员', supervisor: '督导员', examStaff: '监考人员' };

/** 一次办理结果的通知（与办理时系统发给机构的消息同样的写法） */
function eventMessage(e: FilingEvent, read: boolean): DemoMessage {
  const what = `${FILING_KINDS[e.filing.kind]}备案 ${e.filing.code}${e.increment ? ' 的增量备案' : ''}`;
  return m(
    `${e.filing.orgName}：${what}${stepOf(e.action).verb}`,
    `当前状态：${statusLabel(e.toStatus)}${e.opinion ? `；意见：${e.opinion}` : ''}`,
    'audit',
    filingLink(e.filing),
    read,
    e.at,
  );
}

/** 市级管理员：本市待初审的备案与增量备案、停用的考评员（未读），最近一次本市办理结果（已读） */
function cityMessages(facts: MessageFacts, cityId: number): DemoMessage[] {
  const inCity = (f: FilingFact) => f.cityId === cityId;
  const pending = facts.filings
    .filter((f) => inCity(f) && f.status === 0)
    .map((f) => m(`备案待初审：${filingName(f)}`, `备案编号 ${f.code}，${f.submittedAt ? `${beijingDate(f.submittedAt)} ` : ''}提交，请在 5 个工作日内完成初审。`, 'audit', pathOf('filingAudit'), false, f.submittedAt ?? undefined));
  const voids = facts.filings
    .filter((f) => inCity(f) && f.status === 4)
    .map((f) => m(`作废申请待审核：${filingName(f)}`, `备案编号 ${f.code}，机构申请作废该类别备案。`, 'audit', pathOf('filingAudit')));
  const increments = facts.pendingIncrements
    .filter((i) => inCity(i.filing))
    .map((i) => m(`增量备案待初审：${filingName(i.filing)}`, `备案编号 ${i.filing.code} 新增了备案工种，请审核。`, 'audit', pathOf('filingAudit'), false, i.at));
  const stopped = facts.people
    .filter((p) => p.library === 'assessor' && p.cityId === cityId && p.stopReason)
    .map((p) => m(`考评员已停用：${p.name}（${p.orgName ?? ''}）`, `停用原因：${p.stopReason}。停用后不再分派考务。`, 'system', LIBRARY_PATH.assessor));
  const handled = facts.events.filter((e) => inCity(e.filing) && stepOf(e.action).actor === 'city').slice(0, 1).map((e) => eventMessage(e, true));
  return [...pending, ...voids, ...increments, ...stopped, ...handled, WELCOME];
}

/** 机构账号：本机构备案的办理结果（最近两条未读）与本机构停用的人员 */
function orgMessages(facts: MessageFacts, orgId: number): DemoMessage[] {
  const results = facts.events.filter((e) => e.filing.orgId === orgId && stepOf(e.action).actor !== 'org').map((e, i) => eventMessage(e, i >= 2));
  const stopped = facts.people
    .filter((p) => p.orgId === orgId && p.stopReason)
    .map((p) => m(`${LIBRARY_NAME[p.library]}已停用：${p.name}`, `停用原因：${p.stopReason}。如需恢复，请在人员库中启用。`, 'system', LIBRARY_PATH[p.library], true));
  return [...results, ...stopped, WELCOME];
}

/** 考评员、督导员：本人被分派的考务（按人员库里的姓名对应） */
function assignmentMessages(facts: MessageFacts, library: string, name: string | null): DemoMessage[] {
  return facts.assignments
    .filter((a) => a.library === library && a.name === name)
    .map((a) => m(`${a.role}任务：${a.planName}`, `计划编号 ${a.planCode}，考试日期 ${a.examDate}${a.siteName ? `，考点：${a.siteName}` : ''}。请于考试前 30 分钟到达考点签到。`, 'system', LIBRARY_PATH[library]));
}

/** 省级管理员：全省的备案办理动态、人员登记与机构备案情况，取最新的 ADMIN_UNREAD 条为未读 */
function adminMessages(facts: MessageFacts): DemoMessage[] {
  const events = facts.events.map((e) => eventMessage(e, false));
  const registered = facts.people.map((p) =>
    m(`${LIBRARY_NAME[p.library]}登记：${p.name}`, `${p.orgName ?? '督导员库'}登记了${LIBRARY_NAME[p.library]} ${p.name}${p.stopReason ? `（已停用：${p.stopReason}）` : ''}。`, 'system', LIBRARY_PATH[p.library], false, p.createdAt),
  );
  const unread = [...events, ...registered].slice(0, ADMIN_UNREAD);
  const audited = facts.events.find((e) => stepOf(e.action).actor === 'province');
  return [...unread, ...(audited ? [eventMessage(audited, true)] : []), WELCOME];
}

export interface MessageAccount {
  account: string;
  realName: string | null;
  cityId: number | null;
  orgId: number | null;
  level: string;
}

/** 某账号的演示消息（最新在前）；链接是否保留由调用方按本人菜单决定 */
export function demoMessagesFor(a: MessageAccount, facts: MessageFacts): DemoMessage[] {
  if (a.account === 'admin') return adminMessages(facts);
  if (a.level === 'city' && a.cityId !== null) return cityMessages(facts, a.cityId);
  if (a.account === 'supervisor' || a.account === 'assessor') {
    const tasks = assignmentMessages(facts, a.account, a.realName);
    return [...tasks, ...(tasks.length ? [] : [m('暂无新的考务分派', '有新的考务分派时会在这里通知您。', 'system', null)]), WELCOME];
  }
  if (a.account === 'weak_user') return [m('请尽快修改密码', '您的密码强度较弱，为保障账号安全，请修改为 6 到 18 位数字、字母、特殊符号的组合。', 'system', ACCOUNT_SECURITY_PATH), WELCOME];
  const own = a.orgId !== null ? orgMessages(facts, a.orgId) : [WELCOME];
  // 保证有一条未读：没有办理动态的账号提醒核对联系方式
  return own.some((x) => !x.read) ? own : [m('请核对账号联系方式', '手机号用于短信登录与找回密码，请在“个人设置”中确认无误。', 'system', ACCOUNT_BASIC_PATH), ...own];
}
