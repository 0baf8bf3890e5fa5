// 门户内容的端点：四类文章各一组（/sys/content/<kind>/…，类别取自路径、权限为该类的菜单资源），轮播图一组，公开读取一组。
// 规则都在 service.ts，这里只做转接。
import { endpoint, mergeRows, rowsUnder, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';
import {
  deleteArticles,
  deleteBanners,
  getArticle,
  listArticles,
  listBanners,
  publicAnnouncements,
  publicArticles,
  publicBanners,
  readArticle,
  reorderBanners,
  saveArticle,
  saveBanner,
  setArticleTop,
  setBannersEnabled,
  transitionArticle,
} from './service';
import {
  AnnouncementsInput,
  BannerListInput,
  BannerSaveInput,
  IdInput,
  IdsInput,
  PublicArticlesInput,
  PublicBannersInput,
  PublishInput,
  ReorderInput,
  TopInput,
  articleListInput,
  articleSaveInput,
} from './schemas';
import { ARTICLE_KINDS, KIND_LABEL, type ArticleKind } from './transitions';

function articleEndpoints<K extends ArticleKind>(kind: K) {
  const label = KIND_LABEL[kind];
  return rowsUnder(`/sys/content/${kind}`, {
    'POST list': endpoint({
      summary: `${label}分页列表（管辖范围内），可按标题、分类、状态（含定时发布）、发布范围筛选；每行带当前用户可做的操作`,
      permission: `${kind}.query`,
      input: articleListInput(kind),
      paged: true,
      handle: ({ page, ...filter }, ctx) => listArticles(ctx.db, sessionOf(ctx), { ...filter, kind }, page),
    }),
    'POST detail': endpoint({
      summary: `${label}详情（含清洗后的正文与附件），编辑与预览用`,
      permission: `${kind}.get`,
      input: IdInput,
      handle: ({ id }, ctx) => getArticle(ctx.db, sessionOf(ctx), { kind, id }),
    }),
    'POST save': endpoint({
      summary: `新增（草稿，不带 id）或修改${label}；正文经白名单清洗；已发布的须先撤回；市级管理员只能发布本市的`,
      permission: [`${kind}.add`, `${kind}.edit`],
      input: articleSaveInput(kind),
      handle: (input, ctx) => {
        assertSaveAllowed(ctx.session, kind, input.id);
        return saveArticle(ctx.db, sessionOf(ctx), { ...input, kind }, ctx.audit);
      },
    }),
    'POST del': endpoint({
      summary: `删除${label}（可批量）：只能删除草稿与已撤回的`,
      permission: `${kind}.delete`,
      input: IdsInput,
      handle: ({ ids }, ctx) => deleteArticles(ctx.db, sessionOf(ctx), { kind, ids }, ctx.audit),
    }),
    'POST publish': endpoint({
      summary: `发布${label}：草稿或已撤回 → 已发布；publishAt 晚于现在为定时发布，到点才在门户出现`,
      permission: `${kind}.enable`,
      input: PublishInput,
      handle: ({ id, publishAt }, ctx) => transitionArticle(ctx.db, sessionOf(ctx), { kind, id, action: 'publish', publishAt }, ctx.audit),
    }),
    'POST withdraw': endpoint({
      summary: `撤回${label}：已发布 → 已撤回，门户不再展示，可修改后再发布`,
      permission: `${kind}.disable`,
      input: IdInput,
      handle: ({ id }, ctx) => transitionArticle(ctx.db, sessionOf(ctx), { kind, id, action: 'withdraw' }, ctx.audit),
    }),
    'POST top': endpoint({
      summary: `置顶或取消置顶${label}`,
      permission: `${kind}.edit`,
      input: TopInput,
      handle: (input, ctx) => setArticleTop(ctx.db, sessionOf(ctx), { ...input, kind }, ctx.audit),
    }),
  });
}

export const contentApi = {
  ...mergeRows(ARTICLE_KINDS.map(articleEndpoints)),

  // ------------------------------------------------------------ 轮播图
  'POST /sys/content/banner/list': endpoint({
    summary: '轮播图分页列表（管辖范围内），按排序号；可按标题、启用状态、发布范围筛选',
    permission: 'banner.query',
    input: BannerListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listBanners(ctx.db, sessionOf(ctx).user, filter, page),
  }),
  'POST /sys/content/banner/save': endpoint({
    summary: '新增（不带 id）或修改轮播图；图片须为上传得到的地址，链接只能是站内路径或 https 地址',
    permission: ['banner.add', 'banner.edit'],
    input: BannerSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'banner', input.id);
      return saveBanner(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /sys/content/banner/del': endpoint({
    summary: '删除轮播图（可批量，只处理管辖范围内的）',
    permission: 'banner.delete',
    input: IdsInput,
    handle: (input, ctx) => deleteBanners(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /sys/content/banner/enable': endpoint({
    summary: '启用轮播图（在起止日期内于门户展示）',
    permission: 'banner.enable',
    input: IdsInput,
    handle: ({ ids }, ctx) => setBannersEnabled(ctx.db, sessionOf(ctx), { ids, enabled: true }, ctx.audit),
  }),
  'POST /sys/content/banner/disable': endpoint({
    summary: '停用轮播图（门户不再展示）',
    permission: 'banner.disable',
    input: IdsInput,
    handle: ({ ids }, ctx) => setBannersEnabled(ctx.db, sessionOf(ctx), { ids, enabled: false }, ctx.audit),
  }),
  'POST /sys/content/banner/reorder': endpoint({
    summary: '调整轮播图顺序：按给出的 id 顺序把排序号设为 1、2、3…（须全部在管辖范围内）',
    permission: 'banner.edit',
    input: ReorderInput,
    handle: (input, ctx) => reorderBanners(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ------------------------------------------------------------ 公开
  'GET /comApi/banners': endpoint({
    summary: '门户的轮播图：启用且今天在起止日期内的，按排序号；给出 cityId 时只列全省的与该市的',
    permission: 'public',
    input: PublicBannersInput,
    handle: ({ cityId }, { db }) => publicBanners(db, cityId),
  }),
  'GET /comApi/articles': endpoint({
    summary: '门户的文章列表（分页）：某类已发布且到发布时间的，置顶在前、新的在前；可按分类、市、标题关键词筛选',
    permission: 'public',
    input: PublicArticlesInput,
    paged: true,
    maxPageSize: 50,
    handle: ({ page, ...filter }, { db }) => publicArticles(db, filter, page),
  }),
  'GET /comApi/article': endpoint({
    summary: '门户的文章全文：只给已发布且到发布时间的（其他 404），每次读取阅读数加一',
    permission: 'public',
    input: IdInput,
    handle: ({ id }, { db }) => readArticle(db, id),
  }),
  'GET /comApi/announcements': endpoint({
    summary: '门户首页的通知公告：仅已发布的，置顶在前、新的在前；limit 默认 10，最多 20',
    permission: 'public',
    input: AnnouncementsInput,
    handle: (input, { db }) => publicAnnouncements(db, input),
  }),
} satisfies EndpointTable;
