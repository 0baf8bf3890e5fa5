// 上传测试的共用步骤：按账号取令牌、上传、按地址读回。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { createSession } from '@/lib/domains/user/session';
import { users } from '@/lib/domains/user/tables';
import { serveFile } from '@/lib/domains/file/serve';
import { call } from '../../helpers/api';

export async function tokenOf(db: Db, account: string): Promise<string> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
  return (await createSession(db, u.id)).token;
}

export interface UploadAnswer {
  status: number;
  body: { success: boolean; returnMsg: string; data: { url: string; fileSize: number }[] | null } & Record<string, unknown>;
}

export async function upload(token: string | null, files: [name: string, data: Uint8Array][], fields: Record<string, string | string[]> = {}): Promise<UploadAnswer> {
  const form = new FormData();
  for (const [name, data] of files) form.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), name);
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  const res = await call('POST', '/uploadMulti', { form, headers: token ? { authorization_token: token } : {} });
  return { status: res.status, body: res.body as unknown as UploadAnswer['body'] };
}

/** 按地址读文件（/files/<目录>/<名称>），token 为空即未登录 */
export async function fetchFile(db: Db, url: string, token: string | null, headers: Record<string, string> = {}): Promise<Response> {
  const u = new URL(url, 'http://localhost');
  const segments = u.pathname.replace(/^\/files\//, '').split('/');
  return serveFile(db, new Request(u, { headers: { ...headers, ...(token ? { authorization_token: token } : {}) } }), segments);
}
