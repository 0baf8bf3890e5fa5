'use client';
// 日期组件（antd DatePicker 等）按当前语言显示月份与星期：dayjs 的语言随界面语言切换。
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/pt-br';
import type { Locale } from '@/lib/i18n/locales';

const DAYJS_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en', 'pt-BR': 'pt-br' };

export default function DayjsLocale({ locale }: { locale: Locale }) {
  // 只在浏览器里设置（dayjs 的语言是全局的，服务端并发的请求语言各异）；渲染时即设置，子组件首次渲染就用上
  if (typeof window !== 'undefined') dayjs.locale(DAYJS_LOCALE[locale]);
  return null;
}
