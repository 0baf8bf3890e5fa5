// 上传的文件：/files/<目录>/<名称>（地址由上传服务给出），按读权限返回，见 lib/domains/file/serve.ts。
import { getDb } from '@/lib/platform/db/client';
import { serveFile } from '@/lib/domains/file/serve';

export const dynamic = 'force-dynamic';

async function handler(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  return serveFile(await getDb(), request, path);
}

export { handler as GET, handler as HEAD };
