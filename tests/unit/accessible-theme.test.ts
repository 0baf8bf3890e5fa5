// 无障碍的主题色（components/shell/accessibleTheme.ts）：每个预设主色用到界面上后，白底与页面灰底上的文字、主色按钮上的白字都达到 4.5:1。
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { PRIMARY_COLORS } from '@/components/shell/settings';
import { ANTD_PRESET, ANTD_STATUS, BRAND_PRIMARY, TEXT_CONTRAST, antdVarOverrides, accessibleColor, accessibleToken, contrastRatio } from '@/components/shell/accessibleTheme';

/** 60% 黑叠在底色上的实际颜色 */
const overlay = (alpha: number, bg: number) => `#${Math.round(bg * (1 - alpha)).toString(16).padStart(2, '0').repeat(3)}`;

describe('accessibleTheme', () => {
  it('对比度按 WCAG 计算', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1890FF', '#ffffff')).toBeCloseTo(3.2, 1);
  });

  it('已达标的颜色原样返回，不达标的加深到刚好达标、同一色相', () => {
    expect(accessibleColor('#2F54EB')).toBe('#2F54EB');
    const dark = accessibleColor(BRAND_PRIMARY);
    expect(contrastRatio(dark, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(dark, '#ffffff')).toBeLessThan(TEXT_CONTRAST + 0.3);
  });

  it.each(PRIMARY_COLORS.map((c) => [c.key, c.color]))('预设主色 %s：主色、悬停色与链接在白底和页面底色上都够 4.5:1', (_key, color) => {
    const token = accessibleToken(color);
    for (const c of [token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive, token.colorLink] as string[]) {
      expect(contrastRatio(c, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(c, '#f0f2f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // 选中的菜单项：主色文字在主色浅底上
    expect(contrastRatio(token.colorPrimary as string, token.colorPrimaryBg as string)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('暗色主题的链接在深色底上够 4.5:1', () => {
    for (const { color } of PRIMARY_COLORS) expect(contrastRatio(accessibleToken(color, true).colorLink as string, '#141414')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('抄下的 antd 默认色值与 antd 一致', () => {
    const base = theme.getDesignToken() as unknown as Record<string, string>;
    for (const [s, [color, bg]] of Object.entries(ANTD_STATUS)) expect([base[`color${s}`], base[`color${s}Bg`]]).toEqual([color, bg]);
    for (const [name, [text, bg]] of Object.entries(ANTD_PRESET)) expect([base[`${name}7`], base[`${name}1`]]).toEqual([text, bg]);
  });

  it('状态色与预设色的标签文字在各自的浅底上够 4.5:1；次要文字在页面底色上够', () => {
    const token = accessibleToken() as Record<string, string>;
    const base = theme.getDesignToken() as unknown as Record<string, string>;
    for (const s of ['Success', 'Warning', 'Error', 'Info']) {
      expect(token[`color${s}Bg`]).toBe(base[`color${s}Bg`]);
      expect(contrastRatio(token[`color${s}`], token[`color${s}Bg`])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    for (const c of ['green', 'red', 'orange', 'gold', 'cyan', 'blue']) expect(contrastRatio(token[`${c}7`], base[`${c}1`])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(token.colorTextTertiary).toBe('rgba(0, 0, 0, 0.6)');
    expect(contrastRatio(overlay(0.6, 0xf0), '#f0f2f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('app/globals.css 重新声明的 antd 变量与 antdVarOverrides() 一致，且都达标', () => {
    const css = readFileSync('app/globals.css', 'utf8');
    const block = css.slice(css.indexOf(":root [class*='css-var-']"));
    const declared = Object.fromEntries([...block.slice(0, block.indexOf('}')).matchAll(/(--ant-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
    const expected = Object.fromEntries(Object.entries(antdVarOverrides()).map(([k, v]) => [k, v.toLowerCase()]));
    expect(declared).toEqual(expected);
    for (const s of Object.keys(ANTD_STATUS)) {
      const name = s.toLowerCase();
      expect(contrastRatio(declared[`--ant-color-${name}-text`], declared[`--ant-color-${name}-bg`])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });
});
