// 应用的端点表：未知路径、OpenAPI 文档。
import { describe, expect, it } from 'vitest';
import { endpointTable } from '@/lib/api';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

setupTestDb();

describe('应用端点表', () => {
  it('未知的 /api 路径返回 JSON 404 信封', async () => {
    const { status, body } = await call('GET', '/no/such/endpoint');
    expect(status).toBe(404);
    expect(body).toMatchObject({ returnCode: 404, data: null });
  });

  it('GET /api/openapi.json 由端点表生成，列出每个端点', async () => {
    const { body } = await call('GET', '/openapi.json');
    const doc = body as unknown as { openapi: string; paths: Record<string, Record<string, { summary: string; parameters?: { name: string }[]; 'x-permission': unknown }>> };
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(ops).toHaveLength(Object.keys(endpointTable).length);
    const byParent = doc.paths['/api/comApi/getAreaByParent'].get;
    expect(byParent.summary).toContain('区划');
    expect(byParent.parameters!.map((p) => p.name)).toEqual(['pid']);
    expect(doc.paths['/api/comApi/getAllAreaByPage'].post).toBeDefined();
  });

  it('每个分页端点答 totalCount（与 total 相同，SPEC §7），OpenAPI 里也写明', async () => {
    const paged = Object.entries(endpointTable).filter(([, ep]) => ep.paged);
    expect(paged.length).toBeGreaterThan(50);
    const { body } = await call('GET', '/openapi.json');
    type DataSchema = { $ref?: string; allOf?: DataSchema[]; properties: Record<string, unknown>; required: string[] };
    const doc = body as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: { data: DataSchema } } }> }> }>>;
      components: { schemas: Record<string, DataSchema> };
    };
    // 分页的 data：端点的输出模式 allOf 调度器补上的 PagingEcho
    const resolve = (s: DataSchema): DataSchema => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s.allOf ? resolve(s.allOf[s.allOf.length - 1]) : s);
    const admin = await authHeaders('admin');
    let answered = 0;
    for (const [key] of paged) {
      const [method, path] = key.split(' ');
      const data = resolve(doc.paths[`/api${path}`][method.toLowerCase()].responses[200].content['application/json'].schema.properties.data);
      expect(data.properties.totalCount, key).toEqual({ type: 'integer', description: '总条数，与 total 相同' });
      expect(data.required, key).toContain('totalCount');
      const res = await call<{ total: number; totalCount: number }>(method, path, method === 'GET' ? { headers: admin } : { headers: admin, json: {} });
      if (res.status !== 200) continue;
      answered++;
      expect(res.body.data.totalCount, key).toBe(res.body.data.total);
    }
    // 大多数分页端点不带筛选也能答（其余要求必填的筛选项）
    expect(answered).toBeGreaterThan(paged.length / 2);
  });
});
