// 短信验证码：经 SmsSender 发送（默认写入服务端日志；SMS_PROVIDER=tencent 经腾讯云），库里只存哈希；5 分钟有效，
// 同一手机号同一用途 60 秒一条，每个手机号每天（北京时间）最多 10 条，同一 IP 每小时最多 50 条，每条最多错 5 次。
// 短信经外发队列（通道 sms，lib/platform/outbox）：验证码与外发行在同一个事务里写下，提交后立即发送，见 issueSmsCode 与 docs/OUTBOX.md。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { maskMobile } from '@/lib/platform/identity/mask';
import { log } from '@/lib/platform/log';
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError, ReturnCode } from '@/lib/platform/api/errors';
import { deliverOutboxNow, enqueueOutbox, failOutbox, OUTBOX_STATUS, registerOutboxChannel } from '@/lib/platform/outbox';
import { smsCodes } from './tables';
import type { SmsPurpose } from './schemas';
import { tencentSmsConfigFromEnv, tencentSmsSender } from './sms-tencent';

export interface SmsSender {
  /** text 是完整的短信文字（log 方式记它）；按模板发送的网关用 params（验证码、有效分钟数）；key 是外发队列的幂等键 */
  send(mobile: string, text: string, opts?: { params?: string[]; key?: string }): Promise<void>;
}

export const SMS_CHANNEL = 'sms';
interface SmsPayload {
  mobile: string;
  text: string;
  params: string[];
}

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_ATTEMPTS = 5;
/** 同一来源 IP 每小时最多发出的验证码（防止拿接口轮番轰炸不同号码） */
export const SMS_IP_HOURLY_LIMIT = 50;

const PURPOSE_LABEL: Record<SmsPurpose, string> = {
  login: '登录',
  register: '注册',
  resetPassword: '找回密码',
  updateMobile: '更换手机号',
};

/**
 * 默认发送器（开发、演示与内网无短信网关时）：日志只记“发给了谁”（手机号脱敏）；
 * 验证码只有显式设置 SMS_LOG_CODES=true（仅限开发）时才写进日志。
 */
export const logSmsSender: SmsSender = {
  async send(mobile, text) {
    if (process.env.SMS_LOG_CODES === 'true') log.info({ component: 'sms', mobile }, `短信 ${text}`);
    else log.info({ component: 'sms', mobile: maskMobile(mobile) }, '已发送验证码（内容不记日志；开发时可设 SMS_LOG_CODES=true 显示）');
  },
};

interface SmsConfig {
  sender: SmsSender;
  /** 生成验证码；fixed 模式下总是同一个 */
  nextCode(): string;
}

const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** 按环境变量 SMS_PROVIDER 选择；未知取值返回说明错误的文字。 */
function configFromEnv(): SmsConfig | string {
  const provider = (process.env.SMS_PROVIDER ?? '').trim() || 'log';
  if (provider === 'log') return { sender: logSmsSender, nextCode: randomCode };
  if (provider === 'tencent') {
    const cfg = tencentSmsConfigFromEnv();
    return typeof cfg === 'string' ? cfg : { sender: tencentSmsSender(cfg), nextCode: randomCode };
  }
  if (provider === 'fixed') {
    const code = (process.env.SMS_FIXED_CODE ?? '').trim();
    if (!/^\d{6}$/.test(code)) return 'SMS_PROVIDER=fixed 需要 SMS_FIXED_CODE 为 6 位数字';
    let warned = false;
    return {
      sender: logSmsSender,
      nextCode() {
        if (!warned) {
          warned = true;
          log.warn({ component: 'sms' }, '警告：SMS_PROVIDER=fixed，所有验证码都是 SMS_FIXED_CODE，仅供自动化测试使用，切勿用于生产环境！');
        }
        return code;
      },
    };
  }
  return `SMS_PROVIDER=${provider} 不受支持：可选 log（默认，验证码写入服务端日志）、tencent（腾讯云短信）或 fixed（测试用固定验证码，需同时设置 SMS_FIXED_CODE）`;
}

let cached: SmsConfig | null = null;
let override: SmsSender | null = null;

/** 启动时检查配置：返回错误说明，配置正确时为 null（instrumentation 在启动日志中报出）。 */
export function smsConfigError(): string | null {
  const cfg = configFromEnv();
  return typeof cfg === 'string' ? cfg : null;
}

function smsConfig(): SmsConfig {
  if (!cached) {
    const cfg = configFromEnv();
    if (typeof cfg === 'string') throw new ApiError(ReturnCode.SERVER_ERROR, `短信服务配置错误：${cfg}`);
    cached = cfg;
  }
  return override ? { sender: override, nextCode: cached.nextCode } : cached;
}

// 外发队列的短信通道：定时任务重发（提交后立即发送没有执行到时，如实例恰在此时中断）也经这里
registerOutboxChannel<SmsPayload, void>(SMS_CHANNEL, {
  label: '短信',
  send: ({ key, payload }) => smsConfig().sender.send(payload.mobile, payload.text, { params: payload.params, key }),
});

/** 测试注入发送器（null 恢复默认）；也清掉缓存的配置，使改动的环境变量生效。 */
export function setSmsSender(sender: SmsSender | null): void {
  override = sender;
  cached = null;
}

const hashCode = (mobile: string, purpose: string, code: string) => createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest('hex');

/** 北京时间当天 0 点 */
function startOfBeijingDay(now: Date): Date {
  const offset = 8 * 3600 * 1000;
  const local = now.getTime() + offset;
  return new Date(local - (local % 86_400_000) - offset);
}

export interface IssuedCode {
  /** 有效期（秒） */
  expiresIn: number;
  /** 多少秒后可再次获取 */
  resendIn: number;
}

/** 生成并发送验证码。同一手机号的签发串行化（咨询锁），并发请求也不能绕过频率限制。 */
export async function issueSmsCode(db: Db, mobile: string, purpose: SmsPurpose, ip?: string): Promise<IssuedCode> {
  const cfg = smsConfig();
  const code = cfg.nextCode();
  const now = new Date();
  const text = `验证码 ${code}，用于${PURPOSE_LABEL[purpose]}，${SMS_CODE_TTL_MS / 60000} 分钟内有效，请勿告诉他人。`;
  const { id, outboxId } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + mobile}))`);
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last) {
      const wait = Math.ceil((last.createdAt.getTime() + SMS_RESEND_INTERVAL_MS - now.getTime()) / 1000);
      if (wait > 0) throw new ApiError(ReturnCode.TOO_MANY, `验证码发送过于频繁，请 ${wait} 秒后再试`, { data: { retryAfter: wait } });
    }
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)), gte(smsCodes.createdAt, startOfBeijingDay(now))));
    if (n >= SMS_DAILY_LIMIT) throw new ApiError(ReturnCode.TOO_MANY, `该手机号今天获取验证码已达 ${SMS_DAILY_LIMIT} 次上限，请明天再试`);
    if (ip) {
      // 同一 IP 的签发也串行化：不同号码各持各的号码锁，只靠计数会被并发请求一起越过上限
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms-ip:' + ip.slice(0, 64)}))`);
      const [{ n: byIp }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, ip.slice(0, 64)), gte(smsCodes.createdAt, new Date(now.getTime() - 3600_000))));
      if (byIp >= SMS_IP_HOURLY_LIMIT) throw new ApiError(ReturnCode.TOO_MANY, '当前网络获取验证码过于频繁，请 1 小时后再试');
    }
    // 顺带清理该手机号两天前的旧记录，表不会无限增长
    await tx.delete(smsCodes).where(and(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)), lt(smsCodes.createdAt, new Date(now.getTime() - 2 * 86_400_000))));
    const [row] = await tx
      .insert(smsCodes)
      .values({
        mobile,
        mobileIndex: blindIndex('mobile', mobile),
        purpose,
        codeHash: hashCode(mobile, purpose, code),
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
        ip: ip?.slice(0, 64) || null,
        createdAt: now,
      })
      .returning({ id: smsCodes.id });
    // 外发行与验证码同一事务：验证码过期后不再投递（晚到的验证码没有用）
    const outboxId = await enqueueOutbox(tx, {
      channel: SMS_CHANNEL,
      key: `sms:code:${row.id}`,
      summary: `验证码短信 ${maskMobile(mobile)}（${PURPOSE_LABEL[purpose]}）`,
      payload: { mobile, text, params: [code, String(SMS_CODE_TTL_MS / 60000)] } satisfies SmsPayload,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    });
    return { id: row.id, outboxId };
  });
  // 提交之后立即发送，用户等的就是这一条。第一次没发出去就告诉用户并作废这条验证码（不留给定时任务重试：
  // 用户已被告知失败、会重新获取），外发行记为失败，运维界面上看得到原因。
  const [outcome] = await deliverOutboxNow(db, [outboxId]);
  if (outcome?.status !== OUTBOX_STATUS.DELIVERED && outcome?.status !== OUTBOX_STATUS.SENDING) {
    // 没发出去的验证码不占频率与次数
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    const reason = outcome?.error instanceof Error ? outcome.error.message : '发送失败';
    await failOutbox(db, outboxId, `验证码短信没有即时发出，验证码已作废，不再重试（用户可重新获取）：${reason}`, { expire: true });
    log.error({ component: 'sms', err: outcome?.error, mobile: maskMobile(mobile) }, '短信发送失败');
    throw new ApiError(ReturnCode.SERVER_ERROR, '短信发送失败，请稍后重试');
  }
  return { expiresIn: SMS_CODE_TTL_MS / 1000, resendIn: SMS_RESEND_INTERVAL_MS / 1000 };
}

/**
 * 核对并作废验证码：只认该手机号该用途最近一条未用的验证码。
 * 比较之前先用一条条件更新占一次尝试（attempts < 5 才加一），占不到就不比较：并发的错误请求合起来也最多比较 5 次。
 * 正确则立即标记已用（条件更新，同一验证码只能用一次）。
 */
export async function verifySmsCode(db: Db, mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
  const now = new Date();
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row) throw ApiError.badRequest('请先获取验证码', { smsCode: '请先获取验证码' });
  if (row.expiresAt.getTime() <= now.getTime()) throw ApiError.badRequest('验证码已过期，请重新获取', { smsCode: '验证码已过期，请重新获取' });
  const [reserved] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt), lt(smsCodes.attempts, SMS_MAX_ATTEMPTS)))
    .returning({ attempts: smsCodes.attempts });
  if (!reserved) throw ApiError.badRequest('验证码错误次数过多，请重新获取', { smsCode: '验证码错误次数过多，请重新获取' });
  if (row.codeHash !== hashCode(mobile, purpose, code)) {
    const left = SMS_MAX_ATTEMPTS - reserved.attempts;
    const msg = left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取';
    throw ApiError.badRequest(msg, { smsCode: msg });
  }
  const used = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw ApiError.badRequest('验证码已使用，请重新获取', { smsCode: '验证码已使用，请重新获取' });
}
