// 资源（菜单）树：SPEC §2 的每个界面都有资源行；key、组件、路径唯一；图标存在；与 docs/PERMISSIONS.md 一致；种子写入的行与树相同。
import fs from 'node:fs';
import path from 'node:path';
import * as icons from '@ant-design/icons';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { ACTIONS } from '@/lib/platform/auth/session';
import { KIND_KEYS, MENU_TREE, anyKind, flattenMenuTree } from '@/lib/domains/access/menu-tree';
import { resources } from '@/lib/domains/access/tables';

const { db } = setupTestDb();
const flat = flattenMenuTree();
const byKey = new Map(flat.map((f) => [f.key, f]));
const leaves = flat.filter((f) => !f.isDirectory);

/** SPEC §2“服务端下发菜单”列出的界面 → 对应的资源 key */
const SPEC_COMPONENTS: [string, string[]][] = [
  ['course type, list, audit', ['courseType', 'course', 'courseAudit']],
  ['curriculum', ['curriculum']],
  ['train-type and train-work subsidy', ['trainTypeSubsidy', 'trainWorkSubsidy']],
  ['annual target', ['annualTarget']],
  ['class application, calendar, approval', ['trainInfo', 'trainCalendar', 'trainInfoAudit']],
  ['extension-class apply and approve', ['postponeApply', 'postponeAudit']],
  ['information correction apply and approve', ['infoCorrectApply', 'infoCorrectAudit']],
  ['teacher, student and expert libraries', ['teacher', 'student', 'expert']],
  ['teacher approval and relation manage', ['teacherAudit', 'teacherRelation']],
  ['standing book manage, approve, search', ['ledger', 'ledgerAudit', 'ledgerSearch']],
  ['subsidy apply, approve, two-level approve, search, finance approve', ['subsidy', 'subsidyAudit', 'subsidyReview', 'subsidySearch', 'subsidyFinance']],
  ['living-transport subsidy apply, approve, two-level approve', ['livingSubsidy', 'livingSubsidyAudit', 'livingSubsidyReview']],
  ['company list, approve, settle-in approve and manage, evaluations', ['company', 'companyAudit', 'settleInAudit', 'settleIn', 'companyEvaluation']],
  ['fund account', ['fundAccount']],
  ['process rules and statuses', ['processRule', 'processStatus']],
  ['work-time list and count', ['workTime', 'workTimeCount']],
  ['big-screen dashboards', ['bigScreenTrain', 'bigScreenEval']],
  ['statistics', ['orgTypeStatistics', 'summaryStatistics', 'processStatistics', 'trainCount', 'uploadCount']],
  ['user, resource, role, system log, blacklist, friendly link, contact', ['sysUser', 'resource', 'role', 'sysLog', 'blacklist', 'friendLink', 'contact']],
  ['opinion collect and feedback', ['opinionCollect', 'feedback']],
  ['device, dictionary, scheduled-job', ['device', 'dict', 'scheduleJob']],
  ['online users', ['onlineUser']],
  ['coupons', ['coupon']],
  ['tags, classify, courseware, picture and video course', ['tag', 'classify', 'courseware', 'pictureCourse', 'videoCourse']],
  ['filing, plans and question banks for the four assessment kinds', [...KIND_KEYS.filing, ...KIND_KEYS.exaPlan, ...KIND_KEYS.questionBank]],
  ['certificate fill and correct', ['certificateFill', 'certificateCorrect']],
  ['account and organisation management', ['account', 'organization']],
  ['exam sites and rooms', ['examSite', 'examRoom']],
  ['assessors, supervisors, proctors, exam affairs', ['assessor', 'supervisor', 'examStaff', 'examAffairs']],
  ['banner, notice, policy, news, help centre', ['banner', 'notice', 'policy', 'news', 'help']],
  ['cameras', ['camera']],
  ['year-task pages', ['yearTaskIssue', 'yearTaskProgress']],
];

describe('资源树', () => {
  it.each(SPEC_COMPONENTS)('SPEC §2 的“%s”都有叶子资源', (_name, keys) => {
    for (const key of keys) {
      const res = byKey.get(key);
      expect(res, key).toBeDefined();
      expect(res!.isDirectory).toBe(false);
      expect(res!.show).toBe(true);
      expect(res!.actions.length).toBeGreaterThan(0);
    }
  });

  it('一级菜单是门户的七个分组加不进菜单的个人设置', () => {
    expect(MENU_TREE.map((n) => `${n.key}:${n.title}`)).toEqual([
      'home:首页', 'evaluation:评价业务', 'training:培训管理', 'subsidyManage:补贴管理', 'orgManage:机构与企业', 'content:内容管理', 'system:系统管理', 'user:个人设置',
    ]);
  });

  it('固定资源：工作台与个人设置', () => {
    expect(byKey.get('dashboard')).toMatchObject({ title: '工作台', path: '/dashboard/workplace', component: 'Workplace', show: true, parentKey: 'home' });
    expect(byKey.get('user')).toMatchObject({ title: '个人设置', path: '/account/settings', component: 'AccountSettings', show: false, actions: ['edit', 'get'], parentKey: null });
  });

  it('key、路径与叶子的组件名全树唯一；组件名为 PascalCase；路径以 / 开头且在上级路径之下', () => {
    expect(new Set(flat.map((f) => f.key)).size).toBe(flat.length);
    expect(new Set(flat.map((f) => f.path)).size).toBe(flat.length);
    expect(new Set(leaves.map((f) => f.component)).size).toBe(leaves.length);
    for (const f of flat) {
      expect(f.key).toMatch(/^[a-z][A-Za-z]*$/);
      expect(f.component).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(f.path).toMatch(/^\/[a-z0-9/-]+$/);
      expect(f.title).toMatch(/^[\u4e00-\u9fa5]+$/);
      const parent = f.parentKey ? byKey.get(f.parentKey)! : null;
      // 统计分析是“首页”下的分组，路径自成一支
      if (parent && parent.key !== 'home') expect(f.path.startsWith(`${parent.path}/`), f.key).toBe(true);
    }
  });

  it('每个资源的图标都是 @ant-design/icons 中存在的图标', () => {
    const missing = flat.filter((f) => !(f.icon in icons)).map((f) => `${f.key}:${f.icon}`);
    expect(missing).toEqual([]);
  });

  it('动作只取自九个动作；目录跳到第一个子页，其动作是子孙动作的并集', () => {
    for (const f of flat) {
      for (const a of f.actions) expect(ACTIONS).toContain(a);
      if (!f.isDirectory) continue;
      const kids = flat.filter((c) => c.parentKey === f.key);
      expect(f.component).toBe('RouteView');
      expect(f.redirect).toBe(kids[0].path);
      expect(new Set(f.actions)).toEqual(new Set(kids.flatMap((k) => k.actions)));
    }
  });

  it('四类评价的 key 按计划类型下标排列，anyKind 给出任一类的权限列表', () => {
    expect(KIND_KEYS.exaPlan.map((k) => byKey.get(k)!.title)).toEqual(['技能等级认定计划', '职业资格考试计划', '专项能力考核计划', '机关工勤考试计划']);
    expect(anyKind('filing', 'add')).toEqual(['filingSkill.add', 'filingQual.add', 'filingSpecial.add', 'filingOrgan.add']);
    for (const key of Object.values(KIND_KEYS).flat()) expect(byKey.has(key)).toBe(true);
  });

  it('docs/PERMISSIONS.md 列出每个资源的 key、路径、组件与动作', () => {
    const doc = fs.readFileSync(path.join(process.cwd(), 'docs/PERMISSIONS.md'), 'utf8');
    for (const f of flat) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${f.key}\` |`));
      expect(row, f.key).toBeDefined();
      expect(row).toContain(`\`${f.path}\``);
      expect(row).toContain(f.isDirectory ? 'RouteView' : `\`${f.component}\``);
      expect(row!.trim().endsWith(`| ${f.actions.join(', ')} |`)).toBe(true);
    }
  });

  it('种子写入的资源与树一致（父子、顺序、动作）', async () => {
    const rows = await (await db()).select().from(resources).orderBy(asc(resources.id));
    const rowByKey = new Map(rows.map((r) => [r.key, r]));
    const idToKey = new Map(rows.map((r) => [r.id, r.key]));
    for (const f of flat) {
      const r = rowByKey.get(f.key)!;
      expect(r, f.key).toBeDefined();
      expect({ parent: r.parentId === 0 ? null : idToKey.get(r.parentId), title: r.title, path: r.path, component: r.component, icon: r.icon, sort: r.sort, show: r.show, actions: r.actions, redirect: r.redirect }).toEqual({
        parent: f.parentKey, title: f.title, path: f.path, component: f.component, icon: f.icon, sort: f.sort, show: f.show, actions: f.actions, redirect: f.redirect,
      });
    }
  });
});
