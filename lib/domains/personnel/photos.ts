// 照片压缩包：文件名为身份证号（如 130102199001011237.jpg，可在文件夹里），按号码匹配本库、范围内的人员。
// 匹配上的照片存库（覆盖旧照片）；匹配不上的文件逐个报告原因，不影响其他文件。
// 压缩包经有界的 zip 读取（lib/platform/excel/zip.ts）：先按中央目录拒绝压缩炸弹与过大的压缩包，
// 超过 2MB 的照片按目录里的大小直接报告、不解压；解压时实际字节超过目录记录即中止。
import type { Db } from '@/lib/platform/db/client';
import type { Ctx } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { deadlineAfter, ImportLimitError, MAX_COMPRESSION_RATIO, RATIO_GRACE_BYTES } from '@/lib/platform/excel/limits';
import { ZipArchive, ZipFormatError, type ZipEntry, type ZipLimits } from '@/lib/platform/excel/zip';
import { checkIdNumber } from '@/lib/platform/identity';
import { LIBRARY_NAMES, type Library, type PhotoZipResult } from './schemas';
import { peopleByIdNumbers, savePhoto } from './service';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const MAX_FILES = 5000;
/** 压缩包解压后的合计上限：照片本身不可再压缩，上传上限 50MB 的包解压后也就 50MB 左右 */
export const PHOTO_ZIP_MAX_TOTAL_BYTES = 200 * 1024 * 1024;

const PHOTO_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: PHOTO_ZIP_MAX_TOTAL_BYTES,
  maxRatio: MAX_COMPRESSION_RATIO,
  ratioGraceBytes: RATIO_GRACE_BYTES,
  label: '压缩包',
  entryLabel: (name) => `压缩包中的「${name.split('/').pop()}」`,
  hint: '请分批上传',
};

/** 按文件头判断图片类型（不信扩展名） */
export function imageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return null;
}

/** 打开照片压缩包：不是 zip、压缩炸弹、解压后过大时抛 ApiError 400（中文原因），不解压任何内容。 */
export function openPhotoZip(bytes: Uint8Array): ZipArchive {
  try {
    return ZipArchive.open(bytes, PHOTO_ZIP_LIMITS);
  } catch (err) {
    if (err instanceof ImportLimitError || err instanceof ZipFormatError) throw ApiError.badRequest(err.message);
    throw err;
  }
}

/** 解压一张照片：按目录里的大小判断，过大的不解压；损坏或超时返回原因（逐个报告，不影响其他文件）。 */
export async function readPhoto(zip: ZipArchive, entry: ZipEntry, deadline: number): Promise<{ bytes: Buffer } | { reason: string }> {
  if (entry.uncompressedSize > MAX_PHOTO_BYTES) return { reason: '照片超过 2MB' };
  try {
    return { bytes: await zip.read(entry, { deadline }) };
  } catch (err) {
    // 超时：已保存的照片保留，其余逐个报告，用户可只重传这些
    if (err instanceof ImportLimitError) return { reason: '处理超时，未处理，请分批重新上传' };
    if (err instanceof ZipFormatError) return { reason: '文件已损坏（解压后的大小与压缩包目录记录不符）' };
    throw err;
  }
}

export interface PhotoCandidate {
  fileName: string;
  /** 文件名（去掉扩展名）按证件号规整后的号码 */
  idNumber: string;
  entry: ZipEntry;
}

/**
 * 照片压缩包的匹配前一步（人员库与考生共用）：打开压缩包，按文件名（身份证号.jpg/png，可在文件夹里）得到候选，
 * 不是图片或文件名不是有效证件号的文件列入 unmatched。压缩包为空或文件过多时抛 ApiError 400。
 */
export function photoCandidates(bytes: Uint8Array): { zip: ZipArchive; total: number; candidates: PhotoCandidate[]; unmatched: { fileName: string; reason: string }[] } {
  const zip = openPhotoZip(bytes);
  const entries = zip.entries.filter((f) => !f.dir && !f.name.startsWith('__MACOSX/') && !/(^|\/)\./.test(f.name));
  if (!entries.length) throw ApiError.badRequest('压缩包中没有文件');
  if (entries.length > MAX_FILES) throw ApiError.badRequest(`压缩包中的文件超过 ${MAX_FILES} 个，请分批上传`);
  const unmatched: { fileName: string; reason: string }[] = [];
  const candidates: PhotoCandidate[] = [];
  for (const entry of entries) {
    const fileName = entry.name.split('/').pop()!;
    const m = /^(.+)\.(jpe?g|png)$/i.exec(fileName);
    if (!m) {
      unmatched.push({ fileName, reason: '不是 jpg 或 png 图片' });
      continue;
    }
    const id = checkIdNumber(m[1]);
    if (!id.ok) {
      unmatched.push({ fileName, reason: `文件名不是有效的身份证号（${id.message}）` });
      continue;
    }
    candidates.push({ fileName, idNumber: id.value.normalised, entry });
  }
  return { zip, total: entries.length, candidates, unmatched };
}

export async function importPhotoZip(db: Db, ctx: Pick<Ctx, 'user' | 'audit'>, library: Library, file: Blob): Promise<PhotoZipResult> {
  const deadline = deadlineAfter();
  const { zip, total, candidates, unmatched } = photoCandidates(new Uint8Array(await file.arrayBuffer()));
  const result: PhotoZipResult = { total, matched: [], unmatched };
  const found = new Map((await peopleByIdNumbers(db, ctx.user(), library, [...new Set(candidates.map((c) => c.idNumber))])).map((p) => [p.idNumber, p]));
  for (const c of candidates) {
    const person = found.get(c.idNumber);
    if (!person) {
      result.unmatched.push({ fileName: c.fileName, reason: `${LIBRARY_NAMES[library]}库中没有该身份证号的人员（或不在您的管辖范围内）` });
      continue;
    }
    const photo = await readPhoto(zip, c.entry, deadline);
    if ('reason' in photo) {
      result.unmatched.push({ fileName: c.fileName, reason: photo.reason });
      continue;
    }
    const { bytes } = photo;
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
