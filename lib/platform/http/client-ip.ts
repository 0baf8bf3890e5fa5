// 客户端 IP：只有来自受信代理（TRUSTED_PROXIES）的连接才采信 X-Forwarded-For / X-Real-IP。
// Next 的路由处理函数拿不到连接的对端地址，所以在请求进入 Next 之前（instrumentation 里登记的
// installForwardingGuard）先整理转发头：对端不是受信代理时删掉客户端自带的转发头，Next 随后把
// X-Forwarded-For 设为对端地址。之后各处一律用 clientIp() 读 IP（登录日志、黑名单、短信限频、操作日志）。
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** TRUSTED_PROXIES：逗号分隔的 IP 或 CIDR，如 `127.0.0.1,10.0.0.0/8,::1`；未设置则不信任任何代理 */
export function parseTrustedProxies(value: string | undefined): BlockList {
  const list = new BlockList();
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [addr, bits] = entry.split('/');
    const family = isIP(addr) === 6 ? 'ipv6' : isIP(addr) === 4 ? 'ipv4' : null;
    if (!family) throw new Error(`TRUSTED_PROXIES 中的“${entry}”不是 IP 地址或 CIDR`);
    if (bits === undefined) list.addAddress(addr, family);
    else list.addSubnet(addr, Number(bits), family);
  }
  return list;
}

let trusted: BlockList | undefined;
function trustedProxies(): BlockList {
  return (trusted ??= parseTrustedProxies(process.env.TRUSTED_PROXIES));
}

/**
 * 地址 → 是否受信代理的缓存：BlockList.check 每次都新建 SocketAddress，每个请求要查两次（对端、转发链）。
 * 来访地址可能很多，满了整个清空（上限内的查询只是少算一次）；配置改变时清空。
 */
const TRUST_CACHE_MAX = 1000;
const trustCache = new Map<string, boolean>();

/** 测试用：按给定的配置重新解析 */
export function setTrustedProxies(value: string | undefined): void {
  trusted = parseTrustedProxies(value);
  trustCache.clear();
}

/** 去掉 IPv4 映射前缀（::ffff:1.2.3.4）与端口、方括号 */
export function normalizeIp(value: string): string {
  let v = value.trim();
  if (v.startsWith('[')) v = v.slice(1, v.indexOf(']'));
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(':'));
  if (v.toLowerCase().startsWith('::ffff:') && isIP(v.slice(7)) === 4) v = v.slice(7);
  return isIP(v) ? v : '';
}

export function isTrustedProxy(ip: string): boolean {
  const v = normalizeIp(ip);
  if (!v) return false;
  let hit = trustCache.get(v);
  if (hit === undefined) {
    hit = trustedProxies().check(v, isIP(v) === 6 ? 'ipv6' : 'ipv4');
    if (trustCache.size >= TRUST_CACHE_MAX) trustCache.clear();
    trustCache.set(v, hit);
  }
  return hit;
}

/**
 * 请求的客户端 IP：X-Forwarded-For 链从右往左，跳过受信代理，取第一个不受信的地址。
 * 链里的头已由 installForwardingGuard 按对端地址整理过，所以这里可以读它。
 */
export function clientIp(headers: Headers): string {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map(normalizeIp)
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) if (!isTrustedProxy(chain[i]) || i === 0) return chain[i];
  return normalizeIp(headers.get('x-real-ip') ?? '');
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded'];

/** 对端不是受信代理：删掉客户端自带的转发头（Next 会把 X-Forwarded-For 设为对端地址） */
export function guardForwardingHeaders(headers: http.IncomingHttpHeaders, peer: string | undefined): void {
  if (peer && isTrustedProxy(peer)) return;
  for (const h of FORWARDING_HEADERS) delete headers[h];
  if (peer) headers['x-forwarded-for'] = normalizeIp(peer) || peer;
}

let installed = false;
/** 在本进程的每个 HTTP 服务器收到请求时先整理转发头（服务启动时调用一次） */
export function installForwardingGuard(): void {
  if (installed) return;
  installed = true;
  trustedProxies(); // 配置有误时启动即报错
  type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
  for (const proto of [http.Server.prototype, https.Server.prototype] as unknown as { emit: Emit }[]) {
    const emit = proto.emit;
    proto.emit = function guardedEmit(this: unknown, event: string | symbol, ...args: unknown[]) {
      if (event === 'request') {
        const req = args[0] as http.IncomingMessage;
        guardForwardingHeaders(req.headers, req.socket?.remoteAddress);
      }
      return emit.call(this, event, ...args);
    };
  }
}
