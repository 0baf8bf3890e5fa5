// 推送连接的上限与时间（环境变量可调，见 README“配置”与 docs/PUSH.md）。按调用时读取，测试可临时改。

export interface PushLimits {
  /** 每个用户在本实例上的连接数（每个标签页一条） */
  perUser: number;
  /** 本实例的连接总数 */
  perInstance: number;
  /** 心跳（注释行）间隔：代理与浏览器据此知道连接还活着 */
  heartbeatMs: number;
  /** 这么久没有推送任何事件的连接由服务端关闭，浏览器随即重连（重新验证身份） */
  idleMs: number;
  /** 每隔这么久在心跳时复查一次会话（兜底：错过的吊销通知） */
  recheckMs: number;
  /** 重连时补发的事件最多这么多条，更多时让浏览器整体刷新 */
  replayMax: number;
}

export const PUSH_DEFAULTS = {
  PUSH_MAX_PER_USER: 8,
  PUSH_MAX_CONNECTIONS: 2000,
  PUSH_HEARTBEAT_SECONDS: 25,
  PUSH_IDLE_MINUTES: 30,
} as const;
const RECHECK_MS = 60_000;
const REPLAY_MAX = 500;

function envInt(name: keyof typeof PUSH_DEFAULTS, min: number, max: number): number {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v >= min && v <= max ? v : PUSH_DEFAULTS[name];
}

export function pushLimits(): PushLimits {
  return {
    perUser: envInt('PUSH_MAX_PER_USER', 1, 100),
    perInstance: envInt('PUSH_MAX_CONNECTIONS', 1, 100_000),
    heartbeatMs: envInt('PUSH_HEARTBEAT_SECONDS', 1, 300) * 1000,
    idleMs: envInt('PUSH_IDLE_MINUTES', 1, 24 * 60) * 60_000,
    recheckMs: RECHECK_MS,
    replayMax: REPLAY_MAX,
  };
}
