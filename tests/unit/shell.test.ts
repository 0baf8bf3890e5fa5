// 门户框架的纯逻辑：标签栏规则（SPEC §5）、布局偏好 Cookie、菜单可见性与定位、菜单图标、界面文字的完整性。
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenMenuTree, MENU_TREE } from '@/lib/domains/access/menu-tree';
import type { MenuItem } from '@/lib/domains/access/menu';
import { shellMessages } from '@/lib/i18n/messages/shell';
import { hasMenuIcon } from '@/components/shell/icon-names';
import { countLeaves, findRoute, findTrail, landingPath, shellMenu } from '@/components/shell/menu';
import { DEFAULT_SETTINGS, parseSettings, settingsCookie } from '@/components/shell/settings';
import { closeAll, closeLeft, closeRight, closeTab, openTab, parseStoredTabs, type Tab } from '@/components/shell/tabs';
import { displayName } from '@/components/shell/types';
import { describeClient, functionGroups, maskMobile, periodOf } from '@/components/workplace/data';

const tab = (key: string): Tab => ({ key, url: key, title: key });
const [A, B, C] = [tab('/a'), tab('/b'), tab('/c')];

describe('多标签栏规则', () => {
  it('打开：新页面追加在最后，已打开的只更新地址与标题、位置不变', () => {
    expect(openTab([A, B], C).map((t) => t.key)).toEqual(['/a', '/b', '/c']);
    const updated = openTab([A, B, C], { key: '/b', url: '/b?x=1', title: 'B2' });
    expect(updated.map((t) => t.url)).toEqual(['/a', '/b?x=1', '/c']);
    const same = [A, B];
    expect(openTab(same, { ...A })).toBe(same);
  });

  it('关闭当前：只剩一个标签时提示不能关闭', () => {
    expect(closeTab([A], '/a', '/a')).toEqual({ tabs: [A], warning: 'last' });
  });

  it('关闭当前标签后切到左边的，没有左边的切到右边的', () => {
    expect(closeTab([A, B, C], '/b', '/b')).toEqual({ tabs: [A, C], navigate: '/a' });
    expect(closeTab([A, B, C], '/a', '/a')).toEqual({ tabs: [B, C], navigate: '/b' });
    expect(closeTab([A, B, C], '/c', '/a')).toEqual({ tabs: [A, B] });
  });

  it('关闭左侧 / 右侧：那一侧没有标签时提示', () => {
    expect(closeLeft([A, B, C], '/a', '/a').warning).toBe('noLeft');
    expect(closeRight([A, B, C], '/c', '/c').warning).toBe('noRight');
    expect(closeLeft([A], '/a', '/a').warning).toBe('noLeft');
    expect(closeRight([A], '/a', '/a').warning).toBe('noRight');
  });

  it('关闭左侧 / 右侧：当前标签被关掉时切到右击的标签', () => {
    expect(closeLeft([A, B, C], '/c', '/a')).toEqual({ tabs: [C], navigate: '/c' });
    expect(closeLeft([A, B, C], '/b', '/c')).toEqual({ tabs: [B, C] });
    expect(closeRight([A, B, C], '/a', '/c')).toEqual({ tabs: [A], navigate: '/a' });
    expect(closeRight([A, B, C], '/b', '/a')).toEqual({ tabs: [A, B] });
  });

  it('关闭全部：保留首页标签；首页未打开时保留右击的；只剩一个时提示', () => {
    expect(closeAll([A, B, C], '/c', '/c', '/b')).toEqual({ tabs: [B], navigate: '/b' });
    expect(closeAll([A, B, C], '/c', '/a', '/home')).toEqual({ tabs: [C], navigate: '/c' });
    expect(closeAll([A, B], '/b', '/b', '/home')).toEqual({ tabs: [B] });
    expect(closeAll([A], '/a', '/a', '/a').warning).toBe('last');
  });

  it('sessionStorage 里的数据：丢弃结构不对、站外地址与重复项', () => {
    const raw = JSON.stringify([A, { key: '//evil.com', url: '//evil.com', title: 'x' }, { key: '/d', url: 'https://evil.com', title: 'd' }, A, { key: 1 }, B]);
    expect(parseStoredTabs(raw)).toEqual([A, B]);
    expect(parseStoredTabs('not json')).toEqual([]);
    expect(parseStoredTabs(null)).toEqual([]);
    expect(parseStoredTabs('{"a":1}')).toEqual([]);
  });
});

describe('布局偏好 Cookie', () => {
  it('默认值符合 SPEC §9', () => {
    expect(parseSettings(undefined)).toEqual({
      navTheme: 'dark',
      primaryColor: '#1890FF',
      layout: 'sidemenu',
      contentWidth: 'Fluid',
      fixedHeader: true,
      fixSiderbar: true,
      colorWeak: false,
      collapsed: false,
    });
  });

  it('写入的 Cookie 能原样读回（含 URL 编码）', () => {
    const s = { ...DEFAULT_SETTINGS, layout: 'topmenu' as const, navTheme: 'light' as const, primaryColor: '#722ED1', colorWeak: true };
    const cookie = settingsCookie(s);
    expect(cookie).toMatch(/^layout-settings=[^;]+; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const value = cookie.slice('layout-settings='.length, cookie.indexOf(';'));
    expect(parseSettings(value)).toEqual(s);
    expect(parseSettings(decodeURIComponent(value))).toEqual(s);
  });

  it('坏字段各自回到默认值，其余保留；无法解析时全部默认', () => {
    const parsed = parseSettings(JSON.stringify({ navTheme: 'neon', primaryColor: 'red', layout: 'topmenu', fixedHeader: 'yes', colorWeak: true }));
    expect(parsed).toEqual({ ...DEFAULT_SETTINGS, layout: 'topmenu', colorWeak: true });
    expect(parseSettings('{oops')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('"str"')).toEqual(DEFAULT_SETTINGS);
    // 主色只接受预设色（大小写不敏感）
    expect(parseSettings(JSON.stringify({ primaryColor: '#13c2c2' })).primaryColor).toBe('#13C2C2');
  });
});

/** 资源树 → 接口形状的菜单项（id 按先序编号） */
function menuItems(): MenuItem[] {
  const flat = flattenMenuTree(MENU_TREE);
  const ids = new Map(flat.map((f, i) => [f.key, i + 1]));
  return flat.map((f) => ({
    id: ids.get(f.key)!,
    parentId: f.parentKey ? ids.get(f.parentKey)! : 0,
    name: f.key,
    key: f.key,
    component: f.component,
    path: f.path,
    redirect: f.redirect,
    meta: {
      title: f.title,
      icon: f.icon,
      show: f.show,
      hideChildren: f.hideChildren,
      hiddenHeaderContent: f.hiddenHeaderContent,
      target: f.target,
      params: null,
      permission: [f.key],
    },
  }));
}

describe('菜单：可见性、首页与当前位置', () => {
  const routes = menuItems();

  it('只显示有界面的叶子；子项全被隐藏的目录不显示；show:false 不显示', () => {
    const { visible, home } = shellMenu(routes, new Set(['Workplace']));
    expect(visible.map((n) => n.meta.title)).toEqual(['首页']);
    expect(visible[0].children.map((n) => n.meta.title)).toEqual(['工作台']);
    expect(home).toBe('/dashboard/workplace');
  });

  it('登记更多界面后对应的分组出现；首页是第一个可见叶子', () => {
    const { visible, home } = shellMenu(routes, new Set(['UserList', 'RoleList', 'AccountSettings']));
    expect(visible.map((n) => n.meta.title)).toEqual(['系统管理']);
    expect(visible[0].children.map((n) => n.meta.title)).toEqual(['用户管理', '角色管理']);
    expect(home).toBe('/system/user');
    expect(landingPath(visible[0])).toBe('/system/user');
  });

  it('当前位置：完全相同的路径优先，详情页归到最长的前缀；找不到为空', () => {
    const { tree } = shellMenu(routes, new Set());
    expect(findTrail(tree, '/dashboard/workplace').map((i) => i.meta.title)).toEqual(['首页', '工作台']);
    expect(findTrail(tree, '/system/user/').map((i) => i.meta.title)).toEqual(['系统管理', '用户管理']);
    expect(findTrail(tree, '/system/user/detail/7?tab=1').map((i) => i.meta.title)).toEqual(['系统管理', '用户管理']);
    expect(findTrail(tree, '/account/settings/basic').map((i) => i.key)).toEqual(['user']);
    expect(findTrail(tree, '/nowhere')).toEqual([]);
  });

  it('按路径找本人的路由', () => {
    expect(findRoute(routes, '/system/role/')?.key).toBe('role');
    expect(findRoute(routes, '/system/role/x')).toBeUndefined();
  });

  it('功能数只计 show 为真的叶子', () => {
    const { tree } = shellMenu(routes, new Set());
    const system = tree.find((n) => n.key === 'system')!;
    // 含运维监控下的“个人信息访问日志”与“外发队列”
    expect(countLeaves(system)).toBe(18);
  });

  it('工作台"我的功能"只计已有界面的功能：没有界面的叶子不计数、不列名，没有可用功能的组不出现', () => {
    const only = functionGroups(routes, new Set(['Workplace']));
    expect(only).toEqual([expect.objectContaining({ key: 'home', count: 1, items: ['工作台'], href: '/dashboard/workplace' })]);

    const groups = functionGroups(routes, new Set(['Workplace', 'UserList', 'DictList', 'ProcessRuleList']));
    expect(groups.map((g) => g.title)).toEqual(['首页', '系统管理']);
    // 系统管理有 16 项授权，其中只有 3 项有界面：计 3 项，入口是第一个能打开的功能
    expect(groups[1]).toMatchObject({ key: 'system', count: 3, items: ['用户管理', '数据字典', '流程规则'], href: '/system/user' });
  });

  it('资源树用到的每个图标都能显示（不落到默认图标）', () => {
    const missing = flattenMenuTree(MENU_TREE)
      .map((f) => f.icon)
      .filter((icon) => !hasMenuIcon(icon));
    expect(missing).toEqual([]);
    expect(hasMenuIcon('check-circle')).toBe(true);
    expect(hasMenuIcon('NoSuchIconOutlined')).toBe(false);
  });
});

describe('页头与工作台的小工具', () => {
  it('RENCAI_SHI / RENCAI_ORG / RENCAI_ADMIN 称呼真实姓名，其他用户称呼昵称', () => {
    const u = { nickName: '华元评价', realName: '陈静' };
    expect(displayName({ ...u, userType: 'RENCAI_ORG' })).toBe('陈静');
    expect(displayName({ ...u, userType: 'RENCAI_SHI' })).toBe('陈静');
    expect(displayName({ ...u, userType: 'RENCAI_ADMIN' })).toBe('陈静');
    expect(displayName({ ...u, userType: 'TEACHER' })).toBe('华元评价');
    expect(displayName({ nickName: '管理员', realName: null, userType: 'RENCAI_ADMIN' })).toBe('管理员');
  });

  it('手机号打码、浏览器说明、问候时段', () => {
    expect(maskMobile('13831100001')).toBe('138****0001');
    expect(maskMobile(null)).toBeNull();
    expect(describeClient('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0')).toBe('Edge 124 / Windows');
    expect(describeClient('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe('Chrome 131 / Linux');
    expect(describeClient('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari 17 / iOS');
    expect(describeClient(null)).toBe('-');
    expect([6, 12, 15, 20, 2].map(periodOf)).toEqual(['morning', 'noon', 'afternoon', 'evening', 'evening']);
  });
});

describe('门户框架文字', () => {
  const zh = shellMessages['zh-CN'];
  const en = shellMessages['en-US'];

  it('zh-CN 与 en-US 的键完全一致，且没有空文字', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [k, v] of [...Object.entries(zh), ...Object.entries(en)]) expect(v.trim(), k).not.toBe('');
  });

  it('代码里用到的每个 shell.* 键都有文字', () => {
    const roots = ['components/shell', 'components/workplace', 'app'];
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name)) files.push(p);
      }
    };
    roots.forEach((r) => walk(path.resolve(r)));
    const used = new Set<string>();
    for (const f of files) for (const m of fs.readFileSync(f, 'utf8').matchAll(/'(shell\.[A-Za-z0-9.]+[A-Za-z0-9])'/g)) used.add(m[1]);
    // 模板拼出的键：逐一展开
    for (const s of ['403', '404', '500']) used.add(`shell.error.${s}`);
    for (const s of ['province', 'city', 'county', 'org']) used.add(`shell.level.${s}`);
    for (const s of ['morning', 'noon', 'afternoon', 'evening']) used.add(`shell.workplace.greeting.${s}`);
    for (const s of ['login', 'sso', 'failure', 'locked', 'logout']) used.add(`shell.workplace.login.kind.${s}`);
    for (const s of ['dark', 'light', 'realDark']) used.add(`shell.settings.theme.${s}`);
    for (const s of ['sidemenu', 'topmenu']) used.add(`shell.settings.layout.${s}`);
    for (const s of ['daybreak', 'dust', 'volcano', 'sunset', 'cyan', 'green', 'geekblue', 'purple']) used.add(`shell.settings.color.${s}`);
    const missing = [...used].filter((k) => !(k in zh));
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(80);
  });

  it('标签栏提示与 SPEC §5 一致', () => {
    expect(zh['shell.tabs.lastTab']).toBe('这是最后一个标签页，不能再关闭了');
    expect(zh['shell.tabs.noLeft']).toBe('左侧没有标签页');
    expect(zh['shell.tabs.noRight']).toBe('右侧没有标签页');
  });
});
