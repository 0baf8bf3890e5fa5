import 'server-only';
// 统计页固定路径的服务端部分：取表（lib/domains/dashboard/stat-pages.ts）交给 StatPageView 渲染。
// 免登录的页谁打开都是全省汇总；须登录的页未登录转登录页（带回地址），没有权限显示 403。
import { getDb } from '@/lib/platform/db/client';
import { can } from '@/lib/platform/auth/session';
import { requireSession } from '@/lib/domains/access/server-session';
import { currentYear } from '@/lib/domains/dashboard/scope';
import { pageYear, publicStatTable, scopedStatTable, STAT_PAGES, type PublicStatPage, type StatPageName } from '@/lib/domains/dashboard/stat-pages';
import ErrorResult from '@/components/shell/ErrorResult';
import { homeHrefForRequest, requestUrl } from '@/components/shell/data';
import StatPageView from './StatPageView';

/** 年度链接：今年与前四年 */
const recentYears = () => Array.from({ length: 5 }, (_, i) => currentYear() - i);

export async function PublicStatPageContent({ name, year: rawYear }: { name: PublicStatPage; year: string | string[] | undefined }) {
  const year = pageYear(rawYear);
  const table = await publicStatTable(await getDb(), name, year);
  return <StatPageView statKey={STAT_PAGES[name].key} table={table} year={year} years={recentYears()} isPublic />;
}

export async function ScopedStatPageContent({ name, year: rawYear }: { name: StatPageName; year: string | string[] | undefined }) {
  const page = STAT_PAGES[name];
  const session = await requireSession(await requestUrl());
  if (page.permission && !can(session, page.permission)) return <ErrorResult status={403} homeHref={await homeHrefForRequest()} />;
  const year = pageYear(rawYear);
  const table = await scopedStatTable(await getDb(), name, session.user, year);
  return <StatPageView statKey={page.key} table={table} year={year} years={recentYears()} isPublic={false} />;
}
