// 浏览器端的行政区划查询：按上级代码取下一级，同一页面内按 pid 缓存，失败的请求不缓存。
import type { AreaItem } from '@/lib/domains/area/schemas';
import { apiGet } from './api-client';

export type { AreaItem };

/** 根区划：河北省（SPEC §9 省级根 130000）。 */
export const ROOT_AREA = { id: 130000, name: '河北省' } as const;

const cache = new Map<number, Promise<AreaItem[]>>();

/** GET /api/comApi/getAreaByParent?pid=… */
export function fetchAreaChildren(pid: number): Promise<AreaItem[]> {
  let pending = cache.get(pid);
  if (!pending) {
    // silent：加载失败由 RegionPicker 自己提示，不再弹通用通知
    pending = apiGet('/comApi/getAreaByParent', { pid }, { silent: true });
    cache.set(pid, pending);
    pending.catch(() => {
      if (cache.get(pid) === pending) cache.delete(pid);
    });
  }
  return pending;
}
