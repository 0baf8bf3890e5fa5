// 演示数据：友情链接、联系方式、公告、意见征集。
import type { Db } from '@/lib/platform/db/client';

export async function seedPortal(_db: Db): Promise<void> {}
