// 步骤审核配置的并发设置：同时提交的几次设置都不报 500，结果是其中某一次的完整配置（不会半新半旧）。
import { describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

setupTestDb();

describe('并发设置步骤审核配置', () => {
  it('10 次并发设置：全部 200，最后的配置是其中一次给出的步骤', async () => {
    const admin = await authHeaders('admin');
    const choices = Array.from({ length: 10 }, (_, i) => [1 + (i % 8), 1 + ((i + 3) % 8)].sort());
    const answers = await Promise.all(choices.map((steps) => call('POST', '/exaPlanStepAuditing/updateExaPlanStepAuditing', { headers: admin, json: { kind: 1, steps } })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const list = await call<{ list: { step: number; required: boolean }[] }>('POST', '/exaPlanStepAuditing/listExaPlanStepAuditing', { headers: admin, json: { kind: 1 } });
    const required = list.body.data.list.filter((r) => r.required).map((r) => r.step).sort();
    expect(choices.map((c) => c.join())).toContain(required.join());
  });
});
