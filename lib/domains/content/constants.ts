// 门户内容的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。
import type { ArticleKind } from './transitions';

/** 各类文章的分类（固定的一组；公开列表按它筛选） */
export const ARTICLE_CATEGORIES: Record<ArticleKind, readonly [string, ...string[]]> = {
  notice: ['通知', '公告', '公示'],
  news: ['工作动态', '地市动态', '媒体报道'],
  policy: ['国家', '省级', '市级'],
  help: ['机构备案', '考试与证书', '培训与补贴', '账号与登录'],
};

/** 正文 HTML 的上限（清洗前）；图片是地址而不是内嵌数据，这个长度足够长文 */
export const BODY_MAX = 200_000;
export const MAX_ATTACHMENTS = 20;
/** 发布范围的取值：0 为全省，其余为市的区划代码 */
export const PROVINCE_WIDE = 0;

export const FILE_URL_MESSAGE = '请使用上传得到的文件地址';

export const LINK_MESSAGE = '链接须为站内路径（以 / 开头）或 https:// 地址';

/** 站内路径（单个 / 开头，不含反斜杠与控制字符）或 https 地址；javascript:、data:、http: 等一律拒绝 */
export function isBannerLink(v: string): boolean {
  if (/[\s\\]/.test(v)) return false;
  if (v.startsWith('/')) return !v.startsWith('//');
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && Boolean(u.hostname);
  } catch {
    return false;
  }
}
