// 统一社会信用代码（GB 32100-2015）：真实代码的校验位、每种不合格的中文原因、zod 模式输出规范写法。
import { describe, expect, it } from 'vitest';
import { checkUscc, isUnifiedSocialCreditCode, USCC_MESSAGES, usccCheckChar, usccSchema, withUsccCheckChar } from '@/lib/platform/identity';

const problem = (v: string) => {
  const r = checkUscc(v);
  return r.ok ? null : r.message;
};

describe('统一社会信用代码', () => {
  it('真实企业代码的校验位按加权和模 31 算出', () => {
    for (const code of ['91110000710925462X', '91330100799655058B', '91110108551385082Q', '91440300708461136T']) {
      expect(usccCheckChar(code.slice(0, 17)), code).toBe(code[17]);
      expect(isUnifiedSocialCreditCode(code), code).toBe(true);
    }
  });

  it('校验位为 0 的情形（模 31 余 0）也成立', () => {
    // 穷举主体的末位，总能找到校验位为 0 的主体
    const zero = [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => `91130102MA0D3K8W${c}`).find((b) => usccCheckChar(b) === '0');
    expect(zero).toBeDefined();
    expect(isUnifiedSocialCreditCode(`${zero}0`)).toBe(true);
  });

  it('不合格时给出原因：空、位数、字符、校验位', () => {
    expect(problem('')).toBe(USCC_MESSAGES.required);
    expect(problem('91110000710925462')).toBe(USCC_MESSAGES.length);
    expect(problem('9111000071092546IX')).toBe(USCC_MESSAGES.format); // 含 I
    expect(problem('911100O0710925462X')).toBe(USCC_MESSAGES.format); // 区划码里有字母
    expect(problem('91110000710925462Y')).toBe(USCC_MESSAGES.check);
  });

  it('去空白、转大写后再校验；zod 模式输出大写并给出中文消息', () => {
    expect(checkUscc(' 91110000710925462x ')).toEqual({ ok: true, value: '91110000710925462X' });
    expect(usccSchema.parse('91110000710925462x')).toBe('91110000710925462X');
    const r = usccSchema.safeParse('91110000710925462Y');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(USCC_MESSAGES.check);
  });

  it('由主体补校验位', () => {
    expect(withUsccCheckChar('91110000710925462')).toBe('91110000710925462X');
    expect(() => withUsccCheckChar('9111000071092546I')).toThrow();
  });
});
