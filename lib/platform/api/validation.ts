// zod 的中文消息与字段错误整理：所有端点的校验错误都经这里变成 {字段: 消息}。
// 消息随请求的语言（Cookie lang）：zod 内置消息按语言选 locale（parseParamsFor），模式里写的中文原文与字段名
// 经 lib/i18n 的原文键换成译文（fieldErrors 的 request 参数）。没有 Cookie 时与原来一样是中文。
import { z } from 'zod';
import { DEFAULT_LOCALE, EN_FALLBACK_LOCALES, translatorFor, type Locale } from '@/lib/i18n';
import { localeOfRequest } from '@/lib/i18n/request';
import type { FieldErrors } from './errors';

/** 字段为空（未提交）时的消息：中文原文，经目录翻译 */
const REQUIRED_MESSAGE = '不能为空';

let configured = false;
export function configureZodLocale(): void {
  if (configured) return;
  configured = true;
  z.config(z.locales.zhCN());
  z.config({
    customError: (iss) => (iss.code === 'invalid_type' && iss.input === undefined ? REQUIRED_MESSAGE : undefined),
  });
}
configureZodLocale();

const localeErrorMaps = new Map<Locale, z.core.$ZodErrorMap>();

/** 非中文请求的 safeParse 参数：内置消息用该语言的 zod locale（模式里自定义的消息仍优先） */
export function parseParamsFor(request: Pick<Request, 'headers'>): z.core.ParseContext<z.core.$ZodIssue> | undefined {
  const locale = localeOfRequest(request);
  if (locale === DEFAULT_LOCALE) return undefined;
  let map = localeErrorMaps.get(locale);
  if (!map) {
    const base = (locale === 'zh-TW' ? z.locales.zhTW() : z.locales.en()).localeError;
    const t = translatorFor(locale);
    map = (iss) => (iss.code === 'invalid_type' && iss.input === undefined ? t(REQUIRED_MESSAGE) : base(iss));
    localeErrorMaps.set(locale, map);
  }
  return { error: map };
}

/** 字段名与消息之间、各项之间的分隔：英文（及以英文显示的语言）用半角 */
const isEnglish = (locale: Locale) => locale === 'en-US' || EN_FALLBACK_LOCALES.includes(locale);

function labelOf(schema: z.ZodType | undefined, path: PropertyKey[]): string | undefined {
  let node: unknown = schema;
  for (const key of path) {
    if (node instanceof z.ZodObject) node = (node.shape as Record<string, z.ZodType>)[String(key)];
    else return undefined;
    while (node instanceof z.ZodOptional || node instanceof z.ZodDefault || node instanceof z.ZodNullable) {
      if ((node as z.ZodType).description) break;
      node = (node as z.ZodOptional<z.ZodType>).unwrap();
    }
  }
  return (node as z.ZodType | undefined)?.description;
}

/** 字段的中文说明（模式里的 .describe）；答复的语言由调度器统一翻译 */
export const fieldLabel = labelOf;

export function fieldErrors(error: z.ZodError, schema?: z.ZodType, request?: Pick<Request, 'headers'>): { fields: FieldErrors; message: string } {
  const locale = request ? localeOfRequest(request) : DEFAULT_LOCALE;
  const t = translatorFor(locale);
  const fields: FieldErrors = {};
  const parts: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (fields[field]) continue;
    const message = t(issue.message);
    fields[field] = message;
    const described = labelOf(schema, issue.path);
    const label = described ? t(described) : issue.path.length ? field : '';
    parts.push(label ? t('validation.labelled', { label, message }) : message);
  }
  const en = isEnglish(locale);
  const shown = parts.slice(0, 3).join(en ? '; ' : '；');
  return { fields, message: parts.length > 3 ? t('validation.andMore', { shown, count: parts.length }) : shown };
}
