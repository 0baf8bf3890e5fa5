// 个人信息脱敏：日志与导出里只留够区分记录的部分（身份证号前 6 后 4，手机号前 3 后 4）。

/** 只凭值认出的：18 位或 15 位居民身份证号（其他证件按字段名认） */
const ID_LIKE = /^(\d{17}[\dXx]|\d{15})$/;
const MOBILE_LIKE = /^1[3-9]\d{9}$/;
/** 字段名看是证件号或手机号（不看值也脱敏：值可能是不完整的号码） */
const ID_KEY = /id(card|number|no)|cardno|certno|identity|sfz/i;
const MOBILE_KEY = /mobile|phone|tel(ephone)?$/i;
/** 字段名看是银行账号（只留后 4 位） */
const BANK_KEY = /bank_?account/i;

export function maskIdNumber(value: string): string {
  if (value.length <= 6) return '*'.repeat(value.length);
  const keep = value.length >= 15 ? 6 : 2;
  return value.slice(0, keep) + '*'.repeat(Math.max(value.length - keep - 4, 2)) + value.slice(-4);
}

/** 姓名只留姓（首字），其余每字一个 *：张三 → 张*，欧阳娜娜 → 欧***（公开页面，如成绩公示） */
export function maskName(value: string): string {
  const chars = [...value.trim()];
  if (chars.length <= 1) return chars.join('');
  return chars[0] + '*'.repeat(chars.length - 1);
}

export function maskMobile(value: string): string {
  return value.length < 7 ? '*'.repeat(value.length) : value.slice(0, 3) + '*'.repeat(value.length - 7) + value.slice(-4);
}

/** 按字段名或值的样子脱敏一个字符串；不像证件号或手机号的原样返回 */
export function maskPersonal(key: string, value: string): string {
  const v = value.trim();
  if (BANK_KEY.test(key)) return v ? maskBankAccount(v) : value;
  if (ID_KEY.test(key) || ID_LIKE.test(v)) return v ? maskIdNumber(v) : value;
  if (MOBILE_KEY.test(key) || MOBILE_LIKE.test(v)) return v ? maskMobile(v) : value;
  return value;
}

/** 银行账号只留后 4 位：6222020200112233445 → ***************3445 */
export function maskBankAccount(value: string): string {
  const v = value.replace(/\s+/g, '');
  return v.length <= 4 ? '*'.repeat(v.length) : '*'.repeat(v.length - 4) + v.slice(-4);
}

/** 界面与导出里脱敏后的值都带 *；真实的证件号、手机号、银行账号不会有 */
export const isMaskedValue = (value: string | null | undefined): boolean => typeof value === 'string' && value.includes('*');

/**
 * 编辑表单回传的个人标识：表单里显示的是脱敏值，用户没有改它时原样传回——此时保留库里的值；
 * 用户输入了完整的新号码时用新值。
 */
export function keepIfMasked<T extends string | null | undefined>(submitted: T, stored: string | null): T | string | null {
  return isMaskedValue(submitted) ? stored : submitted;
}
