'use client';
// 服务端先取的界面数据（选择框的选项、大屏数据），经 ScreenHost 交给界面（见 first-page.ts 的 ServerData）
import { createContext, useCallback, useContext, useRef } from 'react';
import { requestKey, type ServerData } from './first-page';

export const ServerDataContext = createContext<ServerData | null>(null);

/** 服务端带来的答复：与界面这次请求相同（路径与请求体）才给，否则 undefined（界面自己请求）。只用作初始状态 */
export function useServerData<T>(path: string, body: Record<string, unknown> = {}): T | undefined {
  const data = useContext(ServerDataContext);
  return data && data.path === path && data.key === requestKey(body) ? (data.data as T) : undefined;
}

/**
 * 界面加载选项的 effect 用：服务端带来了答复（seeded 不是 undefined，状态已由它初始化）时第一次运行跳过，之后的重新加载照常。
 * 返回的函数（不变）在 effect 开头调用，为真就跳过这一次。
 */
export function useSkipSeededRun(seeded: unknown): () => boolean {
  const skip = useRef(seeded !== undefined);
  return useCallback(() => {
    if (!skip.current) return false;
    skip.current = false;
    return true;
  }, []);
}
