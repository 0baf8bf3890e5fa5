// 定时任务：立即执行真的删掉过期会话并记一条执行记录；启停；只能配置内置任务；到期判断；权限。
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '@/lib/domains/user/tables';
import { scheduleJobs } from '@/lib/domains/ops/tables';
import { dueJobCodes, runJob } from '@/lib/domains/ops/jobs';
import { demoUserId } from '@/db/seed';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, purgeStaleTempFiles, tempRoot } from '@/lib/platform/storage/temp';
import { parseMultipart } from '@/lib/platform/http/multipart';

const { db } = setupTestDb();

interface Job {
  code: string;
  name: string;
  enabled: boolean;
  intervalMinutes: number;
  retentionDays: number | null;
  lastRunAt: string | null;
  lastStatus: string | null;
}
interface Run {
  id: number;
  status: string;
  trigger: string;
  rowsAffected: number;
  message: string;
  jobName: string;
}

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin']) h[a] = await authHeaders(a);
});

const post = <T>(path: string, json: Record<string, unknown>, headers = h.admin) => call<T>('POST', path, { headers, json });
const days = (n: number) => new Date(Date.now() - n * 86_400_000);

describe('立即执行', () => {
  it('清理过期会话：删除过期或吊销超过 7 天的会话，保留其余，并记录执行结果', async () => {
    const d = await db();
    const userId = await demoUserId(d, 'teacher');
    const mk = (tag: string, expiresAt: Date, revokedAt: Date | null = null) => ({ tokenHash: `job-test-${tag}`.padEnd(64, '0'), userId, expiresAt, revokedAt, createdAt: days(40) });
    await d.insert(userSessions).values([
      mk('old-expired', days(30)),
      mk('old-revoked', days(-1), days(10)),
      mk('recent-expired', days(1)),
      mk('recent-revoked', days(-1), days(1)),
      mk('alive', days(-3)),
    ]);
    const res = await post<Run>('/sys/job/run', { code: 'session.cleanup' });
    expect(res.body).toMatchObject({ returnCode: 200, data: { status: 'success', trigger: 'manual', message: '完成，处理 2 条' } });
    expect(res.body.data.rowsAffected).toBe(2);
    const left = await d.select({ tokenHash: userSessions.tokenHash }).from(userSessions).where(inArray(userSessions.tokenHash, ['old-expired', 'old-revoked', 'recent-expired', 'recent-revoked', 'alive'].map((t) => `job-test-${t}`.padEnd(64, '0'))));
    expect(left.map((r) => r.tokenHash.replace(/0+$/, '')).sort()).toEqual(['job-test-alive', 'job-test-recent-expired', 'job-test-recent-revoked']);

    const jobs = await post<{ list: Job[] }>('/sys/job/list', {});
    const job = jobs.body.data.list.find((j) => j.code === 'session.cleanup')!;
    expect(job.lastStatus).toBe('success');
    expect(job.lastRunAt).not.toBeNull();

    const runs = await post<{ list: Run[]; total: number }>('/sys/job/runs', { code: 'session.cleanup' });
    expect(runs.body.data.total).toBe(1);
    expect(runs.body.data.list[0]).toMatchObject({ id: res.body.data.id, rowsAffected: 2, jobName: '清理过期会话' });
  });

  it('其余内置任务都能执行成功', async () => {
    for (const code of ['importErrors.purge', 'smsCode.cleanup', 'auditLog.archive', 'auditLog.verify', 'rateLimit.purge']) {
      const res = await post<Run>('/sys/job/run', { code });
      expect(res.body.data.status, code).toBe('success');
    }
  });

  it('未知任务答 404', async () => {
    const res = await post('/sys/job/run', { code: 'no.such' });
    expect(res.status).toBe(404);
    expect(res.body.returnMsg).toBe('任务 no.such 不存在');
  });
});

describe('启停、修改与到期', () => {
  it('停用后不再到期执行，启用后恢复；定时触发在锁内复查到期', async () => {
    const d = await db();
    await d.update(scheduleJobs).set({ lastRunAt: null }).where(eq(scheduleJobs.code, 'smsCode.cleanup'));
    expect(await dueJobCodes(d)).toContain('smsCode.cleanup');

    const off = await post<Job>('/sys/job/disable', { code: 'smsCode.cleanup' });
    expect(off.body.data).toMatchObject({ enabled: false });
    expect(await dueJobCodes(d)).not.toContain('smsCode.cleanup');
    expect(await runJob(d, 'smsCode.cleanup', { trigger: 'schedule', onlyIfDue: true })).toBeNull();

    const on = await post<Job>('/sys/job/enable', { code: 'smsCode.cleanup' });
    expect(on.body.data.enabled).toBe(true);
    const run = await runJob(d, 'smsCode.cleanup', { trigger: 'schedule', onlyIfDue: true });
    expect(run).toMatchObject({ status: 'success', trigger: 'schedule' });
    // 刚执行过，未到下一个周期
    expect(await dueJobCodes(d)).not.toContain('smsCode.cleanup');
    expect(await runJob(d, 'smsCode.cleanup', { trigger: 'schedule', onlyIfDue: true })).toBeNull();
  });

  it('修改执行间隔与保留天数；校验消息；只能配置内置任务', async () => {
    const saved = await post<Job>('/sys/job/save', { code: 'session.cleanup', intervalMinutes: 30, retentionDays: 14 });
    expect(saved.body.data).toMatchObject({ code: 'session.cleanup', intervalMinutes: 30, retentionDays: 14, enabled: true });

    const zero = await post<{ fields: Record<string, string> }>('/sys/job/save', { code: 'session.cleanup', intervalMinutes: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.data.fields.intervalMinutes).toBe('执行间隔至少 1 分钟');

    const unknown = await post('/sys/job/save', { code: 'rm.everything', intervalMinutes: 5 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.returnMsg).toContain('只能配置系统内置的任务');

    const noParam = await post('/sys/job/save', { code: 'importErrors.purge', intervalMinutes: 60, retentionDays: 3 });
    expect(noParam.status).toBe(400);
    expect(noParam.body.returnMsg).toBe('该任务没有保留天数参数');
  });

  it('被删掉的内置任务可经“保存”重新建立', async () => {
    const d = await db();
    await d.delete(scheduleJobs).where(eq(scheduleJobs.code, 'auditLog.archive'));
    const res = await post<Job>('/sys/job/save', { code: 'auditLog.archive', intervalMinutes: 1440 });
    expect(res.body.data).toMatchObject({ code: 'auditLog.archive', name: '归档过期日志', retentionDays: 180, enabled: true });
  });
});

describe('权限', () => {
  it('市级管理员没有定时任务权限：列表、执行、启停都答 403', async () => {
    for (const path of ['/sys/job/list', '/sys/job/run', '/sys/job/disable', '/sys/job/runs']) {
      expect((await post(path, { code: 'session.cleanup' }, h.sjz_admin)).status, path).toBe(403);
    }
  });
});

describe('上传临时文件（进程在上传中途退出时留下的）', () => {
  /** 一个像上传中途崩溃留下的临时目录：里面有半个文件，hoursAgo 小时前最后改动 */
  async function leftover(hoursAgo: number): Promise<string> {
    const dir = await makeTempDir('upload');
    const file = path.join(dir, '0.bin');
    fs.writeFileSync(file, 'half an upload');
    const then = new Date(Date.now() - hoursAgo * 3600_000);
    fs.utimesSync(file, then, then);
    fs.utimesSync(dir, then, then);
    return dir;
  }

  it('上传先写进本服务自己的临时目录，处理完即删', async () => {
    const boundary = 'XyZ';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="a.txt"', '', 'hello', `--${boundary}--`, ''].join('\r\n');
    const request = new Request('http://localhost/x', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    const parsed = await parseMultipart(request, { maxBytes: 1 << 20, maxFiles: 1 });
    const [file] = parsed.files;
    expect(path.dirname(path.dirname(file.path))).toBe(tempRoot());
    await parsed.cleanup();
    expect(fs.existsSync(path.dirname(file.path))).toBe(false);
  });

  it('定时任务删除超过 6 小时没有改动的临时目录，正在写的（新近改动的）不动，执行记录写明个数', async () => {
    const stale = await leftover(7);
    const fresh = await leftover(1);
    const res = await post<Run>('/sys/job/run', { code: 'uploadTemp.purge' });
    expect(res.body.data.status).toBe('success');
    expect(res.body.data.rowsAffected).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh, { recursive: true, force: true });
  });

  it('启动时用的同一函数：按最后改动时间判断（目录旧而文件新的不删）', async () => {
    const dir = await leftover(10);
    fs.writeFileSync(path.join(dir, '1.bin'), 'still writing');
    const stale = await leftover(10);
    expect(await purgeStaleTempFiles()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(dir)).toBe(true);
    expect(fs.existsSync(stale)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
