'use client';
// 选项来源：固定选项、字典（GET /bapi/common/dict?dicType=）或接口（optionsFrom）。
// 同一页面内按来源缓存请求（失败的不缓存），多个字段、列共用一次请求。
import { useEffect, useState } from 'react';
import { bapiGet, callConfigured, type Query } from '@/components/api-client';
import type { ApiCall, FieldSpec, Option, ReadCall } from './types';
import { toOptions } from './values';

const cache = new Map<string, Promise<Option[]>>();

function cached(key: string, load: () => Promise<Option[]>): Promise<Option[]> {
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    cache.set(key, pending);
    pending.catch(() => {
      if (cache.get(key) === pending) cache.delete(key);
    });
  }
  return pending;
}

/** 按 ApiCall 发请求：/bapi/* 走第二客户端；GET 的参数进查询串，POST 的作 JSON 体 */
export function callApi<T>(call: ApiCall | ReadCall, params?: Query | Record<string, unknown>, opts?: { silent?: boolean; headers?: Record<string, string> }): Promise<T> {
  return callConfigured<T>(call.method ?? 'POST', call.path, params, { ...opts, query: call.query });
}

export function loadDict(dicType: string): Promise<Option[]> {
  return cached(`dict:${dicType}`, () => bapiGet('/bapi/common/dict', { dicType }, { silent: true }).then((raw) => toOptions(raw)));
}

function loadFrom(from: NonNullable<FieldSpec['optionsFrom']>): Promise<Option[]> {
  const { labelKey, valueKey, query, path, method = 'GET' } = from;
  const key = `api:${method}:${path}:${JSON.stringify(query ?? {})}:${labelKey}:${valueKey}`;
  return cached(key, () => callConfigured<unknown>(method, path, query, { silent: true }).then((raw) => toOptions(raw, labelKey, valueKey)));
}

type Source = Pick<FieldSpec, 'options' | 'optionsFrom' | 'dictType'>;

function sourceKey(s: Source): string | null {
  if (s.dictType) return `dict:${s.dictType}`;
  if (s.optionsFrom) return `api:${JSON.stringify(s.optionsFrom)}`;
  return null;
}

/** 一个字段或列的选项；固定选项直接返回，字典与接口选项加载后返回 */
export function useOptions(source: Source): { options: readonly Option[] | undefined; loading: boolean } {
  const key = sourceKey(source);
  const [loaded, setLoaded] = useState<{ key: string; options: Option[] } | null>(null);

  useEffect(() => {
    if (!key) return;
    let alive = true;
    const pending = source.dictType ? loadDict(source.dictType) : loadFrom(source.optionsFrom!);
    pending.then(
      (options) => alive && setLoaded({ key, options }),
      () => alive && setLoaded({ key, options: [] }),
    );
    return () => {
      alive = false;
    };
    // 来源由 key 唯一确定
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (!key) return { options: source.options, loading: false };
  const options = loaded?.key === key ? loaded.options : undefined;
  return { options: options ?? source.options, loading: options === undefined };
}
