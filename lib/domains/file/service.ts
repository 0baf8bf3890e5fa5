// 上传服务：收文件（按内容判定格式、按用途的允许表与大小上限、图片重新编码与缩略图）、存进存储、记下谁为何上传；
// 记录引用文件（attachFiles / detachFiles）；读权限；浏览器直传对象存储（签发与确认）；定时清理没人引用的文件。
// 签名：(db, session, input, audit)——端点只做转接（docs/API.md“服务函数”）。
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { inScope } from '@/lib/platform/auth/scope';
import { parseMultipart, type MultipartFile } from '@/lib/platform/http/multipart';
import { getStorage } from '@/lib/platform/storage';
import { makeTempDir } from '@/lib/platform/storage/temp';
import { beijingDate } from '@/lib/platform/time';
import { ImageError, reencodeImage } from './image';
import { sniffBuffer, sniffFile, type Sniffed } from './sniff';
import {
  DEFAULT_MAX_VIDEO_MB,
  FILE_URL_PATTERN,
  FORMATS,
  MAX_DOCUMENT_MB,
  MAX_IMAGE_MB,
  PUBLIC_PURPOSES,
  PURPOSE_FORMATS,
  SIZE_CHECK_MAX_KB,
  SIZE_CHECK_MESSAGE,
  SIZE_CHECK_MIN_KB,
  UploadFieldsInput,
  extOf,
  type FileExt,
  type FileKind,
  type PresignResult,
  type UploadedFile,
  type UploadPurpose,
} from './schemas';
import { users } from '../user/tables';
import { FILE_STATUS, fileRefs, fileUploads, type FileUploadRow } from './tables';

export type { UploadedFile };

// ---------- 配置 ----------

const MB = 1048576;

/** 视频上限（MB），UPLOAD_MAX_VIDEO_MB，默认 500 */
export function maxVideoMb(): number {
  const v = Number(process.env.UPLOAD_MAX_VIDEO_MB);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : DEFAULT_MAX_VIDEO_MB;
}

export function maxBytesOf(kind: FileKind): number {
  return (kind === 'image' ? MAX_IMAGE_MB : kind === 'document' ? MAX_DOCUMENT_MB : maxVideoMb()) * MB;
}

/** 一次上传请求体的上限：最大的单个文件再加 1 MB 的表单开销（多个文件合计也在此内） */
export function maxRequestBytes(): number {
  return Math.max(MAX_IMAGE_MB, MAX_DOCUMENT_MB, maxVideoMb()) * MB + MB;
}

/** 一次最多上传的文件数 */
export const MAX_FILES_PER_REQUEST = 20;
/** 直传地址的有效期（秒） */
export const PRESIGN_TTL_SECONDS = 15 * 60;
/** 上传后多久仍没有记录引用即删除 */
export const UNREFERENCED_TTL_HOURS = 24;

/** 签名的固定后缀：UPLOAD_SIGN_SUFFIX（不是密钥，见 docs/SECURITY.md） */
function signSuffix(): string {
  return process.env.UPLOAD_SIGN_SUFFIX ?? 'hbskills';
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** SPEC §7 的签名：md5(md5(文件名 + 后缀))，小写十六进制 */
export function uploadSign(fileName: string, suffix = signSuffix()): string {
  return md5(md5(fileName + suffix));
}

const PURPOSE_LABEL: Record<UploadPurpose, string> = { image: '图片', document: '文档', video: '视频', courseware: '课件', attachment: '附件' };
const KIND_LABEL: Record<FileKind, string> = { image: '图片', document: '文档', video: '视频' };

// ---------- 地址与键 ----------

export const fileUrl = (key: string) => `/files/${key}`;

/** /files/<目录>/<名称> → 存储键；不是本服务的地址为 null */
export function keyOfUrl(url: string): string | null {
  const m = FILE_URL_PATTERN.exec(url);
  return m ? `${m[1]}/${m[2]}` : null;
}

/** 富文本等 HTML 里引用的上传文件地址（去重），供 attachFiles 使用 */
export function fileUrlsIn(html: string | null | undefined): string[] {
  if (!html) return [];
  const found = html.match(/\/files\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{16,64}\.[a-z0-9]{2,5}(?![A-Za-z0-9.])/g) ?? [];
  return [...new Set(found)];
}

const randomName = () => randomBytes(16).toString('base64url');
const DATE_DIRECTORY = /^0{10}\d{4}-\d{2}-\d{2}$/;

/** 上传目录：本人编码，或十个 0 加北京时间的日期；其他一律拒绝（目录不取客户端的路径字符） */
function directoryFor(user: SessionUser | null, requested: string | undefined): string {
  if (requested && (requested === user?.code || DATE_DIRECTORY.test(requested))) return requested;
  if (requested) throw ApiError.badRequest('上传目录只能是本人编码或默认的日期目录（十个 0 加 YYYY-MM-DD）', { directory: '上传目录不正确' });
  return `0000000000${beijingDate(new Date())}`;
}

// ---------- 检查与写入 ----------

interface Incoming {
  /** 临时文件 */
  path: string;
  name: string;
  size: number;
  sha256: string;
}

interface Prepared {
  incoming: Incoming;
  ext: FileExt;
  kind: FileKind;
}

function refusal(name: string, purpose: UploadPurpose, sniffed: Exclude<Sniffed, { ok: true }>): ApiError {
  if (sniffed.reason === 'executable') return ApiError.badRequest(`「${name}」的内容是可执行程序，不允许上传`);
  if (sniffed.reason === 'markup') return ApiError.badRequest(`「${name}」的内容是网页、SVG 或脚本等标记格式，不允许上传`);
  return ApiError.badRequest(`无法识别「${name}」的文件格式，${PURPOSE_LABEL[purpose]}只允许 ${PURPOSE_FORMATS[purpose].join('、')}`);
}

/** 按内容判定格式并检查允许表、大小与 300–500 KB 规则；不写任何东西 */
async function inspect(incoming: Incoming, purpose: UploadPurpose, sizeCheck: boolean): Promise<Prepared> {
  const { name, size } = incoming;
  if (size === 0) throw ApiError.badRequest(`「${name}」是空文件`);
  const sniffed = await sniffFile(incoming.path);
  if (!sniffed.ok) throw refusal(name, purpose, sniffed);
  const { ext } = sniffed;
  if (!PURPOSE_FORMATS[purpose].includes(ext)) {
    throw ApiError.badRequest(`「${name}」的内容是 ${ext} 格式，${PURPOSE_LABEL[purpose]}只允许 ${PURPOSE_FORMATS[purpose].join('、')}`);
  }
  const kind = FORMATS[ext].kind;
  const limit = maxBytesOf(kind);
  if (size > limit) throw ApiError.badRequest(`「${name}」超过 ${limit / MB}MB，${KIND_LABEL[kind]}最大 ${limit / MB}MB`);
  if (sizeCheck && kind === 'image' && (size < SIZE_CHECK_MIN_KB * 1024 || size > SIZE_CHECK_MAX_KB * 1024)) throw ApiError.badRequest(SIZE_CHECK_MESSAGE);
  return { incoming, ext, kind };
}

/** 文件的归属（上传人、机构、市）：读权限按它判断（mayRead） */
export interface FileOwner {
  id: number | null;
  orgId: number | null;
  cityId: number | null;
}

const ownerOf = (user: SessionUser | null): FileOwner => ({ id: user?.id ?? null, orgId: user?.orgId ?? null, cityId: user?.cityId ?? null });

/**
 * 存进存储并记一行；图片重新编码并生成缩略图。失败时删掉已写入的对象。
 * base 为不含扩展名的存储键（<目录>/<名称>）；replace 时同键的行就地更新（种子重写存储里丢失的文件）。
 */
async function store(db: Db, owner: FileOwner, p: Prepared, purpose: UploadPurpose, base: string, written: string[], replace = false): Promise<FileUploadRow> {
  const storage = getStorage();
  let ext = p.ext;
  let size = p.incoming.size;
  let sha256 = p.incoming.sha256;
  let thumbKey: string | null = null;
  if (p.kind === 'image') {
    let encoded;
    try {
      encoded = await reencodeImage(p.incoming.path, p.ext);
    } catch (err) {
      if (err instanceof ImageError) throw ApiError.badRequest(`「${p.incoming.name}」：${err.message}`);
      throw err;
    }
    ext = encoded.ext;
    size = encoded.data.length;
    sha256 = createHash('sha256').update(encoded.data).digest('hex');
    thumbKey = `${base}_t.${encoded.thumbExt}`;
    await storage.put(`${base}.${ext}`, encoded.data, { contentType: FORMATS[ext].mime, size });
    written.push(`${base}.${ext}`);
    await storage.put(thumbKey, encoded.thumb, { contentType: FORMATS[encoded.thumbExt].mime, size: encoded.thumb.length });
    written.push(thumbKey);
  } else {
    await storage.put(`${base}.${ext}`, fs.createReadStream(p.incoming.path), { contentType: FORMATS[ext].mime, size });
    written.push(`${base}.${ext}`);
  }
  const values = {
    storageKey: `${base}.${ext}`,
    thumbKey,
    originalName: p.incoming.name.slice(0, 200) || `file.${ext}`,
    ext,
    mime: FORMATS[ext].mime,
    kind: p.kind,
    purpose,
    size,
    sha256,
    status: FILE_STATUS.READY,
    ownerId: owner.id,
    orgId: owner.orgId,
    cityId: owner.cityId,
  };
  const insert = db.insert(fileUploads).values(values);
  const [row] = await (replace ? insert.onConflictDoUpdate({ target: fileUploads.storageKey, set: values }) : insert).returning();
  return row;
}

/** 全部检查通过才写：一批里有一个不合格，整批拒绝，一个也不存 */
async function ingest(db: Db, owner: FileOwner, incoming: Incoming[], opts: { purpose: UploadPurpose; sizeCheck: boolean; directory: string }, audit?: Audit): Promise<UploadedFile[]> {
  const prepared: Prepared[] = [];
  for (const f of incoming) prepared.push(await inspect(f, opts.purpose, opts.sizeCheck));
  const written: string[] = [];
  const rows: FileUploadRow[] = [];
  try {
    for (const p of prepared) rows.push(await store(db, owner, p, opts.purpose, `${opts.directory}/${randomName()}`, written));
  } catch (err) {
    const storage = getStorage();
    await Promise.all(written.map((k) => storage.delete(k).catch(() => undefined)));
    if (rows.length) await db.delete(fileUploads).where(inArray(fileUploads.id, rows.map((r) => r.id)));
    throw err;
  }
  for (const row of rows) {
    audit?.({ entity: 'file_upload', entityId: row.id, after: { url: fileUrl(row.storageKey), purpose: row.purpose, kind: row.kind, size: row.size, originalName: row.originalName }, detail: `上传文件 ${row.originalName}` });
  }
  return rows.map((r) => ({ url: fileUrl(r.storageKey), fileSize: r.size }));
}

function fieldValue(fields: Record<string, string[]>, name: string): string | undefined {
  const v = fields[name];
  return v?.length ? v[v.length - 1] : undefined;
}

/** POST /uploadMulti：multipart 流式读取（文件先落到临时目录），检查后存入存储 */
export async function uploadFiles(db: Db, session: Session, request: Request, audit: Audit): Promise<UploadedFile[]> {
  const form = await parseMultipart(request, { maxBytes: maxRequestBytes(), maxFiles: MAX_FILES_PER_REQUEST });
  try {
    const raw = {
      directory: fieldValue(form.fields, 'directory'),
      rename: fieldValue(form.fields, 'rename'),
      sign: form.fields.sign ?? form.fields['sign[]'],
      purpose: fieldValue(form.fields, 'purpose') || undefined,
      sizeCheck: fieldValue(form.fields, 'sizeCheck'),
    };
    const parsed = UploadFieldsInput.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      throw ApiError.badRequest(issue?.message ?? '上传参数不正确', field ? { [field]: issue.message } : undefined);
    }
    const input = parsed.data;
    const files: MultipartFile[] = form.files.filter((f) => f.field === 'file' || f.field === 'file[]' || f.field === 'files');
    if (!files.length) throw ApiError.badRequest('未选择文件', { file: '未选择文件' });
    checkSigns(files.map((f) => f.filename), input.sign);
    const directory = directoryFor(session.user, input.directory);
    return await ingest(
      db,
      ownerOf(session.user),
      files.map((f) => ({ path: f.path, name: cleanName(f.filename), size: f.size, sha256: f.sha256 })),
      { purpose: input.purpose ?? 'attachment', sizeCheck: input.sizeCheck ?? false, directory },
      audit,
    );
  } finally {
    await form.cleanup();
  }
}

/** 原文件名只作显示：去掉路径部分与控制字符 */
function cleanName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
}

/** 签名给了就必须对：一个签名对应第一个文件（原客户端一次传一个），多个签名须与文件一一对应 */
function checkSigns(names: string[], signs: string[] | undefined): void {
  if (!signs?.length) return;
  if (signs.length > 1 && signs.length !== names.length) throw ApiError.badRequest('签名个数与文件个数不一致', { sign: '签名个数与文件个数不一致' });
  signs.forEach((sign, i) => {
    if (sign.toLowerCase() !== uploadSign(names[i])) throw ApiError.badRequest(`签名校验失败：「${names[i]}」的签名不正确`, { sign: '签名不正确' });
  });
}

/**
 * 服务端代码（种子、导入）存一个文件：与上传相同的检查与处理。owner 为空表示系统写入（只有省级可读私有用途的文件）。
 * 返回的地址交给 attachFiles 与记录关联，否则 24 小时后被清理。
 */
export async function storeFile(db: Db, owner: SessionUser | null, input: { data: Uint8Array; fileName: string; purpose: UploadPurpose }): Promise<UploadedFile> {
  const dir = await makeTempDir('store');
  try {
    const file = path.join(dir, 'file.bin');
    await fsp.writeFile(file, input.data);
    const sha256 = createHash('sha256').update(input.data).digest('hex');
    const [saved] = await ingest(db, ownerOf(owner), [{ path: file, name: cleanName(input.fileName), size: input.data.byteLength, sha256 }], {
      purpose: input.purpose,
      sizeCheck: false,
      directory: directoryFor(owner, undefined),
    });
    return saved;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** 种子文件的目录：seed-<领域>（服务端决定，不取外部输入） */
const SEED_DIRECTORY = /^seed-[a-z]{2,30}$/;

/**
 * 种子文件的名称：逻辑名本身（看得出是哪份演示数据），换掉地址里不允许的字符，补足或截到上传地址要求的 16–64 个字符。
 * 名字不决定谁能读：读权限只看登记的那一行（mayRead）。
 */
export function seedFileName(logicalName: string): string {
  const name = logicalName.replace(/[^A-Za-z0-9_-]/g, '-');
  if (name.length > 64) return `${name.slice(0, 50)}-${createHash('sha256').update(logicalName).digest('hex').slice(0, 13)}`;
  return name.padEnd(16, '0');
}

/**
 * 种子（演示数据）写入的文件：与上传完全相同的检查与处理（按内容判定格式、用途的允许表、图片重新编码与缩略图），
 * 同样登记一行上传记录并归属 owner（上传人、机构、市；空为系统写入），/files 的读权限对它照常适用，没有例外。
 * 存储键固定：目录 seed-<领域>，名称取自 logicalName（seedFileName），反复写种子（测试每次都建新库）不会在存储里越积越多；
 * 已登记且存储里还在的直接返回，存储里丢了的按同一个键重写。返回的地址仍须交给 attachFiles 与记录关联。
 */
export async function storeSeedFile(
  db: Db,
  input: { directory: string; logicalName: string; data: Uint8Array; fileName: string; purpose: UploadPurpose; owner: FileOwner | null },
): Promise<UploadedFile> {
  if (!SEED_DIRECTORY.test(input.directory)) throw new Error(`种子文件的目录须是 seed-<领域>：${input.directory}`); // i18n-ignore
  const base = `${input.directory}/${seedFileName(input.logicalName)}`;
  const [existing] = await db
    .select()
    .from(fileUploads)
    .where(sql`left(${fileUploads.storageKey}, ${base.length + 1}) = ${`${base}.`}`);
  if (existing && (await getStorage().stat(existing.storageKey))) return { url: fileUrl(existing.storageKey), fileSize: existing.size };
  const dir = await makeTempDir('seed');
  try {
    const file = path.join(dir, 'file.bin');
    await fsp.writeFile(file, input.data);
    const incoming = { path: file, name: cleanName(input.fileName), size: input.data.byteLength, sha256: createHash('sha256').update(input.data).digest('hex') };
    const prepared = await inspect(incoming, input.purpose, false);
    const row = await store(db, input.owner ?? ownerOf(null), prepared, input.purpose, base, [], true);
    return { url: fileUrl(row.storageKey), fileSize: row.size };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * 种子文件归属一个机构时的上传人：该机构最早的账号（没有账号的机构为空），与本机构用户上传的文件一样归属本机构与所在市。
 * 同一次种子里按机构缓存。
 */
export function orgFileOwners(db: Db): (org: { id: number; cityId: number | null }) => Promise<FileOwner> {
  const cache = new Map<number, Promise<FileOwner>>();
  return (org) => {
    if (!cache.has(org.id)) {
      cache.set(
        org.id,
        db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.orgId, org.id))
          .orderBy(asc(users.id))
          .limit(1)
          .then(([u]) => ({ id: u?.id ?? null, orgId: org.id, cityId: org.cityId })),
      );
    }
    return cache.get(org.id)!;
  };
}

/** 服务端读回 storeFile 存下的文件（如待确认的导入）；文件已不在时为 null */
export async function readStoredFile(url: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const key = keyOfUrl(url);
  const obj = key ? await getStorage().get(key) : null;
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of obj.body) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

// ---------- 读权限 ----------

/** 公开用途，或被公开展示的记录引用，任何人可读；否则上传人、本机构，或范围覆盖它的管理员可读 */
export function mayRead(user: SessionUser | null, file: Pick<FileUploadRow, 'purpose' | 'ownerId' | 'orgId' | 'cityId'>, publicRef: boolean): boolean {
  if (publicRef || PUBLIC_PURPOSES.includes(file.purpose as UploadPurpose)) return true;
  if (!user) return false;
  if (file.ownerId !== null && file.ownerId === user.id) return true;
  return inScope(user, { orgId: file.orgId, cityId: file.cityId });
}

async function publicRefIds(db: Db, fileIds: number[]): Promise<Set<number>> {
  if (!fileIds.length) return new Set();
  const rows = await db
    .selectDistinct({ fileId: fileRefs.fileId })
    .from(fileRefs)
    .where(and(inArray(fileRefs.fileId, fileIds), eq(fileRefs.isPublic, true)));
  return new Set(rows.map((r) => r.fileId));
}

/** 按地址取一个可用的文件，当前用户不可读时与不存在一样（null） */
export async function readableFile(db: Db, user: SessionUser | null, key: string): Promise<FileUploadRow | null> {
  const [row] = await db
    .select()
    .from(fileUploads)
    .where(and(eq(fileUploads.storageKey, key), eq(fileUploads.status, FILE_STATUS.READY)));
  if (!row) return null;
  const needsRef = !PUBLIC_PURPOSES.includes(row.purpose as UploadPurpose);
  const publicRef = needsRef && !mayRead(user, row, false) ? (await publicRefIds(db, [row.id])).has(row.id) : false;
  return mayRead(user, row, publicRef) ? row : null;
}

/** POST /file/getFileInfo：已上传文件的原名、大小、种类（编辑表单回显）；看不到的略去 */
export async function describeFiles(db: Db, session: Session, urls: readonly string[]): Promise<{ url: string; name: string; size: number; kind: string }[]> {
  const keys = [...new Set(urls.map(keyOfUrl).filter((k): k is string => k !== null))];
  if (!keys.length) return [];
  const rows = await db
    .select()
    .from(fileUploads)
    .where(and(inArray(fileUploads.storageKey, keys), eq(fileUploads.status, FILE_STATUS.READY)));
  const publics = await publicRefIds(db, rows.filter((r) => !mayRead(session.user, r, false)).map((r) => r.id));
  return rows
    .filter((r) => mayRead(session.user, r, publics.has(r.id)))
    .map((r) => ({ url: fileUrl(r.storageKey), name: displayName(r), size: r.size, kind: r.kind }));
}

/** 下载名：原名的主体加实际格式的扩展名（BMP 存为 PNG 时扩展名随之改变） */
export function displayName(row: Pick<FileUploadRow, 'originalName' | 'ext'>): string {
  const name = row.originalName;
  const current = extOf(name);
  const stem = current ? name.slice(0, -(current.length + 1)) : name;
  return `${stem || 'file'}.${row.ext}`;
}

// ---------- 记录与文件的关联 ----------

export interface FileRefTarget {
  /** 业务对象名，如 'content'、'course'、'course_chapter' */
  entity: string;
  entityId: number;
}

export interface AttachOptions {
  /** 当前用户：给出时，私有用途（附件、文档）的文件须是本人上传或在其范围内，防止引用别的机构的私有文件 */
  by?: SessionUser;
  /** 该记录公开展示（如已发布的公告）：它引用的文件对任何人可读 */
  public?: boolean;
}

/**
 * 记录这条记录使用这些文件（整体替换它原来的一组）。空值略去。
 * 不是经本服务上传的地址、还没确认的直传、（给出 by 时）不可使用的私有文件：400，说明是哪一个。
 */
export async function attachFiles(db: Db, ref: FileRefTarget, urls: readonly (string | null | undefined)[], opts: AttachOptions = {}): Promise<void> {
  const wanted = [...new Set(urls.filter((u): u is string => typeof u === 'string' && u.trim() !== '').map((u) => u.trim()))];
  const keyOf = new Map<string, string>();
  for (const url of wanted) {
    const key = keyOfUrl(url);
    if (!key) throw ApiError.badRequest(`文件地址不正确：${url}（须是经本系统上传得到的地址）`);
    keyOf.set(url, key);
  }
  const rows = keyOf.size
    ? await db
        .select()
        .from(fileUploads)
        .where(and(inArray(fileUploads.storageKey, [...keyOf.values()]), eq(fileUploads.status, FILE_STATUS.READY)))
    : [];
  const byKey = new Map(rows.map((r) => [r.storageKey, r]));
  for (const [url, key] of keyOf) {
    const row = byKey.get(key);
    const usable = row && (!opts.by || mayRead(opts.by, row, false));
    if (!usable) throw ApiError.badRequest(`文件不存在或不能使用：${url}（请重新上传）`);
  }
  const ids = rows.map((r) => r.id);
  const mine = and(eq(fileRefs.entity, ref.entity), eq(fileRefs.entityId, ref.entityId));
  await db.delete(fileRefs).where(ids.length ? and(mine, notInArray(fileRefs.fileId, ids)) : mine);
  if (ids.length) {
    await db
      .insert(fileRefs)
      .values(ids.map((fileId) => ({ fileId, entity: ref.entity, entityId: ref.entityId, isPublic: opts.public ?? false })))
      .onConflictDoUpdate({ target: [fileRefs.entity, fileRefs.entityId, fileRefs.fileId], set: { isPublic: sql`excluded.is_public` } });
  }
}

/** 记录删除时：不再引用任何文件（没人引用的文件由定时任务在上传 24 小时后删除） */
export async function detachFiles(db: Db, ref: FileRefTarget): Promise<void> {
  await db.delete(fileRefs).where(and(eq(fileRefs.entity, ref.entity), eq(fileRefs.entityId, ref.entityId)));
}

/** 记录发布或撤回：它引用的文件是否对任何人可读 */
export async function setFilesPublic(db: Db, ref: FileRefTarget, isPublic: boolean): Promise<void> {
  await db
    .update(fileRefs)
    .set({ isPublic })
    .where(and(eq(fileRefs.entity, ref.entity), eq(fileRefs.entityId, ref.entityId)));
}

// ---------- 定时清理 ----------

/** 上传超过 ttlHours 仍没有记录引用的文件（含没确认的直传）：先删行再删存储对象。返回删除的文件数。 */
export async function purgeUnreferencedFiles(db: Db, ttlHours = UNREFERENCED_TTL_HOURS): Promise<number> {
  const storage = getStorage();
  const before = new Date(Date.now() - ttlHours * 3600_000);
  let total = 0;
  for (let round = 0; round < 100; round++) {
    const batch = await db
      .select({ id: fileUploads.id })
      .from(fileUploads)
      .where(and(lt(fileUploads.createdAt, before), sql`not exists (select 1 from ${fileRefs} r where r.file_id = ${fileUploads.id})`))
      .limit(200);
    if (!batch.length) break;
    // 删除时再确认一次没有引用：选出之后刚被引用的留下
    const removed = await db
      .delete(fileUploads)
      .where(and(inArray(fileUploads.id, batch.map((b) => b.id)), sql`not exists (select 1 from ${fileRefs} r where r.file_id = ${fileUploads.id})`))
      .returning({ key: fileUploads.storageKey, thumb: fileUploads.thumbKey });
    for (const r of removed) {
      await storage.delete(r.key);
      if (r.thumb) await storage.delete(r.thumb);
    }
    total += removed.length;
    if (batch.length < 200) break;
  }
  return total;
}

// ---------- 浏览器直传对象存储（视频） ----------

export const STORAGE_NOT_CONFIGURED = '未配置对象存储：文件保存在本地目录，请直接上传';

/** POST /comApi/getHuaWeiSign：先记一行（待确认），再签发短期有效的 PUT 地址 */
export async function presignUpload(db: Db, session: Session, input: { fileName: string; fileSize: number; purpose?: UploadPurpose }, audit: Audit): Promise<PresignResult> {
  const storage = getStorage();
  if (!storage.presignPut) throw ApiError.badRequest(STORAGE_NOT_CONFIGURED, undefined, { storage: storage.driver });
  const purpose = input.purpose ?? 'video';
  const nameExt = extOf(input.fileName);
  const ext = (nameExt in FORMATS ? nameExt : '') as FileExt | '';
  if (!ext || FORMATS[ext].kind !== 'video') throw ApiError.badRequest('直传只用于视频（mp4、webm），其他文件请直接上传', { fileName: '只能是 mp4 或 webm 视频' });
  if (!PURPOSE_FORMATS[purpose].includes(ext)) throw ApiError.badRequest(`${PURPOSE_LABEL[purpose]}不接受视频`, { purpose: '上传用途不正确' });
  const limit = maxBytesOf('video');
  if (input.fileSize > limit) throw ApiError.badRequest(`「${input.fileName}」超过 ${limit / MB}MB，视频最大 ${limit / MB}MB`, { fileSize: `最大 ${limit / MB}MB` });
  const key = `${directoryFor(session.user, undefined)}/${randomName()}.${ext}`;
  const [row] = await db
    .insert(fileUploads)
    .values({
      storageKey: key,
      originalName: cleanName(input.fileName) || `video.${ext}`,
      ext,
      mime: FORMATS[ext].mime,
      kind: 'video',
      purpose,
      size: input.fileSize,
      status: FILE_STATUS.PENDING,
      ownerId: session.user.id,
      orgId: session.user.orgId,
      cityId: session.user.cityId,
    })
    .returning({ id: fileUploads.id });
  const signed = await storage.presignPut(key, { contentType: FORMATS[ext].mime, size: input.fileSize, expiresIn: PRESIGN_TTL_SECONDS });
  audit({ entity: 'file_upload', entityId: row.id, after: { url: fileUrl(key), purpose, size: input.fileSize, originalName: input.fileName }, detail: `签发直传地址 ${input.fileName}` });
  return { uploadUrl: signed.url, method: 'PUT', headers: signed.headers, url: fileUrl(key), expiresIn: signed.expiresIn };
}

/** POST /comApi/completeHuaWeiUpload：直传完成后检查对象的大小与内容，通过才可使用；不合格的删掉 */
export async function completeUpload(db: Db, session: Session, input: { url: string }, audit: Audit): Promise<UploadedFile> {
  const key = keyOfUrl(input.url)!;
  const [row] = await db
    .select()
    .from(fileUploads)
    .where(and(eq(fileUploads.storageKey, key), eq(fileUploads.status, FILE_STATUS.PENDING), eq(fileUploads.ownerId, session.user.id)));
  if (!row) throw ApiError.notFound('上传记录不存在或已确认');
  const storage = getStorage();
  const discard = async (message: string) => {
    await storage.delete(key).catch(() => undefined);
    await db.delete(fileUploads).where(eq(fileUploads.id, row.id));
    return ApiError.badRequest(message);
  };
  const stat = await storage.stat(key);
  if (!stat) throw ApiError.badRequest('文件还没有上传完成，请重新上传');
  if (stat.size !== row.size) throw await discard(`「${row.originalName}」的大小与申请时不一致，请重新上传`);
  const head = await storage.get(key, { start: 0, end: Math.min(stat.size, 65536) - 1 });
  const start = head ? await readAll(head.body) : Buffer.alloc(0);
  const sniffed = await sniffBuffer(start);
  if (!sniffed.ok) throw await discard(refusal(row.originalName, row.purpose as UploadPurpose, sniffed).message);
  if (FORMATS[sniffed.ext].kind !== 'video' || !PURPOSE_FORMATS[row.purpose as UploadPurpose].includes(sniffed.ext)) {
    throw await discard(`「${row.originalName}」的内容是 ${sniffed.ext} 格式，不是 mp4 或 webm 视频`);
  }
  // 内容的 sha256：流式读一遍（不整份进内存）
  const whole = await storage.get(key);
  const hash = createHash('sha256');
  if (whole) for await (const chunk of whole.body) hash.update(chunk as Buffer);
  const [done] = await db
    .update(fileUploads)
    .set({ status: FILE_STATUS.READY, sha256: hash.digest('hex'), ext: sniffed.ext, mime: FORMATS[sniffed.ext].mime })
    .where(eq(fileUploads.id, row.id))
    .returning();
  audit({ entity: 'file_upload', entityId: row.id, before: { status: row.status }, after: { status: done.status, sha256: done.sha256 }, detail: `直传完成 ${row.originalName}` });
  return { url: fileUrl(done.storageKey), fileSize: done.size };
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}
