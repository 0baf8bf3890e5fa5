// 各领域 schemas.ts 共用的 zod 字段：主键、文本、开关、整数。前后端共用，消息统一（“最多 N 个字”）。
// 每个 id 都限在 PostgreSQL integer 的范围内、每段文本都有长度上限：越界的输入在校验时就是 400，到不了数据库。
// （含 NUL 的字符串与过深的嵌套由调度器在校验前统一拒绝，见 lib/platform/api/dispatcher.ts。）
import { z } from 'zod';

/** PostgreSQL integer（serial 主键）的最大值 */
export const MAX_INT32 = 2_147_483_647;
/** 一次批量操作最多的记录数 */
export const MAX_BATCH = 500;

/** 表单的空串、null 视为没填 */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** 主键：正整数，不超过 integer；没给或空串时的消息默认“请指定…”（下拉框可传“请选择…”） */
export const id = (label: string, missing = `请指定${label}`) =>
  z
    .preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: missing })
        .int(`${label}不正确`)
        .min(1, `${label}不正确`)
        .max(MAX_INT32, `${label}不正确`),
    )
    .describe(label);

/** 可不填的主键（空串、null 视为没填） */
export const optionalId = (label: string) => z.preprocess(blankToUndefined, id(label).optional()).describe(label);

/** 一批主键：至少一个，最多 max 个 */
export const ids = (label: string, max = MAX_BATCH) =>
  z
    .array(id(label), { error: `请选择${label}` })
    .min(1, `请至少选择一个${label}`)
    .max(max, `一次最多 ${max} 个${label}`)
    .describe(`${label} id 列表`);

/** 有上下限的整数 */
export const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`)
    .describe(label);

/** 必填文本：去掉首尾空白后不能为空 */
export const required = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多 ${max} 个字`)
    .describe(label);

/** 文本（可为空串），去掉首尾空白 */
export const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多 ${max} 个字`).describe(label);

/** 可不填的文本：没填或空白 → undefined（修改时表示“不改”） */
export const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => v || undefined)
    .describe(label);

/** 可清空的文本：没填或空白 → null（写库即清空该列） */
export const nullableText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => v || null)
    .describe(label);

/** 开关：true/false，也接受表单里的 'true'、'false'、'1'、'0' */
export const flag = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: `${label}只能是 true 或 false` })
    .transform((v) => v === true || v === 'true' || v === '1')
    .describe(label);
