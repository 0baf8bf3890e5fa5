// npm run i18n:zh-tw —— 由全部 zh-CN 消息生成 zh-TW（lib/i18n/generated/zh-TW.ts）。改了任何中文消息后运行；
// tests/unit/i18n-catalogue.test.ts 在生成文件过期时失败。
import { writeFileSync } from 'node:fs';
import { buildZhTW, GENERATED_ZH_TW_PATH, renderZhTWFile } from '@/lib/i18n/zh-tw-source';

const messages = buildZhTW();
writeFileSync(GENERATED_ZH_TW_PATH, renderZhTWFile(messages));
console.log(`[i18n] 已生成 ${GENERATED_ZH_TW_PATH}：${Object.keys(messages).length} 条`);
