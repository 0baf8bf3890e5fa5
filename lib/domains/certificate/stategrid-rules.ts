// 国网数据上报的状态（批次与台账），见 docs/CERTIFICATES.md。
export const BATCH_STATUS = { DRAFT: 0, CONFIRMED: 1, SUBMITTED: 2, ACCEPTED: 3, REJECTED: 4 } as const;
export const BATCH_STATUS_LABEL: Record<number, string> = { 0: '草稿', 1: '已确认', 2: '已上报', 3: '已接收', 4: '被退回' };
export const ITEM_STATUS = { PENDING: 0, SUBMITTED: 1, ACCEPTED: 2, REJECTED: 3 } as const;
export const ITEM_STATUS_LABEL: Record<number, string> = { 0: '待上报', 1: '已上报', 2: '已接收', 3: '被退回' };
export const ITEM_STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };
