// 证件号码（SPEC §5）：居民身份证 18 位（GB 11643 校验位）与 15 位（19xx 年出生）、港澳居民来往内地通行证
// （H/M 加 8 或 10 位数字）、仅 8 或 10 位数字的台湾居民来往大陆通行证。性别与出生日期只能从居民身份证号推出。
// 纯函数，不引入服务端模块：表单、导入与接口共用这一份。
import { calendarProblem } from '@/lib/platform/validation/fields';

export type IdNumberKind = 'resident18' | 'resident15' | 'hkMacau' | 'taiwan';
export type Gender = '男' | '女';

export const ID_KIND_LABEL: Record<IdNumberKind, string> = {
  resident18: '居民身份证（18 位）',
  resident15: '居民身份证（15 位）',
  hkMacau: '港澳居民来往内地通行证',
  taiwan: '台湾居民来往大陆通行证',
};

export interface ParsedIdNumber {
  kind: IdNumberKind;
  /** 规范写法：去空白，末位 x 与港澳通行证首字母改为大写；15 位号码不升位 */
  normalised: string;
  /** 出生日期 YYYY-MM-DD；通行证号码不含出生日期，为 null */
  birthDate: string | null;
  /** 顺序码奇数为男、偶数为女；通行证号码为 null */
  gender: Gender | null;
}

/** 可信的最早出生年份：早于它的号码在算法上合格，但按常理是输错了 */
export const MIN_BIRTH_YEAR = 1900;

export const ID_MESSAGES = {
  required: '请输入身份证号',
  format: '身份证号格式不正确',
  area: '身份证号中的地区码不正确',
  birthDate: '身份证号中的出生日期不存在',
  /** 日期存在（GB 11643 的示例 440524188001010014 生于 1880 年），但这样的人不会来考试：多半是输错了 */
  tooEarly: '身份证号中的出生日期早于 1900 年，请核对',
  future: '身份证号中的出生日期晚于今天',
  check: '身份证号校验位不正确',
} as const;

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** GB/T 2260 的省级代码（含港澳台居民居住证的 81/82/83） */
const PROVINCE_CODES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83,
]);

/** 18 位号码前 17 位的校验字符 */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/** 北京时间的今天 YYYY-MM-DD（身份证上的出生日期是当地日期） */
export function beijingToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** 导入时每行都要比较“今天”：同一分钟内复用算好的日期，免得每行都建 Date、转文本 */
let todayMinute = -1;
let todayText = '';
function todayCached(): string {
  const minute = Math.floor(Date.now() / 60_000);
  if (minute !== todayMinute) {
    todayMinute = minute;
    todayText = beijingToday(new Date(minute * 60_000));
  }
  return todayText;
}

export type IdNumberCheck = { ok: true; value: ParsedIdNumber } | { ok: false; message: string };

export interface IdNumberOptions {
  /** 只接受居民身份证（15 或 18 位） */
  residentOnly?: boolean;
  /** 判断出生日期是否晚于今天所用的“今天”（YYYY-MM-DD），默认北京时间今天 */
  today?: string;
}

/** 校验并解析证件号码；不合格时给出中文原因。 */
export function checkIdNumber(input: string, opts: IdNumberOptions = {}): IdNumberCheck {
  const raw = (input ?? '').replace(/\s+/g, '');
  if (!raw) return { ok: false, message: ID_MESSAGES.required };
  const value = raw.toUpperCase();

  if (!opts.residentOnly) {
    if (/^[HM](\d{8}|\d{10})$/.test(value)) return { ok: true, value: { kind: 'hkMacau', normalised: value, birthDate: null, gender: null } };
    if (/^(\d{8}|\d{10})$/.test(value)) return { ok: true, value: { kind: 'taiwan', normalised: value, birthDate: null, gender: null } };
  }

  let kind: IdNumberKind;
  let y: number, m: number, d: number, sequenceDigit: number;
  if (/^\d{17}[\dX]$/.test(value)) {
    kind = 'resident18';
    y = Number(value.slice(6, 10));
    m = Number(value.slice(10, 12));
    d = Number(value.slice(12, 14));
    sequenceDigit = Number(value[16]);
  } else if (/^\d{15}$/.test(value)) {
    kind = 'resident15';
    y = 1900 + Number(value.slice(6, 8));
    m = Number(value.slice(8, 10));
    d = Number(value.slice(10, 12));
    sequenceDigit = Number(value[14]);
  } else {
    return { ok: false, message: ID_MESSAGES.format };
  }
  if (!PROVINCE_CODES.has(Number(value.slice(0, 2)))) return { ok: false, message: ID_MESSAGES.area };
  if (calendarProblem('', y, m, d)) return { ok: false, message: ID_MESSAGES.birthDate };
  if (y < MIN_BIRTH_YEAR) return { ok: false, message: ID_MESSAGES.tooEarly };
  const birthDate = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  if (birthDate > (opts.today ?? todayCached())) return { ok: false, message: ID_MESSAGES.future };
  if (kind === 'resident18' && idCheckChar(value) !== value[17]) return { ok: false, message: ID_MESSAGES.check };
  return { ok: true, value: { kind, normalised: value, birthDate, gender: sequenceDigit % 2 === 1 ? '男' : '女' } };
}

/** 解析证件号码；不合格返回 null（要原因用 checkIdNumber）。 */
export function parseIdNumber(input: string, opts?: IdNumberOptions): ParsedIdNumber | null {
  const r = checkIdNumber(input, opts);
  return r.ok ? r.value : null;
}

export function isValidIdNumber(input: string, opts?: IdNumberOptions): boolean {
  return checkIdNumber(input, opts).ok;
}
