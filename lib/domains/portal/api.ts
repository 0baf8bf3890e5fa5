// 门户互动：黑名单、友情链接、联系方式、意见征集与反馈、公告。
import type { EndpointTable } from '@/lib/platform/api/endpoint';

export const portalApi: EndpointTable = {};
