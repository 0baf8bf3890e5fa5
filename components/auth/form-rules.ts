// antd 表单规则由服务端同一份 zod 模式生成（lib/domains/user/schemas.ts），不在前端重写规则。
import type { FormInstance, FormRule as Rule } from 'antd';
import type { z } from 'zod';
import type { ApiClientError } from '@/components/api-client';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * 校验消息的翻译：zod 模式里是中文原文，英文界面在 auth.zod.<原文> 下查译文，查不到就用原文。
 * 中文界面本来就没有这些键，直接显示原文。
 */
export function translateMessage(t: Translate, message: string): string {
  const key = `auth.zod.${message}`;
  const out = t(key);
  return out === key ? message : out;
}

/** 以 zod 模式校验一个字段：第一条问题的消息即表单提示 */
export function zodRule(schema: z.ZodType, t: Translate): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = await schema.safeParseAsync(value === null ? undefined : value);
      if (!result.success) throw new Error(translateMessage(t, result.error.issues[0]?.message ?? ''));
    },
  };
}

/** "两次输入密码不一致"：与 field 字段比较 */
export function sameAsRule(field: string, t: Translate): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(t('auth.password.confirmRequired'));
      if (value !== getFieldValue(field)) throw new Error(t('auth.password.mismatch'));
    },
  });
}

/** 把服务端校验失败（data.fields）逐项放回表单；返回是否放回了至少一项 */
export function applyFieldErrors(form: FormInstance, err: ApiClientError, t: Translate): boolean {
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const entries = Object.entries(err.fields).filter(([name]) => known.has(name));
  if (entries.length === 0) return false;
  form.setFields(entries.map(([name, msg]) => ({ name, errors: [translateMessage(t, msg)] })));
  return true;
}

const API_DOCS_PATH = '/api/docs';

/** 登录后的去处：只接受本站路径（防开放重定向），且不回到登录/注册页 */
export function safeRedirect(raw: string | null | undefined, fallback = '/dashboard/workplace'): string {
  if (!raw || typeof raw !== 'string') return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /[\r\n\t]/.test(raw)) return fallback;
  // 接口路径答的是 JSON，不回去；接口参考页（/api/docs，生产须管理员登录）除外
  if (/^\/user(\/|$|\?)/.test(raw) || (raw.startsWith('/api/') && raw !== API_DOCS_PATH)) return fallback;
  return raw;
}

/** 138****8000 */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
