'use client';
// 扫准考证二维码：扫码枪（像键盘一样输入准考证号并回车）或摄像头（getUserMedia 取后置摄像头，
// 每 250 ms 把一帧画到画布上交给 jsQR 识别）。识别出的文字交给 onCode；弹窗关闭时停止摄像头。
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { CameraOutlined, ScanOutlined } from '@ant-design/icons';
import { useT } from '@/lib/i18n/client';

/** SPEC §5/§8：摄像头开启失败的提示 */
export const CAMERA_FAILURE = '摄像头开启失败，请检查摄像头是否可用！';
const SCAN_INTERVAL_MS = 250;

function CameraDialog({ open, onClose, onCode }: { open: boolean; onClose: () => void; onCode: (code: string) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // 识别结果的去处：父组件每次渲染给的新函数不应重开摄像头
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const stop = () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    (async () => {
      try {
        const [{ default: jsQR }, media] = await Promise.all([import('jsqr'), navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })]);
        stream = media;
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
        timer = setInterval(() => {
          const v = video.current;
          if (!v || v.readyState < 2 || !v.videoWidth) return;
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          const ctx = canvas.getContext('2d', { willReadFrequently: true });
          if (!ctx) return;
          ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
          const frame = ctx.getImageData(0, 0, canvas.width, canvas.height);
          const qr = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
          if (qr?.data) {
            stop();
            found.current(qr.data);
          }
        }, SCAN_INTERVAL_MS);
      } catch {
        setFailed(true);
      }
    })();
    return stop;
  }, [open]);

  return (
    <Modal
      open={open}
      title={t('摄像头扫码')}
      onCancel={() => {
        setFailed(false);
        onClose();
      }}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {failed ? (
        <Alert type="error" showIcon title={t(CAMERA_FAILURE)} data-testid="camera-failed" />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <video ref={video} muted playsInline style={{ width: '100%', background: '#000', borderRadius: 4 }} data-testid="qr-video" />
          <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{t('将准考证上的二维码对准摄像头')}</span>
        </Space>
      )}
    </Modal>
  );
}

/** 扫码栏：扫码枪输入框（回车即查）与“摄像头扫码”按钮 */
export default function QrScanner({ onCode, disabled }: { onCode: (code: string) => void; disabled?: boolean }) {
  const t = useT();
  const [text, setText] = useState('');
  const [camera, setCamera] = useState(false);
  const submit = () => {
    const code = text.trim();
    if (!code) return;
    setText('');
    onCode(code);
  };
  return (
    <Space wrap>
      <Input
        prefix={<ScanOutlined />}
        allowClear
        disabled={disabled}
        style={{ width: 300 }}
        value={text}
        placeholder={t('扫码枪扫码或输入准考证号后回车')}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={submit}
        data-testid="score-scan-input"
      />
      <Button onClick={submit} disabled={disabled || !text.trim()} data-testid="score-scan-open">
        {t('打开成绩表')}
      </Button>
      <Button icon={<CameraOutlined />} disabled={disabled} onClick={() => setCamera(true)} data-testid="score-scan-camera">
        {t('摄像头扫码')}
      </Button>
      <CameraDialog
        open={camera}
        onClose={() => setCamera(false)}
        onCode={(code) => {
          setCamera(false);
          onCode(code);
        }}
      />
    </Space>
  );
}
