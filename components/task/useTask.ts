'use client';
// 一个后台任务的状态：进行中时轮询 /task/get（先每秒一次，进度不动时逐步放慢到 5 秒），结束即停。
// 推送通道送来这个任务的事件（components/push 的 usePushEvent('task', …)）时立即刷新；轮询是通道断开时的后备。
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet } from '@/components/api-client';
import { usePushEvent } from '@/components/push/PushProvider';
import type { TaskItem } from '@/lib/domains/task/schemas';

export type { TaskItem };

/** 轮询间隔：起始、上限与放慢的倍数 */
const POLL_START_MS = 1_000;
const POLL_MAX_MS = 5_000;
const POLL_BACKOFF = 1.5;

export function useTask(taskId: number | null, onFinished?: (task: TaskItem) => void): { task: TaskItem | null; error: boolean; refresh: () => void } {
  const [task, setTask] = useState<TaskItem | null>(null);
  const [error, setError] = useState(false);
  /** refresh() 加一：重新开始一轮（立即取一次） */
  const [round, setRound] = useState(0);
  const finished = useRef(onFinished);
  /** 这个任务上一次看到时是否还没结束（null：还没看过）：看到结束时调用一次 onFinished */
  const seen = useRef<{ taskId: number | null; active: boolean | null }>({ taskId: null, active: null });

  useEffect(() => {
    finished.current = onFinished;
  });

  useEffect(() => {
    if (taskId === null) return;
    if (seen.current.taskId !== taskId) seen.current = { taskId, active: null };
    let alive = true;
    let timer: number | undefined;
    let delay = POLL_START_MS;
    let last = '';
    const poll = async () => {
      try {
        const next = await apiGet('/task/get', { id: taskId }, { silent: true });
        if (!alive) return;
        setError(false);
        const signature = `${next.status}:${next.done}:${next.total}`;
        // 进度有变就回到每秒一次，否则逐步放慢
        delay = signature === last ? Math.min(POLL_MAX_MS, delay * POLL_BACKOFF) : POLL_START_MS;
        last = signature;
        const before = seen.current.active;
        seen.current.active = next.active;
        setTask(next);
        if (next.active) timer = window.setTimeout(() => void poll(), delay);
        else if (before !== false) finished.current?.(next);
      } catch {
        if (!alive) return;
        setError(true);
        delay = Math.min(POLL_MAX_MS, delay * POLL_BACKOFF);
        timer = window.setTimeout(() => void poll(), delay);
      }
    };
    void poll();
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [taskId, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  usePushEvent('task', (data) => {
    if (taskId !== null && data.id === taskId) refresh();
  });
  return { task: task && task.id === taskId ? task : null, error, refresh };
}
