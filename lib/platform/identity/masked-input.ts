// 编辑表单回传的个人标识：表单显示脱敏值，用户没改时原样传回（带 *），服务端用 keepIfMasked 保留库里的值；
// 不带 * 的按完整号码校验。只用于修改已有记录的表单，新增与导入仍要求完整号码（服务端在没有旧值时拒绝脱敏值）。
import { z } from 'zod';
import { isMaskedValue } from './mask';
import { idNumberSchema, mobileSchema } from './schemas';

/** 完整号码（按 full 校验），或未修改时原样传回的脱敏值 */
export function orMasked<T extends z.ZodType<string | null | undefined, unknown>>(full: T) {
  return z.unknown().transform((value, ctx): z.output<T> | string => {
    if (typeof value === 'string' && isMaskedValue(value)) return value.trim();
    const r = full.safeParse(value);
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  })
    // JSON Schema（OpenAPI）：输入是文本（完整号码或带 * 的脱敏值）
    .meta({ type: 'string' });
}

/**
 * 只收完整号码（新增：没有库里的旧值可保留）：带 * 的脱敏值答 maskedMessage（“请输入完整的…”），其余按 full 校验。
 * JSON Schema 即 full 的（预处理不改变输入的形状）。
 */
export function fullOnly<T extends z.ZodType>(full: T, maskedMessage: string) {
  const out = z.preprocess((value, ctx) => {
    if (typeof value === 'string' && isMaskedValue(value)) ctx.addIssue({ code: 'custom', message: maskedMessage });
    return value;
  }, full);
  // 字段名（400 的“字段：消息”）沿用 full 的
  return full.description ? out.describe(full.description) : out;
}

/** 证件号码，或未修改时原样传回的脱敏值 */
export const idNumberOrMaskedSchema = orMasked(z.string({ error: '请输入身份证号' }).pipe(idNumberSchema)).describe('身份证号');
/** 手机号，或未修改时原样传回的脱敏值 */
export const mobileOrMaskedSchema = orMasked(z.string({ error: '请输入手机号' }).pipe(mobileSchema)).describe('手机号');
