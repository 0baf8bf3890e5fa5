// 答复里的固定词汇（种子或代码里的中文名称，不是用户输入的数据）按请求语言：如职业大类、操作日志的模块名、资源标题。
// 端点把结果交给这里，按字段名逐个换成目录里的译文（原文键），查不到的原样。
import { DEFAULT_LOCALE, getMessages, type Locale } from './index';

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** 递归复制数组与普通对象（Date 等原样），每个普通对象复制后交给 edit 改写 */
export function mapObjects<T>(value: T, edit: (copy: Record<string, unknown>, original: Record<string, unknown>) => void): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isPlain(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, child] of Object.entries(v)) out[k] = walk(child);
    edit(out, v);
    return out;
  };
  return walk(value) as T;
}

/** value 里（含嵌套、分页的 list）名为 fields 的字符串字段换成该语言的文字 */
export function localizeVocabulary<T>(value: T, fields: readonly string[], locale: Locale): T {
  if (locale === DEFAULT_LOCALE) return value;
  const messages = getMessages(locale);
  return mapObjects(value, (copy, original) => {
    for (const f of fields) {
      const text = original[f];
      if (typeof text === 'string' && messages[text] !== undefined) copy[f] = messages[text];
    }
  });
}
