// 演示数据：定时任务、设备。
import type { Db } from '@/lib/platform/db/client';

export async function seedOps(_db: Db): Promise<void> {}
