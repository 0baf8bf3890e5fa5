// 富文本里允许的链接与图片地址（清洗器与编辑器共用；不引 sanitize-html，浏览器端也可用）。
/** 站内上传文件的相对地址前缀（上传服务返回的地址） */
export const LOCAL_FILE_PREFIXES = ['/files/'] as const;

/** 图片地址是否可用：只认站内上传的相对地址（页面的 CSP 只放行本站图片，外站图片也会泄露读者的访问） */
export function isAllowedImageSrc(src: string | undefined): boolean {
  if (!src) return false;
  const s = src.trim();
  return LOCAL_FILE_PREFIXES.some((p) => s.startsWith(p)) && !s.includes('..') && !s.includes('\\');
}

/** 链接地址是否可用：http/https/mailto，或以单个 / 开头的站内地址（不含 //、反斜杠） */
export function isAllowedHref(href: string | undefined): boolean {
  if (!href) return false;
  const s = href.trim();
  if (s.startsWith('/')) return !s.startsWith('//') && !s.includes('\\');
  if (s.startsWith('#')) return true;
  try {
    const u = new URL(s);
    return ['http:', 'https:', 'mailto:'].includes(u.protocol);
  } catch {
    return false;
  }
}
