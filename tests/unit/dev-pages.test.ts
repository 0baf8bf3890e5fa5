// 开发者组件页（/test/xys/test1、/test2、/test3、/myComponents）的门卫：生产环境默认 404，DEV_PAGES=true 才提供；开发与测试环境总提供。
// 门卫在四个页面共用的布局 app/(dev)/layout.tsx 里，这里直接调用它（改环境变量，故在 ISOLATED 名单里）。
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DevPagesLayout from '@/app/(dev)/layout';
import { DEV_PAGE_PATHS, devPagesEnabled } from '@/lib/platform/dev-pages';

/** next/navigation 的 notFound() 抛出的错误带这个 digest，Next 据此答 404 */
const NOT_FOUND_DIGEST = 'NEXT_HTTP_ERROR_FALLBACK;404';
const CHILD = 'child';

function render(): unknown {
  try {
    return DevPagesLayout({ children: CHILD });
  } catch (err) {
    return (err as { digest?: string }).digest;
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('开发者组件页的门卫', () => {
  it('按 NODE_ENV 与 DEV_PAGES 判断', () => {
    expect(devPagesEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(devPagesEnabled({ NODE_ENV: 'production', DEV_PAGES: 'false' })).toBe(false);
    expect(devPagesEnabled({ NODE_ENV: 'production', DEV_PAGES: '1' })).toBe(false);
    expect(devPagesEnabled({ NODE_ENV: 'production', DEV_PAGES: 'true' })).toBe(true);
    expect(devPagesEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(devPagesEnabled({ NODE_ENV: 'test' })).toBe(true);
  });

  it('生产环境未打开时布局答 404（notFound），不渲染页面', () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('DEV_PAGES', '');
    expect(render()).toBe(NOT_FOUND_DIGEST);
  });

  it('生产环境 DEV_PAGES=true 时渲染页面', () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('DEV_PAGES', 'true');
    expect(render()).toBe(CHILD);
  });

  it('开发环境总渲染', () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(render()).toBe(CHILD);
  });

  it('四个页面都在这个布局之下（路径与 SPEC §2 一致）', () => {
    const dir = path.resolve(__dirname, '../../app/(dev)');
    for (const p of DEV_PAGE_PATHS) expect(fs.existsSync(path.join(dir, p, 'page.tsx')), p).toBe(true);
  });
});
