// 平台自身的端点（导入错误工作簿下载等）。
import { z } from 'zod';
import { loadErrorFile } from '@/lib/platform/excel/error-file';
import { endpoint, type EndpointTable } from './endpoint';
import { ApiError } from './errors';
import { FileResult } from './files';

export { purgeImportErrorFiles } from '@/lib/platform/excel/error-file';

export const platformApi = {
  'GET /platform/importErrors': endpoint({
    produces: 'file',
    summary: '下载导入失败时生成的错误工作簿（仅上传者本人，24 小时内有效）',
    permission: 'login',
    input: z.object({ id: z.string().trim().min(1, '请提供错误文件编号').describe('错误文件编号（导入失败答复中的 errorFileId）') }),
    handle: async ({ id }, ctx) => {
      // 别人的、过期的、不存在的一律 404，不透露文件是否存在
      const content = await loadErrorFile(ctx.db, id, ctx.user().id);
      if (!content) throw ApiError.notFound('错误文件不存在或已过期');
      return new FileResult(new Uint8Array(content), 'xlsx');
    },
  }),
} satisfies EndpointTable;
