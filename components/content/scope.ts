'use client';
// 发布范围的选项：“全省”（0）加河北各设区市。只有省级管理员可选；市级管理员的内容固定为本市（服务端同样强制）。
import { useEffect, useState } from 'react';
import { apiGet } from '@/components/api-client';
import { useShell } from '@/components/shell/ShellContext';
import { PROVINCE_WIDE } from '@/lib/domains/content/constants';
import type { Option } from '@/components/list/types';

export const PROVINCE_SCOPE_LABEL = '全省';

/** 当前用户能否选择发布范围（省级），以及可选的范围 */
export function useScopeOptions(): { selectable: boolean; options: Option[] } {
  const { data } = useShell();
  const selectable = data.user.level === 'province';
  const [cities, setCities] = useState<Option[]>([]);
  useEffect(() => {
    if (!selectable) return;
    let alive = true;
    apiGet('/comApi/getAreaByParent', { pid: 130000 }, { silent: true })
      .then((rows) => alive && setCities(rows.map((r) => ({ label: r.name, value: r.id }))))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [selectable]);
  return { selectable, options: [{ label: PROVINCE_SCOPE_LABEL, value: PROVINCE_WIDE }, ...cities] };
}
