// 由端点表生成 OpenAPI 3.1 文档：路径、方法、权限、令牌、请求体类型、zod 输入的 JSON Schema 与信封。
// 文档须过 `@redocly/cli lint`（recommended，见 redocly.yaml 与 tests/api/platform/openapi-lint.test.ts）。
import { z } from 'zod';
import { parseKey, type Endpoint, type EndpointTable } from './endpoint';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PagingInput } from './paging';
import { CONTENT_TYPES } from './files';

const bodyMedia = { json: 'application/json', multipart: 'multipart/form-data', form: 'application/x-www-form-urlencoded' } as const;

/** 未声明为 multipart 的端点接受的请求体类型；其他类型（如 text/plain）答 415 */
const bodyTypes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'] as const;

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      // z.coerce.date() 的输入是 ISO 时间文本（JSON 里没有日期类型）
      if (def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      // 取值表已经说明了范围：去掉 z.number() 默认的安全整数上下限
      if (Array.isArray(jsonSchema.enum) && jsonSchema.minimum === Number.MIN_SAFE_INTEGER) {
        delete jsonSchema.minimum;
        delete jsonSchema.maximum;
      }
      // 必填按服务端实际的判断（见 requiredKeys）
      if (def.type === 'object') {
        const required = requiredKeys((def as z.core.$ZodObjectDef).shape);
        if (required.length) jsonSchema.required = required;
        else delete jsonSchema.required;
      }
    },
  }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

/**
 * 必填的键：字段本身拒绝“没给”（undefined）。zod 的生成器只看静态的可选标记，看不出“先把 null、undefined 变成空串再要求非空”
 * 这类预处理之后的必填（如 teacher/save 的邮箱）；按服务端实际的判断来列。字段之间的条件（某项为某值时另一项必填）不在此列。
 */
function requiredKeys(shape: Record<string, z.core.$ZodType>): string[] {
  return Object.keys(shape).filter((key) => {
    try {
      return !z.safeParse(shape[key], undefined).success;
    } catch {
      return false; // 异步的检查：不能同步判断，按可选
    }
  });
}

// ---------- 组件：令牌、信封、常用答复 ----------

/**
 * 服务端认的令牌（lib/platform/http/origin.ts 的 headerToken、lib/domains/user/session.ts 的 SESSION_COOKIE）：
 * 请求头优先，依次 authorization_token、X-Auth-Token、Authorization: Bearer；网页端是登录时种下的 httpOnly Cookie。
 * 任一即可。凭 Cookie 的改动只接受本站页面发起的请求（CSRF），API 客户端用请求头。
 */
const securitySchemes = {
  authorizationToken: { type: 'apiKey', in: 'header', name: 'authorization_token', description: '登录（POST /api/user/login）答复里的令牌，7 天有效' },
  xAuthToken: { type: 'apiKey', in: 'header', name: 'X-Auth-Token', description: '同 authorization_token，另一种请求头写法' },
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <令牌>' },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'Access-Token',
    description: '网页端：登录时种下的 httpOnly Cookie；凭它的改动只接受本站页面发起的请求，API 客户端请用请求头',
  },
} as const;
const anyToken = Object.keys(securitySchemes).map((name) => ({ [name]: [] }));

const code = (example: number, description = '业务码（SPEC §8）：200 成功，其余见 HTTP 状态') => ({ type: 'integer', description, example });

const schemas = {
  Envelope: {
    type: 'object',
    description: '所有接口的答复：{returnCode, returnMsg, data}；HTTP 状态与 returnCode 对应（会话被作废的 10005 答 HTTP 401）',
    required: ['returnCode', 'returnMsg', 'data'],
    properties: { returnCode: code(200), returnMsg: { type: 'string', example: 'success' }, data: { description: '结果；出错时为 null 或下面的附加信息' } },
  },
  ErrorEnvelope: {
    type: 'object',
    description: '出错的答复：returnMsg 为中文提示（随 Cookie lang 译为繁体或英文），data 多为 null',
    required: ['returnCode', 'returnMsg', 'data'],
    properties: {
      returnCode: code(403),
      returnMsg: { type: 'string', example: '没有访问权限：缺少该操作的权限，请联系管理员' },
      data: { description: '多为 null；个别业务错误带附加信息' },
    },
  },
  ValidationErrorEnvelope: {
    type: 'object',
    description: '参数校验失败（400）：returnMsg 为“字段说明：消息”，data.fields 为各字段的消息',
    required: ['returnCode', 'returnMsg', 'data'],
    properties: {
      returnCode: code(400),
      returnMsg: { type: 'string', example: '手机号：手机号格式不正确' },
      data: {
        anyOf: [
          {
            type: 'object',
            required: ['fields'],
            properties: { fields: { type: 'object', description: '字段路径（嵌套以 . 连接）→ 中文消息', additionalProperties: { type: 'string' } } },
          },
          { type: 'null' },
        ],
      },
    },
  },
  ServerErrorEnvelope: {
    type: 'object',
    description: '服务器异常（500）或数据库暂不可用（503）：data.requestId 为请求号（同响应头 x-request-id），堆栈只进服务端日志',
    required: ['returnCode', 'returnMsg', 'data'],
    properties: {
      returnCode: code(500),
      returnMsg: { type: 'string', example: '服务器异常' },
      data: { type: 'object', required: ['requestId'], properties: { requestId: { type: 'string', example: '3f2b8c1e-5d7a-4e0b-9a61-2c4d8e9f0a1b' } } },
    },
  },
  UploadEnvelope: {
    type: 'object',
    description: '上传服务（SPEC §7）的答复：{success, returnMsg, data}，成功与出错都是这个形状；HTTP 状态同其他接口',
    required: ['success', 'returnMsg', 'data'],
    properties: { success: { type: 'boolean', example: true }, returnMsg: { type: 'string', example: 'success' }, data: { description: '上传结果；出错时为 null 或附加信息' } },
  },
  PagedData: {
    type: 'object',
    description: '分页端点的 data：处理函数给出 list 与 total，调度器补上 totalCount（同 total，SPEC §7 的名字）、pageNo、pageSize',
    required: ['list', 'total', 'totalCount', 'pageNo', 'pageSize'],
    properties: {
      list: { type: 'array', items: { type: 'object', description: '一行（字段随端点而定）' } },
      total: { type: 'integer' },
      totalCount: { type: 'integer', description: '总条数，与 total 相同' },
      pageNo: { type: 'integer' },
      pageSize: { type: 'integer' },
    },
  },
  PagingEcho: {
    type: 'object',
    description: '调度器给分页答复补上的字段',
    required: ['totalCount', 'pageNo', 'pageSize'],
    properties: { totalCount: { type: 'integer', description: '总条数，与 total 相同' }, pageNo: { type: 'integer' }, pageSize: { type: 'integer' } },
  },
} as const;

const ref = (name: keyof typeof schemas) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown, examples?: Record<string, { summary: string; value: unknown }>) => ({
  'application/json': { schema, ...(examples ? { examples } : {}) },
});
const errorExample = (returnCode: number, returnMsg: string, data: unknown = null) => ({ summary: returnMsg, value: { returnCode, returnMsg, data } });

/** 常用的出错答复（标准信封） */
const responses = {
  BadRequest: {
    description: '参数校验失败或业务规则不允许：data.fields 为各字段的中文消息（校验失败时）',
    content: json(ref('ValidationErrorEnvelope'), {
      validation: errorExample(400, '手机号：手机号格式不正确', { fields: { mobile: '手机号格式不正确' } }),
      rule: errorExample(400, '结束日期不能早于开始日期', { fields: { endDate: '结束日期不能早于开始日期' } }),
    }),
  },
  Unauthorized: {
    description: '未登录（401）；会话被服务端作废（改密、冻结、在别处退出）时 returnCode 为 10005',
    content: json(ref('ErrorEnvelope'), {
      missing: errorExample(401, '未登录或登录已过期，请重新登录'),
      invalidated: errorExample(10005, '登录状态已失效，请重新登录'),
    }),
  },
  Forbidden: {
    description: '没有该操作的权限，或凭 Cookie 的跨站改动',
    content: json(ref('ErrorEnvelope'), { forbidden: errorExample(403, '没有访问权限：缺少该操作的权限，请联系管理员') }),
  },
  UnsupportedMediaType: {
    description: '请求体类型不是上面列出的类型（如 text/plain 或没有 Content-Type）',
    content: json(ref('ErrorEnvelope'), { unsupported: errorExample(415, '不支持的请求内容类型，请以 application/json 提交') }),
  },
  ServerError: {
    description: '服务器异常：data.requestId 为请求号，请告知管理员',
    content: json(ref('ServerErrorEnvelope'), { error: errorExample(500, '服务器异常', { requestId: '3f2b8c1e-5d7a-4e0b-9a61-2c4d8e9f0a1b' }) }),
  },
  UploadError: {
    description: '上传失败（校验、权限、类型或服务器异常）：同样是 {success: false, returnMsg, data}',
    content: json(ref('UploadEnvelope'), { failed: { summary: '文件过大', value: { success: false, returnMsg: '请求内容过大，最大 50MB', data: null } } }),
  },
} as const;

const response = (name: keyof typeof responses) => ({ $ref: `#/components/responses/${name}` });

// ---------- 每个端点 ----------

/**
 * operationId：方法 + 路径的驼峰式（'POST /comApi/getAllAreaByPage' → postComApiGetAllAreaByPage），
 * 只含字母与数字，由键唯一决定；生成的客户端以它为函数名。
 */
export function operationIdOf(key: string): string {
  const { method, path } = parseKey(key);
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/**
 * 成功答复的 data：端点的输出模式（lib/api-output.generated.ts，由处理函数的结果类型生成，经 options.outputs 传入）的 JSON Schema；
 * 递归或共用的部分放进 components.schemas。没有模式的（未传入）退回通用的 Envelope / PagedData。
 */
export function successDataSchema(key: string, ep: Endpoint, outputs: OpenApiOptions['outputs'], components: Record<string, unknown>): Record<string, unknown> {
  const output = outputs?.[key];
  if (!output) return ep.paged ? ref('PagedData') : {};
  const data = outputJsonSchema(output, `${pascal(operationIdOf(key))}Data`, components);
  // 分页的 {list,total} 由调度器补上 totalCount、pageNo、pageSize
  return ep.paged ? { allOf: [data, ref('PagingEcho')] } : data;
}

/** 只留被引用到的（如每个分页端点都有了输出模式，通用的 PagedData 就不再出现） */
function usedSchemas(all: Record<string, unknown>, roots: unknown[]): Record<string, unknown> {
  const used = new Set<string>();
  const visit = (text: string) => {
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(name) || !(name in all)) continue;
      used.add(name);
      visit(JSON.stringify(all[name]));
    }
  };
  roots.forEach((root) => visit(JSON.stringify(root)));
  return Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 输出模式 → JSON Schema；有 $defs 或自引用时整个放进 components.schemas（OpenAPI 里 '#' 指整份文档，不能留局部引用） */
function outputJsonSchema(schema: z.ZodType, name: string, components: Record<string, unknown>): Record<string, unknown> {
  // io: 'input'：输出模式的对象不拒绝多余的键（调度器给分页补上的 totalCount 等由 PagingEcho 说明），与测试里的校验一致
  const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete js.$schema;
  const defs = (js.$defs ?? {}) as Record<string, unknown>;
  delete js.$defs;
  const text = JSON.stringify(js);
  if (!Object.keys(defs).length && !text.includes('"$ref":"#"')) return js;
  const target = (refValue: string) =>
    refValue === '#' ? `#/components/schemas/${name}` : refValue.startsWith('#/$defs/') ? `#/components/schemas/${name}_${refValue.slice('#/$defs/'.length)}` : refValue;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? target(v) : rewrite(v)]));
  };
  for (const [id, def] of Object.entries(defs)) components[`${name}_${id}`] = rewrite(def);
  components[name] = rewrite(js);
  return { $ref: `#/components/schemas/${name}` };
}

/** 分页参数：pageSize / limit 标出本端点的上限（更大的值按上限返回，不报错） */
function pagingSchema(ep: Endpoint): Record<string, unknown> {
  const max = ep.maxPageSize ?? MAX_PAGE_SIZE;
  const out = jsonSchema(PagingInput);
  const props = out.properties as Record<string, Record<string, unknown>>;
  for (const name of ['pageSize', 'limit']) {
    props[name] = { ...props[name], maximum: max, default: DEFAULT_PAGE_SIZE, description: `${props[name].description}，默认 ${DEFAULT_PAGE_SIZE}，最大 ${max}（更大的值按 ${max}）` };
  }
  for (const name of ['pageNo', 'page']) props[name] = { ...props[name], default: 1 };
  return out;
}

function inputSchema(ep: Endpoint): Record<string, unknown> | undefined {
  const input = ep.input as z.ZodObject | undefined;
  const own = input ? jsonSchema(input) : undefined;
  if (!ep.paged) return own;
  const paging = pagingSchema(ep);
  if (!own) return paging;
  return { ...own, properties: { ...(own.properties as object), ...(paging.properties as object) } };
}

/** 下载文件的端点（返回 FileResult）：流式答复，文件名 YYYYMMDDHHmmss.<ext>；流式导出（exportXlsx）只会是 .xlsx */
const fileMedia = (t: string) => [t.split(';')[0], { schema: { type: 'string', contentMediaType: t.split(';')[0] } }] as const;
const fileContent = Object.fromEntries(Object.values(CONTENT_TYPES).map(fileMedia));
const xlsxContent = Object.fromEntries([fileMedia(CONTENT_TYPES.xlsx)]);

/** 答复文件的端点：声明了 produces: 'file'，或是流式导出（asTask: 'export'，exportXlsx 写出） */
export function answersFile(ep: Endpoint): boolean {
  return ep.produces === 'file' || ep.asTask === 'export';
}

function successResponse(key: string, ep: Endpoint, path: string, data: Record<string, unknown>): Record<string, unknown> {
  // /bapi/* 另带 x-code 与 x-msg（SPEC §7）
  const headers = path.startsWith('/bapi/')
    ? {
        headers: {
          'x-code': { description: '200 成功、201 业务错误、202 未登录或会话失效', schema: { type: 'integer', enum: [200, 201, 202] } },
          'x-msg': { description: 'URL 编码的 returnMsg', schema: { type: 'string' } },
        },
      }
    : {};
  if (answersFile(ep)) {
    return {
      description:
        '文件（Content-Disposition: attachment; filename="YYYYMMDDHHmmss.<ext>"，北京时间）；出错时仍答 JSON 信封' +
        (ep.asTask ? '。请求头 Prefer: respond-async 且规模大时改答 JSON：{taskId, background: true}' : ''),
      ...headers,
      content: ep.asTask === 'export' ? { ...xlsxContent, ...json(ref('Envelope')) } : fileContent,
    };
  }
  if (ep.envelope === 'upload') {
    return {
      description: '上传成功：{success: true, returnMsg, data}',
      ...headers,
      content: json(ref('UploadEnvelope')),
    };
  }
  return {
    description: ep.paged ? '分页列表 {list,total,totalCount,pageNo,pageSize}' : '成功：{returnCode: 200, returnMsg: "success", data}',
    ...headers,
    content: json(
      // data 还没有类型时即通用的 Envelope
      Object.keys(data).length === 0
        ? ref('Envelope')
        : { type: 'object', required: ['returnCode', 'returnMsg', 'data'], properties: { returnCode: code(200), returnMsg: { type: 'string', example: 'success' }, data } },
      // 空的一页只对通用的 PagedData 是合法的例子（有的列表另带 masked、canUnmask 等必有的键）
      ep.paged && data.$ref === '#/components/schemas/PagedData' ? { page: { summary: '一页', value: { returnCode: 200, returnMsg: 'success', data: { list: [], total: 0, totalCount: 0, pageNo: 1, pageSize: DEFAULT_PAGE_SIZE } } } } : undefined,
    ),
  };
}

function errorResponses(ep: Endpoint, method: string): Record<string, unknown> {
  if (ep.envelope === 'upload') return { 400: response('UploadError'), ...(ep.permission === 'public' ? {} : { 401: response('UploadError'), 403: response('UploadError') }), 500: response('UploadError') };
  return {
    400: response('BadRequest'),
    ...(method === 'GET' || ep.body === 'none' ? {} : { 415: response('UnsupportedMediaType') }),
    ...(ep.permission === 'public' ? {} : { 401: response('Unauthorized'), 403: response('Forbidden') }),
    500: response('ServerError'),
  };
}

export interface OpenApiOptions {
  /** 顶层 tags（按领域）及其说明；端点的 tags 取自 Endpoint.tags */
  tags?: { name: string; description: string }[];
  /** 每个端点（'METHOD /path'）答复 data 的模式；null 为文件下载或原样的响应 */
  outputs?: Record<string, z.ZodType | null>;
}

export function openApiDocument(table: EndpointTable, options: OpenApiOptions = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Map<string, string>();
  const usedTags = new Set<string>();
  const outputComponents: Record<string, unknown> = {};
  for (const [key, ep] of Object.entries(table)) {
    const { method, path } = parseKey(key);
    const schema = inputSchema(ep);
    const operationId = operationIdOf(key);
    const clash = operationIds.get(operationId);
    if (clash) throw new Error(`operationId 重复：${key} 与 ${clash} 都是 ${operationId}`);
    operationIds.set(operationId, key);
    const tags = ep.tags?.length ? ep.tags : ['platform'];
    tags.forEach((t) => usedTags.add(t));
    const op: Record<string, unknown> = {
      operationId,
      summary: ep.summary,
      tags,
      ...(ep.permission === 'public' ? { security: [] } : {}),
      'x-permission': ep.permission,
      responses: { 200: successResponse(key, ep, path, successDataSchema(key, ep, options.outputs, outputComponents)), ...errorResponses(ep, method) },
    };
    if (ep.asTask) {
      // 规模大时改为后台任务（docs/TASKS.md）：只在调用方要求时
      op['x-background-task'] = ep.asTask;
      op.description = `请求头 Prefer: respond-async 时，${ep.asTask === 'export' ? '导出超过 EXPORT_TASK_ROWS 行' : '文件超过 IMPORT_TASK_ROWS 个数据行'}改为后台任务：答复 { taskId, background: true }（响应头 Preference-Applied: respond-async），进度与结果见 /task/get、/task/download；不带这个头照旧直接答复。`;
    }
    if (method === 'GET') {
      const props = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = new Set((schema?.required as string[] | undefined) ?? []);
      op.parameters = Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s, description: s.description }));
    } else {
      const kind = ep.body ?? 'json';
      const media = kind === 'multipart' ? [bodyMedia.multipart] : kind === 'none' ? [] : bodyTypes;
      if (media.length) op.requestBody = { required: false, content: Object.fromEntries(media.map((m) => [m, { schema: schema ?? { type: 'object' } }])) };
    }
    (paths[`/api${path}`] ??= {})[method.toLowerCase()] = op;
  }
  const described = new Map((options.tags ?? []).map((t) => [t.name, t.description]));
  return {
    openapi: '3.1.0',
    info: {
      title: '职业技能鉴定与培训管理门户 API',
      version: '1.0.0',
      description:
        '所有响应为 {returnCode, returnMsg, data}（上传服务为 {success, returnMsg, data}），每个响应带 x-request-id。' +
        '令牌放在 authorization_token、X-Auth-Token 或 Authorization: Bearer 请求头；网页端使用 httpOnly Cookie（Access-Token）。' +
        'x-permission 为所需的权限（public 无需登录，login 任一已登录用户，否则 资源.动作，列表为任一）。',
      contact: { name: '系统管理员' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: '本系统' }],
    security: anyToken,
    // 按给定的顺序（领域的层次），只列用到的
    tags: [...new Set([...described.keys(), ...usedTags])].filter((name) => usedTags.has(name)).map((name) => ({ name, description: described.get(name) ?? name, 'x-displayName': described.get(name) ?? name })),
    paths,
    components: { securitySchemes, schemas: usedSchemas({ ...schemas, ...outputComponents }, [paths, responses]), responses },
  };
}
