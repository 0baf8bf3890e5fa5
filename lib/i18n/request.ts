// 接口请求的语言：取 Cookie lang（与页面同一个 Cookie），没有或不认识时为 zh-CN。不依赖 next/headers，端点里直接用 ctx.request。
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, type Locale } from './index';

export function localeOfRequest(request: Pick<Request, 'headers'>): Locale {
  const cookie = request.headers.get('cookie') ?? '';
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== LOCALE_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return isLocale(value) ? value : DEFAULT_LOCALE;
  }
  return DEFAULT_LOCALE;
}
