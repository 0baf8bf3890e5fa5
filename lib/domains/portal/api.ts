// 门户互动：黑名单、友情链接、联系方式、意见征集与反馈（通知公告在 lib/domains/content）。规则在 service.ts 与 blacklist.ts，这里只做转接。
import { endpoint, type EndpointTable, sessionOf } from '@/lib/platform/api/endpoint';
import { addBlacklist, exportBlacklist, getBlacklistEntry, listBlacklist, removeBlacklist } from './blacklist';
import {
  changeTopicStatus,
  deleteContacts,
  deleteFeedback,
  deleteFriendLinks,
  deleteTopics,
  exportFeedback,
  exportOpinions,
  listContacts,
  listFeedback,
  listFriendLinks,
  listOpinions,
  listTopics,
  myFeedback,
  openTopics,
  publicContacts,
  publicFriendLinks,
  replyFeedback,
  replyOpinion,
  saveContact,
  saveFriendLink,
  saveTopic,
  setFriendLinksEnabled,
  submitFeedback,
  submitOpinion,
} from './service';
import {
  BlacklistAddInput,
  BlacklistListInput,
  ContactListInput,
  ContactSaveInput,
  FeedbackListInput,
  FeedbackSubmitInput,
  FriendLinkListInput,
  FriendLinkSaveInput,
  IdInput,
  IdsInput,
  OpinionExportInput,
  OpinionListInput,
  OpinionSubmitInput,
  ReplyInput,
  TopicListInput,
  TopicSaveInput,
} from './schemas';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';


export const portalApi = {
  // ------------------------------------------------------------ 黑名单
  'POST /sys/blacklist/list': endpoint({
    summary: '黑名单分页列表（管辖范围内），可按类型、账号或 IP、生效状态筛选',
    permission: 'blacklist.query',
    input: BlacklistListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listBlacklist(ctx.db, ctx.user(), filter, page),
  }),
  'POST /sys/blacklist/detail': endpoint({
    summary: '黑名单条目详情',
    permission: 'blacklist.get',
    input: IdInput,
    handle: ({ id }, ctx) => getBlacklistEntry(ctx.db, ctx.user(), id),
  }),
  'POST /sys/blacklist/add': endpoint({
    summary: '加入黑名单：账号（须在管辖范围内，同时结束其全部会话）或 IP / CIDR 网段；不能加入自己的账号或当前使用的 IP',
    permission: 'blacklist.add',
    input: BlacklistAddInput,
    handle: (input, ctx) => addBlacklist(ctx.db, sessionOf(ctx), { ...input, requesterIp: ctx.ip }, ctx.audit),
  }),
  'POST /sys/blacklist/del': endpoint({
    summary: '移出黑名单（可批量，只处理管辖范围内的条目）',
    permission: 'blacklist.delete',
    input: IdsInput,
    handle: ({ ids }, ctx) => removeBlacklist(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /sys/blacklist/export': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出黑名单（Excel）',
    permission: 'blacklist.export',
    input: BlacklistListInput,
    handle: (filter, ctx) => exportBlacklist(ctx.db, ctx.user(), filter),
  }),

  // ------------------------------------------------------------ 友情链接
  'POST /sys/friendLink/list': endpoint({
    summary: '友情链接分页列表，按排序号升序',
    permission: 'friendLink.query',
    input: FriendLinkListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listFriendLinks(ctx.db, filter, page),
  }),
  'POST /sys/friendLink/save': endpoint({
    summary: '新增（不带 id）或修改友情链接；链接须为 http/https 地址，名称不能重复',
    permission: ['friendLink.add', 'friendLink.edit'],
    input: FriendLinkSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'friendLink', input.id);
      return saveFriendLink(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /sys/friendLink/del': endpoint({
    summary: '删除友情链接（可批量）',
    permission: 'friendLink.delete',
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteFriendLinks(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /sys/friendLink/enable': endpoint({
    summary: '启用友情链接（门户首页展示）',
    permission: 'friendLink.enable',
    input: IdsInput,
    handle: ({ ids }, ctx) => setFriendLinksEnabled(ctx.db, sessionOf(ctx), { ids, enabled: true }, ctx.audit),
  }),
  'POST /sys/friendLink/disable': endpoint({
    summary: '停用友情链接（门户首页不再展示）',
    permission: 'friendLink.disable',
    input: IdsInput,
    handle: ({ ids }, ctx) => setFriendLinksEnabled(ctx.db, sessionOf(ctx), { ids, enabled: false }, ctx.audit),
  }),
  'GET /comApi/friendLinks': endpoint({
    summary: '门户首页的友情链接（仅已启用的，按排序号）',
    permission: 'public',
    handle: (_input, { db }) => publicFriendLinks(db),
  }),

  // ------------------------------------------------------------ 联系方式
  'POST /sys/contact/list': endpoint({
    summary: '联系方式分页列表，按排序号升序',
    permission: 'contact.query',
    input: ContactListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listContacts(ctx.db, filter, page),
  }),
  'POST /sys/contact/save': endpoint({
    summary: '新增（不带 id）或修改联系方式；电话、邮箱、地址至少一项',
    permission: ['contact.add', 'contact.edit'],
    input: ContactSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'contact', input.id);
      return saveContact(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /sys/contact/del': endpoint({
    summary: '删除联系方式（可批量）',
    permission: 'contact.delete',
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteContacts(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'GET /comApi/contacts': endpoint({
    summary: '门户展示的联系方式（按排序号）',
    permission: 'public',
    handle: (_input, { db }) => publicContacts(db),
  }),

  // ------------------------------------------------------------ 意见征集
  'POST /sys/opinion/topic/list': endpoint({
    summary: '意见征集主题分页列表（管辖范围内），含意见条数',
    permission: 'opinionCollect.query',
    input: TopicListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listTopics(ctx.db, ctx.user(), filter, page),
  }),
  'POST /sys/opinion/topic/save': endpoint({
    summary: '新增（草稿）或修改意见征集主题；已结束的不能修改',
    permission: ['opinionCollect.add', 'opinionCollect.edit'],
    input: TopicSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'opinionCollect', input.id);
      return saveTopic(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /sys/opinion/topic/del': endpoint({
    summary: '删除意见征集主题（已收到意见的不能删除）',
    permission: 'opinionCollect.delete',
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteTopics(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /sys/opinion/topic/publish': endpoint({
    summary: '发布意见征集主题：草稿 → 征集中',
    permission: 'opinionCollect.edit',
    input: IdInput,
    handle: ({ id }, ctx) => changeTopicStatus(ctx.db, sessionOf(ctx), { id, to: 'open' }, ctx.audit),
  }),
  'POST /sys/opinion/topic/close': endpoint({
    summary: '结束意见征集：征集中 → 已结束，不再接受意见',
    permission: 'opinionCollect.edit',
    input: IdInput,
    handle: ({ id }, ctx) => changeTopicStatus(ctx.db, sessionOf(ctx), { id, to: 'closed' }, ctx.audit),
  }),
  'POST /sys/opinion/list': endpoint({
    summary: '某一主题收到的意见（分页），可按是否已回复筛选',
    permission: 'opinionCollect.query',
    input: OpinionListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listOpinions(ctx.db, ctx.user(), filter, page),
  }),
  'POST /sys/opinion/reply': endpoint({
    summary: '回复意见（可修改回复），以站内消息通知提交人',
    permission: 'opinionCollect.edit',
    input: ReplyInput,
    handle: (input, ctx) => replyOpinion(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /sys/opinion/export': endpoint({
    asTask: 'export',
    summary: '导出某一主题的全部意见（Excel）',
    permission: 'opinionCollect.export',
    input: OpinionExportInput,
    handle: ({ topicId }, ctx) => exportOpinions(ctx.db, ctx.user(), topicId),
  }),
  'GET /opinion/openTopics': endpoint({
    summary: '正在征集的主题（本人可见的），含本人是否已提交及回复',
    permission: 'login',
    handle: (_input, ctx) => openTopics(ctx.db, ctx.user()),
  }),
  'POST /opinion/submit': endpoint({
    summary: '对征集中的主题提交意见：只在起止日期内，每人每个主题一条',
    permission: 'login',
    input: OpinionSubmitInput,
    handle: (input, ctx) => submitOpinion(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ------------------------------------------------------------ 意见反馈
  'POST /feedback/submit': endpoint({
    summary: '提交意见反馈（建议、问题或投诉）',
    permission: 'login',
    input: FeedbackSubmitInput,
    handle: (input, ctx) => submitFeedback(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /feedback/my': endpoint({
    summary: '本人提交的意见反馈及回复（分页，新的在前）',
    permission: 'login',
    paged: true,
    handle: ({ page }, ctx) => myFeedback(ctx.db, ctx.user(), page),
  }),
  'POST /sys/feedback/list': endpoint({
    summary: '意见反馈分页列表（管辖范围内），可按类型、是否已回复、内容或账号筛选',
    permission: 'feedback.query',
    input: FeedbackListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listFeedback(ctx.db, ctx.user(), filter, page),
  }),
  'POST /sys/feedback/reply': endpoint({
    summary: '回复意见反馈（可修改回复），以站内消息通知提交人',
    permission: 'feedback.edit',
    input: ReplyInput,
    handle: (input, ctx) => replyFeedback(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /sys/feedback/del': endpoint({
    summary: '删除意见反馈（可批量，只处理管辖范围内的）',
    permission: 'feedback.delete',
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteFeedback(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /sys/feedback/export': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出意见反馈（Excel）',
    permission: 'feedback.export',
    input: FeedbackListInput,
    handle: (filter, ctx) => exportFeedback(ctx.db, ctx.user(), filter),
  }),
} satisfies EndpointTable;
