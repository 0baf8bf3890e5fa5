// npm start 的站点地址：未设置 PUBLIC_BASE_URL 时按服务的地址（-H/--hostname 与端口）推出一个，证书二维码里的核验链接用它。
// 监听全部网卡（默认）时取本机第一个对外的 IPv4 地址（同一网络里的手机扫码打得开），没有时用 localhost。
// 推出的地址只适合本机与局域网演示：服务监控里会提示，正式部署请设置 PUBLIC_BASE_URL（见 README 的配置表）。
import os from 'node:os';

const WILDCARD = new Set(['', '0.0.0.0', '::', '[::]']);

/** 命令行里某个参数的值（next start 的 -H/--hostname、-p/--port）；没有时为 '' */
function argOf(argv, short, long) {
  let value = '';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === short || a === long) value = argv[i + 1] ?? '';
    else if (a.startsWith(`${long}=`)) value = a.slice(long.length + 1);
  }
  return value;
}

/** 本机第一个对外的 IPv4 地址；没有时为 null */
function lanAddress(interfaces) {
  for (const list of Object.values(interfaces)) {
    for (const i of list ?? []) if (i.family === 'IPv4' && !i.internal) return i.address;
  }
  return null;
}

/**
 * 站点地址：PUBLIC_BASE_URL 已设置时为 null（不动），否则 { url, host }。
 * @param {{ env: Record<string, string | undefined>; argv: string[]; port: string; interfaces?: ReturnType<typeof os.networkInterfaces> }} input
 */
export function derivePublicBase({ env, argv, port, interfaces = os.networkInterfaces() }) {
  if (env.PUBLIC_BASE_URL?.trim()) return null;
  const bound = argOf(argv, '-H', '--hostname');
  const host = WILDCARD.has(bound) ? (lanAddress(interfaces) ?? 'localhost') : bound;
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  // 命令行的 -p 在 next start 里优先于 PORT
  return { url: `http://${shown}:${argOf(argv, '-p', '--port') || port}`, host };
}
