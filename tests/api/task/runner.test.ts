// 后台任务：两个执行器并发领取时每个任务只执行一次、进度写进任务、失败留下消息、实例中断的重新排队一次再失败、
// 取消（排队中的不再执行，执行中的停下且不留结果）、只有发起人看得到与下载得到（别人 404）。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult } from '@/lib/platform/api/files';
import { backgroundTasks, TASK_STATUS } from '@/lib/platform/task/tables';
import { registerTask } from '@/lib/platform/task/registry';
import { enqueueTask, INTERRUPTED_MESSAGE, recoverStaleTasks, runQueuedTasks, TASK_STALE_MS, UNEXPECTED_MESSAGE } from '@/lib/platform/task/runner';
import type { TaskItem } from '@/lib/domains/task/schemas';
import { demoUserId } from '@/db/seed';
import { authHeaders } from '../access/login-helper';

const { db: getDb } = setupTestDb();
let db: Db;
let sjz: Record<string, string>;
let bd: Record<string, string>;
let sjzId: number;

/** 每个任务被执行的次数 */
const runs = new Map<number, number>();
/** 测试控制的闸门：任务停在这里直到测试放行 */
const gates = new Map<number, { reached: () => void; release: Promise<void> }>();

registerTask('test.count', {
  title: '计数',
  async run(ctx) {
    runs.set(ctx.taskId, (runs.get(ctx.taskId) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 5));
    return { result: { ran: true } };
  },
});
registerTask<{ steps: number }>('test.progress', {
  title: '分步',
  async run(ctx, input, progress) {
    for (let i = 1; i <= input.steps; i++) {
      await progress(i, input.steps);
      const gate = gates.get(ctx.taskId);
      if (gate && i === 3) {
        gate.reached();
        await gate.release;
      }
    }
    return { file: new FileResult(new TextEncoder().encode('a,b\n1,2\n'), 'csv'), result: { rows: input.steps } };
  },
});
registerTask('test.refuse', {
  title: '拒绝',
  run: async () => {
    throw ApiError.badRequest('第 3 行的身份证号不正确');
  },
});
registerTask('test.crash', {
  title: '出错',
  run: async () => {
    throw new Error('连接断开 at internal.ts:12');
  },
});

function gate(taskId: number) {
  let reached!: () => void;
  let release!: () => void;
  const atGate = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  gates.set(taskId, { reached, release: released });
  return { atGate, release };
}

const taskRow = async (id: number) => (await db.select().from(backgroundTasks).where(eq(backgroundTasks.id, id)))[0];
const getTask = (headers: Record<string, string>, id: number) => call<TaskItem>('GET', '/task/get', { headers, query: { id: String(id) } });

beforeAll(async () => {
  db = await getDb();
  sjz = await authHeaders('sjz_admin');
  bd = await authHeaders('bd_admin');
  sjzId = await demoUserId(db, 'sjz_admin');
});

describe('后台任务的执行器', () => {
  it('两个执行器并发领取：每个任务只执行一次', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await enqueueTask(db, { userId: sjzId, kind: 'test.count', input: {} })).taskId);
    const [a, b] = await Promise.all([runQueuedTasks(db, { instance: 'a', limit: 3 }), runQueuedTasks(db, { instance: 'b', limit: 3 })]);
    expect(a + b).toBe(8);
    for (const id of ids) {
      expect(runs.get(id)).toBe(1);
      const row = await taskRow(id);
      expect(row.status).toBe(TASK_STATUS.DONE);
      expect(row.attempts).toBe(1);
      expect(row.result).toEqual({ ran: true });
    }
  });

  it('进度写进任务，发起人随时看得到；完成后可下载产出的文件', async () => {
    const { taskId } = await enqueueTask(db, { userId: sjzId, kind: 'test.progress', input: { steps: 10 } });
    const queued = await getTask(sjz, taskId);
    expect(queued.status).toBe(200);
    expect(queued.body.data).toMatchObject({ status: 'queued', done: 0, percent: 0, hasFile: false });
    const g = gate(taskId);
    const running = runQueuedTasks(db, { instance: 'p' });
    await g.atGate;
    // 进度的写入不阻塞任务本身：等它落库
    await expect.poll(async () => (await getTask(sjz, taskId)).body.data.done, { timeout: 5000 }).toBeGreaterThan(0);
    const mid = (await getTask(sjz, taskId)).body.data;
    expect(mid.status).toBe('running');
    expect(mid.total).toBe(10);
    expect(mid.percent).toBeGreaterThan(0);
    expect(mid.percent).toBeLessThan(100);
    g.release();
    await running;
    const done = (await getTask(sjz, taskId)).body.data;
    expect(done).toMatchObject({ status: 'done', done: 10, total: 10, percent: 100, hasFile: true, result: { rows: 10 }, error: null });
    expect(done.finishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const file = await call('GET', '/task/download', { headers: sjz, query: { id: String(taskId) } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect(await file.res.text()).toBe('a,b\n1,2\n');
  });

  it('失败：业务原因的消息原样留下；意外错误给一句通用的话，不泄露内部信息', async () => {
    const refuse = (await enqueueTask(db, { userId: sjzId, kind: 'test.refuse', input: {} })).taskId;
    const crash = (await enqueueTask(db, { userId: sjzId, kind: 'test.crash', input: {} })).taskId;
    await runQueuedTasks(db);
    expect((await getTask(sjz, refuse)).body.data).toMatchObject({ status: 'failed', error: '第 3 行的身份证号不正确', hasFile: false });
    const crashed = (await getTask(sjz, crash)).body.data;
    expect(crashed).toMatchObject({ status: 'failed', error: UNEXPECTED_MESSAGE });
    expect(crashed.error).not.toContain('internal.ts');
    const r = await call('GET', '/task/download', { headers: sjz, query: { id: String(refuse) } });
    expect(r.status).toBe(409);
  });

  it('实例中断（心跳过期）：重新排队一次并由别的实例执行完；再中断即失败', async () => {
    const old = new Date(Date.now() - TASK_STALE_MS - 1000);
    const [once] = await db
      .insert(backgroundTasks)
      .values({ userId: sjzId, kind: 'test.count', title: '计数', input: {}, status: TASK_STATUS.RUNNING, instance: 'dead:1', attempts: 1, heartbeatAt: old, startedAt: old })
      .returning();
    const [twice] = await db
      .insert(backgroundTasks)
      .values({ userId: sjzId, kind: 'test.count', title: '计数', input: {}, status: TASK_STATUS.RUNNING, instance: 'dead:1', attempts: 2, heartbeatAt: old, startedAt: old })
      .returning();
    // 心跳新鲜的不动
    const [alive] = await db
      .insert(backgroundTasks)
      .values({ userId: sjzId, kind: 'test.count', title: '计数', input: {}, status: TASK_STATUS.RUNNING, instance: 'alive:1', attempts: 1, heartbeatAt: new Date() })
      .returning();
    expect(await recoverStaleTasks(db)).toBe(2);
    expect((await taskRow(once.id)).status).toBe(TASK_STATUS.QUEUED);
    expect(await taskRow(twice.id)).toMatchObject({ status: TASK_STATUS.FAILED, error: INTERRUPTED_MESSAGE });
    expect((await taskRow(alive.id)).status).toBe(TASK_STATUS.RUNNING);
    await runQueuedTasks(db, { instance: 'b' });
    expect(await taskRow(once.id)).toMatchObject({ status: TASK_STATUS.DONE, instance: 'b', attempts: 2 });
    expect(runs.get(once.id)).toBe(1);
    await db.delete(backgroundTasks).where(eq(backgroundTasks.id, alive.id));
  });

  it('取消：排队中的不再执行；执行中的停下、不留文件；已结束的 409', async () => {
    const queued = (await enqueueTask(db, { userId: sjzId, kind: 'test.count', input: {} })).taskId;
    const c = await call<TaskItem>('POST', '/task/cancel', { headers: sjz, json: { id: queued } });
    expect(c.status).toBe(200);
    expect(c.body.data.status).toBe('cancelled');

    const running = (await enqueueTask(db, { userId: sjzId, kind: 'test.progress', input: { steps: 10 } })).taskId;
    const g = gate(running);
    const run = runQueuedTasks(db, { instance: 'c' });
    await g.atGate;
    expect((await call('POST', '/task/cancel', { headers: sjz, json: { id: running } })).status).toBe(200);
    g.release();
    await run;
    expect(runs.get(queued)).toBeUndefined();
    const row = await taskRow(running);
    expect(row.status).toBe(TASK_STATUS.CANCELLED);
    expect(row.fileKey).toBeNull();
    const again = await call('POST', '/task/cancel', { headers: sjz, json: { id: running } });
    expect(again.status).toBe(409);
    expect(again.body.returnMsg).toBe('任务已经结束，不能取消');
  });

  it('只有发起人：别人查看、取消、下载都是 404，列表里也没有；未登录 401', async () => {
    const { taskId } = await enqueueTask(db, { userId: sjzId, kind: 'test.progress', input: { steps: 2 } });
    await runQueuedTasks(db);
    expect((await getTask(bd, taskId)).status).toBe(404);
    expect((await getTask(bd, taskId)).body.returnMsg).toBe('任务不存在');
    expect((await call('POST', '/task/cancel', { headers: bd, json: { id: taskId } })).status).toBe(404);
    expect((await call('GET', '/task/download', { headers: bd, query: { id: String(taskId) } })).status).toBe(404);
    const theirs = await call<{ list: TaskItem[]; total: number }>('POST', '/task/list', { headers: bd, json: {} });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.list.map((t) => t.id)).not.toContain(taskId);
    const mine = await call<{ list: TaskItem[]; total: number }>('POST', '/task/list', { headers: sjz, json: { pageSize: 5 } });
    expect(mine.body.data.list[0].id).toBe(taskId);
    const ids = mine.body.data.list.map((t) => t.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    expect((await call('GET', '/task/get', { query: { id: String(taskId) } })).status).toBe(401);
  });
});
