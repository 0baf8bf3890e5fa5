'use client';
// 图片与文件上传（SPEC §2 第 7 项、§5“图片上传”）：受控的表单输入（value / onChange，同 antd 输入框），基于 antd Upload。
// 值：maxCount 为 1（默认）时是一个地址，否则是地址数组；地址是上传服务给出的 /files/<目录>/<名称>。
// 图片为 100×100 的方框（点开预览，多张可左右切换），文档与视频为带文件名的列表；上传中显示进度条；可拖放。
// 格式与大小在这里先提示一次，服务端按内容再判定（lib/domains/file）。
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useReportUploading } from './busy';
import { App, Button, ConfigProvider, Typography, Upload } from 'antd';
import type { RcFile, UploadFile } from 'antd/es/upload/interface';
import { InboxOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useT } from '@/lib/i18n/client';
import {
  FORMATS,
  MAX_DOCUMENT_MB,
  MAX_IMAGE_MB,
  PURPOSE_FORMATS,
  PURPOSE_HINTS,
  SIZE_CHECK_MAX_KB,
  SIZE_CHECK_MESSAGE,
  SIZE_CHECK_MIN_KB,
  acceptOf,
  extOf,
  kindOfName,
  type FileExt,
  type UploadPurpose,
} from '@/lib/domains/file/constants';
import { ImagePreview } from './ImagePreview';
import { describeFiles, knownName, rememberName, thumbUrl, uploadMulti, uploadVideo, UploadError } from './transport';

export type { UploadPurpose };

export interface UploaderProps {
  value?: string | string[];
  onChange?(v: string | string[] | undefined): void;
  purpose: UploadPurpose;
  /** 最多几个文件，默认 1（值为一个地址）；大于 1 时值为地址数组 */
  maxCount?: number;
  /** SPEC §5：图片须在 300–500 KB 之间 */
  sizeCheck?: boolean;
  /** 覆盖按用途给出的可选格式 */
  accept?: string;
  /** 覆盖按用途给出的格式提示 */
  hint?: ReactNode;
  disabled?: boolean;
  /** 拖放区样式（文档、课件等大文件） */
  dragger?: boolean;
  id?: string;
}

interface Pending extends UploadFile {
  controller?: AbortController;
}

function toUrls(value: string | string[] | undefined | null): string[] {
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' && v !== '');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

const normalExt = (name: string): string => (extOf(name) === 'jpeg' ? 'jpg' : extOf(name));
const isImageUrl = (url: string) => kindOfName(url.split('?')[0]) === 'image';
const lastSegment = (url: string) => url.split('?')[0].split('/').pop() ?? url;

export function Uploader({ value, onChange, purpose, maxCount = 1, sizeCheck, accept, hint, disabled, dragger, id }: UploaderProps) {
  const t = useT();
  const { message } = App.useApp();
  const urls = useMemo(() => toUrls(value), [value]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [preview, setPreview] = useState<number | null>(null);
  const [, setNamesLoaded] = useState(0);
  // 上传是异步的：完成时按最新的值追加，而不是按开始上传时的值
  const latest = useRef({ urls, onChange });
  useEffect(() => {
    latest.current = { urls, onChange };
  });
  useReportUploading(pending.some((p) => p.status === 'uploading'));
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  // 编辑时回显：地址里只有服务端起的名字，向服务端要原名
  const urlKey = urls.join('|');
  useEffect(() => {
    if (!urlKey) return;
    let alive = true;
    describeFiles(urlKey.split('|')).then(
      (infos) => alive && infos.length > 0 && setNamesLoaded((n) => n + 1),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [urlKey]);

  const multi = maxCount > 1;
  const listType = purpose === 'image' ? 'picture-card' : purpose === 'courseware' || purpose === 'attachment' ? 'picture' : 'text';
  const imageUrls = urls.filter(isImageUrl);

  const done: UploadFile[] = urls.map((url) => ({
    uid: url,
    name: knownName(url) ?? lastSegment(url),
    status: 'done',
    url,
    thumbUrl: isImageUrl(url) ? thumbUrl(url) : undefined,
  }));
  const fileList: UploadFile[] = !multi && pending.length ? pending : [...done, ...pending];

  // 同时完成的几个上传各自追加：先同步记下新值，不等表单重新渲染
  const emit = (next: string[]) => {
    latest.current = { ...latest.current, urls: next };
    latest.current.onChange?.(multi ? next : next[0]);
  };

  const refuse = (text: string) => {
    void message.error(text);
    return Upload.LIST_IGNORE;
  };

  /** 前端的提前检查：格式、大小、数量；通过则开始上传（列表由本组件维护，不交给 antd） */
  const beforeUpload = (file: RcFile, batch: RcFile[]) => {
    if (!file) return refuse(t('未选择文件'));
    if (!(file instanceof File)) return refuse(t('不是文件对象'));
    const ext = normalExt(file.name);
    const allowed = PURPOSE_FORMATS[purpose];
    if (!allowed.includes(ext as FileExt)) return refuse(t('{name} 不是允许的格式（{formats}）', { name: file.name, formats: allowed.join('、') }));
    const kind = FORMATS[ext as FileExt].kind;
    const limit = kind === 'image' ? MAX_IMAGE_MB : kind === 'document' ? MAX_DOCUMENT_MB : null;
    if (limit !== null && file.size > limit * 1048576) return refuse(t('{name} 超过 {size}M', { name: file.name, size: limit }));
    if (sizeCheck && kind === 'image' && (file.size < SIZE_CHECK_MIN_KB * 1024 || file.size > SIZE_CHECK_MAX_KB * 1024)) return refuse(t(SIZE_CHECK_MESSAGE));
    if (multi) {
      const inFlight = pending.filter((p) => p.status === 'uploading').length;
      const position = batch.indexOf(file);
      if (latest.current.urls.length + inFlight + Math.max(position, 0) >= maxCount) {
        // 一批里超出的文件只提示一次
        if (position <= 0 || latest.current.urls.length + inFlight + position === maxCount) void message.error(t('最多上传 {count} 个文件', { count: maxCount }));
        return Upload.LIST_IGNORE;
      }
    }
    start(file, kind === 'video');
    return Upload.LIST_IGNORE;
  };

  const start = (file: RcFile, video: boolean) => {
    const controller = new AbortController();
    controllers.current.add(controller);
    const uid = file.uid;
    const item: Pending = { uid, name: file.name, status: 'uploading', percent: 0, originFileObj: file, controller };
    setPending((list) => (multi ? [...list, item] : [item]));
    const update = (patch: Partial<Pending>) => setPending((list) => list.map((p) => (p.uid === uid ? { ...p, ...patch } : p)));
    const run = video ? uploadVideo : uploadMulti;
    run(file, {
      purpose,
      sizeCheck: sizeCheck && !video,
      signal: controller.signal,
      onProgress: (percent) => update({ percent }),
      systemError: t('系统错误'),
      uploadFailed: t('上传失败'),
    })
      .then((uploaded) => {
        rememberName(uploaded.url, file.name);
        setPending((list) => list.filter((p) => p.uid !== uid));
        const current = latest.current.urls;
        emit(multi ? [...current, uploaded.url].slice(0, maxCount) : [uploaded.url]);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const text = err instanceof UploadError && err.message !== 'network' ? err.message : t('上传失败');
        update({ status: 'error', percent: undefined, response: text, controller: undefined });
        void message.error(text);
      })
      .finally(() => controllers.current.delete(controller));
  };

  const remove = (file: UploadFile) => {
    const p = pending.find((x) => x.uid === file.uid);
    if (p) {
      p.controller?.abort();
      setPending((list) => list.filter((x) => x.uid !== file.uid));
      return false;
    }
    emit(latest.current.urls.filter((u) => u !== file.url));
    return false;
  };

  const openPreview = (file: UploadFile) => {
    if (!file.url) return;
    if (isImageUrl(file.url)) setPreview(Math.max(0, imageUrls.indexOf(file.url)));
    else window.open(file.url, '_blank', 'noopener');
  };

  const full = fileList.filter((f) => f.status !== 'error').length >= maxCount;
  const hintNode = hint ?? t(PURPOSE_HINTS[purpose]);
  const common = {
    accept: accept ?? acceptOf(purpose),
    multiple: multi,
    disabled,
    fileList,
    listType,
    beforeUpload,
    onRemove: remove,
    onPreview: openPreview,
    isImageUrl: (f: UploadFile) => Boolean((f.url && isImageUrl(f.url)) || (f.originFileObj && kindOfName(f.name) === 'image')),
    showUploadList: { showPreviewIcon: true, showRemoveIcon: !disabled, showDownloadIcon: false },
    id,
  } as const;

  let body: ReactNode;
  if (dragger) {
    body = (
      <Upload.Dragger {...common} disabled={disabled || full} data-testid="uploader-dragger">
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('点击或拖动文件到此处上传')}</p>
        <p className="ant-upload-hint">{hintNode}</p>
      </Upload.Dragger>
    );
  } else if (listType === 'picture-card') {
    body = (
      <Upload {...common}>
        {full || disabled ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} data-testid="uploader-trigger">
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('上传')}</div>
          </button>
        )}
      </Upload>
    );
  } else {
    body = (
      <Upload {...common}>
        {disabled ? null : (
          <Button icon={<UploadOutlined />} disabled={full} data-testid="uploader-trigger">
            {t('上传文件')}
          </Button>
        )}
      </Upload>
    );
  }

  return (
    <div data-testid="uploader" data-purpose={purpose}>
      <ConfigProvider theme={{ components: { Upload: { pictureCardSize: 100 } } }}>{body}</ConfigProvider>
      {!dragger && !disabled && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
          {hintNode}
        </Typography.Text>
      )}
      <ImagePreview urls={imageUrls} current={preview ?? 0} open={preview !== null} onClose={() => setPreview(null)} />
    </div>
  );
}

export default Uploader;
