// 写 N 行日志后立刻 process.exit：用法 node --import tsx tests/helpers/log-exit-child.ts <N>（log-exit.test.ts）
import { log } from '@/lib/platform/log';

const n = Number(process.argv[2]);
for (let i = 0; i < n; i++) log.info({ i }, '退出前的日志行');
process.exit(0);
