// 各领域 schemas.ts 共用的 zod 字段：主键、文本、开关、整数。前后端共用，消息统一（“最多 N 个字”）。
// 每个 id 都限在 PostgreSQL integer 的范围内、每段文本都有长度上限：越界的输入在校验时就是 400，到不了数据库。
// （含 NUL 的字符串与过深的嵌套由调度器在校验前统一拒绝，见 lib/platform/api/dispatcher.ts。）
import { z } from 'zod';

/** PostgreSQL integer（serial 主键）的最大值 */
export const MAX_INT32 = 2_147_483_647;
/** 一次批量操作最多的记录数 */
export const MAX_BATCH = 500;

/** 表单的空串、null 视为没填 */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** 主键：正整数，不超过 integer；没给或空串时的消息默认“请指定…”（下拉框可传“请选择…”） */
export const id = (label: string, missing = `请指定${label}`) =>
  z
    .preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: missing })
        .int(`${label}不正确`)
        .min(1, `${label}不正确`)
        .max(MAX_INT32, `${label}不正确`),
    )
    .describe(label);

/** 可不填的主键（空串、null 视为没填） */
export const optionalId = (label: string) => z.preprocess(blankToUndefined, id(label).optional()).describe(label);

/** 一批主键：至少一个，最多 max 个 */
export const ids = (label: string, max = MAX_BATCH) =>
  z
    .array(id(label), { error: `请选择${label}` })
    .min(1, `请至少选择一个${label}`)
    .max(max, `一次最多 ${max} 个${label}`)
    .describe(`${label} id 列表`);

/** 有上下限的整数 */
export const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`)
    .describe(label);

/** 必填文本：去掉首尾空白后不能为空 */
export const required = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多 ${max} 个字`)
    .describe(label);

/** 文本（可为空串），去掉首尾空白 */
export const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多 ${max} 个字`).describe(label);

/** 可不填的文本：没填或空白 → undefined（修改时表示“不改”） */
export const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => v || undefined)
    .describe(label);

/** 可清空的文本：没填或空白 → null（写库即清空该列） */
export const nullableText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => v || null)
    .describe(label);

/** 开关：true/false，也接受表单里的 'true'、'false'、'1'、'0' */
export const flag = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: `${label}只能是 true 或 false` })
    .transform((v) => v === true || v === 'true' || v === '1')
    .describe(label);

// ---------- 日期 ----------
// 日期字段一律用这里的几个：只认公历里存在的日期（2027-02-30、2026-13-01 在校验时就是 400，消息带字段名），
// 不会把不存在的日期交给数据库去报一个没有字段名的错。

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * 只匹配公历里存在的 YYYY-MM-DD（含闰年的 2 月 29 日）：与 isCalendarDate 同一条规则，写成正则给 JSON Schema / OpenAPI，
 * 接入方的校验器不必另写日期检查（tests/unit/calendar-date-pattern.test.ts 逐日核对）。
 */
export const CALENDAR_DATE_PATTERN =
  '^(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$';

/** 公历某年某月的天数（闰年：能被 4 整除且不能被 100 整除，或能被 400 整除） */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 年月日是否存在；不存在时给出带字段名的中文原因 */
export function calendarProblem(label: string, year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12) return `${label}不是有效日期：没有 ${month} 月`;
  if (day < 1 || day > daysInMonth(year, month)) return `${label}不是有效日期：${year} 年 ${month} 月没有 ${day} 日`;
  return null;
}

/** 'YYYY-MM-DD' 且是存在的日期 */
export function isCalendarDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  return m !== null && calendarProblem('', Number(m[1]), Number(m[2]), Number(m[3])) === null;
}

/** 以 YYYY-MM-DD 开头的文本（日期时间）里日期部分的问题；开头不是这个形状时为 null（由格式检查去报） */
export function datePartProblem(label: string, text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? calendarProblem(label, Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** 日期：YYYY-MM-DD，且是存在的日期 */
export const date = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .superRefine((v, ctx) => {
      const m = ISO_DATE.exec(v);
      const problem = m ? calendarProblem(label, Number(m[1]), Number(m[2]), Number(m[3])) : `${label}格式应为 YYYY-MM-DD`;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    // JSON Schema（OpenAPI）里写出同一条规则（CALENDAR_DATE_PATTERN）；消息仍由上面的检查给出
    .meta({ description: label, format: 'date', pattern: CALENDAR_DATE_PATTERN });

/** 可不填的日期（筛选条件、修改时不改）：空串、null → undefined */
export const optionalDate = (label: string) => z.preprocess(blankToUndefined, date(label).optional()).describe(label);

/** 可清空的日期：空串、null → null */
export const nullableDate = (label: string) =>
  z
    .preprocess(blankToUndefined, date(label).optional())
    .transform((v) => v ?? null)
    .describe(label);

/** 全角数字、字母与符号 → 半角，全角空格 → 空格（Excel 与输入法里常见的写法） */
const FULL_WIDTH = /[\uff01-\uff5e\u3000]/;
export function halfWidth(s: string): string {
  if (!FULL_WIDTH.test(s)) return s;
  return s.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const LOOSE_DATE = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T].*)?$/;

type DateText = { ok: true; value: string } | { ok: false; problem: 'format' | { year: number; month: number; day: number } };

/** 宽松的日期文本：YYYY-MM-DD、YYYY/M/D、YYYY.M.D、YYYY年M月D日，或 Excel 的日期序号（如 45292） */
function readDateText(raw: string): DateText {
  const s = halfWidth(raw).trim();
  if (/^\d{1,5}(\.\d+)?$/.test(s)) {
    const serial = Math.floor(Number(s));
    if (serial < 1 || serial > 2958465) return { ok: false, problem: 'format' };
    return { ok: true, value: new Date(EXCEL_EPOCH + serial * 86_400_000).toISOString().slice(0, 10) };
  }
  const m = LOOSE_DATE.exec(s);
  if (!m) return { ok: false, problem: 'format' };
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (calendarProblem('', year, month, day)) return { ok: false, problem: { year, month, day } };
  return { ok: true, value: `${m[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/** 宽松的日期文本 → YYYY-MM-DD；不是日期或日期不存在为 null */
export function parseDateText(raw: string): string | null {
  const r = readDateText(raw);
  return r.ok ? r.value : null;
}

/** 导入与表单共用的日期：除 YYYY-MM-DD 外也认 2026/5/1、2026年5月1日、Excel 日期序号与 Date；输出 YYYY-MM-DD */
export const looseDate = (label: string) =>
  z
    .preprocess((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v), z.string({ error: `请选择${label}` }).min(1, `请选择${label}`))
    .transform((v, ctx) => {
      const r = readDateText(v);
      if (r.ok) return r.value;
      const { problem } = r;
      ctx.addIssue({
        code: 'custom',
        message: problem === 'format' ? `${label}格式不正确，应为 2026-05-01 这样的日期` : calendarProblem(label, problem.year, problem.month, problem.day)!,
      });
      return z.NEVER;
    })
    // JSON Schema（OpenAPI）写标准写法 YYYY-MM-DD（format 只是说明，宽松的写法照样收）
    .meta({ description: label, format: 'date', examples: ['2026-05-01'] });

/** 可不填的宽松日期：空串、null → undefined */
export const optionalLooseDate = (label: string) => z.preprocess(blankToUndefined, looseDate(label).optional()).describe(label);

/** 可清空的宽松日期：空串、null → null */
export const nullableLooseDate = (label: string) =>
  z
    .preprocess(blankToUndefined, looseDate(label).optional())
    .transform((v) => v ?? null)
    .describe(label);
