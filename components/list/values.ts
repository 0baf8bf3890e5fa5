// 列表界面的纯函数：筛选值/表单值 ↔ 接口参数、选项与单元格文字。不依赖 React，单元测试直接调用。
import dayjs, { type Dayjs } from 'dayjs';
import { formatBeijing } from '@/lib/platform/time';
import type { CellFormat, FieldSpec, Option } from './types';

type Values = Record<string, unknown>;

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

/** 区划值 [省, 市|null, 县|null] → 最具体的一级代码；未选为 undefined */
export function regionId(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (!Array.isArray(value)) return undefined;
  const ids = value.filter((v): v is number => typeof v === 'number');
  return ids.length ? ids[ids.length - 1] : undefined;
}

/** 区划代码 → [省, 市|null, 县|null]（河北代码六位：省 xx0000、市 xxxx00） */
export function regionPath(id: unknown): [number, number | null, number | null] | null {
  const code = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 100000) return null;
  const province = Math.floor(code / 10000) * 10000;
  const city = Math.floor(code / 100) * 100;
  if (code === province) return [province, null, null];
  if (code === city) return [province, city, null];
  return [province, city, code];
}

function scalar(field: FieldSpec, value: unknown, keepEmpty: boolean): unknown {
  // 上传：编辑时清空的图片或文件提交空值（单个为空串、多个为空数组），服务端据此解除引用
  if (field.type === 'image' || field.type === 'file') {
    const multi = (field.upload?.maxCount ?? 1) > 1;
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) return keepEmpty ? (multi ? [] : '') : undefined;
    return value;
  }
  const textual = !field.type || field.type === 'text' || field.type === 'textarea';
  if (value === undefined || value === null) return keepEmpty && textual ? '' : undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' && !(keepEmpty && textual) ? undefined : text;
  }
  if (isDayjs(value)) return field.type === 'datetime' ? value.toISOString() : value.format('YYYY-MM-DD');
  if (Array.isArray(value) && value.length === 0) return undefined;
  return value;
}

/**
 * 表单或筛选的取值 → 接口参数：字符串去首尾空白、空值略去；日期为 YYYY-MM-DD（日期时间为 ISO）；
 * 日期区间拆成 <name>Start / <name>End；区划取最具体的一级代码。未在 fields 中的值原样保留。
 * keepEmpty（编辑表单）：清空的文本框提交空串，服务端据此清空该字段。
 */
export function valuesToParams(fields: readonly FieldSpec[], values: Values, opts: { keepEmpty?: boolean } = {}): Values {
  const out: Values = {};
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const [name, raw] of Object.entries(values)) {
    const field = byName.get(name) ?? { name, label: name };
    if (field.type === 'dateRange') {
      const [start, end] = Array.isArray(raw) ? raw : [];
      if (isDayjs(start)) out[`${name}Start`] = start.format('YYYY-MM-DD');
      if (isDayjs(end)) out[`${name}End`] = end.format('YYYY-MM-DD');
      continue;
    }
    const value = field.type === 'region' ? regionId(raw) : scalar(field, raw, opts.keepEmpty ?? false);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function toDayjs(v: unknown): Dayjs | undefined {
  if (isDayjs(v)) return v;
  if (typeof v === 'string' || v instanceof Date || typeof v === 'number') {
    const d = dayjs(v);
    return d.isValid() ? d : undefined;
  }
  return undefined;
}

/** 记录（行或详情）→ 表单初始值：日期字符串转 dayjs，区划代码转级联路径，区间从 <name>Start/End 取 */
export function recordToValues(fields: readonly FieldSpec[], record: Values): Values {
  const out: Values = {};
  for (const field of fields) {
    const { name } = field;
    if (field.type === 'dateRange') {
      const start = toDayjs(record[`${name}Start`]);
      const end = toDayjs(record[`${name}End`]);
      if (start || end) out[name] = [start ?? null, end ?? null];
      else if (Array.isArray(record[name])) out[name] = (record[name] as unknown[]).map(toDayjs);
      continue;
    }
    if (!(name in record)) continue;
    const value = record[name];
    if (field.type === 'date' || field.type === 'datetime') out[name] = toDayjs(value) ?? null;
    else if (field.type === 'region') out[name] = Array.isArray(value) ? value : regionPath(value);
    else out[name] = value;
  }
  return out;
}

/** 字段的初始值（initialValue 与日期、区划的转换同 recordToValues） */
export function initialValues(fields: readonly FieldSpec[]): Values {
  const record: Values = {};
  for (const f of fields) if (f.initialValue !== undefined) record[f.name] = f.initialValue;
  return recordToValues(
    fields.filter((f) => f.initialValue !== undefined),
    record,
  );
}

/** 接口返回的选项（数组或 {list}）→ Option[]：按 labelKey/valueKey 取，缺省认 label/value 与字典的 dictLabel/dictValue */
export function toOptions(raw: unknown, labelKey?: string, valueKey?: string): Option[] {
  const list = Array.isArray(raw) ? raw : Array.isArray((raw as { list?: unknown } | null)?.list) ? (raw as { list: unknown[] }).list : [];
  const out: Option[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const label = labelKey ? r[labelKey] : (r.label ?? r.dictLabel ?? r.name);
    const value = valueKey ? r[valueKey] : (r.value ?? r.dictValue ?? r.id);
    if (label === undefined || label === null || value === undefined || value === null) continue;
    out.push({ label: String(label), value: typeof value === 'number' ? value : String(value) });
  }
  return out;
}

/** 取值 → 选项文字；数字与数字字符串视为相同；数组逐项；找不到时原样显示 */
export function optionLabel(options: readonly Option[] | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => optionLabel(options, v)).join('、');
  const hit = options?.find((o) => String(o.value) === String(value));
  return hit ? hit.label : String(value);
}

/** 单元格文字：'datetime' → YYYY-MM-DD HH:mm:ss，'date' → YYYY-MM-DD（北京时间） */
export function formatValue(value: unknown, format: CellFormat, opts: { currency?: boolean } = {}): string {
  if (value === undefined || value === null || value === '') return '';
  if (format === 'money') return formatMoney(value, opts.currency);
  // 不带时区的字符串已是北京时间（服务端按北京时间格式化过），不再换算
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/.test(value)) {
    return format === 'date' ? value.slice(0, 10) : value.replace('T', ' ');
  }
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return String(value);
  const text = formatBeijing(date);
  return format === 'date' ? text.slice(0, 10) : text;
}

/** 导入失败时服务端的 data */
export interface ImportFailure {
  total: number;
  errorCount: number;
  errors: { row: number; column: string; message: string }[];
  errorFileId: string | null;
  errorFileUrl: string | null;
}

export function asImportFailure(data: unknown): ImportFailure | null {
  const d = data as Partial<ImportFailure> | null | undefined;
  if (!d || typeof d !== 'object' || !Array.isArray(d.errors)) return null;
  return {
    total: Number(d.total ?? 0),
    errorCount: Number(d.errorCount ?? d.errors.length),
    errors: d.errors,
    errorFileId: d.errorFileId ?? null,
    errorFileUrl: d.errorFileUrl ?? null,
  };
}

/** 错误工作簿的编号：服务端给的是地址 '/api/platform/importErrors?id=…'，下载时按类型化的路径与这个 id 请求 */
export function importErrorsId(url: string): string {
  return new URL(url, 'http://portal.local').searchParams.get('id') ?? '';
}

/** 金额（元）：千分位、两位小数（14000 → 14,000.00）；currency 时前缀 ¥（列标题已写“元”的不加）。不是数的原样显示 */
export function formatMoney(value: unknown, currency = false): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return value === undefined || value === null ? '' : String(value);
  const text = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `¥${text}` : text;
}

/** 列标题已写明单位“元”（译文 yuan）时金额不再加 ¥ */
export const titleHasCurrency = (title: unknown): boolean => typeof title === 'string' && /元|yuan/i.test(title);
