// 模糊查询：用户输入里的 %、_ 与 \ 按字面匹配，不当通配符。
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** “包含”查询的模式：%输入% */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`;
