// 列表表单的前端校验（components/list/rules.ts）：模式可以按需取（界面配置不静态引用 zod），结果与直接给模式相同。
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { zodRule } from '@/components/list/rules';

const Mobile = z.string().regex(/^1\d{10}$/, '手机号格式不正确');

/** 跑一次规则的校验函数：通过返回 null，不通过返回消息 */
async function check(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  const { validator } = rule as RuleObject;
  try {
    await validator!({} as never, value, () => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('zodRule', () => {
  it('直接给模式与给取模式的函数，结果一样；空值交给 required', async () => {
    for (const rule of [zodRule(Mobile), zodRule(async () => Mobile)]) {
      expect(await check(rule, '138')).toBe('手机号格式不正确');
      expect(await check(rule, '13800000000')).toBeNull();
      expect(await check(rule, '')).toBeNull();
      expect(await check(rule, undefined)).toBeNull();
    }
  });

  it('取模式的函数只调用一次；空值不去取', async () => {
    const load = vi.fn(async () => Mobile);
    const rule = zodRule(load);
    await check(rule, '');
    expect(load).not.toHaveBeenCalled();
    await check(rule, '1');
    await check(rule, '13800000000');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('取不到模式（断网）时给出明白的提示，下次校验再取', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(Mobile);
    const rule = zodRule(load);
    expect(await check(rule, '138')).toBe('校验规则没能加载，请检查网络后重试');
    expect(await check(rule, '138')).toBe('手机号格式不正确');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
