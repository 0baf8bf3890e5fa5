// 业务错误的消息随 Cookie lang：returnMsg、字段消息、/bapi 的 x-msg 头都是所选语言；没有 Cookie 时仍是简体中文。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { baseWorks } from '@/lib/domains/catalog/tables';
import { filings } from '@/lib/domains/filing/tables';
import { FILING_STATUS } from '@/lib/domains/filing/transitions';
import { eq } from 'drizzle-orm';

const { db: getDb } = setupTestDb();

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'eval_org']) h[a] = await authHeaders(a);
});

const withLang = (headers: Record<string, string>, lang?: string) => (lang ? { ...headers, cookie: `theme=dark; lang=${lang}` } : headers);

describe('业务错误的消息随语言', () => {
  it.each([
    [undefined, '账号已存在'],
    ['en-US', 'This account already exists'],
    ['zh-TW', '賬號已存在'],
    ['pt-BR', 'This account already exists'],
  ])('lang=%s：新建已存在的账号', async (lang, message) => {
    const { status, body } = await call('POST', '/account/add', {
      headers: withLang(h.admin, lang),
      json: { account: 'sjz_admin', password: 'Init@2026x', nickName: '重复' },
    });
    expect(status).toBe(400);
    expect(body.returnMsg).toBe(message);
    expect(body.data).toEqual({ fields: { account: message } });
  });

  it('/bapi 的 x-msg 头与 returnMsg 是同一句译文', async () => {
    const zh = await call('POST', '/bapi/processRule/del', { headers: h.admin, json: { ids: [987654] } });
    expect(zh.status).toBe(404);
    expect(zh.body.returnMsg).toBe('流程规则不存在或不在您的管辖范围内');
    expect(decodeURIComponent(zh.headers.get('x-msg')!)).toBe(zh.body.returnMsg);

    const en = await call('POST', '/bapi/processRule/del', { headers: withLang(h.admin, 'en-US'), json: { ids: [987654] } });
    expect(en.status).toBe(404);
    expect(en.body.returnMsg).toBe('Process rule not found or outside your jurisdiction');
    expect(decodeURIComponent(en.headers.get('x-msg')!)).toBe(en.body.returnMsg);
    expect(en.headers.get('x-code')).toBe('201');
  });

  it('带状态名与动词的模板消息整句译出', async () => {
    const db = await getDb();
    const [work] = await db.select({ code: baseWorks.code }).from(baseWorks).orderBy(baseWorks.code).limit(1);
    const created = await call<{ id: number }>('POST', '/fil/info/saveFilInfoByOther', {
      headers: h.eval_org,
      json: { kind: 1, orgType: 3, contactName: '陈静', contactPhone: '13831100004', works: [{ workCode: work.code, levels: [5] }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await db.update(filings).set({ status: FILING_STATUS.FIRST_REVIEW }).where(eq(filings.id, created.body.data.id));

    const submit = (lang?: string) => call('POST', '/fil/modify/submitAudit', { headers: withLang(h.eval_org, lang), json: { id: created.body.data.id } });
    expect((await submit()).body.returnMsg).toBe('备案当前为「待初审」，不能提交');
    expect((await submit('en-US')).body.returnMsg).toBe('The filing is “Awaiting city review”; you cannot submit');
    expect((await submit('zh-TW')).body.returnMsg).toBe('備案當前為「待初審」，不能提交');
  });

  it('调度器自己的消息：不存在的接口', async () => {
    const zh = await call('GET', '/no/such/endpoint');
    expect(zh.body.returnMsg).toBe('接口不存在：GET /api/no/such/endpoint');
    const en = await call('GET', '/no/such/endpoint', { headers: { cookie: 'lang=en-US' } });
    expect(en.status).toBe(404);
    expect(en.body.returnMsg).toBe('No such endpoint: GET /api/no/such/endpoint');
  });

  it('未登录的提示', async () => {
    const en = await call('POST', '/account/listUsers', { headers: { cookie: 'lang=en-US' }, json: {} });
    expect(en.status).toBe(401);
    expect(en.body.returnMsg).toBe('You are not signed in or your session has expired; please sign in again');
  });
});
