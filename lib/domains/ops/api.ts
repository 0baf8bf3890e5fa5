// 运维：操作日志、登录日志、在线用户、定时任务、设备。
import type { EndpointTable } from '@/lib/platform/api/endpoint';

export const opsApi: EndpointTable = {};
