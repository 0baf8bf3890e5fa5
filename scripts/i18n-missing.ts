// npx tsx scripts/i18n-missing.ts components/<模块> —— 列出该目录中还没有译文的中文（写消息文件时用）。
import { scanChinese } from '@/tests/helpers/i18n-scan';
import { getMessages } from '@/lib/i18n';

const en = getMessages('en-US');
for (const dir of process.argv.slice(2)) {
  const seen = new Set<string>();
  for (const f of scanChinese(dir)) {
    if (f.kind === 'literal' && en[f.text] !== undefined) continue;
    const id = `${f.kind}:${f.text}`;
    if (seen.has(id)) continue;
    seen.add(id);
    console.log(`${f.kind === 'literal' ? '' : `[${f.kind}] ${f.file}:${f.line} `}${JSON.stringify(f.text)}`);
  }
}
