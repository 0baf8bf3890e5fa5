// 并发猜密码：一个锁定窗口内最多比较 5 次密码，无论同时来多少请求（条件更新在库里占位）。
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginLogs } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { makeUser, reload } from '../user/fixtures';

const { db } = setupTestDb();

const attempt = (account: string, password: string) => call('POST', '/user/login', { json: { account, password } });

/** 真正比较过密码的次数：密码错误、触发锁定、登录成功各记一条 */
async function comparedCount(userId: number) {
  const d = await db();
  const rows = await d
    .select({ kind: loginLogs.kind, message: loginLogs.message })
    .from(loginLogs)
    .where(and(eq(loginLogs.userId, userId), inArray(loginLogs.kind, ['failure', 'locked', 'login'])));
  return rows.filter((r) => r.kind !== 'failure' || r.message?.startsWith('密码错误')).length;
}

describe('并发的错误密码', () => {
  it('同时 40 次错误密码：最多比较 5 次，账号锁定，其余都以锁定拒绝', async () => {
    const d = await db();
    const u = await makeUser(d, { account: 't_burst', password: 'Burst@2026x' });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt('t_burst', `wrong-${i}`)));
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(4);
    expect(await comparedCount(u.id)).toBeLessThanOrEqual(5);
    const after = await reload(d, u.id);
    expect(after.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const right = await attempt('t_burst', 'Burst@2026x');
    expect(right.status).toBe(429);
    expect(right.body.returnMsg).toMatch(/账号已锁定/);
  });

  it('29 次错误夹着 1 次正确：比较不超过 5 次；之后正确密码也被锁定拒绝', async () => {
    const d = await db();
    const u = await makeUser(d, { account: 't_burst2', password: 'Burst@2026y' });
    const passwords = Array.from({ length: 30 }, (_, i) => (i === 29 ? 'Burst@2026y' : `bad-${i}`));
    const answers = await Promise.all(passwords.map((p) => attempt('t_burst2', p)));
    expect(await comparedCount(u.id)).toBeLessThanOrEqual(5);
    // 正确的那次若排在前 5 个名额之外，它不会被比较，只能得到锁定
    expect([200, 429]).toContain(answers[29].status);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
  });
});

describe('不存在的账号与真实账号的锁定答复相同（不能以此枚举账号）', () => {
  /** 一次答复里调用方看得到的部分：状态、消息、有没有 lockedUntil（具体时刻各不相同） */
  const shape = (a: Awaited<ReturnType<typeof attempt>>) => ({ status: a.status, msg: a.body.returnMsg, lockedUntil: typeof (a.body.data as { lockedUntil?: unknown } | null)?.lockedUntil });

  it('连续 7 次错误：第 1–4 次“账号或密码错误”，第 5 次锁定 15 分钟，之后锁定期间答剩余分钟——两者逐次相同', async () => {
    await makeUser(await db(), { account: 't_real_lock', password: 'Real@2026lk' });
    const real: ReturnType<typeof shape>[] = [];
    const ghost: ReturnType<typeof shape>[] = [];
    for (let i = 0; i < 7; i++) {
      real.push(shape(await attempt('t_real_lock', `wrong-${i}`)));
      ghost.push(shape(await attempt('t_no_such_account', `wrong-${i}`)));
    }
    expect(ghost).toEqual(real);
    expect(real.map((r) => r.status)).toEqual([400, 400, 400, 400, 429, 429, 429]);
    expect(real[4]).toEqual({ status: 429, msg: '密码连续输错 5 次，账号已锁定，请 15 分钟后再试', lockedUntil: 'string' });
    expect(real[0].msg).toBe('账号或密码错误');
  });

  it('并发 20 次错误：不存在的账号同样锁定，答复的种类与真实账号相同', async () => {
    await makeUser(await db(), { account: 't_real_burst', password: 'Real@2026bu' });
    const kinds = async (account: string) => {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(account, `wrong-${i}`)));
      return [...new Set(answers.map((a) => `${a.status} ${a.body.returnMsg}`))].sort();
    };
    expect(await kinds('t_ghost_burst')).toEqual(await kinds('t_real_burst'));
    expect((await attempt('t_ghost_burst', 'x')).status).toBe(429);
  });
});
