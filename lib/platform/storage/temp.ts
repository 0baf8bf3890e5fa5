// 上传的临时文件：multipart 流式读取与存文件时先写进这里的临时目录，处理完即删。进程在处理中途崩溃时目录会留下，
// 所以启动时（instrumentation.ts）与定时任务“清理上传临时文件”删除久未改动的目录。
// 只清理本服务自己的目录（UPLOAD_TMP_DIR，默认系统临时目录下的 skills-portal-tmp），不碰系统临时目录里的其他东西。
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** 临时目录超过这么久没有改动即视为遗留（正在写的上传每收到一块就更新修改时间） */
export const TEMP_STALE_HOURS = 6;

export function tempRoot(): string {
  return process.env.UPLOAD_TMP_DIR || path.join(os.tmpdir(), 'skills-portal-tmp');
}

/** 新建一个临时目录（prefix 如 'upload'），用完由调用方删除 */
export async function makeTempDir(prefix: string): Promise<string> {
  const root = tempRoot();
  await fsp.mkdir(root, { recursive: true });
  return fsp.mkdtemp(path.join(root, `${prefix}-`));
}

/** 目录与其中文件最近一次改动的时间 */
async function lastChange(entry: string): Promise<number> {
  const stat = await fsp.stat(entry);
  let latest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const name of await fsp.readdir(entry)) {
      const s = await fsp.stat(path.join(entry, name)).catch(() => null);
      if (s) latest = Math.max(latest, s.mtimeMs);
    }
  }
  return latest;
}

/** 删除临时目录下超过 maxAgeHours 没有改动的目录与文件，返回删除的个数 */
export async function purgeStaleTempFiles(maxAgeHours = TEMP_STALE_HOURS, root = tempRoot()): Promise<number> {
  const names = await fsp.readdir(root).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const cutoff = Date.now() - maxAgeHours * 3600_000;
  let removed = 0;
  for (const name of names) {
    const entry = path.join(root, name);
    const changed = await lastChange(entry).catch(() => null);
    if (changed === null || changed >= cutoff) continue;
    await fsp.rm(entry, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
