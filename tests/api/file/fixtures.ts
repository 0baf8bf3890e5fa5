// 上传测试用的小文件：图片由 sharp 现场生成，其余按各格式的文件头拼出（file-type 据此判定）。
import JSZip from 'jszip';
import sharp from 'sharp';

export async function image(format: 'jpg' | 'png' | 'gif' | 'webp', width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 144, b: 255 } } });
  if (format === 'jpg') return base.jpeg().withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } }).toBuffer();
  if (format === 'png') return base.png().toBuffer();
  if (format === 'gif') return base.gif().toBuffer();
  return base.webp().toBuffer();
}

/** 随机像素的 JPEG，大小大致随尺寸增长（300–500 KB 规则用） */
export async function noisyJpeg(width: number, height: number, quality = 92): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = seed >> 16;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** 24 位未压缩 BMP（自下而上） */
export function bmp(width = 4, height = 3): Buffer {
  const stride = Math.floor((24 * width + 31) / 32) * 4;
  const size = 54 + stride * height;
  const buf = Buffer.alloc(size);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(size, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) buf.set([0, 0, 255], 54 + y * stride + x * 3);
  return buf;
}

export function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
}

const OOXML: Record<'docx' | 'xlsx' | 'pptx', [string, string]> = {
  docx: ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
  xlsx: ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  pptx: ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
};

export async function ooxml(kind: 'docx' | 'xlsx' | 'pptx'): Promise<Buffer> {
  const [part, type] = OOXML[kind];
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${type}"/></Types>`,
  );
  zip.file(part, '<?xml version="1.0"?><root/>');
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** OLE 复合文档（旧版 Office）：文件头加目录里的流名 */
export function cfb(stream: 'WordDocument' | 'Workbook' | 'PowerPoint Document'): Buffer {
  const buf = Buffer.alloc(2048);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(buf, 0);
  buf.writeUInt16LE(0x003e, 24);
  buf.writeUInt16LE(0x0003, 26);
  buf.writeUInt16LE(0xfffe, 28);
  buf.writeUInt16LE(9, 30);
  Buffer.from(stream, 'utf16le').copy(buf, 1024);
  return buf;
}

export function mp4(bytes = 4096): Buffer {
  const buf = Buffer.alloc(bytes);
  Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex').copy(buf, 0);
  return buf;
}

export function webm(bytes = 4096): Buffer {
  const buf = Buffer.alloc(bytes);
  Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701', 'hex').copy(buf, 0);
  return buf;
}

export function exe(): Buffer {
  const buf = Buffer.alloc(512);
  buf.write('MZ', 0, 'latin1');
  buf.writeUInt32LE(0x80, 0x3c);
  buf.write('PE\0\0', 0x80, 'latin1');
  return buf;
}

export const html = () => Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
export const svg = () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
