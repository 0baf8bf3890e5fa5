// API 客户端对 SPEC §8 错误目录的处理：注入假的 fetch、通知、刷新、跳转与保存，逐行断言。
import { describe, expect, it, vi } from 'vitest';
import { ApiClientError, apiUrl, createApiClient, fileNameFromDisposition, loginUrl, type ApiClientDeps } from '@/components/api-client';
import { authMessages } from '@/lib/i18n/messages/auth';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

const envelope = (returnCode: number, returnMsg: string, data: unknown = null) => ({ returnCode, returnMsg, data });

function setup(handler: Handler, path = '/exam/plans?tab=1') {
  const calls: { url: string; init: RequestInit }[] = [];
  const notified: { title: string; description: string }[] = [];
  const deps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, init });
      if (url === '/api/user/logout') return json(envelope(200, 'success'));
      return handler(url, init);
    }) as unknown as typeof fetch,
    notify: { error: vi.fn((title: string, description: string) => notified.push({ title, description })) },
    reload: vi.fn(),
    navigate: vi.fn(),
    currentPath: () => path,
    saveBlob: vi.fn(),
    clearClientCookies: vi.fn(),
  } satisfies Partial<ApiClientDeps>;
  const client = createApiClient(deps);
  const logoutCalls = () => calls.filter((c) => c.url === '/api/user/logout').length;
  return { client, deps, calls, notified, logoutCalls };
}

async function rejection(p: Promise<unknown>): Promise<ApiClientError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiClientError);
    return err as ApiClientError;
  }
  throw new Error('应当被拒绝');
}

describe('主客户端：成功', () => {
  it('returnCode 200 → 返回 data，不提示', async () => {
    const { client, notified, calls } = setup(() => json(envelope(200, 'success', { list: [1, 2] })));
    await expect(client.post('/exaPlan/listExaPlan', { pageNo: 1 })).resolves.toEqual({ list: [1, 2] });
    expect(notified).toEqual([]);
    expect(calls[0].url).toBe('/api/exaPlan/listExaPlan');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe(JSON.stringify({ pageNo: 1 }));
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('GET 拼查询串：略去 undefined/null，数组重复键', async () => {
    const { client, calls } = setup(() => json(envelope(200, 'success', [])));
    await client.get('/comApi/getAreaByParent', { pid: 130000, name: undefined, x: null, ids: [1, 2] });
    expect(calls[0].url).toBe('/api/comApi/getAreaByParent?pid=130000&ids=1&ids=2');
    expect(calls[0].init.method).toBe('GET');
  });

  it('apiUrl 接受带或不带 /api 的路径', () => {
    expect(apiUrl('/api/user/login')).toBe('/api/user/login');
    expect(apiUrl('user/login')).toBe('/api/user/login');
    expect(apiUrl('/x?a=1', { b: 2 })).toBe('/api/x?a=1&b=2');
  });
});

describe('主客户端：会话被服务端作废（10005 / 510）', () => {
  it('10005 → 退出、提示 returnMsg、2 秒后刷新，并拒绝', async () => {
    const { client, deps, notified, logoutCalls } = setup(() => json(envelope(10005, '登录状态已失效，请重新登录'), 401));
    const err = await rejection(client.post('/exaPlan/listExaPlan'));
    expect(err.returnCode).toBe(10005);
    expect(logoutCalls()).toBe(1);
    expect(deps.clearClientCookies).toHaveBeenCalledTimes(1);
    expect(notified).toEqual([{ title: '提示', description: '登录状态已失效，请重新登录' }]);
    expect(deps.reload).toHaveBeenCalledWith(2000);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('code 510 同样处理', async () => {
    const { client, deps, notified, logoutCalls } = setup(() => json({ code: 510, returnMsg: '账号已在别处登录' }));
    const err = await rejection(client.get('/anything'));
    expect(err.returnCode).toBe(510);
    expect(logoutCalls()).toBe(1);
    expect(notified).toEqual([{ title: '提示', description: '账号已在别处登录' }]);
    expect(deps.reload).toHaveBeenCalledWith(2000);
  });

  it('并发的多个请求只处理一次', async () => {
    const { client, deps, notified, logoutCalls } = setup(() => json(envelope(10005, '会话已失效'), 401));
    await Promise.allSettled([client.get('/a'), client.get('/b'), client.post('/c')]);
    expect(logoutCalls()).toBe(1);
    expect(notified).toHaveLength(1);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('silent 不影响会话失效的处理', async () => {
    const { client, deps, notified } = setup(() => json(envelope(10005, '会话已失效'), 401));
    await rejection(client.post('/user/updateUser', {}, { silent: true }));
    expect(notified).toHaveLength(1);
    expect(deps.reload).toHaveBeenCalledWith(2000);
  });

  it('authFlow（登录页）：不退出、不刷新、不提示', async () => {
    const { client, deps, notified, logoutCalls } = setup(() => json(envelope(10005, '会话已失效'), 401), '/user/login');
    const err = await rejection(client.post('/user/login', {}, { authFlow: true, silent: true }));
    expect(err.message).toBe('会话已失效');
    expect(logoutCalls()).toBe(0);
    expect(notified).toEqual([]);
    expect(deps.reload).not.toHaveBeenCalled();
  });
});

describe('主客户端：业务错误与 HTTP 错误', () => {
  it('其他 returnCode → 通知"提示"与 returnMsg，拒绝并带回字段消息', async () => {
    const fields = { account: '请输入账号' };
    const { client, notified } = setup(() => json(envelope(400, '账号：请输入账号', { fields }), 400));
    const err = await rejection(client.post('/user/register', {}));
    expect(notified).toEqual([{ title: '提示', description: '账号：请输入账号' }]);
    expect(err.returnCode).toBe(400);
    expect(err.status).toBe(400);
    expect(err.fields).toEqual(fields);
    expect(err.notified).toBe(true);
  });

  it('returnMsg 为空 → "请求错误"', async () => {
    const { client, notified } = setup(() => json(envelope(409, ''), 409));
    const err = await rejection(client.post('/x'));
    expect(err.message).toBe('请求错误');
    expect(notified).toEqual([{ title: '提示', description: '请求错误' }]);
  });

  it('HTTP 200 但 returnCode 非 200 同样拒绝', async () => {
    const { client, notified } = setup(() => json(envelope(4001, '计划已提交，不能删除')));
    await rejection(client.post('/exaPlan/delete'));
    expect(notified).toEqual([{ title: '提示', description: '计划已提交，不能删除' }]);
  });

  it('silent → 不弹通知，仍然拒绝（表单自行显示）', async () => {
    const { client, notified } = setup(() => json(envelope(400, '账号或密码错误'), 400));
    const err = await rejection(client.post('/user/login', {}, { silent: true }));
    expect(err.message).toBe('账号或密码错误');
    expect(err.notified).toBe(false);
    expect(notified).toEqual([]);
  });

  it('HTTP 403 → "禁止访问"与服务端消息', async () => {
    const { client, notified, logoutCalls } = setup(() => json(envelope(403, '没有访问权限：缺少该操作的权限，请联系管理员'), 403));
    const err = await rejection(client.post('/role/add'));
    expect(err.status).toBe(403);
    expect(notified).toEqual([{ title: '禁止访问', description: '没有访问权限：缺少该操作的权限，请联系管理员' }]);
    expect(logoutCalls()).toBe(0);
  });

  it('HTTP 401 → "认证失败，请重新登录"，退出并转登录页，带回当前路径', async () => {
    const { client, deps, notified, logoutCalls } = setup(() => json(envelope(401, '未登录或登录已过期，请重新登录'), 401), '/exam/plans?tab=1');
    const err = await rejection(client.get('/exaPlan/listExaPlan'));
    expect(err.status).toBe(401);
    expect(notified).toEqual([{ title: '未授权', description: '认证失败，请重新登录' }]);
    expect(logoutCalls()).toBe(1);
    expect(deps.navigate).toHaveBeenCalledWith('/user/login?redirect=%2Fexam%2Fplans%3Ftab%3D1');
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('HTTP 401 而应答说仍在登录 → 不退出，只转登录页', async () => {
    const { client, deps, logoutCalls } = setup(() => json(envelope(401, '需要重新验证', { isLogin: true }), 401));
    await rejection(client.get('/x'));
    expect(logoutCalls()).toBe(0);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 发生在登录页上 → 不再跳转', async () => {
    const { client, deps } = setup(() => json(envelope(401, '未登录'), 401), '/user/loginV2');
    await rejection(client.get('/x'));
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('HTTP ≥ 500 → "服务器异常"', async () => {
    const { client, notified } = setup(() => json(envelope(500, '服务器异常', { requestId: 'r1' }), 500));
    const err = await rejection(client.get('/x'));
    expect(err.status).toBe(500);
    expect(notified).toEqual([{ title: '服务器异常', description: '服务器异常' }]);
  });

  it('HTTP 502 网关页（非 JSON）→ "服务器异常"', async () => {
    const { client, notified } = setup(() => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await rejection(client.get('/x'));
    expect(notified).toEqual([{ title: '服务器异常', description: '服务器异常' }]);
  });

  it('请求失败（网络）→ "请求异常"', async () => {
    const { client, notified } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await rejection(client.get('/x'));
    expect(err.message).toBe('请求异常');
    expect(err.status).toBeUndefined();
    expect(notified).toEqual([{ title: '提示', description: '请求异常' }]);
  });

  it('响应无法解析 → "响应异常"', async () => {
    const { client, notified } = setup(() => new Response('not json', { status: 200 }));
    const err = await rejection(client.get('/x'));
    expect(err.message).toBe('响应异常');
    expect(notified).toEqual([{ title: '提示', description: '响应异常' }]);
  });

  it('中止的请求原样抛出，不提示', async () => {
    const { client, notified } = setup(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(client.get('/x')).rejects.toMatchObject({ name: 'AbortError' });
    expect(notified).toEqual([]);
  });
});

describe('第二客户端（/bapi/*：x-code / x-msg）', () => {
  const bapi = (xCode: number, xMsg: string, body: unknown, status = 200) =>
    json(body, status, { 'x-code': String(xCode), 'x-msg': encodeURIComponent(xMsg) });

  it('200 → 返回 data', async () => {
    const { client, notified } = setup(() => bapi(200, 'success', envelope(200, 'success', { user: { id: 1 } })));
    await expect(client.bapiPost('/bapi/user/getUserAndPermissions')).resolves.toEqual({ user: { id: 1 } });
    expect(notified).toEqual([]);
  });

  it('201 → 提示 x-msg（URL 解码）', async () => {
    const { client, notified } = setup(() => bapi(201, '流程规则名称已存在', envelope(409, '流程规则名称已存在'), 409));
    const err = await rejection(client.bapiPost('/bapi/processRule/add', {}));
    expect(err.returnCode).toBe(201);
    expect(notified).toEqual([{ title: '提示', description: '流程规则名称已存在' }]);
  });

  it('201 无消息 → "系统错误"', async () => {
    const { client, notified } = setup(() => bapi(201, '', envelope(400, '')));
    await rejection(client.bapiPost('/bapi/x'));
    expect(notified).toEqual([{ title: '提示', description: '系统错误' }]);
  });

  it('202 → 清除令牌、提示"登录令牌无效(v2)"、转登录页', async () => {
    const { client, deps, notified, logoutCalls } = setup(() => bapi(202, '未登录', envelope(401, '未登录'), 401), '/system/user');
    const err = await rejection(client.bapiGet('/bapi/user/list'));
    expect(err.returnCode).toBe(202);
    expect(logoutCalls()).toBe(1);
    expect(deps.clearClientCookies).toHaveBeenCalled();
    expect(notified).toEqual([{ title: '提示', description: '登录令牌无效(v2)' }]);
    expect(deps.navigate).toHaveBeenCalledWith('/user/login?redirect=%2Fsystem%2Fuser');
  });

  it('其他码 → 静默拒绝', async () => {
    const { client, deps, notified } = setup(() => bapi(203, '其他', envelope(200, 'x')));
    const err = await rejection(client.bapiPost('/bapi/x'));
    expect(err.returnCode).toBe(203);
    expect(notified).toEqual([]);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('≥ 500 按主客户端处理："服务器异常"', async () => {
    const { client, notified } = setup(() => bapi(201, '服务器异常', envelope(500, '服务器异常'), 500));
    await rejection(client.bapiPost('/bapi/x'));
    expect(notified).toEqual([{ title: '服务器异常', description: '服务器异常' }]);
  });
});

describe('导出下载', () => {
  it('按服务端 Content-Disposition 的文件名保存', async () => {
    const name = '考生名单.xlsx';
    const { client, deps, calls } = setup(
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          },
        }),
    );
    await expect(client.download('/examStaff/exportExamStaff', { planCode: 'P1' })).resolves.toBe(name);
    expect(calls[0].init.method).toBe('POST');
    expect(deps.saveBlob).toHaveBeenCalledTimes(1);
    const [blob, saved] = (deps.saveBlob as ReturnType<typeof vi.fn>).mock.calls[0] as [Blob, string];
    expect(saved).toBe(name);
    expect(blob.size).toBe(4);
  });

  it('导出被服务端排成后台任务（{ taskId, background: true }）：不存文件、不提示，交给 taskStarted；请求带 Prefer: respond-async', async () => {
    const { client, deps, calls, notified } = setup(() => json(envelope(200, 'success', { taskId: 42, background: true }), 200, { 'preference-applied': 'respond-async' }));
    const taskStarted = vi.fn();
    client.configure({ taskStarted });
    await expect(client.download('/account/export', {})).resolves.toBe('');
    expect((calls[0].init.headers as Record<string, string>).Prefer).toBe('respond-async');
    expect(taskStarted).toHaveBeenCalledWith(42);
    expect(deps.saveBlob).not.toHaveBeenCalled();
    expect(notified).toEqual([]);
  });

  it('没有文件名时以 YYYYMMDDHHmmss.扩展名 命名；无 body 时用 GET', async () => {
    const { client, calls } = setup(() => new Response('a,b', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    const saved = await client.download('/certificate/certificatesExport', undefined, { query: { planCode: 'P1' } });
    expect(saved).toMatch(/^\d{14}\.csv$/);
    expect(calls[0].init.method).toBe('GET');
    expect(calls[0].url).toBe('/api/certificate/certificatesExport?planCode=P1');
  });

  it('服务端回的是错误信封 → "提示""下载出错"', async () => {
    const { client, deps, notified } = setup(() => json(envelope(400, '没有可导出的数据'), 400));
    await rejection(client.download('/x', {}));
    expect(notified).toEqual([{ title: '提示', description: '下载出错：没有可导出的数据' }]);
    expect(deps.saveBlob).not.toHaveBeenCalled();
  });

  it('网络失败 → "下载出错"', async () => {
    const { client, notified } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await rejection(client.download('/x', {}));
    expect(notified).toEqual([{ title: '提示', description: '下载出错' }]);
  });

  it('下载时会话失效 → 按 10005 处理', async () => {
    const { client, deps, logoutCalls } = setup(() => json(envelope(10005, '会话已失效'), 401));
    await rejection(client.download('/x', {}));
    expect(logoutCalls()).toBe(1);
    expect(deps.reload).toHaveBeenCalledWith(2000);
  });

  it('Content-Disposition 解析', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E8%80%83%E7%94%9F.xlsx`)).toBe('考生.xlsx');
    expect(fileNameFromDisposition('attachment; filename="20260101120000.xlsx"')).toBe('20260101120000.xlsx');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('登录地址与文字', () => {
  it('loginUrl 带回原路径，登录页与首页不带', () => {
    expect(loginUrl('/dashboard/workplace')).toBe('/user/login?redirect=%2Fdashboard%2Fworkplace');
    expect(loginUrl('/user/register')).toBe('/user/login');
    expect(loginUrl('/')).toBe('/user/login');
  });

  it('auth 文字的 zh-CN 与 en-US 都完整（校验译文只需英文）', () => {
    const zh = Object.keys(authMessages['zh-CN']);
    const en = new Set(Object.keys(authMessages['en-US']));
    expect(zh.filter((k) => !en.has(k))).toEqual([]);
    const zhSet = new Set(zh);
    expect([...en].filter((k) => !zhSet.has(k) && !k.startsWith('auth.zod.'))).toEqual([]);
  });

  it('通过 configure 换成当前语言的文字', async () => {
    const { client, notified } = setup(() => json(envelope(403, ''), 403));
    client.configure({ text: (key) => authMessages['en-US'][`auth.api.${key}`] });
    await rejection(client.get('/x'));
    expect(notified).toEqual([{ title: 'Forbidden', description: 'Forbidden' }]);
  });
});
