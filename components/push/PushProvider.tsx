'use client';
// 推送连接（docs/PUSH.md）：每个标签页一条 EventSource 连 /api/push（同源，凭会话 Cookie），断开后按 1、2、4… 最多 30 秒
// 退避重连并带上最后收到的编号（服务端补发漏掉的）；重连被拒时探一次会话，失效则由接口客户端转去登录页。
// 组件用 usePushEvent(type, handler) 订阅（'ready'：连上或重连上了，断开期间可能错过的可以重取一次）；会话被吊销（revoked）在这里统一处理：说明原因后转登录页。
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { App } from 'antd';
import { apiGet, apiLogout, loginUrl, LOGGING_OUT_EVENT, SESSION_END_RELOAD_MS } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';

export type PushHandler = (data: Record<string, unknown>, id: string) => void;
/** open：已连上；down：断开（铃铛等退回轮询） */
export type PushStatus = 'connecting' | 'open' | 'down';

/** 连接状态另存（不放进上下文的值里）：上下文的值一变，React 会把还没水合的界面整块改为在浏览器里重画，水合前的点击与输入随旧节点丢失（docs/HYDRATION.md） */
interface StatusStore {
  get(): PushStatus;
  set(next: PushStatus): void;
  listen(onChange: () => void): () => void;
}

interface PushApi {
  subscribe(type: string, handler: PushHandler): () => void;
  status: StatusStore;
}

function statusStore(): StatusStore {
  let value: PushStatus = 'connecting';
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (next === value) return;
      value = next;
      for (const l of listeners) l();
    },
    listen(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

const PushContext = createContext<PushApi | null>(null);

export const PUSH_PATH = '/api/push';
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** 去重：记住最近这么多个编号（补发与实时可能交叠） */
const SEEN_MEMORY = 500;
const REVOKED = 'revoked';
const READY = 'ready';
const REVOKE_REASONS = ['logout', 'frozen', 'password', 'forced', 'deleted', 'role', 'expired'] as const;

export function PushProvider({ children }: { children: React.ReactNode }) {
  const t = useT();
  const { modal } = App.useApp();
  const handlers = useRef(new Map<string, Set<PushHandler>>());
  const [status] = useState(statusStore);

  const subscribe = useCallback((type: string, handler: PushHandler) => {
    const set = handlers.current.get(type) ?? new Set();
    set.add(handler);
    handlers.current.set(type, set);
    return () => {
      set.delete(handler);
    };
  }, []);

  // 说明原因的文字随语言变，连接本身不随之重建
  const revokedRef = useRef<(reason: string) => void>(() => {});
  useEffect(() => {
    revokedRef.current = (reason) => {
      const key = (REVOKE_REASONS as readonly string[]).includes(reason) ? reason : 'expired';
      modal.warning({
        title: t('shell.push.revoked.title'),
        content: `${t(`shell.push.revoked.${key}`)} ${t('shell.push.revoked.redirecting')}`,
        okText: t('shell.common.ok'),
        keyboard: false,
        onOk: () => window.location.assign(loginUrl(window.location.pathname + window.location.search)),
      });
    };
  }, [modal, t]);

  useEffect(() => {
    // 没有 EventSource 的环境：状态停在 connecting，依赖推送的界面照常轮询
    if (typeof EventSource === 'undefined') return;
    const setStatus = status.set;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let attempt = 0;
    let stopped = false;
    let lastId = 0;
    const seen = new Set<number>();

    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
      source = null;
    };

    const onRevoked = async (reason: string) => {
      stop();
      setStatus('down');
      revokedRef.current(reason);
      // 清除客户端标记（会话已在服务端作废；角色变更时由这里结束会话），随即转登录页
      await apiLogout();
      window.setTimeout(() => window.location.assign(loginUrl(window.location.pathname + window.location.search)), SESSION_END_RELOAD_MS);
    };

    const dispatch = (e: MessageEvent<string>) => {
      let msg: { type: string; data: Record<string, unknown> };
      try {
        msg = JSON.parse(e.data) as typeof msg;
      } catch {
        return;
      }
      const id = Number(e.lastEventId);
      if (msg.type === READY) {
        attempt = 0;
        lastId = Math.max(lastId, id || 0);
        setStatus('open');
      }
      if (msg.type === REVOKED) {
        void onRevoked(String(msg.data.reason ?? ''));
        return;
      }
      if (id) {
        if (seen.has(id)) return;
        seen.add(id);
        if (seen.size > SEEN_MEMORY) seen.delete(seen.values().next().value!);
        lastId = Math.max(lastId, id);
      }
      for (const h of [...(handlers.current.get(msg.type) ?? [])]) h(msg.data, e.lastEventId);
    };

    const connect = () => {
      if (stopped) return;
      let opened = false;
      const es = new EventSource(lastId ? `${PUSH_PATH}?lastEventId=${lastId}` : PUSH_PATH);
      source = es;
      es.onopen = () => {
        opened = true;
      };
      es.onmessage = dispatch;
      es.onerror = () => {
        // 浏览器自己的重连不带退避：一律关掉，由这里按退避重连
        es.close();
        if (source !== es || stopped) return;
        source = null;
        setStatus('down');
        const delay = Math.min(RETRY_MIN_MS * 2 ** attempt, RETRY_MAX_MS);
        attempt++;
        timer = window.setTimeout(async () => {
          // 连接被拒（未登录、会话作废、连接过多）：探一次会话，失效时接口客户端转登录页
          if (!opened) await apiGet('/user/webSocketToken', undefined, { silent: true }).catch(() => {});
          connect();
        }, delay);
      };
    };

    // 本页自己退出登录时先断开，不把自己的退出当作“在别处退出”
    const onLoggingOut = () => stop();
    window.addEventListener(LOGGING_OUT_EVENT, onLoggingOut);
    connect();
    return () => {
      window.removeEventListener(LOGGING_OUT_EVENT, onLoggingOut);
      stop();
    };
  }, [status]);

  const api = useMemo(() => ({ subscribe, status }), [subscribe, status]);
  return <PushContext.Provider value={api}>{children}</PushContext.Provider>;
}

/** 订阅一种推送事件（如 'notice'、'task'）；handler 可以每次渲染都是新函数 */
export function usePushEvent(type: string, handler: PushHandler): void {
  const subscribe = useContext(PushContext)?.subscribe;
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => subscribe?.(type, (data, id) => ref.current(data, id)), [subscribe, type]);
}

const noStore: StatusStore = { get: () => 'down', set: () => {}, listen: () => () => {} };

/** 推送连接的状态：不是 open 时，依赖推送的界面退回轮询 */
export function usePushStatus(): PushStatus {
  const store = useContext(PushContext)?.status ?? noStore;
  return useSyncExternalStore(store.listen, store.get, store.get);
}
