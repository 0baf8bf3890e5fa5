// 推送通道由 push 分支实现；合并时以它为准
import type { Db } from '@/lib/platform/db/client';
export interface PushEvent { type: string; userIds: readonly number[]; data: Record<string, unknown> }
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function publish(db: Db, event: PushEvent): Promise<void> {}
