import { describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';

setupTestDb();

interface AreaItem { id: number; pid: number; name: string; BIZ_CODE: string; level: number; isLeaf: boolean; children?: AreaItem[] }

describe('行政区划查询', () => {
  it('getAreaByParent 以 130000 为上级返回河北 11 个地级市', async () => {
    const { status, body } = await call<AreaItem[]>('GET', '/comApi/getAreaByParent', { query: { pid: 130000 } });
    expect(status).toBe(200);
    expect(body.returnCode).toBe(200);
    expect(body.data.map((a) => a.name)).toEqual([
      '石家庄市', '唐山市', '秦皇岛市', '邯郸市', '邢台市', '保定市', '张家口市', '承德市', '沧州市', '廊坊市', '衡水市',
    ]);
    expect(body.data[0]).toMatchObject({ id: 130100, pid: 130000, BIZ_CODE: '130100', level: 2, isLeaf: false });
  });

  it('getAreaByParent 不带 pid 时默认河北省', async () => {
    const { body } = await call<AreaItem[]>('GET', '/comApi/getAreaByParent');
    expect(body.data).toHaveLength(11);
  });

  it('getAreaByParent 返回石家庄的县区，县区为叶子', async () => {
    const { body } = await call<AreaItem[]>('GET', '/comApi/getAreaByParent', { query: { pid: 130100 } });
    expect(body.data.map((a) => a.name)).toContain('长安区');
    expect(body.data.every((a) => a.isLeaf && a.pid === 130100)).toBe(true);
  });

  it('getAreaByParent 的 pid 不是区划代码时返回 400 与字段消息', async () => {
    const { status, body } = await call('GET', '/comApi/getAreaByParent', { query: { pid: 'abc' } });
    expect(status).toBe(400);
    expect(body.returnCode).toBe(400);
    expect(body.returnMsg).toContain('上级区划代码');
    expect(body.data).toMatchObject({ fields: { pid: expect.any(String) } });
  });

  it('getAllArea 返回以河北省为根的三级树', async () => {
    const { body } = await call<AreaItem[]>('POST', '/comApi/getAllArea', { json: {} });
    expect(body.data).toHaveLength(1);
    const [hebei] = body.data;
    expect(hebei).toMatchObject({ id: 130000, name: '河北省' });
    expect(hebei.children).toHaveLength(11);
    const baoding = hebei.children!.find((c) => c.name === '保定市')!;
    expect(baoding.children!.map((c) => c.name)).toContain('涿州市');
  });

  it('getAllArea 可只取到市一级', async () => {
    const { body } = await call<AreaItem[]>('POST', '/comApi/getAllArea', { json: { maxLevel: 2 } });
    expect(body.data[0].children!.every((c) => c.children === undefined)).toBe(true);
  });

  it('getAllArea 的根不存在时返回 404', async () => {
    const { body } = await call('POST', '/comApi/getAllArea', { json: { pid: 110000 } });
    expect(body.returnCode).toBe(404);
  });

  it('getAllAreaByPage 分页并按名称筛选', async () => {
    const { body } = await call<{ list: AreaItem[]; total: number; pageNo: number; pageSize: number }>('POST', '/comApi/getAllAreaByPage', {
      json: { name: '桥', pageNo: 1, pageSize: 5 },
    });
    expect(body.data.pageNo).toBe(1);
    expect(body.data.pageSize).toBe(5);
    expect(body.data.total).toBeGreaterThanOrEqual(2);
    expect(body.data.list.every((a) => a.name.includes('桥'))).toBe(true);
  });

  it('getAllAreaByPage 接受 page/limit 写法，且每页条数有上限', async () => {
    const { body } = await call<{ list: AreaItem[]; total: number; pageNo: number; pageSize: number }>('POST', '/comApi/getAllAreaByPage', {
      json: { page: 2, limit: 1000 },
    });
    expect(body.data.pageNo).toBe(2);
    expect(body.data.pageSize).toBe(100);
    expect(body.data.list).toHaveLength(100);
    expect(body.data.total).toBe(202);
  });

  it('getEveryArea 按层级返回平铺列表', async () => {
    const { body } = await call<AreaItem[]>('POST', '/comApi/getEveryArea', { json: { level: 2 } });
    expect(body.data).toHaveLength(11);
    const all = await call<AreaItem[]>('POST', '/comApi/getEveryArea', { json: {} });
    expect(all.body.data).toHaveLength(202);
  });
});
