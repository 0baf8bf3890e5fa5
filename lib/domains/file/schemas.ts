// 上传服务的用途、格式与上限（前后端共用）以及端点的输入模式。
// 格式按内容嗅探（file-type）判定，不看扩展名；每种用途一份允许的格式表，大小上限按文件种类。
import { z } from 'zod';
import { FILE_URL_PATTERN, UPLOAD_PURPOSES } from './constants';

export * from './constants';

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
