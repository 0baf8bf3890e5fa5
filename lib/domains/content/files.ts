// 文章与轮播图用到的上传文件（上传服务 lib/domains/file）：保存时登记引用（没人引用的文件一天后被清理），
// 删除时撤销；文章发布后它引用的文件（封面、正文图片、附件）对任何人可读，撤回后恢复为只有上传人与管理员可读。
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { SessionUser } from '@/lib/platform/auth/session';
import { attachFiles, detachFiles, displayName, fileUrl, fileUrlsIn, keyOfUrl, setFilesPublic } from '../file/service';
import { FILE_STATUS, fileUploads } from '../file/tables';

export type ContentEntity = 'content_article' | 'content_banner';

/** 登记某条内容当前引用的文件（整体替换：不再引用的随之撤销）；by 为保存人：别的机构的私有文件不能引用 */
export async function attachContentFiles(db: Db, entity: ContentEntity, entityId: number, urls: readonly (string | null)[], opts: { by?: SessionUser; public: boolean }): Promise<void> {
  await attachFiles(db, { entity, entityId }, urls, opts);
}

/** 内容删除后撤销它对文件的全部引用 */
export async function detachContentFiles(db: Db, entity: ContentEntity, entityId: number): Promise<void> {
  await detachFiles(db, { entity, entityId });
}

/** 发布后公开、撤回后收回 */
export async function setContentFilesPublic(db: Db, entity: ContentEntity, entityId: number, isPublic: boolean): Promise<void> {
  await setFilesPublic(db, { entity, entityId }, isPublic);
}

/** 正文 HTML 里引用的上传文件 */
export const uploadedUrlsIn = (html: string) => fileUrlsIn(html);

async function uploadsOf(db: Db, urls: readonly string[]) {
  const keys = [...new Set(urls.map(keyOfUrl).filter((k): k is string => k !== null))];
  if (!keys.length) return [];
  return db
    .select({ storageKey: fileUploads.storageKey, kind: fileUploads.kind, originalName: fileUploads.originalName, ext: fileUploads.ext })
    .from(fileUploads)
    .where(and(inArray(fileUploads.storageKey, keys), eq(fileUploads.status, FILE_STATUS.READY)));
}

/** 上传时的原文件名（附件显示用）：地址 → 名称 */
export async function originalNames(db: Db, urls: readonly string[]): Promise<Map<string, string>> {
  return new Map((await uploadsOf(db, urls)).map((r) => [fileUrl(r.storageKey), displayName(r)]));
}

/** 图片位（封面、轮播图、正文里的图片）只能放图片：上传的是文档或视频即 400 */
export async function assertImages(db: Db, urls: readonly string[], field: string, label: string): Promise<void> {
  if (!urls.length) return;
  const kinds = new Map((await uploadsOf(db, urls)).map((r) => [fileUrl(r.storageKey), r.kind]));
  const bad = urls.find((u) => kinds.has(u) && kinds.get(u) !== 'image');
  if (bad) throw ApiError.badRequest(`${label}须为图片文件（jpg、png、gif、bmp、webp）`, { [field]: `${label}须为图片文件` });
}
