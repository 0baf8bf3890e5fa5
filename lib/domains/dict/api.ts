// 数据字典、通用查询与流程规则的端点。
import type { EndpointTable } from '@/lib/platform/api/endpoint';

export const dictApi: EndpointTable = {};
