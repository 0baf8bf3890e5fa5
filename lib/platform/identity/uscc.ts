// 统一社会信用代码（GB 32100-2015）：18 位 = 登记管理部门码 1 位 + 机构类别码 1 位 + 登记管理机关行政区划码 6 位
// + 主体标识码（组织机构代码）9 位 + 校验码 1 位。字符集为数字与不含 I、O、Z、S、V 的大写字母（31 个）；
// 校验码按前 17 位的加权和模 31 算出。纯函数，前后端与导入共用。
import { z } from 'zod';

export const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
/** 规范写法的形状（JSON Schema / OpenAPI 里用；服务端另外去空白、转大写并核对校验位） */
export const USCC_PATTERN = SHAPE.source;

export const USCC_MESSAGES = {
  required: '请输入统一社会信用代码',
  length: '统一社会信用代码为 18 位',
  format: '统一社会信用代码含不允许的字符（只能是数字与除 I、O、Z、S、V 以外的大写字母，第 3–8 位为行政区划代码）',
  check: '统一社会信用代码校验位不正确，请核对',
} as const;

/** 前 17 位的校验字符；含不允许的字符时为 null */
export function usccCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * WEIGHTS[i];
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31];
}

export type UsccCheck = { ok: true; value: string } | { ok: false; message: string };

/** 校验统一社会信用代码（去空白、转大写后）；不合格时给出中文原因 */
export function checkUscc(input: string): UsccCheck {
  const value = (input ?? '').replace(/\s+/g, '').toUpperCase();
  if (!value) return { ok: false, message: USCC_MESSAGES.required };
  if (value.length !== 18) return { ok: false, message: USCC_MESSAGES.length };
  if (!SHAPE.test(value)) return { ok: false, message: USCC_MESSAGES.format };
  if (usccCheckChar(value) !== value[17]) return { ok: false, message: USCC_MESSAGES.check };
  return { ok: true, value };
}

export const isUnifiedSocialCreditCode = (value: string): boolean => checkUscc(value).ok;

/** 由前 17 位补上校验位（演示数据与测试用）；含不允许的字符时抛错 */
export function withUsccCheckChar(first17: string): string {
  const c = first17.length === 17 ? usccCheckChar(first17) : null;
  if (!c) throw new Error(`统一社会信用代码主体应为 17 位允许的字符：${first17}`);
  return first17 + c;
}

/** 必填的统一社会信用代码（zod）：输出规范写法（大写） */
export const usccSchema = z
  .string({ error: USCC_MESSAGES.required })
  .transform((value, ctx) => {
    const r = checkUscc(value);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  })
  .meta({ description: '统一社会信用代码（GB 32100，18 位含校验位）', pattern: USCC_PATTERN });
