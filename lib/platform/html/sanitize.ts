// 富文本的唯一一份白名单（sanitize-html）。所有保存富文本的服务都经它清洗，读出时再清洗一遍（直接写库的数据也安全）。
// 只留排版用的标签：标题、段落、列表、粗斜体下划线删除线、链接、图片、表格、引用、代码；任何事件属性、style、
// script/iframe/object 等一律去掉。链接只允许 http/https/mailto 与站内相对地址，并加 rel="noopener noreferrer"；
// 图片只允许站内上传的相对地址（/files/…）。
import sanitizeHtml from 'sanitize-html';
import { isAllowedHref, isAllowedImageSrc } from './urls';

export { isAllowedHref, isAllowedImageSrc, LOCAL_FILE_PREFIXES } from './urls';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'p', 'br', 'hr', 'div', 'span',
    'ul', 'ol', 'li',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'sub', 'sup',
    'a', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
    'blockquote', 'code', 'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // 被去掉的标签里的文字保留，但 script/style 等的内容整块丢弃（默认的 nonTextTags）
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (isAllowedHref(attribs.href)) out.href = attribs.href.trim();
      if (attribs.title) out.title = attribs.title;
      if (out.href && /^https?:/i.test(out.href)) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      } else if (out.href) {
        out.rel = 'noopener';
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (isAllowedImageSrc(attribs.src)) out.src = attribs.src.trim();
      for (const k of ['alt', 'title'] as const) if (attribs[k]) out[k] = attribs[k];
      for (const k of ['width', 'height'] as const) if (/^\d{1,4}$/.test(attribs[k] ?? '')) out[k] = attribs[k];
      return { tagName, attribs: out };
    },
  },
  // 地址不合格的图片整个去掉（留下无 src 的 <img> 没有意义）
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** 清洗富文本：返回只含白名单标签与属性的 HTML */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** 富文本里的纯文字（摘要、搜索、判空用）：去掉全部标签，合并空白 */
export function richTextToPlain(html: string): string {
  // 块级标签之间补一个空格，免得相邻段落的文字连在一起
  const spaced = html.replace(/<\/(p|h[1-6]|li|div|tr|td|th|blockquote|pre|caption)>|<br\s*\/?>/gi, (m) => `${m} `);
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript'] })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
