// 证书域的业务编号（lib/platform/db/codes.ts 的 businessCode）：国网上报批次 GW + 年份 + 8 位序号（批次表的主键）。
// 证书编号另有国家规定的 22 位结构（rules.ts 的 certificateNumber），流水号由 certificate_counter 在发证的事务里分配。
import { businessCode } from '@/lib/platform/db/codes';
import { beijingDate } from '@/lib/platform/time';

/** 上报批次号，如 GW202600000012：id 为先取的主键（nextId），at 为组批时间（北京时间的年份） */
export const batchCode = (id: number, at: Date): string => businessCode({ prefix: 'GW', year: beijingDate(at).slice(0, 4), serial: id, width: 8 });
