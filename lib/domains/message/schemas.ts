import { z } from 'zod';

export const MESSAGE_KINDS = ['notice', 'audit', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** 查询串里的布尔值：'true'/'1' 为真，'false'/'0' 为假（z.coerce.boolean 会把 'false' 当真） */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: '只能是 true 或 false' })
  .transform((v) => v === true || v === 'true' || v === '1');

export const MessageListInput = z.object({
  unreadOnly: flag.optional().describe('只看未读'),
});

export const MarkReadInput = z
  .object({
    ids: z
      .array(z.coerce.number({ error: '消息编号必须是数字' }).int('消息编号必须是整数').positive('消息编号必须是正整数'), { error: '消息编号应为数组' })
      .max(1000, '一次最多标记 1000 条')
      .optional()
      .describe('消息编号'),
    all: flag.optional().describe('全部标为已读'),
  })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: '请选择要标记为已读的消息', path: ['ids'] });

export interface MessageItem {
  id: number;
  title: string;
  content: string;
  kind: string;
  link: string | null;
  read: boolean;
  /** YYYY-MM-DD HH:mm:ss（北京时间） */
  createTime: string;
}

export interface NewMessage {
  title: string;
  content?: string;
  kind?: MessageKind;
  link?: string | null;
}
