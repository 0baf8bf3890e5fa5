// 后台任务（issue 32 第 3 项）：
// a. 华元评价（eval_org）在“证书打印”里打印一份计划的全部证书（60 多页）：不再等一个长请求，而是弹出进度框（进度条、“可以离开本页”），
//    完成后在框里下载 PDF（页数即证书张数）；
// b. 打印本机构全部有照片的有效证书（约 100 页）的任务：执行中推送出进度（每写一次进度推送一次，与机器快慢、轮询间隔无关），
//    完成后在「我的任务」（页头按钮进入）里下载；
//    别的账号看不到这个任务。
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, apiLogin, chooseOption, expect, test, waitForHydration } from './helpers';

interface Envelope<T> {
  returnCode: number;
  returnMsg: string;
  data: T;
}
interface PlanRow {
  id: number;
  code: string;
  step: number;
}
/**
 * 以页面的会话连上推送（GET /api/push，SSE），收集任务进度的消息；连上（收到 ready）才返回。
 * 用 Node 的 fetch 读流：Playwright 的请求上下文要等答复结束，而推送的答复不结束。
 */
async function openPush(page: import('@playwright/test').Page, baseURL: string): Promise<{ tasks: Task[]; close: () => void }> {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const controller = new AbortController();
  const res = await fetch(new URL('/api/push', baseURL), { headers: { cookie }, signal: controller.signal });
  expect(res.status).toBe(200);
  const tasks: Task[] = [];
  let ready: () => void = () => {};
  const connected = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        buffer = buffer.slice(end + 2);
        if (!data) continue;
        const message = JSON.parse(data) as { type: string; data: Task };
        if (message.type === 'ready') ready();
        if (message.type === 'task') tasks.push(message.data);
      }
    }
  })().catch(() => undefined);
  await connected;
  return { tasks, close: () => controller.abort() };
}

interface Cert {
  id: number;
  photoUrl: string | null;
}
interface Task {
  id: number;
  status: string;
  done: number;
  total: number;
  active: boolean;
  hasFile: boolean;
}

async function call<T>(request: APIRequestContext, apiPath: string, data: unknown): Promise<T> {
  const res = await request.post(`/api${apiPath}`, { data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.returnCode, `${apiPath}：${body.returnMsg}`).toBe(200);
  return body.data;
}

const pdfPages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1] ?? 0);

test('打印整份计划是后台任务：进度框显示进度与“可以离开本页”，完成后下载的 PDF 每张证书一页', async ({ page }) => {
  test.setTimeout(240_000);
  await apiLogin(page, 'eval_org', DEMO_PASSWORD);
  // 已过证书提交（第 8 步起）的计划：证书资料齐全、都有照片，证书最多的一份
  const plans = (await call<PlanRow[]>(page.request, '/examaff/stategrid/getPlans', {})).filter((p) => p.step >= 8);
  let best: { plan: PlanRow; total: number } | null = null;
  for (const plan of plans) {
    const { total } = await call<{ total: number }>(page.request, '/certificate/listCertificate', { planId: plan.id, status: 0, pageNo: 1, pageSize: 1 });
    if (!best || total > best.total) best = { plan, total };
  }
  expect(best && best.total, '演示数据：第 8 步以后有证书的计划').toBeGreaterThan(30);

  await page.goto('/evaluation/certificate/print');
  await waitForHydration(page);
  await chooseOption(page, page.getByTestId('cert-print-plan'), best!.plan.code);
  await page.getByTestId('cert-print-plan-full').click();
  const progress = page.getByTestId('task-progress');
  await expect(progress).toBeVisible();
  await expect(progress.locator('.ant-progress')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('task-print-progress.png') });
  // 完成：100%、计数与下载按钮
  await expect(progress).toHaveAttribute('data-task-status', 'done', { timeout: 180_000 });
  await expect(page.getByTestId('task-progress-text')).toContainText(`${best!.total} / ${best!.total}`);
  const download = page.waitForEvent('download');
  await page.getByTestId('task-download').click();
  const file = path.join(os.tmpdir(), `task-e2e-${Date.now()}.pdf`);
  await (await download).saveAs(file);
  expect(pdfPages(file)).toBe(best!.total);
});

test('「我的任务」：长的打印任务显示进行中的进度，完成后在那里下载；别的账号看不到', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await apiLogin(page, 'eval_org', DEMO_PASSWORD);
  const { list } = await call<{ list: Cert[] }>(page.request, '/certificate/listCertificate', { status: 0, pageNo: 1, pageSize: 500 });
  const ids = list.filter((c) => c.photoUrl).map((c) => c.id);
  expect(ids.length, '演示数据：本机构有照片的有效证书').toBeGreaterThan(60);

  // 执行中的进度：先连上推送（docs/PUSH.md），任务每写一次进度推送一次。原来按 100 ms 轮询接口，机器快时整个任务在两次轮询之间就做完了
  const pushed = await openPush(page, baseURL!);
  const { taskId } = await call<{ taskId: number }>(page.request, '/certificate/printCertificates', { ids, background: true });
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/task/get?id=${taskId}`);
        return ((await res.json()) as Envelope<Task>).data.active;
      },
      { timeout: 240_000, intervals: [200] },
    )
    .toBe(false);
  await expect.poll(() => pushed.tasks.some((t) => t.id === taskId && t.status === 'done'), { timeout: 10_000 }).toBe(true);
  pushed.close();
  const mine = pushed.tasks.filter((t) => t.id === taskId);
  expect(mine.some((t) => t.status === 'running' && t.done > 0 && t.done < t.total), `推送的进度：${JSON.stringify(mine.map((t) => [t.status, t.done]))}`).toBe(true);

  // 页头的按钮进入「我的任务」：这个任务在最上面，进度满格，可下载
  await page.goto('/dashboard/workplace');
  await waitForHydration(page);
  await page.getByTestId('my-tasks-button').click();
  await expect(page).toHaveURL(/\/account\/tasks$/);
  const row = page.getByTestId('my-tasks').locator(`tr[data-row-key="${taskId}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('.ant-progress')).toBeVisible();
  await expect(row).toContainText(`${ids.length} / ${ids.length}`);
  await expect(row.getByTestId(`task-download-${taskId}`)).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: test.info().outputPath('my-tasks.png') });
  const download = page.waitForEvent('download');
  await row.getByTestId(`task-download-${taskId}`).click();
  const file = path.join(os.tmpdir(), `task-e2e-all-${Date.now()}.pdf`);
  await (await download).saveAs(file);
  expect(pdfPages(file)).toBe(ids.length);

  // 同机构的另一个账号（市级管理员同样）看不到、下载不到
  const other = await browser.newPage();
  await apiLogin(other, 'sjz_admin', DEMO_PASSWORD);
  const res = await other.request.get(`/api/task/get?id=${taskId}`);
  expect(((await res.json()) as Envelope<unknown>).returnCode).toBe(404);
  const dl = await other.request.get(`/api/task/download?id=${taskId}`);
  expect(dl.status()).toBe(404);
  await other.close();
});
