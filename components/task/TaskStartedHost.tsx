'use client';
// 数据多的导出被服务端改排为后台任务时（api-client 发出 TASK_STARTED_EVENT），在任一页面弹出进度框：
// 所有导出按钮共用，不必各自处理“文件或任务”两种答复。关掉进度框任务照常进行，完成后在「我的任务」里下载。
import { lazy, Suspense, useEffect, useState } from 'react';
import { TASK_STARTED_EVENT } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';

/** 进度框（进度条、步骤）在第一次有任务时才下载：每页的框架代码不带它 */
const TaskModal = lazy(() => import('./TaskModal'));

export default function TaskStartedHost() {
  const t = useT();
  const [taskId, setTaskId] = useState<number | null>(null);
  useEffect(() => {
    const onStarted = (e: Event) => {
      const id = (e as CustomEvent<{ taskId?: unknown }>).detail?.taskId;
      if (typeof id === 'number') setTaskId(id);
    };
    window.addEventListener(TASK_STARTED_EVENT, onStarted);
    return () => window.removeEventListener(TASK_STARTED_EVENT, onStarted);
  }, []);
  if (taskId === null) return null;
  return (
    <Suspense fallback={null}>
      <TaskModal taskId={taskId} title={t('task.largeExport')} onClose={() => setTaskId(null)} />
    </Suspense>
  );
}
