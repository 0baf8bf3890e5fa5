// PDF 的共用件：随仓库提供的中文字体（进程内只读一次）与矢量二维码。准考证、试卷、证书、成绩报告、补贴海报共用。
import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';

/** 文泉驿微米黑 GB2312 子集（assets/fonts，Apache 2.0，约 1.3 MB）：嵌入 TTF，pdfkit 只嵌用到的字形 */
export const CJK_FONT_PATH = path.join(process.cwd(), 'assets', 'fonts', 'wqy-microhei-gb2312.ttf');

let font: Buffer | null = null;
/** 字体只读一次，之后每个文档 registerFont 同一份 */
export function cjkFont(): Buffer {
  font ??= fs.readFileSync(CJK_FONT_PATH);
  return font;
}

/** 这么长以上的二维码文本整段按字节模式编码（见 drawQrCode） */
const LONG_QR_TEXT = 100;

/**
 * 在 (x, y) 画边长 size（点）的二维码：每行相邻的深色模块合成一个矩形，整码一次填充。
 * 不经 PNG 编码再解码（证书批量生成时那是每页最贵的一步），打印也清晰。margin 是四周留白的模块数。
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number, opts: { margin?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' } = {}): void {
  // 长的文本（证书核验链接带签名载荷，约 400 字）整段按字节模式编码：逐字找最省的分段（qrcode 的最短路径）每个码约 1 ms，
  // 占批量打印的一成多；这种链接几乎全是字节模式，https 的链接分段结果本来就是整段字节（同一个码）
  const data = text.length >= LONG_QR_TEXT ? [{ data: Buffer.from(text, 'utf8'), mode: 'byte' as const }] : text;
  const { modules } = QRCode.create(data, { errorCorrectionLevel: opts.errorCorrectionLevel ?? 'M' });
  const n = modules.size;
  const margin = opts.margin ?? 0;
  const cell = size / (n + 2 * margin);
  doc.save();
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!modules.get(r, c)) continue;
      let end = c;
      while (end + 1 < n && modules.get(r, end + 1)) end++;
      doc.rect(x + (c + margin) * cell, y + (r + margin) * cell, (end - c + 1) * cell, cell);
      c = end;
    }
  }
  doc.fillColor('#000').fill();
  doc.restore();
}
