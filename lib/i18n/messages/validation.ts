// 服务端与前端共用的校验文字：zod 错误的拼接格式（lib/platform/api/validation.ts），以及各模块共用的校验消息原文。
// 只属于某个模块的消息放在该模块的文件里。
const zhCN: Record<string, string> = {
  'validation.labelled': '{label}：{message}',
  'validation.andMore': '{shown} 等 {count} 项',
};

const enUS: Record<string, string> = {
  'validation.labelled': '{label}: {message}',
  'validation.andMore': '{shown} ({count} problems in total)',
};

/** 中文原文 → 英文 */
const texts: Record<string, string> = {
  不能为空: 'Required',
  格式不正确: 'Invalid format',
  两次输入不一致: 'The two entries do not match',
};

/** 共用字段（lib/platform/validation/fields.ts）的消息模板 */
const errors: Record<string, string> = {
  '{label}格式应为 YYYY-MM-DD': '{label} must be in YYYY-MM-DD format',
  '{label}不是有效日期：没有 {month} 月': '{label} is not a valid date: there is no month {month}',
  '{label}不是有效日期：{year} 年 {month} 月没有 {day} 日': '{label} is not a valid date: {year}-{month} has no day {day}',
};

export const validationMessages = { 'zh-CN': zhCN, 'en-US': enUS, texts, errors };
