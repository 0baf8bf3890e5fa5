// 看全个人信息（取消脱敏）的理由与输入，前后端共用（不引用服务端模块）。
// 一条规则：个人信息默认脱敏；持有资源的 unmask 动作的人可以看全，但每次须选一个理由，每次都记访问日志（service.ts 的 unmaskedView）。
import { z } from 'zod';
import { flag } from '@/lib/platform/validation/fields';
import { UNMASK_REASON_CODES, type AccessAction, type UnmaskReason } from './constants';

export * from './constants';

/**
 * 各领域的输入里加上这几项即可请求看全（`SomeInput.extend(UnmaskFields)`）：unmask 为 true 时 reason 必填，
 * reason 为“其他”时 reasonNote 必填——在 unmaskedView 里检查，消息一致。
 */
export const UnmaskFields = {
  unmask: z.preprocess((v) => (v === '' || v === null ? undefined : v), flag('看全个人信息').optional()).describe('看全个人信息（须有资源的 unmask 权限并给出理由，记访问日志）'),
  reason: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(UNMASK_REASON_CODES, { error: '理由只能是 payment、verify、dispute、audit 或 other' }).optional()).describe('理由：payment 银行拨付、verify 核对身份、dispute 处理投诉或异议、audit 审计检查、other 其他'),
  reasonNote: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(200, '理由说明最多 200 个字').optional()).describe('理由说明（理由为“其他”时必填）'),
};

export interface UnmaskRequest {
  reason?: UnmaskReason;
  reasonNote?: string;
}

/** 访问日志列表的筛选 */
export const AccessLogListInput = z.object({
  account: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(64, '账号最多 64 位').optional()).describe('查看人账号'),
  resource: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(64, '资源最多 64 位').optional()).describe('资源 key'),
  entity: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(64, '记录类型最多 64 位').optional()).describe('记录类型，如 subsidy_apply'),
  entityId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: '记录 id 必须是数字' }).int('记录 id 必须是整数').min(1, '记录 id 不正确').max(2147483647, '记录 id 不正确').optional()).describe('记录 id'),
  action: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['view', 'export'], { error: '方式只能是 view 或 export' }).optional()).describe('view 查看、export 导出'),
});
export type AccessLogFilter = z.output<typeof AccessLogListInput>;

export interface AccessLogItem {
  id: number;
  account: string;
  userName: string | null;
  ip: string | null;
  resource: string;
  action: AccessAction;
  actionName: string;
  entity: string;
  entityId: number;
  detail: string;
  recordCount: number;
  recordIds: number[];
  reason: string;
  reasonName: string;
  reasonNote: string | null;
  createTime: string;
}
