// 密码规则与强度分（SPEC §5）：每个字符按出现次数递减计分（第 n 次得 5/n），字符类别每多一类加 10，取整；60 分及以上为强。
import bcrypt from 'bcrypt';
import { describe, expect, it } from 'vitest';
import {
  NewPassword,
  PASSWORD_RULE_MESSAGE,
  passwordMeetsRules,
  passwordScore,
  passwordStrength,
  STRONG,
  WEAK,
} from '@/lib/platform/auth/password';
import { isUnifiedSocialCreditCode, MOBILE_PATTERN, ResetPasswordInput, StrongNewPassword } from '@/lib/domains/user/schemas';
import { BCRYPT_ROUNDS } from '@/lib/domains/user/service';

describe('密码规则：6 到 18 位，同时含字母、数字与特殊符号', () => {
  it.each([
    ['abc12!', true],
    ['Demo@2026', true],
    ['a1!a1!', true],
    ['Abcdefgh1!Abcdefg1', true], // 18 位
    ['Abcdefgh1!Abcdefg12', false], // 19 位
    ['ab1!', false],
    ['abc123', false],
    ['abcdef!', false],
    ['123456!', false],
    ['abc 12!', false],
    ['', false],
  ])('%s → %s', (pw, ok) => {
    expect(passwordMeetsRules(pw)).toBe(ok);
  });

  it('zod 消息与 SPEC 一致', () => {
    expect(NewPassword.safeParse('').error?.issues[0].message).toBe('请输入密码');
    expect(NewPassword.safeParse('abcdef').error?.issues[0].message).toBe(PASSWORD_RULE_MESSAGE);
    expect(PASSWORD_RULE_MESSAGE).toBe('密码必须是6到18位数字、字母、特殊符号的组合');
  });
});

describe('强度分', () => {
  it.each([
    ['', 0],
    ['a', 5],
    ['aaaaaa', 12], // 5 + 2.5 + 1.67 + 1.25 + 1 + 0.83 = 12.25
    ['abc123', 40], // 6×5 + 1 类 ×10
    ['password', 37], // 7×5 + 2.5
    ['a1!a1!', 42], // 3×5 + 3×2.5 + 2 类 ×10 = 42.5
    ['abc@123', 55], // 7×5 + 20
    ['Abc@123', 65], // 7×5 + 30
    ['Demo@2026', 72], // 8×5 + 2.5 + 30
    ['Admin@2026', 77], // 9×5 + 2.5 + 30
    ['Aa1!Aa1!Aa1!', 66], // 4×(5 + 2.5 + 1.67) + 30 = 66.67
  ])('%s → %i', (pw, score) => {
    expect(passwordScore(pw)).toBe(score);
  });

  it('重复字符得分递减：Carol#2027 = 9 个不同字符 45 + 第二个 2 得 2.5 + 4 类多 3 类 30 = 77', () => {
    expect(passwordScore('Carol#2027')).toBe(77);
  });

  it('标记：满足规则且 ≥ 60 为强（3），否则为弱（4）', () => {
    expect(STRONG).toBe(3);
    expect(WEAK).toBe(4);
    expect(passwordStrength('Demo@2026')).toBe(3);
    expect(passwordStrength('Abc@123')).toBe(3);
    expect(passwordStrength('abc@123')).toBe(4); // 满足规则但只有 55 分
    expect(passwordStrength('abc123')).toBe(4); // 不满足规则
    expect(passwordStrength('Aa1Aa1Aa1Aa1Aa1Aa1')).toBe(4); // 分高但没有特殊符号
  });

  it('改密的新密码还须是强密码，否则下次登录又被强制改密', () => {
    expect(StrongNewPassword.safeParse('Abc@123').success).toBe(true);
    expect(StrongNewPassword.safeParse('abc@123').error?.issues[0].message).toBe('密码强度不足：请混合使用大小写字母、数字和特殊符号，并减少重复字符');
    const mismatch = ResetPasswordInput.safeParse({ code: 'U1', oldPassword: 'x', password: 'Abc@123', confirmPassword: 'Abc@124' });
    expect(mismatch.error?.issues).toEqual([expect.objectContaining({ path: ['confirmPassword'], message: '两次输入密码不一致' })]);
  });
});

describe('存储与其他格式', () => {
  it('密码以 bcrypt 存储', async () => {
    const hash = await bcrypt.hash('Demo@2026', BCRYPT_ROUNDS);
    expect(hash).toMatch(/^\$2b\$10\$/);
    expect(await bcrypt.compare('Demo@2026', hash)).toBe(true);
    expect(await bcrypt.compare('Demo@2027', hash)).toBe(false);
  });

  it('手机号：11 位，1 开头，第二位 3–9', () => {
    expect(MOBILE_PATTERN.test('13800000000')).toBe(true);
    expect(MOBILE_PATTERN.test('19912345678')).toBe(true);
    expect(MOBILE_PATTERN.test('12800000000')).toBe(false);
    expect(MOBILE_PATTERN.test('1380000000')).toBe(false);
    expect(MOBILE_PATTERN.test('138000000000')).toBe(false);
  });

  it('统一社会信用代码：用真实的企业代码核对 GB 32100 校验位', () => {
    for (const code of ['91110000710925462X', '91330100799655058B', '91110108551385082Q', '91440300708461136T']) {
      expect(isUnifiedSocialCreditCode(code), code).toBe(true);
    }
    expect(isUnifiedSocialCreditCode('91110000710925462Y')).toBe(false); // 校验位错
    expect(isUnifiedSocialCreditCode('91110000710925462')).toBe(false); // 17 位
    expect(isUnifiedSocialCreditCode('9111000071092546IX')).toBe(false); // 含 I
  });
});
