// 演示数据要像真的：铃铛消息只链到收件人能打开、已有界面的页面，且讲的是库里真有的记录；备案编号与界面新建的同一格式；
// 考务分派的日期以写入当天为准（不会停在几个月前）；新启动的系统里操作日志不为空。
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { screenNames } from '@/components/screens/registry';
import { userRouters } from '@/lib/domains/access/service';
import { filings } from '@/lib/domains/filing/tables';
import { messages } from '@/lib/domains/message/tables';
import { operationLogs } from '@/lib/domains/ops/tables';
import { personAssignments } from '@/lib/domains/personnel/tables';
import { users } from '@/lib/domains/user/tables';
import { loadPermissions } from '@/lib/domains/access/session';
import { beijingDate } from '@/lib/platform/time';

const { db } = setupTestDb();

describe('演示数据的真实感', () => {
  it('每条演示消息的链接都是收件人菜单里有界面的页面（或个人设置）；备案链接带的编号真实存在', async () => {
    const d = await db();
    const screens = new Set(screenNames());
    const codes = new Set((await d.select({ code: filings.code }).from(filings)).map((f) => f.code));
    let linked = 0;
    for (const a of DEMO_ACCOUNTS) {
      const [u] = await d.select({ id: users.id }).from(users).where(eq(users.account, a.account));
      const routes = await userRouters(d, await loadPermissions(d, u.id));
      const rows = await d.select({ title: messages.title, link: messages.link }).from(messages).where(and(eq(messages.userId, u.id), isNotNull(messages.link)));
      for (const { title, link } of rows) {
        const url = new URL(link!, 'http://portal.local');
        if (url.pathname.startsWith('/account/settings/')) continue;
        const route = routes.find((r) => r.path === url.pathname);
        expect(route && screens.has(route.component), `${a.account}「${title}」→ ${link}`).toBe(true);
        const code = url.searchParams.get('code');
        if (code) expect(codes.has(code), `${a.account}「${title}」的备案编号 ${code}`).toBe(true);
        linked++;
      }
    }
    expect(linked).toBeGreaterThan(100);
  });

  it('备案编号与界面新建的同一格式：BA + 年份 + 类别 + 6 位序号', async () => {
    const rows = await (await db()).select({ code: filings.code, kind: filings.kind }).from(filings);
    expect(rows.length).toBeGreaterThan(10);
    for (const f of rows) expect(f.code).toMatch(new RegExp(`^BA\\d{4}${f.kind}\\d{6}$`));
  });

  it('考务分派的考试日期：已考的计划在过去一年内，待考的在写入当天之后的几周内', async () => {
    const rows = await (await db()).select({ examDate: personAssignments.examDate }).from(personAssignments);
    expect(rows.length).toBeGreaterThan(0);
    const today = beijingDate(new Date());
    const yearAgo = beijingDate(new Date(), -366);
    const limit = beijingDate(new Date(), 60);
    for (const r of rows) {
      expect(r.examDate! >= yearAgo, r.examDate!).toBe(true);
      expect(r.examDate! <= limit, r.examDate!).toBe(true);
    }
    expect(rows.some((r) => r.examDate! >= today)).toBe(true);
  });

  it('操作日志有演示记录：备案的提交与审核，按办理人记', async () => {
    const d = await db();
    const [{ n }] = await d.select({ n: count() }).from(operationLogs);
    expect(n).toBeGreaterThan(10);
    const [audit] = await d.select().from(operationLogs).where(eq(operationLogs.module, 'filingAudit')).limit(1);
    expect(audit).toMatchObject({ endpoint: 'POST /filInfoAudit/updateStatus', operation: '审核备案或增量', entity: expect.stringMatching(/^filing/) });
    expect(audit.detail).toMatch(/^.+备案 BA\d+.*（.+ → .+）$/);
  });
});
