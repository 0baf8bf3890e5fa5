// 进程内的定时器：每分钟看一次哪些启用的任务已到期，逐个执行。
// 多实例之间靠 runJob 里的行锁（SKIP LOCKED）与锁内的到期复查保证同一任务同一时刻只跑一次；
// 本进程内以 ticking 标志避免上一轮没跑完下一轮又开始。
import { getDb } from '@/lib/platform/db/client';
import { dueJobCodes, runJob } from './jobs';

const TICK_MS = 60_000;

const shared = globalThis as typeof globalThis & { __opsScheduler?: { timer: NodeJS.Timeout; ticking: boolean } };

async function tick(): Promise<void> {
  const state = shared.__opsScheduler;
  if (!state || state.ticking) return;
  state.ticking = true;
  try {
    const db = await getDb();
    for (const code of await dueJobCodes(db)) {
      const run = await runJob(db, code, { trigger: 'schedule', onlyIfDue: true });
      if (run?.status === 'failed') console.error(`[job] ${code} ${run.message}`);
    }
  } catch (err) {
    // 数据库暂时不可用等：下一分钟再试
    console.error('[job] 定时任务检查失败', err instanceof Error ? err.message : err);
  } finally {
    state.ticking = false;
  }
}

/** 启动定时器；每个进程只启动一次（重复调用无效）。测试与构建阶段不调用。 */
export function startScheduler(): void {
  if (shared.__opsScheduler) return;
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  shared.__opsScheduler = { timer, ticking: false };
}

export function stopScheduler(): void {
  const state = shared.__opsScheduler;
  if (!state) return;
  clearInterval(state.timer);
  delete shared.__opsScheduler;
}
