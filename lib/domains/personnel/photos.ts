// 照片压缩包：文件名为身份证号（如 130102199001011237.jpg，可在文件夹里），按号码匹配本库、范围内的人员。
// 匹配上的照片存库（覆盖旧照片）；匹配不上的文件逐个报告原因，不影响其他文件。
import JSZip from 'jszip';
import type { Db } from '@/lib/platform/db/client';
import type { Ctx } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { checkIdNumber } from '@/lib/platform/identity';
import { LIBRARY_NAMES, type Library, type PhotoZipResult } from './schemas';
import { peopleByIdNumbers, savePhoto } from './service';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const MAX_FILES = 5000;

/** 按文件头判断图片类型（不信扩展名） */
export function imageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return null;
}

export async function importPhotoZip(db: Db, ctx: Pick<Ctx, 'user' | 'audit'>, library: Library, file: Blob): Promise<PhotoZipResult> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(await file.arrayBuffer());
  } catch {
    throw ApiError.badRequest('无法读取压缩包，请上传 .zip 格式的文件');
  }
  const entries = Object.values(zip.files).filter((f) => !f.dir && !f.name.startsWith('__MACOSX/') && !/(^|\/)\./.test(f.name));
  if (!entries.length) throw ApiError.badRequest('压缩包中没有文件');
  if (entries.length > MAX_FILES) throw ApiError.badRequest(`压缩包中的文件超过 ${MAX_FILES} 个，请分批上传`);

  const result: PhotoZipResult = { total: entries.length, matched: [], unmatched: [] };
  const candidates: { fileName: string; idNumber: string; entry: JSZip.JSZipObject }[] = [];
  for (const entry of entries) {
    const fileName = entry.name.split('/').pop()!;
    const m = /^(.+)\.(jpe?g|png)$/i.exec(fileName);
    if (!m) {
      result.unmatched.push({ fileName, reason: '不是 jpg 或 png 图片' });
      continue;
    }
    const id = checkIdNumber(m[1]);
    if (!id.ok) {
      result.unmatched.push({ fileName, reason: `文件名不是有效的身份证号（${id.message}）` });
      continue;
    }
    candidates.push({ fileName, idNumber: id.value.normalised, entry });
  }
  const found = new Map((await peopleByIdNumbers(db, ctx.user(), library, [...new Set(candidates.map((c) => c.idNumber))])).map((p) => [p.idNumber, p]));
  for (const c of candidates) {
    const person = found.get(c.idNumber);
    if (!person) {
      result.unmatched.push({ fileName: c.fileName, reason: `${LIBRARY_NAMES[library]}库中没有该身份证号的人员（或不在您的管辖范围内）` });
      continue;
    }
    const bytes = await c.entry.async('nodebuffer');
    if (bytes.length > MAX_PHOTO_BYTES) {
      result.unmatched.push({ fileName: c.fileName, reason: '照片超过 2MB' });
      continue;
    }
    const type = imageType(bytes);
    if (!type) {
      result.unmatched.push({ fileName: c.fileName, reason: '文件内容不是 jpg 或 png 图片' });
      continue;
    }
    await savePhoto(db, person.id, bytes, type);
    result.matched.push({ fileName: c.fileName, idNumber: person.idNumber, name: person.name });
    ctx.audit({ entity: 'person_photo', entityId: person.id, after: { fileName: c.fileName, size: bytes.length }, detail: `上传${LIBRARY_NAMES[library]} ${person.name} 的照片` });
  }
  return result;
}
