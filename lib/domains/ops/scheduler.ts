// 进程内的定时器：每分钟（SCHEDULER_TICK_SECONDS）看一次哪些启用的任务已到期，逐个执行。
// 多实例之间靠 runJob 里的行锁（SKIP LOCKED）与锁内的到期复查保证同一任务同一时刻只跑一次（npm run test:multi 验证）；
// 本进程内以 ticking 标志避免上一轮没跑完下一轮又开始。
import { getDb } from '@/lib/platform/db/client';
import { log } from '@/lib/platform/log';
import { dueJobCodes, ensureJobs, runJob } from './jobs';

const DEFAULT_TICK_SECONDS = 60;

/** 检查间隔（秒）：SCHEDULER_TICK_SECONDS，默认 60；多实例测试用 1 秒 */
export function tickSeconds(): number {
  const n = Number(process.env.SCHEDULER_TICK_SECONDS);
  return Number.isFinite(n) && n >= 1 ? n : DEFAULT_TICK_SECONDS;
}

interface SchedulerState {
  timer: NodeJS.Timeout;
  ticking: boolean;
  jobsEnsured?: boolean;
  tickSeconds: number;
  startedAt: Date;
  lastTickAt: Date | null;
  lastError: string | null;
}

const shared = globalThis as typeof globalThis & { __opsScheduler?: SchedulerState };

async function tick(): Promise<void> {
  const state = shared.__opsScheduler;
  if (!state || state.ticking) return;
  state.ticking = true;
  try {
    const db = await getDb();
    // 升级后新加的内置任务在已有的库里补上行（每个进程第一次检查时）
    if (!state.jobsEnsured) {
      await ensureJobs(db);
      state.jobsEnsured = true;
    }
    for (const code of await dueJobCodes(db)) {
      const run = await runJob(db, code, { trigger: 'schedule', onlyIfDue: true });
      if (run?.status === 'failed') log.error({ component: 'job', job: code, runId: run.id }, `定时任务执行失败：${run.message}`);
    }
    state.lastError = null;
  } catch (err) {
    // 数据库暂时不可用等：下一轮再试
    state.lastError = err instanceof Error ? err.message : String(err);
    log.error({ component: 'job', err }, '定时任务检查失败');
  } finally {
    state.lastTickAt = new Date();
    state.ticking = false;
  }
}

/** 启动定时器；每个进程只启动一次（重复调用无效）。测试与构建阶段不调用。 */
export function startScheduler(): void {
  if (shared.__opsScheduler) return;
  const seconds = tickSeconds();
  const timer = setInterval(() => void tick(), seconds * 1000);
  timer.unref();
  shared.__opsScheduler = { timer, ticking: false, tickSeconds: seconds, startedAt: new Date(), lastTickAt: null, lastError: null };
}

export function stopScheduler(): void {
  const state = shared.__opsScheduler;
  if (!state) return;
  clearInterval(state.timer);
  delete shared.__opsScheduler;
}

/** 本进程的定时器状态（服务器状态界面用）；没有启动时为 null */
export function schedulerState(): { tickSeconds: number; startedAt: Date; lastTickAt: Date | null; lastError: string | null; ticking: boolean } | null {
  const s = shared.__opsScheduler;
  return s ? { tickSeconds: s.tickSeconds, startedAt: s.startedAt, lastTickAt: s.lastTickAt, lastError: s.lastError, ticking: s.ticking } : null;
}
