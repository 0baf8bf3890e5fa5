// 演示课程的媒体：两段很小的 WebM 视频随仓库提交（db/seed/data/media，ffmpeg 生成，合计约 70 KB）；
// 封面、图文课件图片（sharp 由 SVG 图形生成，不含文字，不依赖系统字体）与讲义 PDF（手写的单页 PDF，标准字体）在写种子时生成。
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const SEED_VIDEOS = {
  intro: 'lesson-intro.webm',
  practice: 'lesson-practice.webm',
} as const;

export function seedVideo(name: keyof typeof SEED_VIDEOS): Buffer {
  return fs.readFileSync(path.join(process.cwd(), 'db', 'seed', 'data', 'media', SEED_VIDEOS[name]));
}

/** 课程封面（16:9）：渐变底色加一个表示课程种类的图形（视频为播放键，图文为书页） */
export async function coverPng(hue: number, kind: 'picture' | 'video'): Promise<Buffer> {
  const mark =
    kind === 'video'
      ? '<circle cx="240" cy="135" r="54" fill="rgba(255,255,255,0.85)"/><polygon points="222,105 222,165 274,135" fill="hsl(HUE,55%,38%)"/>'
      : '<rect x="178" y="80" width="124" height="110" rx="8" fill="rgba(255,255,255,0.88)"/><rect x="196" y="102" width="88" height="8" rx="4" fill="hsl(HUE,45%,55%)"/><rect x="196" y="122" width="70" height="8" rx="4" fill="hsl(HUE,45%,65%)"/><rect x="196" y="142" width="80" height="8" rx="4" fill="hsl(HUE,45%,65%)"/><rect x="196" y="162" width="56" height="8" rx="4" fill="hsl(HUE,45%,65%)"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(HUE,62%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},58%,36%)"/></linearGradient></defs>
  <rect width="480" height="270" fill="url(#g)"/>
  <circle cx="420" cy="40" r="90" fill="rgba(255,255,255,0.08)"/><circle cx="40" cy="250" r="70" fill="rgba(255,255,255,0.06)"/>
  ${mark}
</svg>`.replaceAll('HUE', String(hue));
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** 图文课件的一页“幻灯片”（4:3）：标题条与几条示意的图表 */
export async function slidePng(hue: number, bars: readonly number[]): Promise<Buffer> {
  const barSvg = bars
    .map((h, i) => `<rect x="${90 + i * 90}" y="${380 - h * 2.4}" width="56" height="${h * 2.4}" rx="6" fill="hsl(${hue},${50 + i * 6}%,${48 + i * 5}%)"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
  <rect width="640" height="480" fill="#fafafa"/>
  <rect width="640" height="64" fill="hsl(${hue},55%,42%)"/>
  <rect x="32" y="24" width="260" height="16" rx="8" fill="rgba(255,255,255,0.85)"/>
  <line x1="70" y1="380" x2="590" y2="380" stroke="#bbb" stroke-width="2"/>
  ${barSvg}
  <rect x="70" y="410" width="300" height="12" rx="6" fill="#ddd"/><rect x="70" y="432" width="220" height="12" rx="6" fill="#e6e6e6"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** 单页讲义 PDF（A4，Helvetica，只用 ASCII：标准字体不含汉字） */
export function handoutPdf(title: string, lines: readonly string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, '\\$&').replace(/[^\x20-\x7e]/g, '?');
  const text = [`BT /F1 20 Tf 56 770 Td (${esc(title)}) Tj ET`, ...lines.map((l, i) => `BT /F1 12 Tf 56 ${730 - i * 22} Td (${esc(l)}) Tj ET`), '0.2 0.45 0.8 RG 2 w 56 752 m 539 752 l S'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
