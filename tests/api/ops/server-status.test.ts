// GET /api/sys/server/status：省级管理员看到答复实例的进程、数据库、迁移、定时任务与存储；没有授权 403；
// 被授予了权限的非省级用户也 403（服务器状态不分市，只给省级）；未登录 401。
import { describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { fakeSession } from '../../helpers/session';
import { authHeaders } from '../access/login-helper';
import { endpointTable } from '@/lib/api';
import { createDispatcher } from '@/lib/platform/api/dispatcher';
import { getDb } from '@/lib/platform/db/client';
import { JOB_DEFINITIONS } from '@/lib/domains/ops/jobs';

setupTestDb();

interface Status {
  instance: { pid: number; nodeVersion: string; uptimeSeconds: number; cpuCount: number };
  process: { memory: { rssBytes: number }; cpu: { averagePercent: number } };
  database: { kind: string; version: string; sizeBytes: number; pool: { max: number } | null };
  migrations: { current: boolean; pending: string[]; applied: number; shipped: number };
  scheduler: { running: boolean };
  jobs: { code: string; lastRunAt: string | null }[];
  storage: { driver: string; writable: boolean; location: string; disk: { freeBytes: number } | null };
  publicBase: { url: string | null; source: string; warningKind: string | null; warning: string | null };
}

describe('服务器状态', () => {
  it('省级管理员：进程、数据库、迁移、定时任务与存储', async () => {
    const { status, body } = await call<Status>('GET', '/sys/server/status', { headers: await authHeaders('admin') });
    expect(status).toBe(200);
    const s = body.data;
    expect(s.instance).toMatchObject({ pid: process.pid, nodeVersion: process.version });
    expect(s.instance.cpuCount).toBeGreaterThan(0);
    expect(s.process.memory.rssBytes).toBeGreaterThan(0);
    expect(s.database.version).toMatch(/^\d+/);
    expect(s.database.sizeBytes).toBeGreaterThan(0);
    expect(s.database.kind === 'postgres' ? s.database.pool?.max : null).toBe(s.database.kind === 'postgres' ? 4 : null);
    expect(s.migrations).toMatchObject({ current: true, pending: [] });
    expect(s.migrations.applied).toBe(s.migrations.shipped);
    // 测试进程不启动定时器
    expect(s.scheduler.running).toBe(false);
    expect(s.jobs.map((j) => j.code).sort()).toEqual(JOB_DEFINITIONS.map((d) => d.code).sort());
    expect(s.storage).toMatchObject({ driver: 'local', writable: true, location: process.env.UPLOAD_DIR });
    expect(s.storage.disk!.freeBytes).toBeGreaterThan(0);
    // 证书二维码的站点地址：测试进程没有设置，给出警告（指向哪里、要做什么）
    expect(s.publicBase).toMatchObject({ url: 'http://localhost:3000', source: 'default', warningKind: 'default' });
    expect(s.publicBase.warning).toBe('未设置 PUBLIC_BASE_URL：证书二维码里的核验链接指向 http://localhost:3000，别的设备扫码打不开；请设置本站对外的地址');
  });

  it('市级管理员没有授权：403', async () => {
    const { status } = await call('GET', '/sys/server/status', { headers: await authHeaders('sjz_admin') });
    expect(status).toBe(403);
  });

  it('未登录：401', async () => {
    const { status } = await call('GET', '/sys/server/status');
    expect(status).toBe(401);
  });

  it('被授予权限的市级用户仍然 403：服务器状态只给省级', async () => {
    const session = fakeSession({ level: 'city', cityId: 130100, areaId: 130100 }, { serverStatus: ['query'] });
    const dispatch = createDispatcher({ table: endpointTable, getDb, resolveSession: async () => session });
    const { status, body } = await call('GET', '/sys/server/status', { dispatch });
    expect(status).toBe(403);
    expect(body.returnMsg).toBe('服务器状态只有省级管理员可以查看');
  });
});
