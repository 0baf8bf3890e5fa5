// 演示数据用的图片：头像、证件、执照、证书的小 PNG（纯色块，不含文字），经上传服务的种子入口按固定的存储键存下，
// 与界面上传的同一用途、归属所在机构（证件与执照私有）。反复写种子（测试每次都建新库）不会在存储里越积越多；
// sharp 不可用时返回 null（记录里的图片地址留空或用已有的）。
import type { Db } from '@/lib/platform/db/client';
import type { UploadPurpose } from '../file/schemas';
import { orgFileOwners, storeSeedFile, type FileOwner } from '../file/service';

const PALETTE = ['#5B8FF9', '#5AD8A6', '#F6BD16', '#E8684A', '#6DC8EC', '#9270CA', '#FF9D4D', '#269A99'];

export type SeedImageKind = 'avatar' | 'card' | 'licence' | 'certificate' | 'logo';

function svgOf(kind: SeedImageKind, color: string): string {
  switch (kind) {
    case 'avatar':
      return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="160"><rect width="120" height="160" fill="${color}"/><circle cx="60" cy="62" r="30" fill="#f5f5f5"/><path d="M12 160 C 14 112, 106 112, 108 160 Z" fill="#f5f5f5"/></svg>`;
    case 'card':
      return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" rx="14" fill="#f0f5ff" stroke="${color}" stroke-width="6"/><rect x="22" y="40" width="80" height="104" fill="${color}"/><rect x="124" y="48" width="160" height="12" fill="#bfbfbf"/><rect x="124" y="80" width="140" height="12" fill="#bfbfbf"/><rect x="124" y="112" width="170" height="12" fill="#bfbfbf"/></svg>`;
    case 'licence':
      return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320"><rect width="240" height="320" fill="#fffbe6" stroke="${color}" stroke-width="10"/><circle cx="120" cy="70" r="28" fill="#cf1322"/><rect x="40" y="130" width="160" height="10" fill="#8c8c8c"/><rect x="40" y="160" width="160" height="10" fill="#8c8c8c"/><rect x="40" y="190" width="120" height="10" fill="#8c8c8c"/><circle cx="180" cy="260" r="30" fill="none" stroke="#cf1322" stroke-width="5"/></svg>`;
    case 'certificate':
      return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="230"><rect width="320" height="230" fill="#fff" stroke="${color}" stroke-width="12"/><rect x="110" y="30" width="100" height="14" fill="${color}"/><rect x="50" y="80" width="220" height="10" fill="#8c8c8c"/><rect x="50" y="110" width="220" height="10" fill="#8c8c8c"/><rect x="50" y="140" width="160" height="10" fill="#8c8c8c"/><circle cx="250" cy="185" r="24" fill="none" stroke="#cf1322" stroke-width="5"/></svg>`;
    case 'logo':
      return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><circle cx="80" cy="80" r="72" fill="${color}"/><rect x="50" y="50" width="60" height="60" rx="10" fill="#fff"/></svg>`;
  }
}

/** 与界面上传时的用途一致：身份证件与执照是私有的附件，头像、证书图片与单位标志是公开的图片 */
const PURPOSE: Record<SeedImageKind, UploadPurpose> = { avatar: 'image', card: 'attachment', licence: 'attachment', certificate: 'image', logo: 'image' };

/** 写入（或复用）一张演示图片，归属 owner（与该机构的账号上传的一样），返回地址；sharp 不可用时为 null */
export async function seedImage(db: Db, kind: SeedImageKind, index: number, org: { code: string }, owner: FileOwner): Promise<string | null> {
  let bytes: Buffer;
  try {
    const sharp = (await import('sharp')).default;
    bytes = await sharp(Buffer.from(svgOf(kind, PALETTE[index % PALETTE.length])))
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  } catch {
    return null;
  }
  const saved = await storeSeedFile(db, { directory: 'seed-training', logicalName: `${org.code}-${kind}-${index % PALETTE.length}`, data: bytes, fileName: `${kind}.png`, purpose: PURPOSE[kind], owner });
  return saved.url;
}

/** 一组同类图片（按序号取色）：每个机构各自一份（归属该机构），缓存在一次种子内 */
export function seedImages(db: Db) {
  const cache = new Map<string, Promise<string | null>>();
  const ownerOf = orgFileOwners(db);
  return (kind: SeedImageKind, index: number, org: { id: number; code: string; cityId: number | null }): Promise<string | null> => {
    const k = `${org.id}-${kind}-${index % PALETTE.length}`;
    if (!cache.has(k)) cache.set(k, ownerOf(org).then((owner) => seedImage(db, kind, index, org, owner)));
    return cache.get(k)!;
  };
}
