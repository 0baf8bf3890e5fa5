// 表单项的前端校验：沿用服务端同一份 zod。空值交给 required，避免一项报两条。
// 消息是中文原文，表单弹窗按当前语言换成译文（components/list/localize.ts 的 localizeRules）。
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = await schema.safeParseAsync(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}

/** 与另一项相同（如“确认密码”） */
export function sameAs(field: string, message = '两次输入不一致'): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });
}
