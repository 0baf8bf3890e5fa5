// 手机号（SPEC §5）：11 位，1 开头，第二位 3–9。

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MOBILE_MESSAGE = '手机号格式有误，请重新输入';

export function isValidMobile(input: string): boolean {
  return MOBILE_PATTERN.test((input ?? '').trim());
}
