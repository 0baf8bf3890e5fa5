// 加密列与盲索引列：领域的 tables.ts 用它们声明个人标识（身份证号、手机号、银行账号）。
//   idNumber: sealedText('id_number', { kind: 'idNumber', index: 'id_number_bidx' }).notNull(),
//   idNumberIndex: blindIndexColumn('id_number_bidx').notNull(),
// 读写经 Drizzle 时自动加密、解密；查找、唯一约束与关联一律用盲索引列：eq(t.idNumberIndex, blindIndex('idNumber', v))。
// 注意：eq(t.idNumber, v) 会把 v 加密成一个新的随机密文，永远不等——不要对加密列做相等比较、排序或 like。
// 原生 sql`` 取加密列时不会解密：用 .mapWith(t.idNumber) 或经 Drizzle 的 select。
import { getTableColumns, type Table } from 'drizzle-orm';
import { customType, varchar } from 'drizzle-orm/pg-core';
import { BLIND_INDEX_LENGTH, open, openMany, seal, type SealedKind } from './sealed';
import { openManyOff } from './pool';

export interface SealedConfig {
  /** 归一化与盲索引的种类 */
  kind: SealedKind;
  /** 同表里盲索引列的库列名（轮换与补建盲索引用）；不需要查找的列可不设 */
  index?: string;
}

const toDriver = (value: string): string => seal(value);
const fromDriver = (value: string): string => open(value);

/** 一列的值里的密文（字符串；null 原样）解密后放回原位 */
function openStrings(values: readonly unknown[], opened: string[]): unknown[] {
  const out = [...values];
  let n = 0;
  for (let i = 0; i < out.length; i++) if (typeof out[i] === 'string') out[i] = opened[n++];
  return out;
}
const stringsOf = (values: readonly unknown[]) => values.filter((v): v is string => typeof v === 'string');

/** 解密一列的一批值（null 原样）：整列一起解密，比逐个 open 省下每个值的 SM4 上下文 */
export function openColumn(values: readonly unknown[]): unknown[] {
  const sealed = stringsOf(values);
  return openStrings(values, openMany(sealed));
}

/** 同上，大批时在工作线程里解密 */
export async function openColumnOff(values: readonly unknown[]): Promise<unknown[]> {
  const sealed = stringsOf(values);
  return openStrings(values, await openManyOff(sealed));
}

/** 加密存放的文本列（库里是 text 密文） */
export const sealedText = customType<{ data: string; driverData: string; config: SealedConfig; configRequired: true }>({
  dataType: () => 'text',
  toDriver,
  fromDriver,
});

/** 盲索引列 */
export const blindIndexColumn = (name: string) => varchar(name, { length: BLIND_INDEX_LENGTH });

export interface SealedColumnInfo {
  table: Table;
  /** 库列名 */
  column: string;
  config: SealedConfig;
}

interface ColumnInternals {
  name: string;
  mapTo?: unknown;
  config?: { fieldConfig?: SealedConfig };
}

/** 是否为加密列（批量读取时整列一起解密用） */
export const isSealedColumn = (field: unknown): boolean => (field as ColumnInternals | null)?.mapTo === toDriver;

/** 在给定的表里找出全部加密列（轮换命令与启动时补加密用） */
export function sealedColumnsOf(tables: readonly Table[]): SealedColumnInfo[] {
  const found: SealedColumnInfo[] = [];
  for (const table of tables) {
    for (const col of Object.values(getTableColumns(table)) as unknown as ColumnInternals[]) {
      if (isSealedColumn(col) && col.config?.fieldConfig) found.push({ table, column: col.name, config: col.config.fieldConfig });
    }
  }
  return found;
}
