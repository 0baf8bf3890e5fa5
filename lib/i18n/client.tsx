'use client';
// 客户端取文字：根布局把当前语言的消息放进 I18nProvider，组件用 useT()。
import { createContext, useCallback, useContext } from 'react';
import { translate, type Locale, type Messages } from './locales';

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

/** 在 JSX 里按当前语言显示一段中文原文（列的 render 等拿不到 t 的地方）：<Tx text="已冻结" /> */
export function Tx({ text, vars }: { text: string; vars?: Record<string, string | number> }) {
  const t = useT();
  return <>{t(text, vars)}</>;
}
