'use client';
// antd 的 Provider 放在客户端组件里：服务端组件从 'antd' 引入会把整个组件库当作一个客户端引用打进每页
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';

export default function Providers({ token, children }: { token: ThemeConfig['token']; children: React.ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token }}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
