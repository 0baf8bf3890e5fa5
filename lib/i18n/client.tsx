'use client';
// 客户端取文字：根布局把当前语言的消息放进 I18nProvider，组件用 useT()。
import { createContext, useCallback, useContext } from 'react';
import { translate, type Locale, type Messages } from './index';

const I18nContext = createContext<{ locale: Locale; messages: Messages }>({ locale: 'zh-CN', messages: {} });

export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: React.ReactNode }) {
  return <I18nContext.Provider value={{ locale, messages }}>{children}</I18nContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

export function useT() {
  const { messages } = useContext(I18nContext);
  return useCallback((key: string, vars?: Record<string, string | number>) => translate(messages, key, vars), [messages]);
}
