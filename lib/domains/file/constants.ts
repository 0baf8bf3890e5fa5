// 上传服务的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。
// 格式按内容嗅探（file-type）判定，不看扩展名；每种用途一份允许的格式表，大小上限按文件种类。

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
