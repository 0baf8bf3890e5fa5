// 每个端点答复 data 的模式（lib/api-output.generated.ts，由处理函数的结果类型生成）：API 测试的 call() 逐个校验成功的答复。
import { describe, expect, it } from 'vitest';
import { OUTPUT_SCHEMAS } from '@/lib/api-output.generated';
import { endpointTable } from '@/lib/api';
import { call, checkOutput } from '../../helpers/api';
import { setupTestDb } from '../../helpers/db';

describe('答复的输出模式', () => {
  setupTestDb();

  it('端点表的每一行都有一项（文件下载为 null）', () => {
    const keys = Object.keys(endpointTable).filter((k) => k !== 'GET /openapi.json');
    expect(keys.filter((k) => !(k in OUTPUT_SCHEMAS))).toEqual([]);
    expect(Object.keys(OUTPUT_SCHEMAS).filter((k) => !(k in endpointTable))).toEqual([]);
    expect(OUTPUT_SCHEMAS['GET /platform/importErrors']).toBeNull();
    expect(OUTPUT_SCHEMAS['POST /comApi/getAllAreaByPage']).not.toBeNull();
  });

  it('字段缺失、类型不对或时间不是 ISO 字符串时，校验失败并指出是哪个字段', () => {
    const row = { id: 130100, pid: 130000, name: '石家庄市', BIZ_CODE: '130100', level: 2, isLeaf: false };
    expect(() => checkOutput('POST', '/comApi/getAllAreaByPage', { list: [row], total: 1, totalCount: 1, pageNo: 1, pageSize: 10 })).not.toThrow();
    expect(() => checkOutput('POST', '/comApi/getAllAreaByPage', { list: [{ ...row, name: 1 }], total: 1 })).toThrow(/list\.0\.name/);
    const { isLeaf: _leaf, ...missing } = row;
    void _leaf;
    expect(() => checkOutput('POST', '/comApi/getAllAreaByPage', { list: [missing], total: 1 })).toThrow(/isLeaf/);
    expect(() => checkOutput('POST', '/comApi/getAllAreaByPage', { total: 1 })).toThrow(/list/);
  });

  it('经调度器的真实答复符合模式（call() 对每个成功的答复都这样检查）', async () => {
    const res = await call('POST', '/comApi/getAllAreaByPage', { json: { pageSize: 5 } });
    expect(res.body.returnCode).toBe(200);
    expect(() => checkOutput('POST', '/comApi/getAllAreaByPage', res.body.data)).not.toThrow();
  });
});
