// 本模块的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const lists = pick(() => import('./CertificateList'));

export const certificateScreens = {
  CertificateFill: lists('CertificateFill'),
  CertificatePrint: lists('CertificatePrint'),
  CertificateSearch: lists('CertificateSearch'),
  CertificateCorrect: () => import('./CertificateCorrect'),
  StateGridReport: () => import('./StateGridReport'),
} satisfies ScreenLoaders;
