// 内容测试的公共步骤：演示账号的令牌、按账号调接口、经上传接口上传一张图片或一份文档。
import sharp from 'sharp';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

export const ACCOUNTS = ['admin', 'sjz_admin', 'bd_admin', 'teacher', 'eval_org'] as const;
export type Account = (typeof ACCOUNTS)[number];

const headers: Partial<Record<Account, Record<string, string>>> = {};

export async function signIn(): Promise<void> {
  for (const a of ACCOUNTS) headers[a] = await authHeaders(a);
}

export const post = <T = unknown>(who: Account, path: string, json: unknown = {}) => call<T>('POST', path, { headers: headers[who], json });

export async function pngBytes(color = '#1677ff'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 32, channels: 3, background: color } }).png().toBuffer();
}

/** 一份最小的 PDF（按内容判定格式：%PDF- 开头） */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** 经 /uploadMulti 上传，返回地址 */
export async function upload(who: Account, data: Buffer, name: string, purpose: 'image' | 'attachment' | 'document'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  form.append('purpose', purpose);
  const res = await call<{ url: string }[]>('POST', '/uploadMulti', { headers: headers[who], form });
  const body = res.body as unknown as { success: boolean; returnMsg: string; data: { url: string }[] };
  if (res.status !== 200 || !body?.success) throw new Error(`上传失败：${res.status} ${body?.returnMsg}`);
  return body.data[0].url;
}
