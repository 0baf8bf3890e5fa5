// 北京时间的格式化（lib/platform/time.ts）：1992 年起按固定的 UTC+8 计算，结果须与 Intl（Asia/Shanghai）逐字相同，
// 包括 1986–1991 年夏令时期间（仍走 Intl）。
import { describe, expect, it } from 'vitest';
import { beijingStamp, formatBeijing } from '@/lib/platform/time';

const intl = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const reference = (d: Date) => {
  const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

describe('formatBeijing', () => {
  it('与 Intl 的 Asia/Shanghai 逐字相同（1985–2100 年，每隔约 7 小时取一个时刻）', () => {
    const bad: string[] = [];
    for (let t = Date.UTC(1985, 0, 1); t < Date.UTC(2100, 0, 1); t += 7 * 3600_000 + 12_345) {
      const d = new Date(t);
      if (formatBeijing(d) !== reference(d)) bad.push(d.toISOString());
    }
    expect(bad).toEqual([]);
  });

  it('跨日与夏令时', () => {
    expect(formatBeijing(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25 00:00:00');
    expect(formatBeijing(new Date('2026-01-01T15:59:59.999Z'))).toBe('2026-01-01 23:59:59');
    // 1988 年 7 月北京时间实行夏令时（UTC+9）
    expect(formatBeijing(new Date('1988-07-01T00:00:00Z'))).toBe('1988-07-01 09:00:00');
    expect(beijingStamp(new Date('2026-03-05T01:02:03Z'))).toBe('20260305090203');
  });
});

describe('beijingStamp', () => {
  it('与 formatBeijing 同一时刻逐位相同（跨日、按天缓存的日期部分不串）', () => {
    const bad: string[] = [];
    // 前后交替取相隔很远与很近的时刻：缓存的“上一天”时常失效，也时常命中
    for (let t = Date.UTC(1985, 0, 1); t < Date.UTC(2100, 0, 1); t += 11 * 3600_000 + 4_321) {
      for (const d of [new Date(t), new Date(t + 1000), new Date(Date.UTC(2026, 10, 24, 15, 59, 59))]) {
        if (beijingStamp(d) !== reference(d).replace(/[- :]/g, '')) bad.push(d.toISOString());
      }
    }
    expect(bad).toEqual([]);
  });

  it('无效时间与超出范围的时刻照旧报错', () => {
    expect(() => formatBeijing(new Date(Number.NaN))).toThrow(RangeError);
    expect(formatBeijing(new Date('9999-12-31T15:59:59Z'))).toBe('9999-12-31 23:59:59');
  });
});
