'use client';
// 基线的外壳：侧栏菜单（两个叶子，Link 客户端导航）+ 顶栏 + 内容区，与门户同样的 antd Layout。
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { Layout, Menu } from 'antd';

const ITEMS = [
  { key: '/a', label: <Link href="/a">列表甲</Link> },
  { key: '/b', label: <Link href="/b">列表乙</Link> },
];

export default function FloorShell({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  // 与门户相同的水合标记（基准等它再开始点菜单）
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme="light">
        <Menu data-testid="side-menu" mode="inline" selectedKeys={[pathname]} items={ITEMS} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 16px' }}>基线</Layout.Header>
        <Layout.Content style={{ margin: 16 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
