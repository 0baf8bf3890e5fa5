// 图表刻度（components/dashboard/chart-ticks.ts）：从 0 起、等距、步长 1/2/5 × 10ⁿ 的整数，最后一个不小于最大值。
import { describe, expect, it } from 'vitest';
import { niceTicks } from '@/components/dashboard/chart-ticks';

describe('niceTicks', () => {
  it.each([
    [0, [0, 1, 2, 3, 4]],
    [3, [0, 1, 2, 3, 4]],
    [10, [0, 2, 4, 6, 8, 10]],
    [13, [0, 5, 10, 15]],
    [40, [0, 10, 20, 30, 40]],
    [99, [0, 20, 40, 60, 80, 100]],
    [1234, [0, 500, 1000, 1500]],
  ])('最大值 %d → %j', (max, ticks) => {
    expect(niceTicks(max)).toEqual(ticks);
  });

  it('任何最大值：整数、等距、步长 1/2/5×10ⁿ、覆盖最大值、3–7 个', () => {
    for (let max = 0; max <= 100_000; max = Math.floor(max * 1.37) + 1) {
      const t = niceTicks(max);
      const step = t[1];
      const p = 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 5]).toContain(step / p);
      expect(t.every((v, i) => Number.isInteger(v) && v === i * step)).toBe(true);
      expect(t[t.length - 1]).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeGreaterThanOrEqual(3);
      expect(t.length).toBeLessThanOrEqual(7);
    }
  });
});
