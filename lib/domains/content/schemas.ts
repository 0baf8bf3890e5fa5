// 门户内容的输入：服务端校验与前端表单共用（不引入任何服务端模块）。
// 文章的端点按类别分开（/sys/content/<kind>/…），类别取自路径，不取自请求体；分类按类别各有固定的一组。
import { z } from 'zod';
import { flag, id as Id, ids, int, MAX_INT32, nullableDate, nullableText, required, text } from '@/lib/platform/validation/fields';
import { FILE_URL_PATTERN } from '../file/schemas';
import { ARTICLE_KINDS, STATUS_FILTERS, type ArticleAction, type ArticleKind, type ArticleStatus } from './transitions';
import { ARTICLE_CATEGORIES, BODY_MAX, FILE_URL_MESSAGE, isBannerLink, LINK_MESSAGE, MAX_ATTACHMENTS, PROVINCE_WIDE } from './constants';

export { ARTICLE_CATEGORIES, BODY_MAX, FILE_URL_MESSAGE, isBannerLink, LINK_MESSAGE, MAX_ATTACHMENTS, PROVINCE_WIDE } from './constants';

export const IdInput = z.object({ id: Id('记录') });
export const IdsInput = z.object({ ids: ids('记录') });

/** 上传服务给出的地址（/files/目录/名称.扩展名） */
const FileUrl = (label: string) =>
  z
    .string({ error: `请上传${label}` })
    .trim()
    .max(500, `${label}地址最多 500 个字符`)
    .regex(FILE_URL_PATTERN, FILE_URL_MESSAGE)
    .describe(label);

/** 发布范围：0 全省，正数为市；不填时新增取本人范围、修改时不变 */
const Scope = z
  .preprocess((v) => (v === null || v === '' ? PROVINCE_WIDE : v), int('发布范围', 0, MAX_INT32))
  .optional()
  .describe('发布范围（0 为全省，或市的区划代码）');

/** 附件：上传地址，或 { url, name }（name 为显示的文件名） */
const Attachment = z.union([
  FileUrl('附件'),
  z.object({ url: FileUrl('附件'), name: text('附件名称', 200).optional() }),
]);

export const articleListInput = (kind: ArticleKind) =>
  z.object({
    title: z.string().trim().max(100).optional().describe('标题（模糊）'),
    category: z.enum(ARTICLE_CATEGORIES[kind], { error: '分类不正确' }).optional().describe('分类'),
    /** scheduled：已发布但发布时间未到 */
    status: z.enum(STATUS_FILTERS, { error: '状态不正确' }).optional().describe('状态'),
    cityId: Scope,
  });
export type ArticleListFilter = z.output<ReturnType<typeof articleListInput>>;

export const articleSaveInput = (kind: ArticleKind) =>
  z.object({
    id: Id('文章').optional(),
    title: required('标题', 200),
    category: z.enum(ARTICLE_CATEGORIES[kind], { error: '请选择分类' }).describe('分类'),
    summary: nullableText('摘要', 500),
    body: required('正文', BODY_MAX),
    coverUrl: z.union([z.literal(''), z.null(), FileUrl('封面图片')]).optional().describe('封面图片'),
    attachments: z.array(Attachment, { error: '附件格式不正确' }).max(MAX_ATTACHMENTS, `附件最多 ${MAX_ATTACHMENTS} 个`).optional().describe('附件'),
    sort: int('排序', 0, 9999).optional(),
    top: flag('置顶').optional(),
    cityId: Scope,
  });
export type ArticleSave = z.output<ReturnType<typeof articleSaveInput>>;

export const PublishInput = z.object({
  id: Id('文章'),
  /** 不填即立即发布；晚于当前时间为定时发布 */
  publishAt: z
    .union([z.literal(''), z.null(), z.coerce.date({ error: '发布时间格式不正确' })])
    .optional()
    .transform((v) => (v instanceof Date ? v : null))
    .refine((v) => v === null || v.getTime() < Date.now() + 366 * 86400_000, '定时发布最多提前一年')
    .describe('发布时间'),
});

export const TopInput = z.object({ id: Id('文章'), top: flag('置顶') });

// ---------------------------------------------------------------- 轮播图

export const BannerListInput = z.object({
  title: z.string().trim().max(100).optional().describe('标题（模糊）'),
  enabled: flag('是否启用').optional(),
  cityId: Scope,
});

export const BannerLink = z
  .string()
  .trim()
  .max(500, '链接最多 500 个字符')
  .refine((v) => v === '' || isBannerLink(v), LINK_MESSAGE)
  .describe('链接');

export const BannerSaveInput = z
  .object({
    id: Id('轮播图').optional(),
    title: required('标题', 100),
    imageUrl: FileUrl('图片'),
    link: z.union([z.null(), BannerLink]).optional().transform((v) => v || null),
    sort: int('排序', 0, 9999).optional(),
    enabled: flag('是否启用').optional(),
    startDate: nullableDate('开始日期'),
    endDate: nullableDate('结束日期'),
    cityId: Scope,
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, { message: '结束日期不能早于开始日期', path: ['endDate'] });

export const ReorderInput = z.object({ ids: ids('轮播图', 200) });

// ---------------------------------------------------------------- 公开接口

export const PublicArticlesInput = z.object({
  kind: z.enum(ARTICLE_KINDS, { error: '类别应为 notice、news、policy 或 help' }).describe('类别'),
  category: z.string().trim().max(16).optional().describe('分类'),
  cityId: z.preprocess((v) => (v === '' ? undefined : v), Id('市').optional()).describe('市（给出时只列全省的与该市的）'),
  keyword: z.string().trim().max(50, '关键词最多 50 个字').optional().describe('标题关键词'),
});

export const PublicBannersInput = z.object({
  cityId: z.preprocess((v) => (v === '' ? undefined : v), Id('市').optional()).describe('市（给出时只列全省的与该市的）'),
});

export const AnnouncementsInput = z.object({
  limit: z.coerce.number({ error: '条数必须是数字' }).int('条数必须是整数').min(1, '条数必须大于 0').max(20, '条数最多 20').default(10).describe('条数（最多 20）'),
  category: z.string().trim().max(16).optional().describe('类别'),
});

// ---------------------------------------------------------------- 答复的形状（界面共用）

export interface ArticleItem {
  id: number;
  kind: ArticleKind;
  title: string;
  category: string;
  status: ArticleStatus;
  statusName: string;
  /** 已发布但发布时间未到 */
  scheduled: boolean;
  /** 已发布且发布时间已到：门户上看得到 */
  live: boolean;
  top: boolean;
  sort: number;
  cityId: number | null;
  /** 发布范围：全省或市名 */
  scopeName: string;
  coverUrl: string | null;
  readCount: number;
  publishTime: string | null;
  updateTime: string;
  updatedByName: string | null;
  actions: ArticleAction[];
}

export interface ArticleDetail extends ArticleItem {
  summary: string;
  body: string;
  attachments: { url: string; name: string }[];
  createTime: string;
  createdByName: string | null;
}

export interface BannerItem {
  id: number;
  title: string;
  imageUrl: string;
  link: string | null;
  sort: number;
  enabled: boolean;
  startDate: string | null;
  endDate: string | null;
  cityId: number | null;
  scopeName: string;
  /** 今天是否在门户上展示（启用且在起止日期内） */
  showingNow: boolean;
  updateTime: string;
}

export interface PublicArticleItem {
  id: number;
  kind: ArticleKind;
  title: string;
  category: string;
  summary: string;
  coverUrl: string | null;
  top: boolean;
  scopeName: string;
  readCount: number;
  publishTime: string;
}

export interface PublicArticle extends PublicArticleItem {
  body: string;
  attachments: { url: string; name: string }[];
}
