// 应用的端点表：未知路径、OpenAPI 文档。
import { describe, expect, it } from 'vitest';
import { endpointTable } from '@/lib/api';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';

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
});
