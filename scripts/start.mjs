// npm start：没有生产构建（或源码比构建新）时先构建，然后启动。默认使用内置数据库并自动写入演示数据。
import { spawnSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { derivePublicBase } from './public-base.mjs';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = path.join(distDir, 'BUILD_ID');
const sources = ['app', 'lib', 'components', 'db', 'public', 'next.config.ts', 'package-lock.json', 'instrumentation.ts'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
if (!builtAt || sources.some((s) => newestMtime(s) > builtAt)) {
  console.log(builtAt ? '源码有更新，重新构建…' : '首次启动，正在构建（约 1–2 分钟）…');
  const r = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// 生产服务没有 AUTH_SECRET 不启动（见 lib/platform/auth/secret.ts）。本机运行时生成一个随机密钥存进 ./data/，
// 之后每次启动沿用（会话不受影响，只有签名用到它）。部署时请自行设置 AUTH_SECRET。
if (!process.env.AUTH_SECRET) {
  const file = path.join('data', 'auth-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync('data', { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  process.env.AUTH_SECRET = fs.readFileSync(file, 'utf8').trim();
}

// 同样：个人信息加密的密钥（见 lib/platform/crypto/keys.ts）。生成的文件里第二把是开发密钥，只用于读出
// 以前用 `npm run dev` 写入的数据（启动后逐步改用第一把）；开发服务器见到这个文件也用它。
if (!process.env.DATA_KEY || !process.env.DATA_INDEX_KEY) {
  const file = path.join('data', 'data-key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync('data', { recursive: true });
    const dev = 'dev:00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
    const key = `local:${crypto.randomBytes(32).toString('hex')},${dev}`;
    fs.writeFileSync(file, `DATA_KEY=${key}\nDATA_INDEX_KEY=${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  }
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) process.env[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
}

// 证书签名私钥（Ed25519）同样：生产服务没有它不启动；本机运行时生成一个存进 ./data/ 并沿用（换了它旧证书二维码的签名即无效）。
if (!process.env.CERT_SIGNING_KEY && !process.env.CERT_SIGNING_KEY_FILE) {
  const file = path.join('data', 'cert-signing-key.pem');
  if (!fs.existsSync(file)) {
    fs.mkdirSync('data', { recursive: true });
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  process.env.CERT_SIGNING_KEY_FILE = file;
}

const port = process.env.PORT || '3000';

// 生产服务没有 PUBLIC_BASE_URL 不启动（见 lib/platform/http/public-base.ts）：本机运行时按服务的地址推出一个，
// 证书二维码里的核验链接指向它；服务监控里会提示这是推出的。部署时请自行设置 PUBLIC_BASE_URL。
const derived = derivePublicBase({ env: process.env, argv: process.argv.slice(2), port });
if (derived) {
  process.env.PUBLIC_BASE_URL = derived.url;
  process.env.PUBLIC_BASE_URL_DERIVED = '1';
  console.log(`未设置 PUBLIC_BASE_URL：证书二维码里的核验链接按服务地址使用 ${derived.url}（对外部署请设置 PUBLIC_BASE_URL）`);
}
const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', port, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
