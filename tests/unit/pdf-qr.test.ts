// 矢量二维码（lib/platform/pdf drawQrCode）：从 PDF 内容流里取出画的矩形，按像素栅格化后用 jsQR 解码，须得到原文。
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { drawQrCode } from '@/lib/platform/pdf';

/** 画一个二维码，返回内容流里的矩形（x y w h re，pdfkit 已把原点放在左上角） */
async function rectsOf(text: string, size: number, margin?: number): Promise<number[][]> {
  const doc = new PDFDocument({ size: [size + 40, size + 40], margin: 0, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<string>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks).toString('latin1'))));
  drawQrCode(doc, text, 20, 20, size, { margin });
  doc.end();
  const pdf = await done;
  return [...pdf.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map((m) => m.slice(1, 5).map(Number));
}

function decode(rects: number[][], pageSize: number): string | null {
  const scale = 4;
  const px = Math.ceil(pageSize * scale);
  const rgba = new Uint8ClampedArray(px * px * 4).fill(255);
  for (const [x, y, w, h] of rects) {
    for (let r = Math.round(y * scale); r < Math.round((y + h) * scale); r++) {
      for (let c = Math.round(x * scale); c < Math.round((x + w) * scale); c++) {
        const i = (r * px + c) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
    }
  }
  return jsQR(rgba, px, px)?.data ?? null;
}

describe('矢量二维码', () => {
  it('证书的核验链接（无留白）与准考证号（留白 1 格）都能解出原文', async () => {
    const url = 'http://localhost:3000/certificateView?no=S000013000001264000001&sig=AbCdEfGhIjKlMnOp';
    expect(decode(await rectsOf(url, 74), 114)).toBe(url);
    expect(decode(await rectsOf('KS2026000123', 78, 1), 118)).toBe('KS2026000123');
  });

  it('带签名载荷的核验链接（约 400 个字符，长职业名）在证书上 26 毫米的二维码里按每点 4 像素（288 dpi）仍能解出', async () => {
    const token = `eyJhbGciOiJFZERTQSIsImtpZCI6Ik02VlVmQkdTIn0.${Buffer.from(JSON.stringify({ no: 'S000013000001264000001', name: '欧*建国', work: '电子商务师（网络营销方向）', level: '一级/高级技师', date: '2026-01-05' })).toString('base64url')}.${'x'.repeat(86)}`;
    const url = `https://skills.hebei.example.gov.cn/certificateView?c=${token}`;
    expect(url.length).toBeGreaterThan(380);
    const size = (26 / 25.4) * 72;
    expect(decode(await rectsOf(url, size), size + 40)).toBe(url);
  });

  it('长的 https 核验链接整段按字节模式编码，与 qrcode 自己找的最省分段是同一个码', async () => {
    const url = `https://skills.hebei.example.gov.cn/certificateView?c=eyJhbGciOiJFZERTQSIsImtpZCI6Ik02VlVmQkdTIn0.${'AbC-d_9'.repeat(40)}`;
    const ref = QRCode.create(url, { errorCorrectionLevel: 'M' });
    expect(ref.segments.map((s) => s.mode.id)).toEqual(['Byte']);
    const rects = await rectsOf(url, ref.modules.size * 2);
    // 每个模块 2 点：矩形覆盖的模块与参考码的深色模块逐个相同
    const dark = new Set<string>();
    for (const [x, y, w] of rects) for (let c = 0; c < Math.round(w / 2); c++) dark.add(`${Math.round((y - 20) / 2)},${Math.round((x - 20) / 2) + c}`);
    const expected = new Set<string>();
    for (let r = 0; r < ref.modules.size; r++) for (let c = 0; c < ref.modules.size; c++) if (ref.modules.get(r, c)) expected.add(`${r},${c}`);
    expect(dark).toEqual(expected);
  });

  it('同一行相邻的深色模块合成一个矩形：矩形数远少于深色模块数', async () => {
    const rects = await rectsOf('KS2026000123', 78);
    const cell = Math.min(...rects.map((r) => r[3]));
    const modules = rects.reduce((n, r) => n + Math.round(r[2] / cell), 0);
    expect(rects.length).toBeLessThan(modules * 0.7);
  });
});
