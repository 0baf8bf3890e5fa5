// 日志防篡改链：并发写入仍成一条链；直接改库、删行、删链尾都被 audit:verify 的核对指出第一处断裂的行；
// 过期日志移入归档后链仍核对通过（保留期至少 180 天）；每日校验发现断裂只通知省级日志管理员一次。
import { asc, eq, like, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { operationLogArchive, operationLogs } from '@/lib/domains/ops/tables';
import { loginLogArchive, loginLogs, users } from '@/lib/domains/user/tables';
import { messages } from '@/lib/domains/message/tables';
import { recordOperation } from '@/lib/domains/ops/operation-log';
import { insertLoginLog } from '@/lib/domains/user/login-log';
import { archiveAuditLogs, dailyAuditVerify, verifyAuditChains } from '@/lib/domains/ops/audit-chain';
import { runJob } from '@/lib/domains/ops/jobs';
import { CHAIN_GENESIS } from '@/lib/platform/audit/chain';
import type { Ctx, Endpoint } from '@/lib/platform/api/endpoint';
import type { Db } from '@/lib/platform/db/client';
import { fakeSession } from '../../helpers/session';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';

const { db } = setupTestDb();
const DAY = 86_400_000;

let n = 0;
function writeOp(d: Db, detail = '修改设备') {
  const session = fakeSession({ id: 1, account: 'admin', realName: '管理员' }, {});
  const ctx = { db: d, session, requestId: `req-chain-${++n}`, ip: '127.0.0.1' } as unknown as Ctx;
  const endpoint = { summary: '保存设备', permission: 'device.edit' } as unknown as Endpoint;
  return recordOperation({ key: 'POST /sys/device/save', endpoint, ctx, input: { name: `摄像头${n}`, nested: { b: 1, a: [1, 'x'] } }, changes: [{ entity: 'device', entityId: n, detail, before: null, after: { z: 1, a: n } }] });
}
const writeLogin = (d: Db, account: string) => insertLoginLog(d, { userId: null, account, kind: 'failure', message: '账号或密码错误', ip: '10.0.0.1', userAgent: 'vitest' });

const check = async (table: string) => (await verifyAuditChains(await db())).find((c) => c.table === table)!;
const opIds = async () => (await (await db()).select({ id: operationLogs.id }).from(operationLogs).orderBy(asc(operationLogs.id))).map((r) => r.id);

afterEach(() => vi.useRealTimers());

beforeAll(async () => {
  // 种子写的演示日志没有入链（启用前的旧行）：本文件从空表开始，归档的“连续一段”才好构造
  const d = await db();
  await d.delete(operationLogs);
  await d.delete(loginLogs);
});

describe('归档', () => {
  it('早于保留期的行移入归档表（不删除），保留期不足 180 天按 180 天；归档后整条链仍核对通过', async () => {
    const d = await db();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() - 200 * DAY));
    for (let i = 0; i < 3; i++) await writeOp(d, `二百天前 ${i}`);
    for (let i = 0; i < 2; i++) await writeLogin(d, `old_${i}`);
    vi.setSystemTime(new Date(Date.now() + 100 * DAY));
    await writeOp(d, '一百天前');
    await writeLogin(d, 'mid');
    vi.useRealTimers();
    await writeOp(d, '今天');
    await writeLogin(d, 'today');

    // 任务参数 30 天：低于 180 天，按 180 天
    const moved = await d.transaction((tx) => archiveAuditLogs(tx, 30));
    expect(moved).toBe(5);
    const archived = await d.select().from(operationLogArchive).orderBy(asc(operationLogArchive.id));
    expect(archived.map((r) => r.detail)).toEqual(['二百天前 0', '二百天前 1', '二百天前 2']);
    expect(archived[0].prevHash).toBe(CHAIN_GENESIS);
    expect((await d.select().from(loginLogArchive)).map((r) => r.account).sort()).toEqual(['old_0', 'old_1']);
    const live = await d.select().from(operationLogs).orderBy(asc(operationLogs.id));
    expect(live.map((r) => r.detail)).toEqual(['一百天前', '今天']);
    // 在线表的第一行接在归档的最后一行之后
    expect(live[0].prevHash).toBe(archived[2].hash);

    const checks = await verifyAuditChains(d);
    expect(checks.map((c) => [c.table, c.broken, c.checked])).toEqual([
      ['operation_log', null, 5],
      ['login_log', null, 4],
    ]);
  });
});

describe('写入与核对', () => {
  it('20 个并发写入（操作日志与登录日志各 20）仍是一条完整的链', async () => {
    const d = await db();
    const before = (await check('operation_log')).checked;
    await Promise.all(Array.from({ length: 20 }, (_, i) => [writeOp(d), writeLogin(d, `c_${i}`)]).flat());
    const [op, login] = await verifyAuditChains(d);
    expect(op).toMatchObject({ broken: null, checked: before + 20, unchained: 0 });
    expect(login.broken).toBeNull();
    const rows = await d.select().from(operationLogs).orderBy(asc(operationLogs.id));
    for (let i = 1; i < rows.length; i++) expect(rows[i].prevHash).toBe(rows[i - 1].hash);
  });

  it('登录接口写的失败记录同样入链', async () => {
    const res = await call('POST', '/user/login', { json: { account: 'no_such_user_chain', password: 'Wrong@2026x' } });
    expect(res.status).not.toBe(200);
    const [row] = await (await db()).select().from(loginLogs).where(eq(loginLogs.account, 'no_such_user_chain'));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await check('login_log')).broken).toBeNull();
  });

  it('直接在库里改一行：核对指出这一行（本行内容与哈希不符）；改回后恢复完好', async () => {
    const d = await db();
    const ids = await opIds();
    const victim = ids[5];
    const [orig] = await d.select().from(operationLogs).where(eq(operationLogs.id, victim));
    await d.execute(sql`update operation_log set detail = '被改过' where id = ${victim}`);
    expect((await check('operation_log')).broken).toEqual({ id: victim, reason: '本行内容与哈希不符（本行被改动）' });
    // 改 jsonb 里的值同样发现
    await d.update(operationLogs).set({ detail: orig.detail, input: { name: '别人' } }).where(eq(operationLogs.id, victim));
    expect((await check('operation_log')).broken?.id).toBe(victim);
    await d.update(operationLogs).set({ input: orig.input }).where(eq(operationLogs.id, victim));
    expect((await check('operation_log')).broken).toBeNull();
  });

  it('改登录日志的 IP 同样被发现；删除用户把 user_id 置空不算篡改', async () => {
    const d = await db();
    const [row] = await d.select().from(loginLogs).where(eq(loginLogs.account, 'today'));
    await d.update(loginLogs).set({ ip: '1.2.3.4' }).where(eq(loginLogs.id, row.id));
    expect((await check('login_log')).broken?.id).toBe(row.id);
    await d.update(loginLogs).set({ ip: row.ip, userId: null }).where(eq(loginLogs.id, row.id));
    expect((await check('login_log')).broken).toBeNull();
  });

  it('删掉中间一行：核对指出它后面的那一行（上一行哈希对不上）', async () => {
    const d = await db();
    const ids = await opIds();
    const [victim] = await d.select().from(operationLogs).where(eq(operationLogs.id, ids[3]));
    await d.delete(operationLogs).where(eq(operationLogs.id, victim.id));
    expect((await check('operation_log')).broken).toEqual({ id: ids[4], reason: '上一行哈希对不上（前面的行被删除、改动或插入）' });
    await d.insert(operationLogs).values(victim);
    expect((await check('operation_log')).broken).toBeNull();
  });

  it('在链中插入一条没有哈希的行：被指出', async () => {
    const d = await db();
    const ids = await opIds();
    const [src] = await d.select().from(operationLogs).where(eq(operationLogs.id, ids[ids.length - 1]));
    const [fake] = await d.insert(operationLogs).values({ ...src, id: undefined, detail: '补写的', prevHash: null, hash: null }).returning();
    expect((await check('operation_log')).broken).toEqual({ id: fake.id, reason: '缺少哈希（入链之后的行被改动或插入）' });
    await d.delete(operationLogs).where(eq(operationLogs.id, fake.id));
  });
});

describe('每日校验任务', () => {
  const notices = async () =>
    (await db()).select().from(messages).where(like(messages.title, '%防篡改校验发现断裂%'));

  it('断裂时通知省级日志管理员，同一处只通知一次；恢复后清除；删掉已核对过的链尾也被发现', async () => {
    const d = await db();
    const ok = await runJob(d, 'auditLog.verify', { trigger: 'manual' });
    expect(ok).toMatchObject({ status: 'success' });
    expect(await notices()).toHaveLength(0);

    const ids = await opIds();
    const victim = ids[2];
    await d.execute(sql`update operation_log set account = 'someone' where id = ${victim}`);
    await d.transaction((tx) => dailyAuditVerify(tx));
    const first = await notices();
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]).toMatchObject({ title: `操作日志防篡改校验发现断裂（第 ${victim} 行）`, link: '/system/ops/log', kind: 'system' });
    expect(first[0].content).toContain(`第 ${victim} 行断裂`);
    // 收件人：省级、持有系统日志查看权限（admin 在内）
    const recRows = await d
      .select({ account: users.account, level: users.level })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.userId))
      .where(like(messages.title, '%防篡改校验发现断裂%'));
    expect(recRows.map((r) => r.account)).toContain('admin');
    expect(new Set(recRows.map((r) => r.level))).toEqual(new Set(['province']));

    // 第二天仍是这一处：不再发
    await d.transaction((tx) => dailyAuditVerify(tx));
    expect(await notices()).toHaveLength(first.length);

    // 改回后完好，断裂记录清除；随后删掉链尾（已核对过的最后一行）
    await d.execute(sql`update operation_log set account = 'admin' where id = ${victim}`);
    await d.transaction((tx) => dailyAuditVerify(tx));
    const last = ids[ids.length - 1];
    await d.delete(operationLogs).where(eq(operationLogs.id, last));
    expect((await check('operation_log')).broken).toEqual({ id: last, reason: '上次核对通过的行已不存在（链尾被删除）' });
    await d.transaction((tx) => dailyAuditVerify(tx));
    expect(await notices()).toHaveLength(first.length * 2);
  });
});
