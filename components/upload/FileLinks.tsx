'use client';
// 只读的文件下载链接（详情弹窗等）：显示上传时的原名，链接到受保护的 /files 地址。
import { useEffect, useState } from 'react';
import { Space } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { describeFiles, knownName } from './transport';

export function FileLinks({ urls }: { urls: readonly string[] }) {
  const [, setLoaded] = useState(0);
  const key = urls.join('|');
  useEffect(() => {
    if (!key) return;
    let alive = true;
    describeFiles(key.split('|')).then(
      () => alive && setLoaded((n) => n + 1),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [key]);
  if (!urls.length) return <>-</>;
  return (
    <Space orientation="vertical" size={4} data-testid="file-links">
      {urls.map((url) => (
        <a key={url} href={url} target="_blank" rel="noopener noreferrer">
          <PaperClipOutlined /> {knownName(url) ?? url.split('/').pop()}
        </a>
      ))}
    </Space>
  );
}
