// 首页区划查询的地址参数：?region=130000,130100,130102（省[,市[,县区]]），便于分享与刷新后保留所选区划。
import { ROOT_AREA } from '../area-client';
import type { RegionValue } from '../RegionPicker';

const CODE = /^\d{6}$/;

/** 解析 region 参数；格式不对或不是以河北省开头时返回 null。 */
export function parseRegionParam(raw: string | string[] | undefined): RegionValue | null {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (!text) return null;
  const parts = text.split(',');
  if (parts.length > 3 || !parts.every((p) => CODE.test(p))) return null;
  const [p, c, d] = parts.map(Number);
  if (p !== ROOT_AREA.id) return null;
  return [p, c ?? null, d ?? null];
}

export function formatRegionParam(value: RegionValue | null): string {
  return value ? value.filter((v): v is number => v !== null).join(',') : '';
}
