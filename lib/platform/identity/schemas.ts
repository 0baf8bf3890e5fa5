// 证件号码与手机号的 zod 模式：表单、接口输入与 Excel 导入共用，消息为中文。
import { z } from 'zod';
import { checkIdNumber, ID_MESSAGES, type IdNumberOptions } from './id-number';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from './mobile';

function idNumber(opts: IdNumberOptions) {
  return z
    .string({ error: ID_MESSAGES.required })
    .transform((value, ctx) => {
      const r = checkIdNumber(value, opts);
      if (r.ok) return r.value.normalised;
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    })
    .describe('身份证号');
}

/** 任一 SPEC §5 允许的证件号码（居民身份证 15/18 位、港澳、台湾通行证）；输出规范写法 */
export const idNumberSchema = idNumber({});
/** 只接受居民身份证 15 或 18 位（如教师表单） */
export const residentIdNumberSchema = idNumber({ residentOnly: true });

export const mobileSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .max(11, MOBILE_MESSAGE)
  .regex(MOBILE_PATTERN, MOBILE_MESSAGE)
  .describe('手机号');
