// 证书的非对称签名：二维码载荷（JWS，Ed25519）只凭公布的公钥即可核验（本进程的函数、openssl 命令行、scripts/verify-certificate.ts），
// 改过字段、换了密钥、伪造的都被拒；公钥在 /.well-known 免登录公布；早先的 HMAC 二维码照常核验；生产环境没有私钥不启动。
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign as edSign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, type Certificate } from '@/lib/domains/certificate/tables';
import { maskHolderName, signNumber } from '@/lib/domains/certificate/rules';
import { viewCertificate, viewSignedCertificate } from '@/lib/domains/certificate/public';
import { certificateClaims, signCertificate, signedViewPath } from '@/lib/domains/certificate/signature';
import { parsePublishedKeys, tokenFrom, verifySignedCertificate } from '@/lib/domains/certificate/signed-payload';
import { certSigningKey, certSigningKeyProblem, kidOf } from '@/lib/platform/auth/cert-signing-key';
import { GET as keySetRoute } from '@/app/.well-known/certificate-keys.json/route';
import { GET as pemRoute } from '@/app/.well-known/certificate-signing-key.pem/route';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
let cert: Certificate;
/** 只有公钥：从公布的地址取来 */
let publishedPem: string;
let publishedJwks: string;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-sig-'));
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

beforeAll(async () => {
  db = await getDb();
  [cert] = await db.select().from(certificates).limit(1);
  publishedPem = await pemRoute().text();
  publishedJwks = await keySetRoute().text();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('公布的公钥', () => {
  it('/.well-known/certificate-keys.json 免登录答 JWK 集（kid、alg），与 PEM 是同一把公钥', async () => {
    const res = keySetRoute();
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const set = JSON.parse(publishedJwks) as { keys: Record<string, string>[] };
    expect(set.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: certSigningKey().kid });
    expect(set.keys[0]).not.toHaveProperty('d');
    expect(publishedPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(publishedPem).not.toContain('PRIVATE');
    expect(parsePublishedKeys(publishedPem)[0].kid).toBe(set.keys[0].kid);
  });
});

describe('只凭公钥核验', () => {
  it('证书二维码的载荷：用公布的公钥（PEM 或 JWK 集）核验有效，字段为编号、脱敏姓名、工种、等级、日期', () => {
    const url = `https://skills.example.gov.cn${signedViewPath(cert)}`;
    for (const published of [publishedPem, publishedJwks]) {
      const check = verifySignedCertificate(tokenFrom(url), parsePublishedKeys(published));
      expect(check).toMatchObject({ valid: true, claims: { no: cert.cerCode, name: maskHolderName(cert.name), work: cert.workName, date: cert.cerDate } });
    }
    expect(tokenFrom(url)).not.toContain(cert.name.length > 1 ? cert.name : '\u0000');
  });

  it('改过任一字段（姓名、等级）即签名无效', () => {
    const [h, , s] = signCertificate(certificateClaims(cert)).split('.');
    for (const change of [{ name: '李*' }, { level: '一级/高级技师' }, { no: 'S999' }]) {
      const forged = `${h}.${b64({ ...certificateClaims(cert), ...change })}.${s}`;
      expect(verifySignedCertificate(forged, parsePublishedKeys(publishedPem))).toMatchObject({ valid: false, reason: '签名与内容不符（内容被改过或不是用这把密钥签的）' });
    }
  });

  it('别的密钥签的：kid 不在公布的公钥里被拒；冒用我们的 kid 也被拒', () => {
    const other = generateKeyPairSync('ed25519');
    const claims = certificateClaims(cert);
    const sign = (kid: string) => {
      const input = `${b64({ alg: 'EdDSA', kid })}.${b64(claims)}`;
      return `${input}.${edSign(null, Buffer.from(input), other.privateKey).toString('base64url')}`;
    };
    const keys = parsePublishedKeys(publishedPem);
    expect(verifySignedCertificate(sign(kidOf(other.publicKey)), keys)).toMatchObject({ valid: false, reason: `签名密钥 ${kidOf(other.publicKey)} 不在公布的公钥里` });
    expect(verifySignedCertificate(sign(keys[0].kid), keys)).toMatchObject({ valid: false, reason: '签名与内容不符（内容被改过或不是用这把密钥签的）' });
    expect(verifySignedCertificate('not.a.token', keys).valid).toBe(false);
    expect(verifySignedCertificate(`${b64({ alg: 'none', kid: keys[0].kid })}.${b64(claims)}.AA`, keys)).toMatchObject({ valid: false, reason: '不支持的签名算法 none' });
  });

  it('独立的核验方：openssl 命令行用公布的 PEM 验过签名（Ed25519，签名输入为 JWS 的“头.载荷”）', () => {
    const [h, p, s] = signCertificate(certificateClaims(cert)).split('.');
    fs.writeFileSync(path.join(tmp, 'pub.pem'), publishedPem);
    fs.writeFileSync(path.join(tmp, 'input'), `${h}.${p}`);
    fs.writeFileSync(path.join(tmp, 'sig'), Buffer.from(s, 'base64url'));
    const out = execFileSync('openssl', ['pkeyutl', '-verify', '-pubin', '-inkey', 'pub.pem', '-rawin', '-in', 'input', '-sigfile', 'sig'], { cwd: tmp, encoding: 'utf8' });
    expect(out).toContain('Signature Verified Successfully');
    fs.writeFileSync(path.join(tmp, 'input'), `${h}.${b64({ ...certificateClaims(cert), name: '李*' })}`);
    expect(() => execFileSync('openssl', ['pkeyutl', '-verify', '-pubin', '-inkey', 'pub.pem', '-rawin', '-in', 'input', '-sigfile', 'sig'], { cwd: tmp, stdio: 'pipe' })).toThrow();
  });

  it('scripts/verify-certificate.ts：只给链接与公钥文件，有效退出 0，改过的退出 1', () => {
    const keyFile = path.join(tmp, 'keys.json');
    fs.writeFileSync(keyFile, publishedJwks);
    const url = `https://skills.example.gov.cn${signedViewPath(cert)}`;
    // 不给服务端的任何密钥（生产模式：没有私钥的服务会拒绝启动，核验脚本照常工作）
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' };
    const ok = execFileSync('npx', ['tsx', 'scripts/verify-certificate.ts', url, keyFile], { encoding: 'utf8', env });
    expect(ok).toContain('签名有效');
    expect(ok).toContain(`证书编号：${cert.cerCode}`);
    const [h, , s] = tokenFrom(url).split('.');
    const forged = `${h}.${b64({ ...certificateClaims(cert), level: '一级/高级技师' })}.${s}`;
    let failed: { status: number; stdout: string } | null = null;
    try {
      execFileSync('npx', ['tsx', 'scripts/verify-certificate.ts', forged, keyFile], { encoding: 'utf8', env, stdio: 'pipe' });
    } catch (err) {
      failed = err as { status: number; stdout: string };
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stdout).toContain('签名无效');
  }, 60_000);
});

describe('公开页面 /certificateView', () => {
  it('?c=：签名有效时另给本系统登记的证书与状态；伪造的签名无效、不给证书', async () => {
    const token = signCertificate(certificateClaims(cert));
    const good = await viewSignedCertificate(db, token);
    expect(good).toMatchObject({ genuine: true, signed: { valid: true, kid: certSigningKey().kid, claims: { no: cert.cerCode } }, certificate: { cerCode: cert.cerCode } });
    const [h, , s] = token.split('.');
    const bad = await viewSignedCertificate(db, `${h}.${b64({ ...certificateClaims(cert), work: '假工种' })}.${s}`);
    expect(bad).toMatchObject({ genuine: false, certificate: null, signed: { valid: false, claims: { work: '假工种' } } });
  });

  it('早先印的 HMAC 二维码（?no=&sig=）照常核验', async () => {
    expect((await viewCertificate(db, cert.cerCode, signNumber(cert.cerCode))).genuine).toBe(true);
  });
});

describe('私钥配置', () => {
  it('生产环境没有私钥、私钥读不出或不是 Ed25519 都说明原因（服务拒绝启动）；有 Ed25519 私钥则用它签名', () => {
    expect(certSigningKeyProblem({ NODE_ENV: 'production' })).toContain('生产环境必须设置 CERT_SIGNING_KEY');
    expect(certSigningKeyProblem({ NODE_ENV: 'production', CERT_SIGNING_KEY: 'garbage' })).toContain('读不出');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(certSigningKeyProblem({ NODE_ENV: 'production', CERT_SIGNING_KEY: rsa })).toContain('须是 Ed25519（现在是 rsa）');
    const ed = generateKeyPairSync('ed25519');
    const pem = ed.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(certSigningKeyProblem({ NODE_ENV: 'production', CERT_SIGNING_KEY: pem })).toBeNull();
    const file = path.join(tmp, 'key.pem');
    fs.writeFileSync(file, pem);
    expect(certSigningKey({ NODE_ENV: 'production', CERT_SIGNING_KEY_FILE: file }).kid).toBe(kidOf(ed.publicKey));
    // 开发与测试：未设置时由 AUTH_SECRET 派生，同一 AUTH_SECRET 的实例得到同一把
    expect(certSigningKey({ NODE_ENV: 'test' }).kid).toBe(parsePublishedKeys(publishedPem)[0].kid);
  });
});
