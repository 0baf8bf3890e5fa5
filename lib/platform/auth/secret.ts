// 服务端签名密钥 AUTH_SECRET（推送令牌、统一身份认证的 state 等）。生产环境没有它就不启动：
// 内置的默认值人人可见，用它签名等于没有签名。`npm start` 在未设置时生成一个随机密钥存进 ./data/。

/** 仅供开发与测试 */
const DEV_SECRET = 'skills-portal-dev-secret-do-not-use-in-production';
const MIN_LENGTH = 32;
/** 示例配置里出现过的占位值：照抄上线与不设一样危险 */
const PLACEHOLDERS = new Set(['change-me-in-production', 'changeme', 'secret', DEV_SECRET]);

/** 配置错误的说明；没有问题时为 null */
export function authSecretProblem(env: Record<string, string | undefined> = process.env): string | null {
  const value = env.AUTH_SECRET?.trim();
  if (env.NODE_ENV !== 'production') return null;
  if (!value) return '生产环境必须设置 AUTH_SECRET（至少 32 个字符的随机串，如 `openssl rand -hex 32` 的输出）';
  if (PLACEHOLDERS.has(value)) return 'AUTH_SECRET 仍是示例里的占位值，请换成随机串（如 `openssl rand -hex 32` 的输出）';
  if (value.length < MIN_LENGTH) return `AUTH_SECRET 太短（${value.length} 个字符），至少 ${MIN_LENGTH} 个字符`;
  return null;
}

export function authSecret(): string {
  const problem = authSecretProblem();
  if (problem) throw new Error(problem);
  return process.env.AUTH_SECRET?.trim() || DEV_SECRET;
}

/** 服务启动时调用：生产环境的密钥有问题就说明原因并退出进程 */
export function refuseToStartWithoutSecret(): void {
  const problem = authSecretProblem();
  if (!problem) return;
  console.error(`[auth] 拒绝启动：${problem}`);
  process.exit(1);
}
