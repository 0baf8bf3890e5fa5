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

export const validationMessages = { 'zh-CN': zhCN, 'en-US': enUS, texts };
