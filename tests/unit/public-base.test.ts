// 证书二维码的站点地址 PUBLIC_BASE_URL：生产环境没有或有误即拒绝启动（说明原因）；npm start 未设置时按服务地址推出；
// 服务监控对未设置、推出的与指向本机的地址给出警告。
import { describe, expect, it } from 'vitest';
import { publicBaseProblem, publicBaseStatus, publicBaseUrl } from '@/lib/platform/http/public-base';
import { derivePublicBase } from '@/scripts/public-base.mjs';

const LAN = { eth0: [{ address: '10.1.2.3', family: 'IPv4', internal: false, netmask: '255.0.0.0', mac: '00:00:00:00:00:00', cidr: '10.1.2.3/8' }], lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '255.0.0.0', mac: '00:00:00:00:00:00', cidr: '127.0.0.1/8' }] } as const;

describe('PUBLIC_BASE_URL 的检查', () => {
  it('生产环境没有设置：拒绝启动并说明；开发与测试用默认值', () => {
    expect(publicBaseProblem({ NODE_ENV: 'production' })).toMatch(/^生产环境必须设置 PUBLIC_BASE_URL/);
    expect(publicBaseProblem({ NODE_ENV: 'production', PUBLIC_BASE_URL: '  ' })).toMatch(/^生产环境必须设置 PUBLIC_BASE_URL/);
    expect(() => publicBaseUrl({ NODE_ENV: 'production' })).toThrow(/PUBLIC_BASE_URL/);
    expect(publicBaseProblem({ NODE_ENV: 'test' })).toBeNull();
    expect(publicBaseUrl({ NODE_ENV: 'development' })).toBe('http://localhost:3000');
  });

  it('不是完整的 http(s) 地址、带查询串的：说明哪里不对', () => {
    expect(publicBaseProblem({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'skills.example.gov.cn' })).toBe('PUBLIC_BASE_URL 不是完整的地址（skills.example.gov.cn），应形如 https://skills.example.gov.cn');
    expect(publicBaseProblem({ PUBLIC_BASE_URL: 'ftp://x.example' })).toMatch(/须以 http:\/\/ 或 https:\/\/ 开头/);
    expect(publicBaseProblem({ PUBLIC_BASE_URL: 'https://x.example/?a=1' })).toMatch(/不能带账号、查询串或 #/);
  });

  it('设置了：去掉末尾的 /，可带路径前缀', () => {
    expect(publicBaseUrl({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://skills.example.gov.cn/' })).toBe('https://skills.example.gov.cn');
    expect(publicBaseUrl({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://hrss.example.gov.cn/skills/' })).toBe('https://hrss.example.gov.cn/skills');
  });
});

describe('服务监控的警告', () => {
  it('设置了对外的地址：没有警告', () => {
    expect(publicBaseStatus({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://skills.example.gov.cn' })).toEqual({ url: 'https://skills.example.gov.cn', source: 'configured', warningKind: null, warning: null });
  });

  it('未设置、npm start 推出的、本机地址：各有警告，说明二维码指向哪里', () => {
    expect(publicBaseStatus({ NODE_ENV: 'development' })).toMatchObject({ source: 'default', warningKind: 'default', warning: expect.stringContaining('指向 http://localhost:3000') });
    expect(publicBaseStatus({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://10.1.2.3:3000', PUBLIC_BASE_URL_DERIVED: '1' })).toMatchObject({
      source: 'derived',
      warningKind: 'derived',
      warning: expect.stringContaining('npm start 按服务地址推定为 http://10.1.2.3:3000'),
    });
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(publicBaseStatus({ NODE_ENV: 'production', PUBLIC_BASE_URL: url })).toMatchObject({ source: 'configured', warningKind: 'local' });
    }
  });
});

describe('npm start 推出站点地址', () => {
  it('已设置 PUBLIC_BASE_URL：不动', () => {
    expect(derivePublicBase({ env: { PUBLIC_BASE_URL: 'https://x.example' }, argv: [], port: '3000', interfaces: LAN })).toBeNull();
  });

  it('监听全部网卡（默认）：本机对外的 IPv4 地址加端口；没有对外网卡时 localhost', () => {
    expect(derivePublicBase({ env: {}, argv: [], port: '3000', interfaces: LAN })?.url).toBe('http://10.1.2.3:3000');
    expect(derivePublicBase({ env: {}, argv: ['-H', '0.0.0.0'], port: '8080', interfaces: LAN })?.url).toBe('http://10.1.2.3:8080');
    expect(derivePublicBase({ env: {}, argv: [], port: '3000', interfaces: { lo: LAN.lo } })?.url).toBe('http://localhost:3000');
  });

  it('指定了主机或端口（-H、--hostname=、-p）：按指定的', () => {
    expect(derivePublicBase({ env: {}, argv: ['-H', '127.0.0.1'], port: '3201', interfaces: LAN })?.url).toBe('http://127.0.0.1:3201');
    expect(derivePublicBase({ env: {}, argv: ['--hostname=portal.lan', '-p', '4000'], port: '3000', interfaces: LAN })?.url).toBe('http://portal.lan:4000');
    expect(derivePublicBase({ env: {}, argv: ['-H', '::1'], port: '3000', interfaces: LAN })?.url).toBe('http://[::1]:3000');
  });
});
