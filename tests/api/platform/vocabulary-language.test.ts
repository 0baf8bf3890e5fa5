// 界面里显示的固定词汇随 Cookie lang：资源标题（角色授权树、资源管理、上级选择）、操作日志的模块名、职业大类。
// 管理员改过的资源标题没有译文，原样显示；资源管理的 title 始终是存储的原文（编辑表单以它回填）。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { resources } from '@/lib/domains/access/tables';

const { db: getDb } = setupTestDb();

let admin: Record<string, string>;
beforeAll(async () => {
  admin = await authHeaders('admin');
});

const en = (headers: Record<string, string>) => ({ ...headers, cookie: 'lang=en-US' });

interface Node {
  id: number;
  key: string;
  title: string;
  displayTitle?: string;
  children?: Node[];
}
const find = (nodes: Node[], key: string): Node | undefined => {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = find(n.children ?? [], key);
    if (hit) return hit;
  }
  return undefined;
};

describe('资源标题', () => {
  it('角色授权树：按资源 key 换成英文；没有 Cookie 时是中文', async () => {
    const zh = await call<Node[]>('POST', '/role/resTree', { headers: admin });
    const english = await call<Node[]>('POST', '/role/resTree', { headers: en(admin) });
    expect(find(zh.body.data, 'sysUser')?.title).toBe('用户管理');
    expect(find(english.body.data, 'sysUser')?.title).toBe('Users');
    expect(find(english.body.data, 'system')?.title).toBe('System');
  });

  it('上级目录选择：根“一级菜单”与目录名都译出', async () => {
    const { body } = await call<Node[]>('GET', '/role/resParentTree', { headers: en(admin) });
    expect(body.data[0].title).toBe('Top level');
    expect(find(body.data, 'system')?.title).toBe('System');
  });

  it('资源管理：displayTitle 是译文，title 保持存储的原文；改过的标题原样显示', async () => {
    const list = async (json = {}) => (await call<{ list: Node[] }>('POST', '/resource/list', { headers: en(admin), json })).body.data.list;
    const node = find(await list(), 'sysUser')!;
    expect(node).toMatchObject({ title: '用户管理', displayTitle: 'Users' });
    // 名称筛选也认所选语言的标题
    expect(find(await list({ title: 'users' }), 'sysUser')).toBeDefined();

    const db = await getDb();
    await db.update(resources).set({ title: '用户与账号' }).where(eq(resources.id, node.id));
    expect(find(await list(), 'sysUser')).toMatchObject({ title: '用户与账号', displayTitle: '用户与账号' });
    const tree = await call<Node[]>('POST', '/role/resTree', { headers: en(admin) });
    expect(find(tree.body.data, 'sysUser')?.title).toBe('用户与账号');
  });
});

describe('操作日志的模块名', () => {
  it('英文界面显示模块的英文名', async () => {
    // 先做一次会记日志的修改（新增一个字典类型）
    const code = `T_${Date.now() % 100000}`;
    const saved = await call('POST', '/dict/type/save', { headers: admin, json: { code, name: '测试字典', status: 0 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const log = (lang?: string) =>
      call<{ list: { module: string; moduleName: string }[] }>('POST', '/perOperationLog/listPerOperationLog', {
        headers: lang ? en(admin) : admin,
        json: { pageSize: 10, keyword: code },
      });
    const zhRow = (await log()).body.data.list[0];
    const enRow = (await log('en-US')).body.data.list[0];
    expect(zhRow.module).toBe(enRow.module);
    expect(zhRow.moduleName).toMatch(/[\u4e00-\u9fff]/);
    expect(enRow.moduleName).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('职业大类', () => {
  it('列表与下拉的 categoryName 随语言', async () => {
    const zh = await call<{ list: { code: string; categoryName: string; statusName: string }[] }>('POST', '/job/listBaseJob', { headers: admin, json: { keyword: '6-31-01-03' } });
    const english = await call<{ list: { code: string; categoryName: string; statusName: string }[] }>('POST', '/job/listBaseJob', { headers: en(admin), json: { keyword: '6-31-01-03' } });
    expect(zh.body.data.list[0]).toMatchObject({ categoryName: '生产制造及有关人员', statusName: '启用' });
    expect(english.body.data.list[0]).toMatchObject({ categoryName: 'Production, manufacturing and related personnel', statusName: 'Enabled' });
    const all = await call<{ code: string; categoryName: string }[]>('POST', '/comApi/getAllJobs', { headers: en(admin) });
    expect(all.body.data.find((j) => j.code === '6-31-01-03')?.categoryName).toBe('Production, manufacturing and related personnel');
  });
});
