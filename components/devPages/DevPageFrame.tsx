'use client';
// 开发者组件页的外框：标题、说明与四个页面之间的导航。页面免登录，只展示本项目的共用组件，不写数据库。
import type { ReactNode } from 'react';
import Link from 'next/link';
import { Alert, Card, Space } from 'antd';

export const DEV_PAGES = [
  { href: '/myComponents', title: '组件索引', testId: 'dev-nav-index' },
  { href: '/test/xys/test1', title: '列表界面', testId: 'dev-nav-test1' },
  { href: '/test2', title: '表单与上传', testId: 'dev-nav-test2' },
  { href: '/test3', title: '状态、时间线与空状态', testId: 'dev-nav-test3' },
] as const;

export default function DevPageFrame({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <main style={{ minWidth: 1366, padding: 24, background: '#f0f2f5', minHeight: '100vh' }} data-testid={testId}>
      <Card
        variant="borderless"
        title={`开发者组件页 · ${title}`}
        extra={
          <Space size="middle" wrap>
            {DEV_PAGES.map((p) => (
              <Link key={p.href} href={p.href} data-testid={p.testId}>
                {p.title}
              </Link>
            ))}
          </Space>
        }
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="本页只供开发者查看共用组件的效果：数据都在页面里，不调用业务接口、不写数据库。生产环境默认不提供（设 DEV_PAGES=true 才打开）。"
        />
        {children}
      </Card>
    </main>
  );
}
