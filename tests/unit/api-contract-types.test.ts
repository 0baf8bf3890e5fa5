// 类型化客户端（components/api-contract.ts）：路径、请求体与答复的字段都由端点表推出。
// 下面的 @ts-expect-error 行若不再是错误（写错的路径或字段被放过了），npm run typecheck 失败。
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ApiInput, ApiOutput, ApiRow, GetPath, PagedPath, PostPath } from '@/components/api-contract';
import { apiClient, apiGet, apiPost } from '@/components/api-client';

type AreaRow = ApiRow<'POST', '/comApi/getAllAreaByPage'>;

describe('端点契约的类型', () => {
  it('答复的字段来自处理函数的结果，读一个不存在（或改了名）的字段是类型错误', () => {
    expectTypeOf<AreaRow['name']>().toEqualTypeOf<string>();
    expectTypeOf<AreaRow>().toHaveProperty('isLeaf');
    // @ts-expect-error 区划行里没有 areaName（字段叫 name）
    expectTypeOf<AreaRow['areaName']>().toBeString();
    // 分页答复带调度器补上的 totalCount、pageNo、pageSize
    expectTypeOf<ApiOutput<'POST', '/comApi/getAllAreaByPage'>['totalCount']>().toEqualTypeOf<number>();
    // 时间在 JSON 里是字符串
    expectTypeOf<ApiOutput<'GET', '/sys/server/status'>['instance']['startedAt']>().toEqualTypeOf<string>();
  });

  it('请求体的字段来自 zod 输入：拼错字段名或给错类型是类型错误', () => {
    expectTypeOf<ApiInput<'POST', '/comApi/getAllAreaByPage'>>().toHaveProperty('name');
    const ok: ApiInput<'POST', '/comApi/getAllAreaByPage'> = { name: '石家庄', pageNo: 1 };
    // @ts-expect-error name 是字符串
    const wrongType: ApiInput<'POST', '/comApi/getAllAreaByPage'> = { name: 1 };
    expect([ok, wrongType]).toHaveLength(2);
  });

  it('路径只能是端点表里该方法的路径', () => {
    expectTypeOf<'/comApi/getAllAreaByPage'>().toMatchTypeOf<PostPath>();
    expectTypeOf<'/comApi/getAreaByParent'>().toMatchTypeOf<GetPath>();
    expectTypeOf<'/comApi/getAllAreaByPage'>().toMatchTypeOf<PagedPath<'POST'>>();
    // @ts-expect-error GET 的路径不能用 POST 调
    const wrongMethod: PostPath = '/comApi/getAreaByParent';
    // @ts-expect-error 拼错的路径（getAllAreaByPages）
    const typo: PostPath = '/comApi/getAllAreaByPages';
    // @ts-expect-error 不分页的端点不能作列表的数据源
    const notPaged: PagedPath<'POST'> = '/comApi/getAllArea';
    expect([wrongMethod, typo, notPaged]).toHaveLength(3);
  });

  it('客户端函数按路径推出答复的类型，并照常发出请求', async () => {
    const fetch = vi.fn(async () => Response.json({ returnCode: 200, returnMsg: 'success', data: { list: [{ id: 1, name: '石家庄市' }], total: 1 } }));
    apiClient.configure({ fetch: fetch as unknown as typeof globalThis.fetch });
    const page = await apiPost('/comApi/getAllAreaByPage', { name: '石家', pageSize: 10 });
    expectTypeOf(page.list[0].name).toEqualTypeOf<string>();
    expect(page.list[0].name).toBe('石家庄市');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/comApi/getAllAreaByPage');
    expect(JSON.parse(init.body as string)).toEqual({ name: '石家', pageSize: 10 });
    if (Math.random() > 2) {
      // 只看类型，不执行
      // @ts-expect-error 查询参数的名字来自 zod 输入（pid，不是 parentId）
      await apiGet('/comApi/getAreaByParent', { parentId: 1 });
    }
  });
});
