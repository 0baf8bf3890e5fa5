// 界面与消息的文字里没有叠词式的笔误（如“评价评价机构”：动作“评价”接上对象“评价机构”）。
// 各界面的中文都在消息目录里（tests/unit/i18n-catalogue.test.ts 保证），菜单标题在资源树里，所以查这两处即可。
import { describe, expect, it } from 'vitest';
import { zhCNSource } from '@/lib/i18n';
import { flattenMenuTree } from '@/lib/domains/access/menu-tree';

/** 连着出现两次的两个以上汉字 */
const DOUBLED = /([\u4e00-\u9fff]{2,})\1/;
/** 有意的叠用（目前没有） */
const ALLOWED: string[] = [];

describe('没有叠词式的笔误', () => {
  it('消息目录里的中文', () => {
    const texts = Object.values(zhCNSource());
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.filter((t) => DOUBLED.test(t) && !ALLOWED.includes(t))).toEqual([]);
  });

  it('菜单标题', () => {
    expect(flattenMenuTree().filter((f) => DOUBLED.test(f.title)).map((f) => f.title)).toEqual([]);
  });

  it('自检：能认出“评价评价机构”', () => {
    expect(DOUBLED.test('评价评价机构')).toBe(true);
    expect(DOUBLED.test('对评价机构的评价')).toBe(false);
  });
});
