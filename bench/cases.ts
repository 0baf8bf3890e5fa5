// 基准用例：每个热点接口一条。新的热点接口在此追加一条即可，run.ts 与 floor.ts 不用改。
//
// 每条用例有两侧：
//   app   —— 生产构建（next start）上的真实接口，经调度器、zod 校验、Drizzle 查询、信封；
//   floor —— 基线：裸 node:http 服务，同样大小的 pg 连接池执行与服务层**完全相同**的 SQL，
//            并把结果序列化为与接口**完全相同**的 JSON。运行前会逐字段比对两侧的响应体。
// SQL 文本取自 Drizzle 为服务层生成的语句（可用 `db.select(...).toSQL()` 查看）。
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../lib/platform/db/client';

export type Row = Record<string, unknown>;

export interface FloorQuery {
  sql: string;
  params: unknown[];
}

/**
 * 基线：一条查询，或多条并行查询（与服务层的 Promise.all 对应），
 * 或不碰数据库的处理函数（如上传：收到请求体后直接把文件写盘），收到原始请求体。
 */
export type Floor =
  | (FloorQuery & { queries?: never; handler?: never; shape(rows: Row[]): unknown })
  | { queries: FloorQuery[]; sql?: never; handler?: never; shape(results: Row[][]): unknown }
  | { handler(body: Buffer): Promise<unknown>; sql?: never; queries?: never };

export interface BenchCase {
  /** 用例名，也是 `--case` 的取值与基线服务上的路径 `/<name>` */
  name: string;
  method: 'GET' | 'POST';
  /** 应用上的路径（含查询串） */
  appPath: string;
  /** POST 的 JSON 请求体；基线服务同样读取并解析它 */
  body?: unknown;
  /** 不是 JSON 的请求体（如 multipart）：两侧发同样的字节，contentType 为请求头 */
  rawBody?: () => Promise<{ body: Buffer; contentType: string }>;
  /** 以该演示账号登录：数据写入后建一个会话，两侧请求都带 authorization_token */
  login?: string;
  /** 比对两侧响应体前的规整（如去掉每次都不同的随机地址） */
  normalize?: (body: unknown) => unknown;
  floor: Floor;
  /** 额外的数据准备（演示数据之外，如大批量数据）；在迁移与 seed 之后、启动服务之前执行 */
  seed?: (db: Db) => Promise<void>;
}

/** 与调度器相同的成功信封。 */
export function ok(data: unknown) {
  return { returnCode: 200, returnMsg: 'success', data };
}

/** 与 lib/domains/area/service.ts 的 toItem 相同的字段与顺序。 */
function areaItem(row: Row) {
  const id = row.id as number;
  const level = row.level as number;
  return { id, pid: row.pid as number, name: row.name as string, BIZ_CODE: String(id), level, isLeaf: level >= 3 };
}

const AREA_COLUMNS = 'select "id", "pid", "name", "level" from "area"';
const AREA_ORDER = 'order by "area"."sort" asc, "area"."id" asc';

/** 约 1 MB 的 JPEG（随机像素，压缩不掉） */
async function oneMegabyteJpeg(): Promise<Buffer> {
  const side = 1024;
  const raw = randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 93 }).toBuffer();
}

const UPLOAD_BOUNDARY = '----BenchBoundary7MA4YWxkTrZu0gW';

/** 上传用例的 multipart 请求体：一个文件加 purpose=image（与上传组件发的一样） */
async function uploadBody(): Promise<{ body: Buffer; contentType: string }> {
  const image = await oneMegabyteJpeg();
  const head = `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nimage\r\n--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
  };
}

/** 基线的上传：不鉴权、不判定格式、不重新编码，只从请求体里取出文件字节写盘（FLOOR_UPLOAD_DIR） */
async function floorUpload(body: Buffer): Promise<unknown> {
  const start = body.indexOf('\r\n\r\n', body.indexOf('filename=')) + 4;
  const end = body.indexOf(`\r\n--${UPLOAD_BOUNDARY}`, start);
  const dir = process.env.FLOOR_UPLOAD_DIR!;
  const name = `${randomBytes(16).toString('base64url')}.jpg`;
  await fs.writeFile(path.join(dir, name), body.subarray(start, end));
  return { success: true, returnMsg: 'success', data: [{ url: `/files/floor/${name}`, fileSize: end - start }] };
}

export const cases: BenchCase[] = [
  {
    name: 'getAreaByParent',
    method: 'GET',
    appPath: '/api/comApi/getAreaByParent?pid=130000',
    floor: {
      sql: `${AREA_COLUMNS} where "area"."pid" = $1 ${AREA_ORDER}`,
      params: [130000],
      shape: (rows) => ok(rows.map(areaItem)),
    },
  },
  {
    name: 'getAllAreaByPage',
    method: 'POST',
    appPath: '/api/comApi/getAllAreaByPage',
    body: { name: '区', pageNo: 1, pageSize: 10 },
    floor: {
      // pageAreas：列表与计数并行；offset 为 0 时 Drizzle 不生成 offset 子句。
      queries: [
        { sql: `${AREA_COLUMNS} where "area"."name" ilike $1 ${AREA_ORDER} limit $2`, params: ['%区%', 10] },
        { sql: 'select count(*) from "area" where "area"."name" ilike $1', params: ['%区%'] },
      ],
      shape: ([rows, [countRow]]) =>
        ok({ list: rows.map(areaItem), total: Number(countRow.count), pageNo: 1, pageSize: 10 }),
    },
  },
  {
    // 应用：会话与权限、流式读取 multipart、按内容判定格式、sharp 重新编码并生成缩略图、写进存储（本地目录）、记一行与操作日志
    name: 'uploadMulti',
    method: 'POST',
    appPath: '/api/uploadMulti',
    rawBody: uploadBody,
    login: 'admin',
    // 地址每次不同，图片重新编码后大小也不同：只比形状
    normalize: (b) => {
      const body = b as { success?: unknown; returnMsg?: unknown; data?: { url?: unknown; fileSize?: unknown }[] };
      return { success: body.success, returnMsg: body.returnMsg, files: body.data?.map((d) => typeof d.url === 'string' && Number(d.fileSize) > 0) };
    },
    floor: { handler: floorUpload },
  },
];
