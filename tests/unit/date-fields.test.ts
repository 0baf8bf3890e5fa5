// 共用的日期字段（lib/platform/validation/fields.ts）：只认公历里存在的日期，消息带字段名；各领域 schemas.ts 的日期字段都用它。
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { date, daysInMonth, isCalendarDate, looseDate, nullableDate, nullableLooseDate, optionalDate, parseDateText } from '@/lib/platform/validation/fields';
import { PlanSaveInput } from '@/lib/domains/exaPlan/schemas';
import { SessionAddInput } from '@/lib/domains/examSite/schemas';
import { ClassSaveInput } from '@/lib/domains/trainClass/schemas';
import { AbnormalAddInput } from '@/lib/domains/supervision/schemas';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe('日期是否存在', () => {
  it('每月天数与闰年', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2027, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
  });

  it('isCalendarDate', () => {
    for (const ok of ['2027-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '1880-01-01']) expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of ['2027-02-30', '2027-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-1', '']) expect(isCalendarDate(bad), bad).toBe(false);
  });
});

describe('严格日期 date(label)', () => {
  const f = date('考试开始日期');
  it('存在的日期原样通过', () => {
    expect(f.parse('2027-02-28')).toBe('2027-02-28');
    expect(f.parse(' 2028-02-29 ')).toBe('2028-02-29');
  });
  it('不存在的日期：消息说出字段与原因', () => {
    expect(messageOf(f, '2027-02-30')).toBe('考试开始日期不是有效日期：2027 年 2 月没有 30 日');
    expect(messageOf(f, '2026-13-01')).toBe('考试开始日期不是有效日期：没有 13 月');
  });
  it('格式不对、没填', () => {
    expect(messageOf(f, '2027/02/01')).toBe('考试开始日期格式应为 YYYY-MM-DD');
    expect(messageOf(f, '')).toBe('请选择考试开始日期');
  });
  it('可不填与可清空', () => {
    expect(optionalDate('起').parse('')).toBeUndefined();
    expect(optionalDate('起').parse(null)).toBeUndefined();
    expect(nullableDate('起').parse('')).toBeNull();
    expect(messageOf(optionalDate('考试日期起'), '2026-04-31')).toBe('考试日期起不是有效日期：2026 年 4 月没有 31 日');
  });
});

describe('宽松日期 looseDate(label)（导入与表单）', () => {
  it('各种写法 → YYYY-MM-DD', () => {
    expect(parseDateText('2026/5/1')).toBe('2026-05-01');
    expect(parseDateText('2026年5月1日')).toBe('2026-05-01');
    expect(parseDateText('２０２６－０５－０１')).toBe('2026-05-01');
    expect(parseDateText('45292')).toBe('2024-01-01');
    expect(looseDate('开班日期').parse(new Date('2026-05-01T00:00:00Z'))).toBe('2026-05-01');
  });
  it('不存在的日期与写法不对各有消息', () => {
    expect(parseDateText('2027/2/30')).toBeNull();
    expect(messageOf(looseDate('开班日期'), '2027/2/30')).toBe('开班日期不是有效日期：2027 年 2 月没有 30 日');
    expect(messageOf(looseDate('开班日期'), '下周一')).toBe('开班日期格式不正确，应为 2026-05-01 这样的日期');
    expect(nullableLooseDate('取得证书日期').parse('')).toBeNull();
  });
});

describe('各领域的日期字段用共用件', () => {
  it('考试计划：2027-02-30 在校验时拒绝，消息带字段名', () => {
    const r = PlanSaveInput.safeParse({ examStartDate: '2027-02-30', examEndDate: '2027-03-01' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === 'examStartDate')?.message).toBe('考试开始日期不是有效日期：2027 年 2 月没有 30 日');
  });
  it('场次、培训班、异常记录的日期（含日期时间的日期部分）', () => {
    expect(SessionAddInput.safeParse({ examDate: '2027-02-30' }).error!.issues.find((i) => i.path[0] === 'examDate')?.message).toBe('考试日期不是有效日期：2027 年 2 月没有 30 日');
    expect(ClassSaveInput.safeParse({ startDate: '2027-02-30' }).error!.issues.find((i) => i.path[0] === 'startDate')?.message).toBe('开班日期不是有效日期：2027 年 2 月没有 30 日');
    expect(AbnormalAddInput.safeParse({ occurredAt: '2027-02-30 09:40' }).error!.issues.find((i) => i.path[0] === 'occurredAt')?.message).toBe('发生时间不是有效日期：2027 年 2 月没有 30 日');
  });

  it('schemas.ts 里不再自写日期的正则或 Date.parse 判断（只用 lib/platform/validation/fields.ts 的日期字段）', () => {
    const dir = path.join(process.cwd(), 'lib/domains');
    const offenders: string[] = [];
    for (const domain of fs.readdirSync(dir)) {
      const file = path.join(dir, domain, 'schemas.ts');
      if (!fs.existsSync(file)) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // 只含日期的正则（日期时间的正则另有时刻部分）、Date.parse 判断、zod 自带的 iso.date
          if (/\\d\{4\}-\\d\{2\}-\\d\{2\}\$|Date\.parse\(|iso\.date\(/.test(line)) offenders.push(`${domain}/schemas.ts:${i + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
