// 友情链接、联系方式（公开接口只给已启用的；通知公告见 tests/api/content）、意见征集（状态与日期规则、每人一条）、
// 意见反馈（回复以站内消息通知提交人）、操作日志与权限。
import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { opinionTopics } from '@/lib/domains/portal/tables';
import { beijingToday } from '@/lib/domains/portal/service';
import { HTTP_URL_MESSAGE } from '@/lib/domains/portal/schemas';
import { operationLogs } from '@/lib/domains/ops/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

const { db } = setupTestDb();

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org', 'enterprise']) h[a] = await authHeaders(a);
});

const post = <T = unknown>(who: string, path: string, json: unknown = {}) => call<T>('POST', path, { headers: h[who], json });
const unread = async (who: string) => (await call<{ count: number }>('GET', '/message/unreadCount', { headers: h[who] })).body.data.count;
const dayOffset = (days: number) => new Date(Date.parse(`${beijingToday()}T00:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);

describe('友情链接', () => {
  it('链接地址只接受 http/https', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://files.example.cn', 'www.hebei.gov.cn']) {
      const res = await post('admin', '/sys/friendLink/save', { name: '测试链接', url });
      expect(res.status, url).toBe(400);
      expect(res.body.returnMsg, url).toContain(HTTP_URL_MESSAGE);
    }
    const logo = await post('admin', '/sys/friendLink/save', { name: '测试链接', url: 'https://a.example.cn', logo: 'data:image/png;base64,xx' });
    expect(logo.status).toBe(400);
  });

  it('新增、停用后公开接口不再返回，启用后恢复；名称重复 409；操作写入操作日志', async () => {
    const created = await post<{ id: number }>('admin', '/sys/friendLink/save', { name: '河北公共就业服务网', url: 'https://job.hebei.gov.cn', sort: 9 });
    expect(created.body.returnCode).toBe(200);
    const id = created.body.data.id;
    const names = async () => ((await call<{ name: string }[]>('GET', '/comApi/friendLinks')).body.data ?? []).map((l) => l.name);
    expect(await names()).toContain('河北公共就业服务网');
    // 种子中停用的链接不出现在公开接口
    expect(await names()).not.toContain('中国技能大赛网');

    expect((await post('admin', '/sys/friendLink/disable', { ids: [id] })).body.returnCode).toBe(200);
    expect(await names()).not.toContain('河北公共就业服务网');
    expect((await post('admin', '/sys/friendLink/enable', { ids: [id] })).body.returnCode).toBe(200);
    expect(await names()).toContain('河北公共就业服务网');

    const dup = await post('admin', '/sys/friendLink/save', { name: '河北公共就业服务网', url: 'https://x.example.cn' });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('友情链接“河北公共就业服务网”已存在');

    const [log] = await (await db()).select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1);
    expect(JSON.stringify(log)).toContain('friend_link');
  });

  it('市级管理员没有友情链接与联系方式的权限（403）', async () => {
    expect((await post('sjz_admin', '/sys/friendLink/list')).status).toBe(403);
    expect((await post('sjz_admin', '/sys/contact/save', { department: '某部门', phone: '0311-1234567' })).status).toBe(403);
  });
});

describe('联系方式', () => {
  it('至少填写电话、邮箱、地址之一；公开接口按排序返回', async () => {
    const empty = await post('admin', '/sys/contact/save', { department: '培训科' });
    expect(empty.status).toBe(400);
    expect(empty.body.returnMsg).toContain('电话、邮箱、地址至少填写一项');
    const ok = await post<{ id: number }>('admin', '/sys/contact/save', { department: '培训科', phone: '0311-87654321', sort: 0 });
    expect(ok.body.returnCode).toBe(200);
    const pub = await call<{ department: string }[]>('GET', '/comApi/contacts');
    expect(pub.body.data[0].department).toBe('培训科');
    expect((await post('admin', '/sys/contact/del', { ids: [ok.body.data.id] })).body.returnCode).toBe(200);
    expect((await call<{ department: string }[]>('GET', '/comApi/contacts')).body.data.map((c) => c.department)).not.toContain('培训科');
  });
});

describe('意见征集', () => {
  let topicId: number;

  it('草稿不能提交意见；发布后可提交，每人每个主题一条', async () => {
    const created = await post<{ id: number }>('admin', '/sys/opinion/topic/save', {
      title: '考评员管理办法意见征集',
      content: '请就考评员聘用与退出机制提出意见。',
      startDate: dayOffset(-1),
      endDate: dayOffset(10),
    });
    expect(created.body.returnCode).toBe(200);
    topicId = created.body.data.id;

    const draft = await post('eval_org', '/opinion/submit', { topicId, content: '建议…' });
    expect(draft.status).toBe(404);

    expect((await post('admin', '/sys/opinion/topic/publish', { id: topicId })).body.returnCode).toBe(200);
    const open = await call<{ id: number; submitted: boolean }[]>('GET', '/opinion/openTopics', { headers: h.eval_org });
    expect(open.body.data.find((t) => t.id === topicId)).toMatchObject({ submitted: false });

    expect((await post('eval_org', '/opinion/submit', { topicId, content: '建议建立考评员信用档案。' })).body.returnCode).toBe(200);
    const again = await post('eval_org', '/opinion/submit', { topicId, content: '再补充一条' });
    expect(again.status).toBe(409);
    expect(again.body.returnMsg).toBe('您已对该主题提交过意见，每人每个主题只能提交一次');
    const mine = await call<{ id: number; submitted: boolean }[]>('GET', '/opinion/openTopics', { headers: h.eval_org });
    expect(mine.body.data.find((t) => t.id === topicId)).toMatchObject({ submitted: true });
  });

  it('回复意见以站内消息通知提交人；已收到意见的主题不能删除', async () => {
    const list = await post<{ list: { id: number; account: string; replied: boolean }[]; total: number }>('admin', '/sys/opinion/list', { topicId });
    expect(list.body.data.total).toBe(1);
    const [op] = list.body.data.list;
    expect(op).toMatchObject({ account: 'eval_org', replied: false });
    const before = await unread('eval_org');
    expect((await post('admin', '/sys/opinion/reply', { id: op.id, reply: '感谢您的意见，已纳入修订稿。' })).body.returnCode).toBe(200);
    expect(await unread('eval_org')).toBe(before + 1);

    const del = await post('admin', '/sys/opinion/topic/del', { ids: [topicId] });
    expect(del.status).toBe(400);
    expect(del.body.returnMsg).toBe('主题“考评员管理办法意见征集”已收到 1 条意见，不能删除，可结束征集');
  });

  it('结束后不能再提交；已结束的不能修改或再次发布', async () => {
    expect((await post('admin', '/sys/opinion/topic/close', { id: topicId })).body.returnCode).toBe(200);
    const res = await post('train_org', '/opinion/submit', { topicId, content: '补充意见' });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('该意见征集已结束，不能再提交意见');
    expect((await post('admin', '/sys/opinion/topic/publish', { id: topicId })).body.returnMsg).toBe('已结束的征集主题不能再次发布');
    const edit = await post('admin', '/sys/opinion/topic/save', { id: topicId, title: '改标题', content: 'x', startDate: dayOffset(0), endDate: dayOffset(1) });
    expect(edit.body.returnMsg).toBe('已结束的征集主题不能修改');
  });

  it('征集中但已过结束日期或未到开始日期：拒绝提交', async () => {
    const d = await db();
    const [past] = await d
      .insert(opinionTopics)
      .values({ title: '已截止的征集', content: 'x', startDate: dayOffset(-20), endDate: dayOffset(-1), status: 'open' })
      .returning();
    const late = await post('train_org', '/opinion/submit', { topicId: past.id, content: '意见' });
    expect(late.status).toBe(400);
    expect(late.body.returnMsg).toBe(`该意见征集已于 ${dayOffset(-1)} 截止，不能再提交意见`);
    const [future] = await d
      .insert(opinionTopics)
      .values({ title: '未开始的征集', content: 'x', startDate: dayOffset(3), endDate: dayOffset(9), status: 'open' })
      .returning();
    expect((await post('train_org', '/opinion/submit', { topicId: future.id, content: '意见' })).body.returnMsg).toBe(`该意见征集将于 ${dayOffset(3)} 开始，请届时再提交`);
    const open = await call<{ id: number }[]>('GET', '/opinion/openTopics', { headers: h.train_org });
    expect(open.body.data.map((t) => t.id)).not.toContain(past.id);
    expect(open.body.data.map((t) => t.id)).not.toContain(future.id);
  });

  it('结束日期早于开始日期：400；机构用户不能管理主题（403）', async () => {
    const bad = await post('admin', '/sys/opinion/topic/save', { title: 't', content: 'c', startDate: dayOffset(5), endDate: dayOffset(1) });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('结束日期不能早于开始日期');
    expect((await post('eval_org', '/sys/opinion/topic/list')).status).toBe(403);
    expect((await call('GET', '/opinion/openTopics')).status).toBe(401);
  });

  it('市级管理员发布的主题只在本市可见与可管理', async () => {
    const created = await post<{ id: number }>('bd_admin', '/sys/opinion/topic/save', { title: '保定市培训需求调研', content: 'c', startDate: dayOffset(0), endDate: dayOffset(5) });
    const id = created.body.data.id;
    expect((await post('bd_admin', '/sys/opinion/topic/publish', { id })).body.returnCode).toBe(200);
    expect((await post('sjz_admin', '/sys/opinion/topic/close', { id })).status).toBe(404);
    const sjzTopics = await post<{ list: { id: number }[] }>('sjz_admin', '/sys/opinion/topic/list');
    expect(sjzTopics.body.data.list.map((t) => t.id)).not.toContain(id);
    // 石家庄的机构用户看不到保定的主题，也不能提交
    expect((await post('enterprise', '/opinion/submit', { topicId: id, content: '意见' })).status).toBe(404);
  });
});

describe('意见反馈', () => {
  it('提交后本人可查；管理员回复后提交人未读消息 +1，并能看到回复', async () => {
    const sub = await post<{ id: number }>('enterprise', '/feedback/submit', { type: 'problem', content: '证书查询页面打不开', contact: '13800000000' });
    expect(sub.body.returnCode).toBe(200);
    const id = sub.body.data.id;

    const before = await unread('enterprise');
    const reply = await post('sjz_admin', '/sys/feedback/reply', { id, reply: '已修复，请刷新后重试。' });
    expect(reply.body.returnCode).toBe(200);
    expect(await unread('enterprise')).toBe(before + 1);

    const mine = await post<{ list: { id: number; reply: string | null; typeName: string }[] }>('enterprise', '/feedback/my');
    expect(mine.body.data.list.find((f) => f.id === id)).toMatchObject({ reply: '已修复，请刷新后重试。', typeName: '问题' });
  });

  it('类型必须是建议、问题或投诉；内容必填', async () => {
    const bad = await post('enterprise', '/feedback/submit', { type: 'praise', content: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('请选择反馈类型');
    expect((await post('enterprise', '/feedback/submit', { type: 'suggestion', content: '  ' })).body.returnMsg).toContain('请输入反馈内容');
  });

  it('范围：保定管理员看不到、不能回复石家庄用户的反馈（404）；机构用户不能进管理列表（403）', async () => {
    const list = await post<{ list: { id: number; cityName: string | null }[]; total: number }>('bd_admin', '/sys/feedback/list');
    expect(list.body.data.list.every((f) => f.cityName === '保定市')).toBe(true);
    const sjz = await post<{ list: { id: number }[] }>('sjz_admin', '/sys/feedback/list', { type: 'problem' });
    const target = sjz.body.data.list[0].id;
    expect((await post('bd_admin', '/sys/feedback/reply', { id: target, reply: '越权回复' })).status).toBe(404);
    expect((await post('bd_admin', '/sys/feedback/del', { ids: [target] })).status).toBe(404);
    expect((await post('eval_org', '/sys/feedback/list')).status).toBe(403);
  });
});
