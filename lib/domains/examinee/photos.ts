// 考生照片压缩包（importStudentImgZip）：文件名为身份证号（与人员库共用 lib/domains/personnel/photos.ts 的匹配），
// 按号码匹配本计划的考生；照片用 sharp 检查（可解码、尺寸）后经上传服务保存（重新编码并生成缩略图，用途 attachment：
// 只有本机构与管辖它的管理员可读），地址写入 examinee.photo_url。一人报考多个工种时各条报考记录用同一张照片。
// 匹配不上或不合格的文件逐个报告原因，不影响其他文件。
import sharp from 'sharp';
import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { deadlineAfter } from '@/lib/platform/excel/limits';
import { examinees } from './tables';
import { attachFiles, storeFile } from '@/lib/domains/file/service';
import { imageType, photoCandidates, readPhoto } from '@/lib/domains/personnel/photos';
import { examineesByIdNumbers, PHOTO_ENTITY, planForChange } from './service';
import type { PhotoZipOutcome } from './schemas';

/** 照片的最小边长（像素）：证件照打印在准考证上，太小看不清 */
export const MIN_PHOTO_SIDE = 100;

/** 检查一张照片：可解码、不太小；不合格返回原因 */
export async function photoProblem(bytes: Uint8Array): Promise<string | null> {
  if (!imageType(bytes)) return '文件内容不是 jpg 或 png 图片';
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    if (!meta.width || !meta.height) return '图片已损坏或无法解析';
    if (meta.width < MIN_PHOTO_SIDE || meta.height < MIN_PHOTO_SIDE) return `照片太小（${meta.width}×${meta.height}），至少 ${MIN_PHOTO_SIDE}×${MIN_PHOTO_SIDE} 像素`;
  } catch {
    return '图片已损坏或无法解析';
  }
  return null;
}

export async function importExamineePhotos(db: Db, session: Session, input: { planId: number; file: Blob }, audit: Audit): Promise<PhotoZipOutcome> {
  const plan = await planForChange(db, session, input.planId, 'import');
  const deadline = deadlineAfter();
  const { zip, total, candidates, unmatched } = photoCandidates(new Uint8Array(await input.file.arrayBuffer()));
  const result: PhotoZipOutcome = { total, matched: [], unmatched };
  const found = await examineesByIdNumbers(db, plan.id, [...new Set(candidates.map((c) => c.idNumber))]);
  const byId = new Map<string, typeof found>();
  for (const e of found) byId.set(e.idNumber, [...(byId.get(e.idNumber) ?? []), e]);
  for (const c of candidates) {
    const people = byId.get(c.idNumber);
    if (!people) {
      result.unmatched.push({ fileName: c.fileName, reason: '本计划没有该身份证号的考生' });
      continue;
    }
    const photo = await readPhoto(zip, c.entry, deadline);
    if ('reason' in photo) {
      result.unmatched.push({ fileName: c.fileName, reason: photo.reason });
      continue;
    }
    const problem = await photoProblem(photo.bytes);
    if (problem) {
      result.unmatched.push({ fileName: c.fileName, reason: problem });
      continue;
    }
    let url: string;
    try {
      url = (await storeFile(db, session.user, { data: photo.bytes, fileName: c.fileName, purpose: 'attachment' })).url;
    } catch (err) {
      if (err instanceof ApiError) {
        result.unmatched.push({ fileName: c.fileName, reason: err.message });
        continue;
      }
      throw err;
    }
    const ids = people.map((p) => p.id);
    await db.update(examinees).set({ photoUrl: url, updatedAt: new Date() }).where(inArray(examinees.id, ids));
    for (const p of people) {
      await attachFiles(db, { entity: PHOTO_ENTITY, entityId: p.id }, [url]);
      audit({ entity: 'examinee', entityId: p.id, before: { photoUrl: p.photoUrl }, after: { photoUrl: url }, detail: `上传考生 ${p.name} 的照片` });
    }
    result.matched.push({ fileName: c.fileName, idNumber: c.idNumber, name: people[0].name });
  }
  return result;
}
