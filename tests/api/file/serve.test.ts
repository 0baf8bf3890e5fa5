// GET /files/<目录>/<名称>：坏路径（NUL、控制字符、非 ASCII、..）不进数据库，与不存在一样答 404；
// 上传的 PDF 内联显示，但在 CSP 沙箱里打开（PDF 里的脚本与表单碰不到本站）。
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/files/[...path]/route';
import { storeFile } from '@/lib/domains/file/service';
import { setupTestDb } from '../../helpers/db';
import * as fx from './fixtures';
import { fetchFile } from './helpers';

const { db } = setupTestDb();

/** 与 Next 相同：路径段已解码后交给路由（GET /files/a/%00 → ['a', '\u0000']） */
const get = (segments: string[]) => GET(new Request('http://localhost/files/a/%00'), { params: Promise.resolve({ path: segments }) });

describe('/files 的坏路径', () => {
  it('NUL 与其他不可能的路径字节答 404（不是 500），不查库', async () => {
    for (const segments of [['a', '\u0000'], ['a', 'b\u0000.pdf'], ['a\u0001', 'x.pdf'], ['a', '证书.pdf'], ['..', 'x.pdf'], ['a', '..'], ['a', 'evil\ud800x'], ['a', 'b', 'c']]) {
      const res = await get(segments);
      expect(res.status, JSON.stringify(segments)).toBe(404);
      expect(await res.text()).toBe('文件不存在或无权查看');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('上传的 PDF', () => {
  it('内联显示，带 CSP sandbox（不在本站的源里执行）与 frame-ancestors', async () => {
    const saved = await storeFile(await db(), null, { data: fx.pdf(), fileName: '课件.pdf', purpose: 'courseware' });
    const res = await fetchFile(await db(), saved.url, null);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; /);
    const csp = (res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    expect(csp).toContain('sandbox');
    expect(csp).toContain("frame-ancestors 'self'");
    // 作为下载（?download=1）时同样带沙箱
    const download = await fetchFile(await db(), `${saved.url}?download=1`, null);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
  });
});
