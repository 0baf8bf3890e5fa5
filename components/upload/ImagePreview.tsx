'use client';
// SPEC §2 第 5 项：图片预览与图片列表预览弹窗。一张时单图预览，多张时可左右切换。
import { Image, Space } from 'antd';
import { useState } from 'react';
import { useT } from '@/lib/i18n/client';
import { thumbUrl } from './transport';

export function ImagePreview({ urls, current, open, onClose }: { urls: readonly string[]; current: number; open: boolean; onClose: () => void }) {
  const [index, setIndex] = useState(current);
  const [shownFor, setShownFor] = useState({ open, current });
  // 每次打开时从点中的那张开始
  if (shownFor.open !== open || shownFor.current !== current) {
    setShownFor({ open, current });
    setIndex(current);
  }
  if (!urls.length) return null;
  return (
    <Image.PreviewGroup
      items={[...urls]}
      preview={{
        open,
        current: index,
        onChange: (i) => setIndex(i),
        onOpenChange: (v) => {
          if (!v) onClose();
        },
      }}
    />
  );
}

/** 只读的缩略图一排（详情弹窗、列表单元格），点击打开预览 */
export function ImageThumbs({ urls, size = 64 }: { urls: readonly string[]; size?: number }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  if (!urls.length) return <>-</>;
  return (
    <>
      <Space size={8} wrap data-testid="image-thumbs">
        {urls.map((url, i) => (
          <button
            key={url}
            type="button"
            onClick={() => setOpen(i)}
            title={t('预览')}
            style={{ padding: 0, border: '1px solid #f0f0f0', borderRadius: 4, background: '#fafafa', cursor: 'zoom-in', width: size, height: size, overflow: 'hidden' }}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- 受保护的 /files 地址，不经 next/image 的优化器 */}
            <img src={thumbUrl(url)} alt={t('图片 {n}', { n: i + 1 })} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          </button>
        ))}
      </Space>
      <ImagePreview urls={urls} current={open ?? 0} open={open !== null} onClose={() => setOpen(null)} />
    </>
  );
}
