// 密码规则与强度（SPEC §4–5），前后端共用；哈希用 bcrypt。
import { z } from 'zod';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 18;
export const PASSWORD_RULE_MESSAGE = '密码必须是6到18位数字、字母、特殊符号的组合';
/** 新密码满足规则但得分不足 60（会被标记为弱、下次登录又被强制改密）时的提示 */
export const PASSWORD_WEAK_MESSAGE = '密码强度不足：请混合使用大小写字母、数字和特殊符号，并减少重复字符';

const hasLetter = /[A-Za-z]/;
const hasDigit = /\d/;
const hasSpecial = /[^A-Za-z0-9]/;

/** 6–18 位，且同时含字母、数字与特殊符号 */
export function passwordMeetsRules(pw: string): boolean {
  return pw.length >= PASSWORD_MIN && pw.length <= PASSWORD_MAX && hasLetter.test(pw) && hasDigit.test(pw) && hasSpecial.test(pw) && !/\s/.test(pw);
}

/** passwordMeetsRules 的同一条规则写成正则（JSON Schema / OpenAPI 里给接入方看）：含字母、数字与特殊符号，无空白，6–18 位 */
export const PASSWORD_PATTERN = `^(?=.*[A-Za-z])(?=.*\\d)(?=.*[^A-Za-z0-9])\\S{${PASSWORD_MIN},${PASSWORD_MAX}}$`;

export const NewPassword = z
  .string({ error: '请输入密码' })
  .min(1, '请输入密码')
  .refine(passwordMeetsRules, PASSWORD_RULE_MESSAGE)
  .meta({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, pattern: PASSWORD_PATTERN });

/**
 * 强度分：每个字符按其出现次数递减计分（同一字符第 n 次出现得 5/n 分，即重复越多得分越少），
 * 再加上字符类别（数字、小写、大写、其他）每多一类 10 分。
 */
export function passwordScore(pw: string): number {
  const seen = new Map<string, number>();
  let score = 0;
  for (const ch of pw) {
    const n = (seen.get(ch) ?? 0) + 1;
    seen.set(ch, n);
    score += 5 / n;
  }
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /[^A-Za-z0-9]/].filter((r) => r.test(pw)).length;
  score += Math.max(0, classes - 1) * 10;
  return Math.floor(score);
}

export const STRONG = 3;
export const WEAK = 4;
export const STRONG_SCORE = 60;

/** 强度标记：3 强 4 弱。不满足规则或得分低于 60 为弱。 */
export function passwordStrength(pw: string): typeof STRONG | typeof WEAK {
  return passwordMeetsRules(pw) && passwordScore(pw) >= STRONG_SCORE ? STRONG : WEAK;
}
