import { AntdRegistry } from '@ant-design/nextjs-registry';
import { accessibleToken, tokenCssVars } from '../../../components/shell/accessibleTheme';
import FloorShell from './FloorShell';
import Providers from './Providers';

const TOKEN = accessibleToken();

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN">
      <body style={tokenCssVars(TOKEN)}>
        <AntdRegistry>
          <Providers token={TOKEN}>
            <FloorShell>{children}</FloorShell>
          </Providers>
        </AntdRegistry>
      </body>
    </html>
  );
}
