// 演示数据：SPEC §3 的各类代码表作为字典写入。
import type { Db } from '@/lib/platform/db/client';

export async function seedDicts(_db: Db): Promise<void> {}
