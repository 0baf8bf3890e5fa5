// CALENDAR_DATE_PATTERN（OpenAPI 里日期字段的 pattern）与服务端的日期检查是同一条规则：逐日核对。
import { describe, expect, it } from 'vitest';
import { CALENDAR_DATE_PATTERN, date, isCalendarDate } from '@/lib/platform/validation/fields';

const pattern = new RegExp(CALENDAR_DATE_PATTERN);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

describe('CALENDAR_DATE_PATTERN', () => {
  it('与 isCalendarDate 逐日一致（含 1900、2000、2100 年与 0 月、32 日）', () => {
    const differ: string[] = [];
    for (const year of [1600, 1700, 1896, 1900, 1999, 2000, 2023, 2024, 2026, 2027, 2100, 2400]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
          if (pattern.test(text) !== isCalendarDate(text)) differ.push(text);
        }
      }
    }
    expect(differ).toEqual([]);
  });

  it('date() 的 JSON Schema 带这个 pattern，不存在的日期校验时就是 400 的消息', () => {
    expect(date('考试开始日期').meta()).toMatchObject({ format: 'date', pattern: CALENDAR_DATE_PATTERN });
    expect(pattern.test('2027-02-30')).toBe(false);
    expect(date('考试开始日期').safeParse('2027-02-30').error?.issues[0].message).toBe('考试开始日期不是有效日期：2027 年 2 月没有 30 日');
  });
});
