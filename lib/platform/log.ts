// 服务端日志：pino 的 JSON 行写到标准输出（一行一条，由容器或 systemd 收集），级别由 LOG_LEVEL 决定。
// 请求上下文放在 AsyncLocalStorage 里：调度器处理一个请求期间，任何地方（服务、操作日志、错误处理）
// 经 log 写的每一行都自动带上该请求的 requestId（pino 的 mixin），不必层层传递子日志器。
// 不用 pino 的 transport（它要起工作线程，打包后找不到 worker 文件）；要美化输出请在进程外接 pino-pretty。
// 标准输出异步写（SonicBoom）：请求不等管道另一头读走（同步写时每行一次系统调用，读得慢就阻塞事件循环）；
// 一次写的同时来的行攒在一起下次写出。
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger, type LevelWithSilent } from 'pino';

/** 一个 API 请求的上下文：调度器在处理过程中逐步填上，请求结束时的汇总行与指标用它 */
export interface RequestContext {
  requestId: string;
  /** 去掉 /api 前缀的请求路径（不含查询串） */
  path?: string;
  /** 端点表里的键，如 'POST /account/listUsers'；没匹配到端点时为空 */
  key?: string;
  userId?: number;
  returnCode?: number;
}

/** 可写入日志行的目标（测试时换成内存里的收集器） */
export interface LogDestination {
  write(line: string): unknown;
}

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL，默认 info；vitest 里默认 silent（测试输出不被日志淹没，需要时设 LOG_LEVEL=debug 运行） */
export function configuredLevel(): LevelWithSilent {
  const wanted = (process.env.LOG_LEVEL ?? '').trim().toLowerCase();
  if ((LEVELS as readonly string[]).includes(wanted)) return wanted as LevelWithSilent;
  return process.env.VITEST ? 'silent' : 'info';
}

interface LogState {
  logger: Logger;
  context: AsyncLocalStorage<RequestContext>;
  destination: LogDestination;
  stdout: LogDestination;
}

// Next 把 API 路由、页面与 instrumentation 打进不同的包，各有一份本模块；开发模式还会重新加载模块。
// 整个进程共用一个日志器与一个请求上下文（挂在 globalThis 上），否则别的包里写的日志看不到请求号。
const shared = globalThis as typeof globalThis & { __portalLog?: LogState };

function createState(): LogState {
  const context = new AsyncLocalStorage<RequestContext>();
  // 异步写；pino 在进程退出（含 process.exit）时同步写完缓冲里的行（tests/unit/log-exit.test.ts）
  const stdout: LogDestination = pino.destination({ dest: 1, sync: false });
  const state: LogState = { context, destination: stdout, stdout } as LogState;
  const wanted = (process.env.LOG_LEVEL ?? '').trim();
  state.logger = pino(
    {
      level: configuredLevel(),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const c = context.getStore();
        return c ? { requestId: c.requestId } : {};
      },
    },
    // 经 state.destination 间接写，测试可以换目标（pino 创建后不能换流）
    { write: (line: string) => state.destination.write(line) },
  );
  if (wanted && configuredLevel() !== wanted.toLowerCase()) {
    state.logger.warn({ LOG_LEVEL: wanted }, `LOG_LEVEL 取值无效，可选 ${LEVELS.join('/')}；按 info 记录`);
  }
  return state;
}

const state = (shared.__portalLog ??= createState());

/** 进程共用的日志器：log.info({ 字段 }, '消息')；错误放在 err 字段里（带类型、消息与堆栈） */
export const log: Logger = state.logger;

/** 当前请求的上下文（不在请求里时为 undefined） */
export function currentRequest(): RequestContext | undefined {
  return state.context.getStore();
}

/** 在一个请求的上下文里执行 fn：其间写的日志都带 requestId */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return state.context.run(context, fn);
}

/** 给当前请求补上端点、用户、返回码等（不在请求里时忽略） */
export function annotateRequest(fields: Partial<RequestContext>): void {
  const c = state.context.getStore();
  if (c) Object.assign(c, fields);
}

/** 测试用：把日志写到别处并设定级别；传 null 恢复为标准输出与 LOG_LEVEL。 */
export function setLogDestination(destination: LogDestination | null, level?: LevelWithSilent): void {
  state.destination = destination ?? state.stdout;
  state.logger.level = destination ? (level ?? 'trace') : configuredLevel();
}
