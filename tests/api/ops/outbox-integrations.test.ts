// 外发队列的三个通道，各对一个本机的 HTTP 服务器：
// 求实平台（未配置时行“等待配置”、界面可见原因；配置后签名可核验、送出完整数据）、
// 腾讯云短信（经官方 SDK：服务器核对 SDK 发出的 SendSms 请求；网关拒绝时用户得到失败、行记为失败）、
// 国网上报（girdSubmit 经外发队列：批次号为幂等键，国网同步答复的退回在送达的同一个事务里登记；先失败后重试）。
// 本文件改 process.env：在 vitest.config.ts 的 ISOLATED 里。
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { makeUser, uniqueMobile } from '../user/fixtures';
import { huayuanPlan, login as scoreLogin, ok } from '../score/helpers';
import { backoffMs, deliverDueOutbox, outboxMessages } from '@/lib/platform/outbox';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from '@/lib/platform/outbox/http';
import { setSmsSender } from '@/lib/domains/user/sms';
import { teachers } from '@/lib/domains/teacher/tables';
import { TEACHER_AUDIT } from '@/lib/domains/teacher/transitions';
import { trainClasses } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';

const { db } = setupTestDb();

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** 本机的接收方：记下每个请求；reply 决定答复（默认 200 {}） */
const server = {
  received: [] as Received[],
  reply: ((): { status: number; body: unknown } => ({ status: 200, body: {} })) as (r: Received) => { status: number; body: unknown },
  url: '',
};
const httpServer = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const r = { path: req.url ?? '', headers: req.headers, body };
    server.received.push(r);
    const { status, body: out } = server.reply(r);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  });
});

const h: Record<string, Record<string, string>> = {};
const ENV_KEYS = ['QIUSHI_URL', 'QIUSHI_KEY', 'SMS_PROVIDER', 'STATE_GRID_URL', 'STATE_GRID_KEY', 'TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_ID', 'TENCENT_SMS_ENDPOINT'];
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
const QIUSHI_KEY = 'qiushi-test-key-0123456789';

const outboxRow = async (id: number) => (await (await db()).select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];

beforeAll(async () => {
  for (const k of ENV_KEYS) delete process.env[k];
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
  server.url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  for (const a of ['admin', 'sjz_admin']) h[a] = await authHeaders(a);
});
afterAll(async () => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  setSmsSender(null);
  await new Promise<void>((r) => httpServer.close(() => r()));
});

describe('求实平台', () => {
  it('未配置 QIUSHI_URL：推送照常记下，外发行“等待配置”并写明原因；配置后由定时任务送出，签名可核验，送的是完整身份证号', async () => {
    const [t] = await (await db()).select().from(teachers).where(and(eq(teachers.auditStatus, TEACHER_AUDIT.APPROVED), eq(teachers.cityId, 130100))).limit(1);
    expect(t, '石家庄审核通过的教师').toBeTruthy();
    const pushed = await call<{ outboxId: number; deliveryStatus: string; deliveryStatusName: string; teacher: { cardNo: string } }>('GET', '/teacher/postTeacherDataToQiuShi', { headers: h.sjz_admin, query: { id: String(t.id) } });
    expect(pushed.body.returnCode).toBe(200);
    expect(pushed.body.data).toMatchObject({ deliveryStatus: 'waiting', deliveryStatusName: '等待配置', deliveryNotice: '已记下，对方平台未配置，数据在外发队列中等待，配置后自动送出' });
    const { outboxId } = pushed.body.data;

    const list = await call<{ list: { id: number; status: string; statusName: string; lastError: string; channelName: string; actions: string[] }[] }>('POST', '/sys/outbox/list', { headers: h.admin, json: { channel: 'qiushi', pageNo: 1, pageSize: 50 } });
    expect(list.body.data.list.find((r) => r.id === outboxId)).toMatchObject({ status: 'waiting', statusName: '等待配置', lastError: '未配置 QIUSHI_URL', channelName: '求实平台', actions: [] });

    process.env.QIUSHI_URL = `${server.url}/qiushi/`;
    process.env.QIUSHI_KEY = QIUSHI_KEY;
    server.received = [];
    await deliverDueOutbox(await db());
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(server.received).toHaveLength(1);
    const [r] = server.received;
    expect(r.path).toBe('/qiushi/teacher');
    expect(verifySignature(QIUSHI_KEY, { timestamp: r.headers[TIMESTAMP_HEADER.toLowerCase()] as string, signature: r.headers[SIGNATURE_HEADER.toLowerCase()] as string }, r.body)).toBe(true);
    expect(verifySignature('wrong-key', { timestamp: r.headers[TIMESTAMP_HEADER.toLowerCase()] as string, signature: r.headers[SIGNATURE_HEADER.toLowerCase()] as string }, r.body)).toBe(false);
    const body = JSON.parse(r.body);
    expect(r.headers['idempotency-key']).toBe(body.idempotencyKey);
    expect(body).toMatchObject({ kind: 'teacher', data: { bizCode: t.code, cardNo: t.idCard } });
    expect(body.data.cardNo).toMatch(/^\d{17}[\dX]$/);
  });

  it('已配置：推送培训班在提交后立即送达', async () => {
    process.env.QIUSHI_URL = `${server.url}/qiushi`;
    process.env.QIUSHI_KEY = QIUSHI_KEY;
    const [c] = await (await db())
      .select()
      .from(trainClasses)
      .where(and(eq(trainClasses.cityId, 130100), inArray(trainClasses.status, [CLASS_STATUS.APPROVED, CLASS_STATUS.PUBLISHED, CLASS_STATUS.IN_TRAINING, CLASS_STATUS.FINISHED])))
      .limit(1);
    expect(c, '石家庄审核通过的培训班').toBeTruthy();
    server.received = [];
    const res = await call<{ deliveryStatus: string; deliveryNotice: string | null }>('POST', '/trainInfo/postClassDataToQiuShi', { headers: h.sjz_admin, json: { id: c.id } });
    expect(res.body.returnCode).toBe(200);
    expect(res.body.data).toMatchObject({ deliveryStatus: 'delivered', deliveryNotice: null });
    expect(server.received.map((r) => r.path)).toEqual(['/qiushi/trainClass']);
    expect(JSON.parse(server.received[0].body)).toMatchObject({ kind: 'trainClass', data: { code: c.code, name: c.name } });
  });
});

describe('腾讯云短信（SMS_PROVIDER=tencent，官方 SDK）', () => {
  beforeAll(() => {
    setSmsSender(null);
    Object.assign(process.env, {
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'AKIDtestSecretId',
      TENCENT_SMS_SECRET_KEY: 'testSecretKey',
      TENCENT_SMS_SDK_APP_ID: '1400000001',
      TENCENT_SMS_SIGN_NAME: '河北职业技能',
      TENCENT_SMS_TEMPLATE_ID: '100001',
      TENCENT_SMS_ENDPOINT: server.url,
    });
    setSmsSender(null); // 清掉缓存的配置，改动的环境变量生效
  });

  it('验证码短信经 SDK 发出：SendSms、手机号、模板参数（验证码、有效分钟数）、应用与签名、TC3 签名头、幂等键在 SessionContext；收到的验证码能登录', async () => {
    const mobile = uniqueMobile();
    await makeUser(await db(), { account: 't_tc_sms', mobile });
    server.received = [];
    server.reply = () => ({ status: 200, body: { Response: { SendStatusSet: [{ SerialNo: 'sn-1', PhoneNumber: `+86${mobile}`, Fee: 1, Code: 'Ok', Message: 'send success' }], RequestId: 'req-1' } } });
    const sent = await call('GET', '/user/sendVerCode', { query: { mobile, purpose: 'login' } });
    expect(sent.body.returnCode).toBe(200);
    expect(server.received).toHaveLength(1);
    const [r] = server.received;
    expect(r.headers['x-tc-action']).toBe('SendSms');
    expect(r.headers['x-tc-version']).toBe('2021-01-11');
    expect(r.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(String(r.headers.authorization)).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDtestSecretId\//);
    const req = JSON.parse(r.body);
    expect(req).toMatchObject({ SmsSdkAppId: '1400000001', SignName: '河北职业技能', TemplateId: '100001', PhoneNumberSet: [`+86${mobile}`] });
    expect(req.TemplateParamSet).toEqual([expect.stringMatching(/^\d{6}$/), '5']);
    expect(req.SessionContext).toMatch(/^sms:code:\d+$/);
    const [row] = await (await db()).select().from(outboxMessages).where(eq(outboxMessages.key, req.SessionContext));
    expect(row).toMatchObject({ channel: 'sms', status: 'delivered', attempts: 1 });
    expect(row.summary).not.toContain(mobile);
    const signIn = await call('POST', '/account/sms', { json: { mobile, smsCode: req.TemplateParamSet[0] } });
    expect(signIn.body.returnCode).toBe(200);
  });

  it('网关拒绝：用户立即得到“短信发送失败”，这条验证码作废，外发行为失败、原因可见，不能重试（作废的验证码不补发）', async () => {
    const mobile = uniqueMobile();
    await makeUser(await db(), { account: 't_tc_sms_fail', mobile });
    server.received = [];
    server.reply = () => ({ status: 200, body: { Response: { SendStatusSet: [{ PhoneNumber: `+86${mobile}`, Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'daily limit' }], RequestId: 'req-2' } } });
    const sent = await call('GET', '/user/sendVerCode', { query: { mobile, purpose: 'login' } });
    expect(sent.status).toBe(500);
    expect(sent.body.returnMsg).toBe('短信发送失败，请稍后重试');
    const key = JSON.parse(server.received[0].body).SessionContext;
    const [row] = await (await db()).select().from(outboxMessages).where(eq(outboxMessages.key, key));
    expect(row.status).toBe('failed');
    expect(row.lastError).toContain('LimitExceeded.PhoneNumberDailyLimit');
    const list = await call<{ list: { id: number; actions: string[] }[] }>('POST', '/sys/outbox/list', { headers: h.admin, json: { status: 'failed', key, pageNo: 1, pageSize: 10 } });
    expect(list.body.data.list.map((r) => r.actions)).toEqual([[]]);
    const retry = await call('POST', '/sys/outbox/retry', { headers: h.admin, json: { id: row.id } });
    expect(retry.status).toBe(400);
    expect(retry.body.returnMsg).toBe('该记录已过期（如验证码短信），不能重试');
    server.reply = () => ({ status: 200, body: {} });
  });
});

describe('国网数据上报（STATE_GRID_URL）', () => {
  it('上报经外发队列：批次号为幂等键，先失败后按退避重试，送达时登记国网同步给出的退回', async () => {
    await scoreLogin('eval_org', 'sjz_admin');
    const d = await db();
    const plan = await huayuanPlan(d, 8);
    // 演示数据里未了结的批次先按手工方式了结
    const existing = await ok<{ id: number; status: number }[]>('eval_org', '/examaff/stategrid/getBatches', { planId: plan.id });
    for (const b of existing.filter((x) => x.status <= 2)) {
      if (b.status === 0) await ok('eval_org', '/examaff/stategrid/generateConfirm', { batchId: b.id });
      if (b.status <= 1) await ok('eval_org', '/examaff/stategrid/girdSubmit', { batchId: b.id });
      await ok('sjz_admin', '/examaff/stategrid/answer', { batchId: b.id, rejections: [] });
    }
    const batchId = (await ok<{ id: number }>('eval_org', '/examaff/stategrid/apply', { planId: plan.id })).id;
    await ok('eval_org', '/examaff/stategrid/generateConfirm', { batchId });

    process.env.STATE_GRID_URL = `${server.url}/stategrid`;
    process.env.STATE_GRID_KEY = 'sg-key';
    server.received = [];
    let calls = 0;
    let victim = '';
    server.reply = (r) => {
      calls++;
      if (calls === 1) return { status: 503, body: { message: 'busy' } };
      const body = JSON.parse(r.body) as { rows: string[][]; columns: string[] };
      victim = body.rows[0][body.columns.indexOf('ZSBH')];
      return { status: 200, body: { accepted: false, rejections: [{ cerCode: victim, reason: '照片不清晰' }] } };
    };
    const submitted = await ok<{ status: number; batchNo: string; deliveryStatus: string; deliveryError: string }>('eval_org', '/examaff/stategrid/girdSubmit', { batchId });
    // 已上报（状态与外发行同一事务），第一次投递失败，等重试
    expect(submitted).toMatchObject({ status: 2, deliveryStatus: 'pending' });
    expect(submitted.deliveryError).toContain('HTTP 503');
    expect(server.received).toHaveLength(1);
    expect(server.received[0].headers['idempotency-key']).toBe(`stategrid:${submitted.batchNo}`);
    expect(server.received[0].headers['x-api-key']).toBe('sg-key');
    expect(JSON.parse(server.received[0].body).rows[0]).toContainEqual(expect.stringMatching(/^\d{17}[\dX]$/));

    await deliverDueOutbox(d, { now: new Date(Date.now() + backoffMs(1) + 1_000) });
    expect(server.received.map((r) => r.headers['idempotency-key'])).toEqual([`stategrid:${submitted.batchNo}`, `stategrid:${submitted.batchNo}`]);
    const [after] = await ok<{ id: number; status: number; reason: string }[]>('eval_org', '/examaff/stategrid/getBatches', { planId: plan.id });
    expect(after).toMatchObject({ id: batchId, status: 4, reason: '退回 1 人' });
    const ledger = await ok<{ list: { cerCode: string; itemStatusName: string; reason: string | null }[] }>('eval_org', '/examaff/stategrid/list', { planId: plan.id, pageNo: 1, pageSize: 100 });
    expect(ledger.list.find((r) => r.cerCode === victim)).toMatchObject({ reason: '照片不清晰' });
  });
});
