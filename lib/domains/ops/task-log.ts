// 后台任务的数据变更写进操作日志：登记给执行器（平台不引用领域）。lib/tasks.ts 与端点表都引用本模块。
import { onTaskChanges } from '@/lib/platform/task/registry';
import { recordTaskOperation } from './operation-log';

onTaskChanges(recordTaskOperation);
