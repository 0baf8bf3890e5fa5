// 菜单纯函数（接口与门户框架共用）与推送令牌。
import { describe, expect, it } from 'vitest';
import { buildMenuTree, firstVisibleLeaf, menuHome, visibleMenuTree, type MenuItem } from '@/lib/domains/access/menu';
import { issueWebSocketToken, verifyWebSocketToken, WS_TOKEN_TTL_SECONDS } from '@/lib/domains/access/ws-token';

let nextId = 1;
function item(key: string, parentId: number, opts: { dir?: boolean; show?: boolean; hideChildren?: boolean; id?: number } = {}): MenuItem {
  return {
    id: opts.id ?? nextId++,
    parentId,
    name: key,
    key,
    component: opts.dir ? 'RouteView' : key[0].toUpperCase() + key.slice(1),
    path: `/${key}`,
    redirect: null,
    meta: { title: key, icon: null, show: opts.show ?? true, hideChildren: opts.hideChildren ?? false, hiddenHeaderContent: false, target: null, params: null, permission: [key] },
  };
}

describe('菜单纯函数', () => {
  const items = [
    item('secret', 0, { id: 1, show: false }),
    item('emptyDir', 0, { id: 2, dir: true }),
    item('biz', 0, { id: 3, dir: true }),
    item('hiddenLeaf', 3, { id: 4, show: false }),
    item('sub', 3, { id: 5, dir: true }),
    item('first', 5, { id: 6 }),
    item('second', 5, { id: 7 }),
    item('orphan', 99, { id: 8 }),
  ];

  it('buildMenuTree 成树、保持顺序、丢弃父项缺失的项', () => {
    const tree = buildMenuTree(items);
    expect(tree.map((n) => n.key)).toEqual(['secret', 'emptyDir', 'biz']);
    expect(tree[2].children.map((n) => n.key)).toEqual(['hiddenLeaf', 'sub']);
    expect(tree[2].children[1].children.map((n) => n.key)).toEqual(['first', 'second']);
  });

  it('visibleMenuTree 去掉 show:false、空目录与不被接受的叶子', () => {
    const visible = visibleMenuTree(items);
    expect(visible.map((n) => n.key)).toEqual(['biz']);
    expect(visible[0].children.map((n) => n.key)).toEqual(['sub']);
    const onlySecond = visibleMenuTree(items, (i) => i.key === 'second');
    expect(onlySecond[0].children[0].children.map((n) => n.key)).toEqual(['second']);
    expect(visibleMenuTree(items, () => false)).toEqual([]);
  });

  it('firstVisibleLeaf 跳过隐藏项与空目录，按菜单顺序取第一个叶子', () => {
    expect(firstVisibleLeaf(items)?.key).toBe('first');
    expect(firstVisibleLeaf(items, (i) => i.key !== 'first')?.key).toBe('second');
    expect(firstVisibleLeaf(items, () => false)).toBeUndefined();
    expect(menuHome(items)).toBe('/first');
    expect(menuHome([])).toBe('/dashboard/workplace');
  });

  it('hideChildren 的项自身作为叶子', () => {
    const folded = [item('page', 0, { id: 20, hideChildren: true }), item('detail', 20, { id: 21 })];
    expect(visibleMenuTree(folded)[0].children).toEqual([]);
    expect(firstVisibleLeaf(folded)?.key).toBe('page');
  });
});

describe('推送令牌', () => {
  it('签发的令牌验出用户 id；过期、篡改、格式错误都无效', () => {
    const now = Date.now();
    const token = issueWebSocketToken(42, now);
    expect(verifyWebSocketToken(token, now)).toBe(42);
    expect(verifyWebSocketToken(token, now + (WS_TOKEN_TTL_SECONDS + 1) * 1000)).toBeNull();
    const [payload, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ uid: 1, exp: Math.floor(now / 1000) + 600 })).toString('base64url');
    expect(verifyWebSocketToken(`${forged}.${sig}`, now)).toBeNull();
    expect(verifyWebSocketToken(`${payload}.${sig}x`, now)).toBeNull();
    expect(verifyWebSocketToken('garbage', now)).toBeNull();
    expect(verifyWebSocketToken(`${token}.extra`, now)).toBeNull();
  });
});
