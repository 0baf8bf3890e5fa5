import type { Metadata } from 'next';
import { headers } from 'next/headers';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import ptBR from 'antd/locale/pt_BR';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { accessibleToken, tokenCssVars } from '@/components/shell/accessibleTheme';
import DayjsLocale from '@/components/shell/DayjsLocale';
import HydrationMark from '@/components/shell/HydrationMark';
import StyleRegistry from '@/components/shell/StyleRegistry';
import { INPUT_GUARD_SCRIPT } from '@/components/shell/input-guard';
import { getMessages, translate, type Locale } from '@/lib/i18n';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale } from '@/lib/i18n/server';
import './globals.css';

/** antd 组件的语言包随界面语言（Cookie lang）切换 */
const ANTD_LOCALES: Record<Locale, AntdLocale> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS, 'pt-BR': ptBR };

export async function generateMetadata(): Promise<Metadata> {
  const messages = getMessages(await getLocale());
  const title = translate(messages, 'shell.brand.title');
  return {
    title: { default: title, template: `%s - ${title}` },
    description: translate(messages, 'shell.brand.description'),
    icons: { icon: '/logo.svg' },
  };
}

/** 公开页面（首页、登录、证书查看、文章等）的主题：默认主色加深到 WCAG AA 的对比度，次要文字加深（docs/ACCESSIBILITY.md） */
const PUBLIC_TOKEN = accessibleToken();

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const messages = getMessages(locale);
  // proxy.ts 给每个页面请求的 CSP nonce：内联脚本没有它不会执行
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang={locale}>
      <head>
        {/* 水合前的点击与回车排队、水合后重放（docs/HYDRATION.md）；须在页面内容之前运行。
            浏览器读出的 nonce 属性为空（防泄露），与服务端的值不同属正常，不当作水合不一致 */}
        <script id="input-guard" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: INPUT_GUARD_SCRIPT }} />
      </head>
      {/* 主题色也以 CSS 变量给出：各页自己的样式（*.module.css）用 var(--ant-color-primary) 等取同一组达标的颜色 */}
      <body style={tokenCssVars(PUBLIC_TOKEN)}>
        <StyleRegistry>
          <ConfigProvider locale={ANTD_LOCALES[locale]} theme={{ token: PUBLIC_TOKEN }}>
            {/* antd App 提供 App.useApp() 的 message/notification/modal（随主题与语言） */}
            <App>
              <I18nProvider locale={locale} messages={messages}>
                <DayjsLocale locale={locale} />
                <HydrationMark />
                {children}
              </I18nProvider>
            </App>
          </ConfigProvider>
        </StyleRegistry>
      </body>
    </html>
  );
}
