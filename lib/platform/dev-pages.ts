// 开发者组件页（SPEC §2 的测试页：/test/xys/test1、/test2、/test3、/myComponents）是否提供。
// 生产环境默认不提供（404），设 DEV_PAGES=true 才打开；开发与测试环境总提供。页面免登录、不写数据库。

/** 配置项：生产环境下打开开发者组件页 */
export const DEV_PAGES_ENV = 'DEV_PAGES';

export const DEV_PAGE_PATHS = ['/test/xys/test1', '/test2', '/test3', '/myComponents'] as const;

export function devPagesEnabled(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env.NODE_ENV !== 'production' || env[DEV_PAGES_ENV] === 'true';
}
