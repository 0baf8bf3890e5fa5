// 账号管理端点（/account/*、/sys/user/batch/update 等）。
import type { EndpointTable } from '@/lib/platform/api/endpoint';

export const accountApi: EndpointTable = {};
