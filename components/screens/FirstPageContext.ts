'use client';
// 服务端先取的第一页，经 ScreenHost 交给界面里的 ListScreen（见 first-page.ts）
import { createContext } from 'react';
import type { FirstPage } from './first-page';

export const FirstPageContext = createContext<FirstPage | null>(null);
