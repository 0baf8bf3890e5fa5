// 门户互动的输入：服务端校验与前端表单共用（不引入任何服务端模块）。
import { z } from 'zod';
import { date, flag as flagValue, id as Id, ids, int, required as text, text as plainText } from '@/lib/platform/validation/fields';

const Ids = (label: string) => ids(label);
const optionalText = (label: string, max: number) => plainText(label, max).optional();
const Sort = int('排序', 0, 9999).default(0);
/** 查询条件里的布尔值：'true'/'1' 为真，'false'/'0' 为假 */
const flag = (label: string) => flagValue(label).optional();
export const IdInput = z.object({ id: Id('记录') });
export const IdsInput = z.object({ ids: Ids('记录') });

// ---------------------------------------------------------------- 黑名单

export const BLACKLIST_KINDS = ['account', 'ip'] as const;
export const BLACKLIST_KIND_LABEL = { account: '账号', ip: 'IP' } as const;

export const BlacklistListInput = z.object({
  kind: z.enum(BLACKLIST_KINDS, { error: '类型应为 account 或 ip' }).optional().describe('类型'),
  value: z.string().trim().max(64).optional().describe('账号或 IP（模糊）'),
  /** active 生效中 / expired 已过期 */
  state: z.enum(['active', 'expired'], { error: '状态应为 active 或 expired' }).optional().describe('状态'),
});

export const BlacklistAddInput = z.object({
  kind: z.enum(BLACKLIST_KINDS, { error: '请选择类型（账号或 IP）' }).describe('类型'),
  value: text('账号或 IP', 64),
  reason: text('原因', 200),
  /** ISO 时间；为空表示长期有效 */
  expiresAt: z
    .union([z.literal(''), z.null(), z.coerce.date({ error: '失效时间格式不正确' })])
    .optional()
    .transform((v) => (v instanceof Date ? v : null))
    .refine((v) => v === null || v.getTime() > Date.now(), '失效时间必须晚于当前时间')
    .describe('失效时间'),
});

// ---------------------------------------------------------------- 友情链接与联系方式

export const HTTP_URL_MESSAGE = '链接地址须以 http:// 或 https:// 开头';
const HttpUrl = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(500, `${label}最多 500 个字符`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
      } catch {
        return false;
      }
    }, HTTP_URL_MESSAGE)
    .describe(label);

export const FriendLinkListInput = z.object({
  name: z.string().trim().max(64).optional().describe('名称（模糊）'),
  enabled: flag('是否启用'),
});

export const FriendLinkSaveInput = z.object({
  id: Id('友情链接').optional(),
  name: text('名称', 64),
  url: HttpUrl('链接地址'),
  logo: z.union([z.literal(''), HttpUrl('图标地址')]).optional().describe('图标地址'),
  sort: Sort,
  enabled: z.boolean({ error: '是否启用应为 true 或 false' }).default(true).describe('是否启用'),
});

export const ContactListInput = z.object({ department: z.string().trim().max(64).optional().describe('部门（模糊）') });

export const ContactSaveInput = z
  .object({
    id: Id('联系方式').optional(),
    department: text('部门', 64),
    phone: z
      .string()
      .trim()
      .max(32, '电话最多 32 个字符')
      .regex(/^$|^[\d\-+() 转]{5,32}$/, '电话格式不正确')
      .optional()
      .describe('电话'),
    email: z.union([z.literal(''), z.string().trim().max(128, '邮箱最多 128 个字符').email('邮箱格式不正确')]).optional().describe('邮箱'),
    address: optionalText('地址', 200),
    workingHours: optionalText('办公时间', 100),
    sort: Sort,
  })
  .refine((v) => Boolean(v.phone || v.email || v.address), { message: '电话、邮箱、地址至少填写一项', path: ['phone'] });

// ---------------------------------------------------------------- 意见征集

export const TOPIC_STATUSES = ['draft', 'open', 'closed'] as const;

export const TopicListInput = z.object({
  title: z.string().trim().max(100).optional().describe('标题（模糊）'),
  status: z.enum(TOPIC_STATUSES, { error: '状态应为 draft、open 或 closed' }).optional().describe('状态'),
});

export const TopicSaveInput = z
  .object({
    id: Id('主题').optional(),
    title: text('标题', 100),
    content: text('征集内容', 5000),
    startDate: date('开始日期'),
    endDate: date('结束日期'),
  })
  .refine((v) => v.endDate >= v.startDate, { message: '结束日期不能早于开始日期', path: ['endDate'] });

export const OpinionListInput = z.object({
  topicId: Id('主题'),
  replied: flag('是否已回复'),
});
export const OpinionExportInput = z.object({ topicId: Id('主题') });

export const ReplyInput = z.object({ id: Id('记录'), reply: text('回复内容', 1000) });

export const OpinionSubmitInput = z.object({ topicId: Id('主题'), content: text('意见内容', 2000) });

// ---------------------------------------------------------------- 意见反馈

export const FEEDBACK_TYPES = ['suggestion', 'problem', 'complaint'] as const;

export const FeedbackSubmitInput = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: '请选择反馈类型（建议、问题或投诉）' }).describe('反馈类型'),
  content: text('反馈内容', 2000),
  contact: optionalText('联系方式', 64),
});

export const FeedbackListInput = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: '反馈类型应为 suggestion、problem 或 complaint' }).optional().describe('反馈类型'),
  replied: flag('是否已回复'),
  keyword: z.string().trim().max(64).optional().describe('内容或账号（模糊）'),
});
