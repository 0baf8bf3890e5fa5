// 本站对外的地址 PUBLIC_BASE_URL：证书二维码里的核验链接（印在纸上，扫码的人从外面打开）用它拼成绝对地址。
// 生产环境（NODE_ENV=production）没有它就不启动（与 AUTH_SECRET 相同的做法）：默认的 http://localhost:3000 印进证书，
// 扫码的人打不开，证书却照常发出。`npm start`（scripts/start.mjs）未设置时按服务的地址（主机、端口）推出一个并记下
// PUBLIC_BASE_URL_DERIVED=1；服务监控里对推出的与指向本机的地址给出警告。

/** 开发与测试时的默认值 */
export const DEV_PUBLIC_BASE_URL = 'http://localhost:3000';

type Env = Record<string, string | undefined>;

/** 配置错误的说明；没有问题时为 null */
export function publicBaseProblem(env: Env = process.env): string | null {
  const raw = env.PUBLIC_BASE_URL?.trim();
  if (!raw) {
    return env.NODE_ENV === 'production' ? '生产环境必须设置 PUBLIC_BASE_URL（本站对外的地址，如 https://skills.example.gov.cn）：证书二维码里的核验链接用它拼成' : null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `PUBLIC_BASE_URL 不是完整的地址（${raw}），应形如 https://skills.example.gov.cn`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `PUBLIC_BASE_URL 须以 http:// 或 https:// 开头（${raw}）`;
  if (url.search || url.hash || url.username || url.password) return `PUBLIC_BASE_URL 只能是站点地址，不能带账号、查询串或 #（${raw}）`;
  return null;
}

/** 站点地址（不带末尾的 /）；配置有误时抛出说明 */
export function publicBaseUrl(env: Env = process.env): string {
  const problem = publicBaseProblem(env);
  if (problem) throw new Error(problem);
  return (env.PUBLIC_BASE_URL?.trim() || DEV_PUBLIC_BASE_URL).replace(/\/+$/, '');
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|\[::\])$/i;

/** 服务监控的警告（界面按 kind 与地址拼出文字） */
export const PUBLIC_BASE_WARNING = {
  default: '未设置 PUBLIC_BASE_URL：证书二维码里的核验链接指向 {url}，别的设备扫码打不开；请设置本站对外的地址',
  derived: '未设置 PUBLIC_BASE_URL：npm start 按服务地址推定为 {url}，证书二维码里的核验链接指向它；对外部署请设置本站对外的地址',
  local: 'PUBLIC_BASE_URL 是本机地址（{url}）：证书二维码里的核验链接别的设备扫码打不开；请设置本站对外的地址',
} as const;

export interface PublicBaseStatus {
  url: string | null;
  /** configured：由 PUBLIC_BASE_URL 设置；derived：npm start 按服务地址推出；default：未设置（开发） */
  source: 'configured' | 'derived' | 'default';
  /** 需要管理员处理的问题：invalid 配置有误（warning 为说明），其余见 PUBLIC_BASE_WARNING；没有为 null */
  warningKind: keyof typeof PUBLIC_BASE_WARNING | 'invalid' | null;
  /** 中文的警告全文（接口调用方看）；没有为 null */
  warning: string | null;
}

/** 服务监控里显示的站点地址与警告 */
export function publicBaseStatus(env: Env = process.env): PublicBaseStatus {
  const problem = publicBaseProblem(env);
  if (problem) return { url: null, source: env.PUBLIC_BASE_URL?.trim() ? 'configured' : 'default', warningKind: 'invalid', warning: problem };
  const url = publicBaseUrl(env);
  const source = !env.PUBLIC_BASE_URL?.trim() ? 'default' : env.PUBLIC_BASE_URL_DERIVED === '1' ? 'derived' : 'configured';
  const kind = source !== 'configured' ? source : LOOPBACK.test(new URL(url).hostname) ? 'local' : null;
  return { url, source, warningKind: kind, warning: kind ? PUBLIC_BASE_WARNING[kind].replace('{url}', url) : null };
}

/** 服务启动时调用：生产环境的站点地址没有或有误就说明原因并退出进程 */
export function refuseToStartWithoutPublicBase(): void {
  const problem = publicBaseProblem();
  if (!problem) return;
  console.error(`[config] 拒绝启动：${problem}`);
  process.exit(1);
}
