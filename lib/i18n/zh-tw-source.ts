// 由 zh-CN 生成 zh-TW：opencc-js（开发依赖）把简体转为台湾正体字形（cn → tw，只换字形、不换用词：
// “审核”“备案”“登录”等是本系统的业务名称，保持原词）。只在生成脚本与测试中使用，运行时不加载 opencc-js。
import * as OpenCC from 'opencc-js';
import { zhCNSource, type Messages } from './index';

export const GENERATED_ZH_TW_PATH = 'lib/i18n/generated/zh-TW.ts';

/** zh-TW 中与 zh-CN 不同的文字（相同的不必存：缺键回退到 zh-CN 或原文） */
export function buildZhTW(): Messages {
  const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
  const out: Messages = {};
  const source = zhCNSource();
  for (const key of Object.keys(source).sort()) {
    const converted = convert(source[key]);
    if (converted !== source[key]) out[key] = converted;
  }
  return out;
}

/** 生成文件的全文（脚本写入；测试比较，不一致即提示重新生成） */
export function renderZhTWFile(messages: Messages): string {
  const body = Object.entries(messages)
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`)
    .join('\n');
  return (
    '// 自动生成，勿手改：npm run i18n:zh-tw（由 zh-CN 经 opencc-js 转换，见 lib/i18n/zh-tw-source.ts）。\n' +
    `export const zhTW: Record<string, string> = {\n${body}\n};\n`
  );
}
