import { z } from 'zod';
import { flag, id } from '@/lib/platform/validation/fields';

export const MESSAGE_KINDS = ['notice', 'audit', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MessageListInput = z.object({
  unreadOnly: flag('只看未读').optional(),
});

export const MarkReadInput = z
  .object({
    ids: z
      .array(id('消息编号'), { error: '消息编号应为数组' })
      .max(1000, '一次最多标记 1000 条')
      .optional()
      .describe('消息编号'),
    all: flag('全部标为已读').optional(),
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
