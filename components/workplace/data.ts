import 'server-only';
// 工作台的数据：本人信息与所属单位、可用功能（按菜单一级分组）、未读消息、最近登录记录、账号安全。
// 只读本人的数据（会话中的用户编号），与接口用同一套服务与会话。
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/platform/db/client';
import { formatBeijing } from '@/lib/platform/time';
import { buildMenuTree, isDirectory, type MenuNode } from '@/lib/domains/access/menu';
import { listMessages } from '@/lib/domains/message/service';
import { loginLogs, users } from '@/lib/domains/user/tables';
import { userDepartment } from '@/lib/domains/user/service';
import { loadUserAndPermissions, requirePortalSession } from '@/components/shell/data';
import { landingPath, shellMenu } from '@/components/shell/menu';
import { displayName } from '@/components/shell/types';

export interface FunctionGroup {
  key: string;
  title: string;
  icon: string | null;
  /** 可用的具体功能数 */
  count: number;
  /** 前几项功能的名称 */
  items: string[];
  /** 入口：组里第一个功能 */
  href: string;
}

export interface LoginRecord {
  id: number;
  /** login / failure / locked / logout / sso */
  kind: string;
  message: string | null;
  ip: string | null;
  client: string;
  time: string;
}

export interface WorkplaceMessage {
  id: number;
  title: string;
  content: string;
  kind: string;
  link: string | null;
  createTime: string;
}

export interface WorkplaceData {
  /** morning / noon / afternoon / evening（北京时间，服务端算好，免得客户端水合不一致） */
  period: 'morning' | 'noon' | 'afternoon' | 'evening';
  today: string;
  user: {
    name: string;
    account: string;
    avatar: string | null;
    level: string;
    mobile: string | null;
    email: string | null;
    passwordStrength: number;
  };
  roles: string[];
  /** 省 / 市 / 县区，依次有值的部分 */
  areaNames: string[];
  orgName: string | null;
  groups: FunctionGroup[];
  unreadCount: number;
  unread: WorkplaceMessage[];
  logins: LoginRecord[];
  /** 近 30 天成功登录次数 */
  loginsLast30Days: number;
  /** 本次之前的一次登录时间 */
  previousLogin: string | null;
}

const GROUP_ITEMS = 6;
const LOGIN_ROWS = 8;
const UNREAD_ROWS = 5;

/** 手机号中间四位打码 */
export function maskMobile(mobile: string | null): string | null {
  return mobile && /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

// 顺序有讲究：Edge 的 UA 也含 Chrome；Android 的含 Linux；iPhone 的含 Mac OS X
const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Chrome', /Chrom(?:e|ium)\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari/],
];
const SYSTEMS: [string, RegExp][] = [
  ['Windows', /Windows NT/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

/** 由 User-Agent 给出"浏览器 版本 / 系统"的简短说明 */
export function describeClient(ua: string | null): string {
  if (!ua) return '-';
  let browser: string | null = null;
  for (const [name, re] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([, re]) => re.test(ua))?.[0] ?? null;
  if (!browser && !os) return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
  return [browser, os].filter(Boolean).join(' / ');
}

function beijingHour(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(now));
}

export function periodOf(hour: number): WorkplaceData['period'] {
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'noon';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}

/**
 * 一级菜单分组：只计菜单里真能打开的功能（show 为真且已有界面的叶子，与门户菜单同一棵可见树），
 * 没有可用功能的组不列；每组给出功能数、前几项名称与入口。
 */
export function functionGroups(routes: Parameters<typeof buildMenuTree>[0], screens: ReadonlySet<string>): FunctionGroup[] {
  return shellMenu(routes, screens)
    .visible.map((n) => {
      const names = leafTitles(n);
      return { key: n.key, title: n.meta.title, icon: n.meta.icon, count: names.length, items: names.slice(0, GROUP_ITEMS), href: landingPath(n) };
    })
    .filter((g) => g.count > 0);
}

/** 可见树里某节点下各功能（叶子）的名称；折叠子项的目录（hideChildren）本身算一项 */
function leafTitles(node: MenuNode): string[] {
  const kids = node.children.filter((c) => c.meta.show);
  if (kids.length === 0) return isDirectory(node) && !node.meta.hideChildren ? [] : [node.meta.title];
  return kids.flatMap(leafTitles);
}

export async function loadWorkplace(screens: ReadonlySet<string>): Promise<WorkplaceData> {
  const session = await requirePortalSession();
  const db = await getDb();
  const userId = session.user.id;
  const since = new Date(Date.now() - 30 * 24 * 3600 * 1000);
  const [info, dept, [me], messagePage, logRows, [{ n: loginsLast30Days }], previous] = await Promise.all([
    loadUserAndPermissions(),
    userDepartment(db, session.user),
    db.select({ mobile: users.mobile, email: users.email }).from(users).where(eq(users.id, userId)),
    listMessages(db, userId, { unreadOnly: true }, { pageNo: 1, pageSize: UNREAD_ROWS, offset: 0 }),
    db
      .select({ id: loginLogs.id, kind: loginLogs.kind, message: loginLogs.message, ip: loginLogs.ip, userAgent: loginLogs.userAgent, createdAt: loginLogs.createdAt })
      .from(loginLogs)
      .where(eq(loginLogs.userId, userId))
      .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
      .limit(LOGIN_ROWS),
    db
      .select({ n: count() })
      .from(loginLogs)
      .where(and(eq(loginLogs.userId, userId), inArray(loginLogs.kind, ['login', 'sso']), gte(loginLogs.createdAt, since))),
    db
      .select({ createdAt: loginLogs.createdAt })
      .from(loginLogs)
      .where(and(eq(loginLogs.userId, userId), inArray(loginLogs.kind, ['login', 'sso'])))
      .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
      .offset(1)
      .limit(1),
  ]);
  const now = new Date();
  return {
    period: periodOf(beijingHour(now)),
    today: formatBeijing(now).slice(0, 10),
    user: {
      name: displayName(info.user),
      account: info.user.account,
      avatar: info.user.avatar,
      level: info.user.level,
      mobile: maskMobile(me?.mobile ?? null),
      email: me?.email ?? null,
      passwordStrength: info.user.passwordStrength,
    },
    roles: info.roles.map((r) => r.name),
    areaNames: [dept.province, dept.city, dept.county].filter((a): a is { code: string; name: string } => a !== null).map((a) => a.name),
    orgName: dept.organisation?.name ?? null,
    groups: functionGroups(info.routes, screens),
    unreadCount: messagePage.total,
    unread: messagePage.list.map(({ id, title, content, kind, link, createTime }) => ({ id, title, content, kind, link, createTime })),
    logins: logRows.map((r) => ({
      id: r.id,
      kind: r.kind,
      message: r.message,
      ip: r.ip,
      client: describeClient(r.userAgent),
      time: formatBeijing(r.createdAt),
    })),
    loginsLast30Days,
    previousLogin: previous[0] ? formatBeijing(previous[0].createdAt) : null,
  };
}
