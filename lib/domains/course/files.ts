// 课程封面与课件用到的上传文件：保存时登记引用（没有记录引用的文件一天后被清理），删除时撤销。
// 上传服务（lib/domains/file）提供登记；这里只把课程域的实体名与地址交给它。
import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import type { FileExt, UploadPurpose } from '../file/schemas';
import { fileUploads } from '../file/tables';
import { attachFiles, detachFiles, keyOfUrl, storeSeedFile as storeSeed, type FileOwner } from '../file/service';

export type CourseFileEntity = 'course' | 'courseware';

export interface AttachedFile {
  url: string;
  size?: number;
}

/**
 * 登记某条记录当前引用的文件（整体替换：不再引用的随之撤销）；地址不是本系统上传的、文件不存在时 400。
 * 返回各文件的字节数（课件列表显示大小）。
 */
export async function attachCourseFiles(db: Db, entity: CourseFileEntity, entityId: number, urls: readonly string[], by?: SessionUser): Promise<AttachedFile[]> {
  // by：当前用户——不能引用别的机构的私有文件（附件、文档）当封面或课件
  await attachFiles(db, { entity, entityId }, urls, { by });
  const keys = urls.map(keyOfUrl).filter((k): k is string => k !== null);
  if (!keys.length) return [];
  const rows = await db.select({ key: fileUploads.storageKey, size: fileUploads.size }).from(fileUploads).where(inArray(fileUploads.storageKey, keys));
  const sizeOf = new Map(rows.map((r) => [r.key, r.size]));
  return urls.map((url) => ({ url, size: sizeOf.get(keyOfUrl(url) ?? '') }));
}

/** 记录删除后撤销它对文件的全部引用（没有引用的文件由上传服务的定时任务清理） */
export async function detachCourseFiles(db: Db, entity: CourseFileEntity, entityId: number): Promise<void> {
  await detachFiles(db, { entity, entityId });
}

/**
 * 种子：演示媒体经上传服务的种子入口存下（与上传相同的处理、登记与读权限），返回地址。用固定的键（不像 storeFile 每次起新名字），
 * 反复写种子（测试每次运行都建新库）不会在存储里越积越多。封面与上传时一样是图片（image），课件是课件（courseware）。
 */
export async function storeSeedFile(db: Db, name: string, ext: FileExt, bytes: Buffer, opts: { purpose?: UploadPurpose; owner?: FileOwner | null } = {}): Promise<string> {
  const saved = await storeSeed(db, { directory: 'seed-course', logicalName: name, data: bytes, fileName: `${name}.${ext}`, purpose: opts.purpose ?? 'courseware', owner: opts.owner ?? null });
  return saved.url;
}
