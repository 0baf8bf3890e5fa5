// 外发队列界面的端点输入（单独一个文件：运维的 schemas.ts 另有人在改）。
import { z } from 'zod';
import { blankToUndefined, id, optionalText } from '@/lib/platform/validation/fields';

export const OUTBOX_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'waiting'] as const;

export const OutboxFilter = z.object({
  status: z.preprocess(blankToUndefined, z.enum(OUTBOX_STATUSES, { error: '状态不正确' }).optional()).describe('状态'),
  channel: optionalText('通道', 32),
  key: optionalText('幂等键', 200),
});

export const OutboxIdInput = z.object({ id: id('外发记录') });
