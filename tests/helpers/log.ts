// 收集服务端日志（pino 的 JSON 行）：测试期间把日志器的输出换成内存数组，结束时恢复。
import { setLogDestination } from '@/lib/platform/log';

export type LogLine = Record<string, unknown> & { level: string; msg: string; requestId?: string };

export function captureLogs() {
  const lines: LogLine[] = [];
  setLogDestination({ write: (line) => lines.push(JSON.parse(line) as LogLine) }, 'trace');
  return {
    lines,
    /** 消息含 text 的行 */
    find: (text: string) => lines.filter((l) => l.msg.includes(text)),
    restore: () => setLogDestination(null),
  };
}
