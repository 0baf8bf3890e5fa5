// 站内消息（页头铃铛）：未读数、列表、标记已读只作用于本人的消息；notify() 供其他领域写入。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { messages } from '@/lib/domains/message/tables';
import { notify } from '@/lib/domains/message/service';
import type { MessageItem } from '@/lib/domains/message/schemas';
import { demoUserId } from '@/db/seed';
import { authHeaders } from '../access/login-helper';

const { db } = setupTestDb();

interface Paged<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

let admin: Record<string, string>;
let sjz: Record<string, string>;
let bd: Record<string, string>;

beforeAll(async () => {
  admin = await authHeaders('admin');
  sjz = await authHeaders('sjz_admin');
  bd = await authHeaders('bd_admin');
});

const unread = async (headers: Record<string, string>) => (await call<{ count: number }>('GET', '/message/unreadCount', { headers })).body.data.count;

describe('站内消息', () => {
  it('未读数：省级管理员 120 条（铃铛显示 99+），石家庄管理员 3 条', async () => {
    expect(await unread(admin)).toBe(120);
    expect(await unread(sjz)).toBe(3);
  });

  it('列表分页、最新在前、字段齐全，可只看未读', async () => {
    const { status, body } = await call<Paged<MessageItem>>('POST', '/message/list', { headers: sjz, json: { pageNo: 1, pageSize: 2 } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 5, pageNo: 1, pageSize: 2 });
    expect(body.data.list).toHaveLength(2);
    const [first, second] = body.data.list;
    expect(Object.keys(first).sort()).toEqual(['content', 'createTime', 'id', 'kind', 'link', 'read', 'title']);
    expect(first.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.createTime >= second.createTime).toBe(true);
    const all = await call<Paged<MessageItem>>('POST', '/message/list', { headers: sjz, json: { pageSize: 50 } });
    expect(all.body.data.list.filter((m) => m.read)).toHaveLength(2);
    const only = await call<Paged<MessageItem>>('POST', '/message/list', { headers: sjz, json: { unreadOnly: true } });
    expect(only.body.data.total).toBe(3);
    expect(only.body.data.list.every((m) => !m.read)).toBe(true);
    // 查询串写法 'false' 不被当作真
    const notOnly = await call<Paged<MessageItem>>('POST', '/message/list', { headers: sjz, query: { unreadOnly: 'false' } });
    expect(notOnly.body.data.total).toBe(5);
  });

  it('标记已读只作用于本人的消息：他人的编号被忽略且保持未读', async () => {
    const mine = (await call<Paged<MessageItem>>('POST', '/message/list', { headers: bd, json: { unreadOnly: true } })).body.data.list;
    const others = (await call<Paged<MessageItem>>('POST', '/message/list', { headers: sjz, json: { unreadOnly: true } })).body.data.list;
    expect(mine.length).toBeGreaterThan(0);
    const { body } = await call<{ updated: number }>('POST', '/message/read', { headers: bd, json: { ids: [mine[0].id, others[0].id, others[1].id] } });
    expect(body.data.updated).toBe(1);
    expect(await unread(bd)).toBe(mine.length - 1);
    expect(await unread(sjz)).toBe(others.length);
    const [row] = await (await db()).select().from(messages).where(eq(messages.id, others[0].id));
    expect(row.readAt).toBeNull();
    // 已读的再标一次不计数
    const again = await call<{ updated: number }>('POST', '/message/read', { headers: bd, json: { ids: [mine[0].id] } });
    expect(again.body.data.updated).toBe(0);
  });

  it('全部标为已读只影响本人', async () => {
    const before = await unread(sjz);
    const { body } = await call<{ updated: number }>('POST', '/message/read', { headers: admin, json: { all: true } });
    expect(body.data.updated).toBe(120);
    expect(await unread(admin)).toBe(0);
    expect(await unread(sjz)).toBe(before);
  });

  it('既没有编号也没有 all：400 与中文说明；编号不是数字：400', async () => {
    const empty = await call('POST', '/message/read', { headers: sjz, json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.returnMsg).toContain('请选择要标记为已读的消息');
    const bad = await call('POST', '/message/read', { headers: sjz, json: { ids: ['x'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('消息编号');
  });

  it('未登录 401', async () => {
    expect((await call('GET', '/message/unreadCount')).status).toBe(401);
    expect((await call('POST', '/message/list', { json: {} })).status).toBe(401);
    expect((await call('POST', '/message/read', { json: { all: true } })).status).toBe(401);
  });

  it('notify() 给每个用户写一条，去重，出现在其未读与列表中', async () => {
    const d = await db();
    const teacherId = await demoUserId(d, 'teacher');
    const teacher = await authHeaders('teacher');
    const before = await unread(teacher);
    const n = await notify(d, [teacherId, teacherId], { title: '师资审核通过', content: '您的师资信息已审核通过。', kind: 'audit', link: '/train/teacher/list' });
    expect(n).toBe(1);
    expect(await unread(teacher)).toBe(before + 1);
    const { body } = await call<Paged<MessageItem>>('POST', '/message/list', { headers: teacher, json: {} });
    expect(body.data.list[0]).toMatchObject({ title: '师资审核通过', kind: 'audit', link: '/train/teacher/list', read: false });
    expect(await notify(d, [], { title: 'x' })).toBe(0);
    await expect(notify(d, [teacherId], { title: '  ' })).rejects.toThrow('消息标题不能为空');
  });
});
