// 上传服务的用途、格式与上限（前后端共用）以及端点的输入模式。
// 格式按内容嗅探（file-type）判定，不看扩展名；每种用途一份允许的格式表，大小上限按文件种类。
import { z } from 'zod';

export const UPLOAD_PURPOSES = ['image', 'document', 'video', 'courseware', 'attachment'] as const;
/** image 图片；document 文档；video 视频（录像，私有）；courseware 课件（视频、pdf、图片、Office 文档）；attachment 附件（图片与文档） */
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export type FileKind = 'image' | 'document' | 'video';

/** 允许的格式：扩展名 → 种类与内容类型（服务时的 Content-Type 即取自这里，不取自客户端） */
export const FORMATS = {
  jpg: { kind: 'image', mime: 'image/jpeg' },
  png: { kind: 'image', mime: 'image/png' },
  gif: { kind: 'image', mime: 'image/gif' },
  bmp: { kind: 'image', mime: 'image/bmp' },
  webp: { kind: 'image', mime: 'image/webp' },
  pdf: { kind: 'document', mime: 'application/pdf' },
  doc: { kind: 'document', mime: 'application/msword' },
  docx: { kind: 'document', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xls: { kind: 'document', mime: 'application/vnd.ms-excel' },
  xlsx: { kind: 'document', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ppt: { kind: 'document', mime: 'application/vnd.ms-powerpoint' },
  pptx: { kind: 'document', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  mp4: { kind: 'video', mime: 'video/mp4' },
  webm: { kind: 'video', mime: 'video/webm' },
} as const satisfies Record<string, { kind: FileKind; mime: string }>;
export type FileExt = keyof typeof FORMATS;

const IMAGES: readonly FileExt[] = ['jpg', 'png', 'gif', 'bmp', 'webp'];
const DOCUMENTS: readonly FileExt[] = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'];
const VIDEOS: readonly FileExt[] = ['mp4', 'webm'];

/** 每种用途允许的格式 */
export const PURPOSE_FORMATS: Record<UploadPurpose, readonly FileExt[]> = {
  image: IMAGES,
  document: DOCUMENTS,
  video: VIDEOS,
  courseware: [...VIDEOS, 'pdf', ...IMAGES, ...DOCUMENTS.filter((e) => e !== 'pdf')],
  attachment: [...IMAGES, ...DOCUMENTS],
};

/**
 * 公开用途：发布的内容与课程里的图片、课件，任何人可读；其余只有上传人、本机构与管辖它的管理员可读（或被公开展示的记录引用）。
 * 视频（video）用于考场与培训的录像，是个人信息，与附件、文档一样私有；课程里的视频用课件（courseware）上传。
 */
export const PUBLIC_PURPOSES: readonly UploadPurpose[] = ['image', 'courseware'];

/** 大小上限（MB）：图片 20（SPEC §5 的提示），文档 50；视频由服务端配置 UPLOAD_MAX_VIDEO_MB（默认 500） */
export const MAX_IMAGE_MB = 20;
export const MAX_DOCUMENT_MB = 50;
export const DEFAULT_MAX_VIDEO_MB = 500;

/** SPEC §5 / §9：开启大小检查时图片须在 300–500 KB 之间 */
export const SIZE_CHECK_MIN_KB = 300;
export const SIZE_CHECK_MAX_KB = 500;
export const SIZE_CHECK_MESSAGE = '图片大小超出限制（300kb-500kb），请重新上传';

/** 各用途的格式提示（中文原文，界面按当前语言翻译） */
export const PURPOSE_HINTS: Record<UploadPurpose, string> = {
  image: '支持 jpg、png、gif、bmp，最大 20M',
  document: '支持 pdf、doc、docx、xls、xlsx、ppt、pptx，最大 50M',
  video: '支持 mp4、webm 格式的视频',
  courseware: '支持 mp4、webm 视频，pdf 与 Office 文档，jpg、png、gif、bmp 图片',
  attachment: '支持 jpg、png、gif、bmp 图片（最大 20M）与 pdf、Office 文档（最大 50M）',
};

/** 文件名 → 扩展名（小写，无点）；只用于前端的提前提示与记录原名，判定格式看内容 */
export function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** 按文件名推断种类（jpeg 视同 jpg）；不在允许表里的返回 null */
export function kindOfName(name: string): FileKind | null {
  const ext = extOf(name) === 'jpeg' ? 'jpg' : extOf(name);
  return ext in FORMATS ? FORMATS[ext as FileExt].kind : null;
}

/** antd Upload / <input accept> 的取值 */
export function acceptOf(purpose: UploadPurpose): string {
  return PURPOSE_FORMATS[purpose].flatMap((e) => (e === 'jpg' ? ['.jpg', '.jpeg'] : [`.${e}`])).join(',');
}

/** 上传得到的地址：/files/<目录>/<名称>.<扩展名>，目录与名称都由服务端决定 */
export const FILE_URL_PATTERN = /^\/files\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{16,64}\.[a-z0-9]{2,5})$/;

const flag = z.preprocess((v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false || v === '' ? false : v), z.boolean({ error: '只能是 true 或 false' }));

/** POST /uploadMulti 的表单字段（file 另行流式读取） */
export const UploadFieldsInput = z.object({
  directory: z
    .string()
    .trim()
    .max(64, '上传目录最多 64 个字符')
    .regex(/^[A-Za-z0-9_-]*$/, '上传目录只能含字母、数字、下划线与短横线')
    .optional()
    .describe('上传目录：本人编码，或默认的十个 0 加日期 YYYY-MM-DD'),
  rename: flag.optional().describe('true：由服务端命名（总是由服务端命名，客户端的文件名只作记录）'),
  sign: z.array(z.string().trim().max(64, '签名最多 64 个字符')).max(20).optional().describe('md5(md5(文件名 + 后缀))，每个文件一个或只给第一个文件的'),
  purpose: z.enum(UPLOAD_PURPOSES, { error: '上传用途不正确' }).optional().describe('用途，默认 attachment'),
  sizeCheck: flag.optional().describe('true：图片须在 300–500 KB 之间'),
});
export type UploadFields = z.output<typeof UploadFieldsInput>;

/** POST /comApi/getHuaWeiSign：为浏览器直传对象存储签发上传地址 */
export const PresignInput = z.object({
  fileName: z.string({ error: '请指定文件名' }).trim().min(1, '请指定文件名').max(200, '文件名最多 200 个字').describe('原文件名'),
  fileSize: z.coerce.number({ error: '请指定文件大小' }).int('文件大小不正确').min(1, '文件大小不正确').max(Number.MAX_SAFE_INTEGER, '文件大小不正确').describe('字节数'),
  purpose: z.enum(UPLOAD_PURPOSES, { error: '上传用途不正确' }).optional().describe('用途，默认 video'),
});

/** POST /comApi/completeHuaWeiUpload：直传完成后由服务端检查内容并启用 */
export const CompleteUploadInput = z.object({
  url: z.string({ error: '请指定文件地址' }).trim().regex(FILE_URL_PATTERN, '文件地址不正确').describe('getHuaWeiSign 给出的 url'),
});

/** 上传的答复（SPEC §7）：{ success, returnMsg, data: [{ url, fileSize }] } */
export interface UploadedFile {
  url: string;
  fileSize: number;
}

export interface PresignResult {
  /** 浏览器 PUT 的地址（有效期 expiresIn 秒） */
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  /** 完成后使用的地址（与 uploadMulti 的 url 同形） */
  url: string;
  expiresIn: number;
}

/** POST /file/getFileInfo：已上传文件的原名等（编辑表单回显） */
export const FileInfoInput = z.object({
  urls: z.array(z.string().trim().max(200, '文件地址最多 200 个字符'), { error: '请指定文件地址' }).min(1, '请指定文件地址').max(50, '一次最多 50 个文件').describe('文件地址列表'),
});
