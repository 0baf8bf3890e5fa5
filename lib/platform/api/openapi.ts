// 由端点表生成 OpenAPI 3.1 文档：路径、方法、权限、请求体类型与 zod 输入的 JSON Schema。
import { z } from 'zod';
import { parseKey, type EndpointTable } from './endpoint';
import { PagingInput } from './paging';

const bodyMedia = { json: 'application/json', multipart: 'multipart/form-data', form: 'application/x-www-form-urlencoded' } as const;

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['returnCode', 'returnMsg', 'data'],
  properties: { returnCode: { type: 'integer', example: 200 }, returnMsg: { type: 'string', example: 'success' }, data },
});

/** 分页端点的 data（调度器补上 totalCount、pageNo、pageSize） */
const pagedData = {
  type: 'object',
  required: ['list', 'total', 'totalCount', 'pageNo', 'pageSize'],
  properties: {
    list: { type: 'array' },
    total: { type: 'integer' },
    totalCount: { type: 'integer', description: '总条数，与 total 相同' },
    pageNo: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
};

/** 未声明为 multipart 的端点接受的请求体类型；其他类型（如 text/plain）答 415 */
const bodyTypes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'] as const;

export function openApiDocument(table: EndpointTable) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, ep] of Object.entries(table)) {
    const { method, path } = parseKey(key);
    const input = ep.input as z.ZodObject | undefined;
    const schema = ep.paged ? (input ? input.extend(PagingInput.shape) : PagingInput) : input;
    const json = schema ? jsonSchema(schema) : undefined;
    const op: Record<string, unknown> = {
      summary: ep.summary,
      tags: [path.split('/').filter(Boolean).slice(0, path.startsWith('/bks/') ? 3 : 1).join('/')],
      'x-permission': ep.permission,
      responses: {
        200: {
          description: ep.paged ? '分页列表 {list,total,totalCount,pageNo,pageSize}' : '成功',
          content: { 'application/json': { schema: envelope(ep.paged ? pagedData : {}) } },
        },
        400: { description: '参数校验失败，data.fields 为各字段的中文消息' },
        ...(method === 'GET' ? {} : { 415: { description: '请求体类型不是上面列出的类型' } }),
        ...(ep.permission === 'public' ? {} : { 401: { description: '未登录；会话被作废时 returnCode 为 10005' }, 403: { description: '没有权限' } }),
        500: { description: '服务器异常，data.requestId 为请求号' },
      },
    };
    if (ep.asTask) {
      // 规模大时改为后台任务（docs/TASKS.md）：只在调用方要求时
      op['x-background-task'] = ep.asTask;
      op.description = `请求头 Prefer: respond-async 时，${ep.asTask === 'export' ? '导出超过 EXPORT_TASK_ROWS 行' : '文件超过 IMPORT_TASK_ROWS 个数据行'}改为后台任务：答复 { taskId, background: true }（响应头 Preference-Applied: respond-async），进度与结果见 /task/get、/task/download；不带这个头照旧直接答复。`;
    }
    if (method === 'GET') {
      const props = (json?.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = new Set((json?.required as string[] | undefined) ?? []);
      op.parameters = Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s, description: s.description }));
    } else {
      const kind = ep.body ?? 'json';
      const media = kind === 'multipart' ? [bodyMedia.multipart] : kind === 'none' ? [] : bodyTypes;
      if (media.length) op.requestBody = { required: false, content: Object.fromEntries(media.map((m) => [m, { schema: json ?? { type: 'object' } }])) };
    }
    (paths[`/api${path}`] ??= {})[method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: '职业技能鉴定与培训管理门户 API', version: '1.0.0', description: '所有响应为 {returnCode, returnMsg, data}；令牌放在 authorization_token 或 X-Auth-Token 请求头，网页端使用 httpOnly Cookie。' },
    servers: [{ url: '/' }],
    paths,
  };
}
