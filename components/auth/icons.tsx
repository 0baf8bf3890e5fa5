'use client';
// 服务端组件（用户布局、登录页）用到的图标：@ant-design/icons 依赖 React 上下文，只能在客户端组件里渲染。
import { AuditOutlined, BankOutlined, CustomerServiceOutlined, FileProtectOutlined, SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';

const ICONS = {
  assessment: AuditOutlined,
  training: BankOutlined,
  subsidy: WalletOutlined,
  certificate: FileProtectOutlined,
  secure: SafetyCertificateOutlined,
  support: CustomerServiceOutlined,
} as const;

export type AuthIconName = keyof typeof ICONS;

export default function AuthIcon({ name }: { name: AuthIconName }) {
  const Icon = ICONS[name];
  return <Icon />;
}
