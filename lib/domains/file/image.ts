// 图片重新编码（sharp）：去掉 EXIF 等元数据（按 EXIF 方向先转正），保持原格式，另生成缩略图。
// 重新编码只留下像素：藏在图片里的脚本、拼接在尾部的其他文件（多格式文件）都不会被存下来。
// sharp 不能读 BMP：这里自己解码未压缩的 BMP（1/4/8/16/24/32 位），存为 PNG。
import fsp from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import type { FileExt } from './schemas';

/** 解码后的像素上限（5000 万像素）：20 MB 以内的压缩图片也可能声明巨大的尺寸（解压炸弹） */
export const MAX_PIXELS = 50_000_000;
const THUMB_SIZE = 240;

export class ImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageError';
  }
}

export interface EncodedImage {
  data: Buffer;
  ext: FileExt;
  thumb: Buffer;
  thumbExt: 'jpg' | 'png';
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/** 未压缩 BMP → RGBA。RLE 与 JPEG/PNG 内嵌等少见变体不支持（给出原因）。 */
export function decodeBmp(buf: Buffer): Raw {
  const bad = () => new ImageError('BMP 文件已损坏，无法读取');
  if (buf.length < 26 || buf.toString('latin1', 0, 2) !== 'BM') throw bad();
  const dataOffset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  let width: number, height: number, bpp: number, compression = 0, colorsUsed = 0;
  let paletteEntry = 4;
  if (headerSize === 12) {
    width = buf.readUInt16LE(18);
    height = buf.readInt16LE(20);
    bpp = buf.readUInt16LE(24);
    paletteEntry = 3;
  } else if (headerSize >= 40 && buf.length >= 14 + 40) {
    width = buf.readInt32LE(18);
    height = buf.readInt32LE(22);
    bpp = buf.readUInt16LE(28);
    compression = buf.readUInt32LE(30);
    colorsUsed = buf.readUInt32LE(46);
  } else {
    throw bad();
  }
  const topDown = height < 0;
  height = Math.abs(height);
  if (width <= 0 || height <= 0) throw bad();
  if (width * height > MAX_PIXELS) throw new ImageError(`图片尺寸过大（${width}×${height}），最多 ${MAX_PIXELS / 1_000_000} 百万像素`);
  if (compression === 1 || compression === 2) throw new ImageError('不支持 RLE 压缩的 BMP，请另存为 png 或 jpg 后上传');
  if (compression !== 0 && compression !== 3 && compression !== 6) throw new ImageError('不支持这种 BMP 编码，请另存为 png 或 jpg 后上传');
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw bad();

  // 位域掩码：16 位默认 5-5-5，32 位默认 8-8-8（不透明）
  let masks: [number, number, number, number] = bpp === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  if (compression === 3 || compression === 6) {
    const at = headerSize === 40 ? 54 : 14 + 40;
    if (buf.length < at + 12) throw bad();
    masks = [buf.readUInt32LE(at), buf.readUInt32LE(at + 4), buf.readUInt32LE(at + 8), headerSize >= 56 || compression === 6 ? buf.readUInt32LE(at + 12) : 0];
  }
  const channel = (v: number, mask: number) => {
    if (!mask) return 255;
    const shift = 31 - Math.clz32(mask & -mask); // 最低的置位
    const max = mask >>> shift;
    return Math.round((((v & mask) >>> shift) * 255) / max);
  };

  const paletteAt = 14 + headerSize + (compression === 3 && headerSize === 40 ? 12 : 0);
  const paletteSize = bpp <= 8 ? colorsUsed || 1 << bpp : 0;
  if (paletteAt + paletteSize * paletteEntry > buf.length) throw bad();
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (dataOffset + stride * height > buf.length) throw bad();

  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let r: number, g: number, b: number, a = 255;
      if (bpp <= 8) {
        const bit = x * bpp;
        const byte = buf[row + (bit >> 3)];
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        const p = paletteAt + Math.min(index, paletteSize - 1) * paletteEntry;
        [b, g, r] = [buf[p], buf[p + 1], buf[p + 2]];
      } else if (bpp === 24) {
        const p = row + x * 3;
        [b, g, r] = [buf[p], buf[p + 1], buf[p + 2]];
      } else {
        const v = bpp === 16 ? buf.readUInt16LE(row + x * 2) : buf.readUInt32LE(row + x * 4);
        r = channel(v, masks[0]);
        g = channel(v, masks[1]);
        b = channel(v, masks[2]);
        if (masks[3]) a = channel(v, masks[3]);
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  return { data: out, width, height };
}

const OPTIONS = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const;

async function thumbnail(input: Sharp): Promise<{ thumb: Buffer; thumbExt: 'jpg' | 'png' }> {
  const meta = await input.clone().metadata();
  const resized = input.clone().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true });
  // 有透明的用 PNG，否则 JPEG（小）
  if (meta.hasAlpha) return { thumb: await resized.png().toBuffer(), thumbExt: 'png' };
  return { thumb: await resized.jpeg({ quality: 80 }).toBuffer(), thumbExt: 'jpg' };
}

export async function reencodeImage(path: string, ext: FileExt): Promise<EncodedImage> {
  try {
    if (ext === 'bmp') {
      const raw = decodeBmp(await fsp.readFile(path));
      const img = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 }, ...OPTIONS });
      const data = await img.clone().png().toBuffer();
      return { data, ext: 'png', ...(await thumbnail(sharp(data, OPTIONS))) };
    }
    const animated = ext === 'gif' || ext === 'webp';
    const input = sharp(path, { ...OPTIONS, animated });
    // sharp 默认不写元数据；先按 EXIF 方向转正，去掉 EXIF 后照片不会躺倒
    const oriented = animated ? input : input.rotate();
    let data: Buffer;
    if (ext === 'jpg') data = await oriented.jpeg({ quality: 90 }).toBuffer();
    else if (ext === 'png') data = await oriented.png().toBuffer();
    else if (ext === 'gif') data = await oriented.gif().toBuffer();
    else if (ext === 'webp') data = await oriented.webp({ quality: 90 }).toBuffer();
    else throw new ImageError(`不是图片格式：${ext}`);
    // 缩略图取第一帧
    return { data, ext, ...(await thumbnail(sharp(data, { ...OPTIONS, animated: false }))) };
  } catch (err) {
    if (err instanceof ImageError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw new ImageError(`图片尺寸过大，最多 ${MAX_PIXELS / 1_000_000} 百万像素`);
    throw new ImageError('图片已损坏或无法解析');
  }
}
