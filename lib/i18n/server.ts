import 'server-only';
import { cookies } from 'next/headers';
import { DEFAULT_LOCALE, LOCALE_COOKIE, getMessages, isLocale, translate, type Locale } from './index';

/** 当前请求的语言（Cookie lang），默认 zh-CN */
export async function getLocale(): Promise<Locale> {
  const v = (await cookies()).get(LOCALE_COOKIE)?.value;
  return isLocale(v) ? v : DEFAULT_LOCALE;
}

export async function getT() {
  const messages = getMessages(await getLocale());
  return (key: string, vars?: Record<string, string | number>) => translate(messages, key, vars);
}
