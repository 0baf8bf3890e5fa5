// zod 的中文消息与字段错误整理：所有端点的校验错误都经这里变成 {字段: 消息}。
import { z } from 'zod';
import type { FieldErrors } from './errors';

let configured = false;
export function configureZodLocale(): void {
  if (configured) return;
  configured = true;
  z.config(z.locales.zhCN());
  z.config({
    customError: (iss) => (iss.code === 'invalid_type' && iss.input === undefined ? '不能为空' : undefined),
  });
}
configureZodLocale();

function labelOf(schema: z.ZodType | undefined, path: PropertyKey[]): string | undefined {
  let node: unknown = schema;
  for (const key of path) {
    if (node instanceof z.ZodObject) node = (node.shape as Record<string, z.ZodType>)[String(key)];
    else return undefined;
    while (node instanceof z.ZodOptional || node instanceof z.ZodDefault || node instanceof z.ZodNullable) {
      if ((node as z.ZodType).description) break;
      node = (node as z.ZodOptional<z.ZodType>).unwrap();
    }
  }
  return (node as z.ZodType | undefined)?.description;
}

export function fieldErrors(error: z.ZodError, schema?: z.ZodType): { fields: FieldErrors; message: string } {
  const fields: FieldErrors = {};
  const parts: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (fields[field]) continue;
    fields[field] = issue.message;
    const label = labelOf(schema, issue.path) ?? (issue.path.length ? field : '');
    parts.push(label ? `${label}：${issue.message}` : issue.message);
  }
  return { fields, message: parts.slice(0, 3).join('；') + (parts.length > 3 ? ` 等 ${parts.length} 项` : '') };
}
