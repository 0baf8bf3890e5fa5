'use client';
// 省/市/县（区）三级联动选择（SPEC §2 第 6 项、§3 区划条目）。
// 第一级固定为河北省（130000），市与县（区）在展开时经 /api/comApi/getAreaByParent 按需加载；
// 传入已有值时自动加载所需层级，以名称显示。

import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { App, Cascader, message as staticMessage } from 'antd';
import { fetchAreaChildren, ROOT_AREA, type AreaItem } from './area-client';

/** 区划值：[省, 市|null, 县区|null]，与服务端 RegionValue 一致。 */
export type RegionValue = [number, number | null, number | null];

export interface RegionPickerProps {
  /** 受控值；不传时组件自行保存所选值 */
  value?: RegionValue | null;
  defaultValue?: RegionValue | null;
  /** 选择或清除后回调；names 为所选各级名称，清除时为空数组 */
  onChange?: (value: RegionValue | null, names: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  /** 允许只选到省或市，默认 true */
  changeOnSelect?: boolean;
  /** 2 只到市，3 到县（区），默认 3 */
  maxLevel?: 2 | 3;
  allowClear?: boolean;
  id?: string;
  className?: string;
  style?: CSSProperties;
  status?: 'error' | 'warning';
  size?: 'small' | 'middle' | 'large';
}

interface AreaOption {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

export const REGION_LOAD_ERROR = '区划加载失败，请稍后重试';

function toPath(value: RegionValue | null | undefined): number[] {
  if (!value) return [];
  const path: number[] = [];
  for (const v of value) {
    if (v === null || v === undefined) break;
    path.push(v);
  }
  return path;
}

function toRegionValue(path: readonly (string | number)[] | null | undefined): RegionValue | null {
  if (!path || path.length === 0) return null;
  const [p, c, d] = path.map(Number);
  return [p, c ?? null, d ?? null];
}

export default function RegionPicker({
  value,
  defaultValue = null,
  onChange,
  placeholder = '请选择行政区划',
  disabled,
  changeOnSelect = true,
  maxLevel = 3,
  allowClear = true,
  id,
  className,
  style,
  status,
  size,
}: RegionPickerProps) {
  const app = App.useApp();
  // 在 antd <App> 内使用上下文中的 message（随主题），否则退回静态方法。
  const messageApi = typeof app.message.error === 'function' ? app.message : staticMessage;

  const [innerValue, setInnerValue] = useState<RegionValue | null>(defaultValue);
  const current = value !== undefined ? value : innerValue;

  /** 已加载的下级区划，按上级代码索引 */
  const [loaded, setLoaded] = useState<ReadonlyMap<number, AreaItem[]>>(() => new Map());
  /** 加载失败的上级代码：以空的 children 结束加载动画，再次展开时重试 */
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());

  const options = useMemo<AreaOption[]>(() => {
    const build = (id: number, name: string, level: number, leaf: boolean): AreaOption => {
      const option: AreaOption = { value: id, label: name, isLeaf: leaf || level >= maxLevel };
      if (option.isLeaf) return option;
      const items = loaded.get(id);
      if (items) {
        if (items.length === 0) option.isLeaf = true;
        else option.children = items.map((it) => build(it.id, it.name, it.level, it.isLeaf));
      } else if (failed.has(id)) {
        option.children = [];
      }
      return option;
    };
    return [build(ROOT_AREA.id, ROOT_AREA.name, 1, false)];
  }, [loaded, failed, maxLevel]);

  const load = (pid: number): Promise<void> =>
    fetchAreaChildren(pid).then(
      (items) => {
        setLoaded((prev) => new Map(prev).set(pid, items));
        setFailed((prev) => {
          if (!prev.has(pid)) return prev;
          const next = new Set(prev);
          next.delete(pid);
          return next;
        });
      },
      () => {
        void messageApi.error({ content: REGION_LOAD_ERROR, key: 'region-picker-load-error' });
        setFailed((prev) => new Set(prev).add(pid));
      },
    );

  // 已有值：加载显示名称所需的层级（省的下级即市，市的下级即县区）。
  const path = toPath(current).slice(0, maxLevel);
  const pathKey = path.join(',');
  useEffect(() => {
    const ids = pathKey ? pathKey.split(',').map(Number) : [];
    // 第 i 级有值时需要其上级（第 i-1 级）的下级列表
    for (let i = 1; i < ids.length; i += 1) {
      if (!loaded.has(ids[i - 1])) void load(ids[i - 1]);
    }
    // 只在值或层级变化时补加载；loaded/load 变化不重复触发
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathKey, maxLevel]);

  const loadData = (selected: AreaOption[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.isLeaf || loaded.has(target.value)) return;
    if (failed.has(target.value)) {
      setFailed((prev) => {
        const next = new Set(prev);
        next.delete(target.value);
        return next;
      });
    }
    void load(target.value);
  };

  return (
    <Cascader<AreaOption>
      id={id}
      className={className}
      style={{ width: '100%', ...style }}
      status={status}
      size={size}
      options={options}
      value={path}
      loadData={loadData}
      changeOnSelect={changeOnSelect}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      displayRender={(labels, selected) =>
        labels
          .map((label, i) => {
            if (selected?.[i]) return label;
            // 上级已加载（代码不存在）或加载失败时显示代码，否则正在加载
            const parent = path[i - 1];
            return parent !== undefined && (loaded.has(parent) || failed.has(parent)) ? String(path[i]) : '加载中…';
          })
          .join(' / ')
      }
      onChange={(next, selected) => {
        const region = toRegionValue(next as (string | number)[] | null | undefined);
        if (value === undefined) setInnerValue(region);
        onChange?.(
          region,
          (selected ?? []).map((o) => o.label),
        );
      }}
    />
  );
}
