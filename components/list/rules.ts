// 表单项的前端校验：沿用服务端同一份 zod。空值交给 required，避免一项报两条。
// 消息是中文原文，表单弹窗按当前语言换成译文（components/list/localize.ts 的 localizeRules）。
// 列表界面的配置只写“怎样取到模式”（() => import(...)），不静态引用模式模块：zod 与各领域的模式约 110 KB，
// 只在第一次校验（对话框已打开）时下载，列表页本身不带（tests/unit/client-bundle.test.ts 守着）。
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/** 取不到模式（断网）时的提示（中文原文，显示时换成当前语言） */
export const SCHEMA_UNAVAILABLE = '校验规则没能加载，请检查网络后重试';

/** 模式本身，或按需取模式的函数（列表界面用后者） */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/** 取到模式：函数只调用一次，之后用同一个 */
export function schemaOf(source: SchemaSource): () => Promise<z.ZodType> {
  if (typeof source !== 'function') return async () => source;
  let loading: Promise<z.ZodType> | null = null;
  return () => {
    loading ??= source().catch((e: unknown) => {
      // 下载失败（断网）不把失败记住：下次校验再取
      loading = null;
      throw e;
    });
    return loading;
  };
}

export function zodRule(source: SchemaSource): Rule {
  const schema = schemaOf(source);
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const loaded = await schema().catch(() => null);
      if (!loaded) throw new Error(SCHEMA_UNAVAILABLE);
      const result = await loaded.safeParseAsync(value);
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
