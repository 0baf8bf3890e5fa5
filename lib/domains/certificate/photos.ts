// 证书照片能否读出。打印、电子证书、国网上报与“资料齐全”都按它判断：照片须是经上传服务登记的可用图片，且存储里确有其文件。
// 读不出照片的证书一律拒绝并说明是哪张、为什么，绝不悄悄画成空的照片框（打印次数也不增加）。
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { getStorage } from '@/lib/platform/storage';
import { FILE_STATUS, fileRefs, fileUploads } from '../file/tables';
import { keyOfUrl } from '../file/service';
import { certificates, type Certificate } from './tables';
import { photoRequired } from './transitions';

/** 照片读不出的原因 */
export const PHOTO_PROBLEM = {
  MISSING: '没有照片',
  NOT_UPLOADED: '照片不是经本系统上传的文件',
  NOT_IMAGE: '照片不是图片',
  GONE: '照片文件已不在存储中',
  BROKEN: '照片文件已损坏，无法读取',
} as const;
export type PhotoProblem = (typeof PHOTO_PROBLEM)[keyof typeof PHOTO_PROBLEM];
/** 拒绝时说明不能做的事 */
export type PhotoVerb = '打印' | '生成电子证书';

/** 证书上的照片（PDF 里 180 × 240 像素的 JPEG） */
export const PHOTO_PIXELS = { width: 180, height: 240 } as const;

/**
 * SQL：证书的照片是已登记的可用图片（地址 /files/<存储键>）。列表筛选与步骤条件用它；存储里的文件是否还在由 photoProblems 另查。
 */
export const photoRegistered: SQL<boolean> = sql<boolean>`(left(${certificates.photoUrl}, 7) = '/files/' and exists (select 1 from ${fileUploads} f where f.storage_key = substr(${certificates.photoUrl}, 8) and f.status = ${FILE_STATUS.READY} and f.kind = 'image'))`;

type PhotoOf = Pick<Certificate, 'id' | 'photoUrl'> & { cerType?: number };
interface PhotoFile {
  storageKey: string;
  kind: string;
  size: number;
}

/** 证书 → 登记的照片文件；读不出的给出原因 */
async function photoFiles(db: Db, list: readonly PhotoOf[]): Promise<{ files: Map<number, PhotoFile>; problems: Map<number, PhotoProblem> }> {
  const files = new Map<number, PhotoFile>();
  const problems = new Map<number, PhotoProblem>();
  const keys = new Map<number, string>();
  for (const c of list) {
    const key = c.photoUrl ? keyOfUrl(c.photoUrl) : null;
    if (key) keys.set(c.id, key);
    else problems.set(c.id, c.photoUrl ? PHOTO_PROBLEM.NOT_UPLOADED : PHOTO_PROBLEM.MISSING);
  }
  const rows = keys.size
    ? await db
        .select({ storageKey: fileUploads.storageKey, kind: fileUploads.kind, size: fileUploads.size })
        .from(fileUploads)
        .where(and(inArray(fileUploads.storageKey, [...new Set(keys.values())]), eq(fileUploads.status, FILE_STATUS.READY)))
    : [];
  const byKey = new Map(rows.map((r) => [r.storageKey, r]));
  for (const [id, key] of keys) {
    const f = byKey.get(key);
    if (!f) problems.set(id, PHOTO_PROBLEM.NOT_UPLOADED);
    else if (f.kind !== 'image') problems.set(id, PHOTO_PROBLEM.NOT_IMAGE);
    else files.set(id, f);
  }
  return { files, problems };
}

/** 同时查存储的个数（对象存储每个是一次 HEAD） */
const STAT_CONCURRENCY = 16;

/**
 * 每张证书的照片读不出的原因（读得出的不在结果里）：没有照片、不是经上传得到的图片、存储里已没有文件或大小不符。
 * 同一个文件只查一次存储。
 */
export async function photoProblems(db: Db, list: readonly PhotoOf[]): Promise<Map<number, PhotoProblem>> {
  const { files, problems } = await photoFiles(db, list);
  const keys = [...new Set([...files.values()].map((f) => f.storageKey))];
  const sizeOf = new Map<string, number | null>();
  const storage = getStorage();
  for (let i = 0; i < keys.length; i += STAT_CONCURRENCY) {
    const slice = keys.slice(i, i + STAT_CONCURRENCY);
    const stats = await Promise.all(slice.map((k) => storage.stat(k).catch(() => null)));
    slice.forEach((k, j) => sizeOf.set(k, stats[j]?.size ?? null));
  }
  for (const [id, f] of files) {
    const size = sizeOf.get(f.storageKey);
    if (size === null || size === undefined) problems.set(id, PHOTO_PROBLEM.GONE);
    else if (size !== f.size) problems.set(id, PHOTO_PROBLEM.BROKEN);
  }
  return problems;
}

async function toBuffer(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** 读出原图并缩放成证书上的小 JPEG（不用缩略图：缩略图太小，印出来发虚）；读不出的给出原因 */
export async function loadPhotos(db: Db, list: readonly PhotoOf[]): Promise<{ photos: Map<number, Buffer>; problems: Map<number, PhotoProblem> }> {
  const { files, problems } = await photoFiles(db, list);
  const photos = new Map<number, Buffer>();
  const sharp = (await import('sharp')).default;
  const storage = getStorage();
  const done = new Map<string, Buffer | PhotoProblem>();
  for (const [id, f] of files) {
    if (!done.has(f.storageKey)) {
      let result: Buffer | PhotoProblem = PHOTO_PROBLEM.GONE;
      try {
        const object = await storage.get(f.storageKey);
        if (object) result = await sharp(await toBuffer(object.body)).resize(PHOTO_PIXELS.width, PHOTO_PIXELS.height, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
      } catch {
        result = PHOTO_PROBLEM.BROKEN;
      }
      done.set(f.storageKey, result);
    }
    const result = done.get(f.storageKey)!;
    if (typeof result === 'string') problems.set(id, result);
    else photos.set(id, result);
  }
  return { photos, problems };
}

/** 证书引用照片文件时的业务对象名（补填照片时 attachFiles 用同一个） */
export const CERTIFICATE_FILE_ENTITY = 'certificate';

/**
 * 计划的证书登记对照片文件的引用（发证时照片取自考生；考生换了照片、旧文件没人引用时会被定时清理，证书的照片随之读不出）。
 * 已有的引用不动。
 */
export async function refPlanPhotos(db: Db, planId: number): Promise<void> {
  await db.execute(
    sql`insert into ${fileRefs} (file_id, entity, entity_id)
        select f.id, ${CERTIFICATE_FILE_ENTITY}, c.id from ${certificates} c join ${fileUploads} f on f.storage_key = substr(c.photo_url, 8)
        where c.plan_id = ${planId} and left(c.photo_url, 7) = '/files/'
        on conflict do nothing`,
  );
}

/**
 * 声明的条件 photoReadable（transitions.ts 的 CERTIFICATE_GATES）：该类证书须贴照片时照片须读得出。
 * 读不出的原因；读得出或该类不需要照片的不在结果里。打印、电子证书与证书状态机的条件都经它。
 */
export async function photoGateProblems(db: Db, list: readonly PhotoOf[]): Promise<Map<number, PhotoProblem>> {
  return photoProblems(
    db,
    list.filter((c) => c.cerType === undefined || photoRequired(c.cerType)),
  );
}

/** 拒绝时最多列出的证书张数 */
const LISTED = 3;

/** 读不出照片的证书：说明是哪几张、为什么，不能办理（打印 / 生成电子证书） */
export function photoRefusal(list: readonly Pick<Certificate, 'id' | 'cerCode' | 'name'>[], problems: ReadonlyMap<number, PhotoProblem>, verb: PhotoVerb): ApiError {
  const bad = list.filter((c) => problems.has(c.id));
  const items = bad.slice(0, LISTED).map((c) => `证书 ${c.cerCode}（${c.name}）：${problems.get(c.id)}`);
  if (bad.length > LISTED) items.push('……');
  return ApiError.badRequest(`有 ${bad.length} 张证书的照片无法读取，不能${verb}：${items.join('；')}。请在“证书填报”中重新上传照片`);
}

/** 打印或生成电子证书之前：有读不出照片的证书即整批拒绝（什么也不生成，打印次数不变） */
export async function assertPhotosReadable(db: Db, list: readonly Pick<Certificate, 'id' | 'cerCode' | 'name' | 'photoUrl'>[], verb: PhotoVerb): Promise<void> {
  const problems = await photoGateProblems(db, list);
  if (problems.size) throw photoRefusal(list, problems, verb);
}
