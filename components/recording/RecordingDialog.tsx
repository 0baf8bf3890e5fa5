'use client';
// 录像对话框（SPEC §1 助手、§4 "Recording"）：考点、考试计划与培训班共用。
// 打开后先问服务端计划（培训班）能否录像、按哪种方式保存，再请求摄像头，取得即开始录制并计时；“结束录制”停止计时器、截图定时器与摄像头。
// 计划第 2、4 步：录像连同定时截图先存本机（IndexedDB），点“保存”才上传；其余步骤与培训班结束后先上传视频，再保存。
// 上传与保存时显示进度；成功提示“保存成功”，本机记下录像标记，对话框关闭并广播 recording:saved。画中画时对话框缩到右下角。
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Progress, Space, Spin, Tag, Typography } from 'antd';
import { PictureOutlined, StopOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { apiPost, ApiClientError } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { CAMERA_FAILURE_MESSAGE } from '@/lib/domains/recording/constants';
import type { RecordingContext, RecordingItem } from '@/lib/domains/recording/schemas';
import type { UploadedFile } from '@/lib/domains/file/schemas';
import { formatDuration } from './format';
import { listLocal, loadLocal, removeLocal, type LocalRecording } from './local-store';
import { saveRecording, uploadRecordingVideo, uploadScreenshot, type SaveBody, type UploadTexts } from './upload';
import { useRecorder, type Take } from './useRecorder';
import styles from './recording.module.css';

export interface RecordingDialogProps {
  open: boolean;
  onClose: () => void;
  /** 计划编号或培训班编号（PX 开头；服务端据此找计划或培训班并检查范围） */
  planCode: string;
  /** 调用方所知的计划步骤（只作提示：保存方式与记录的步骤以服务端为准；培训班不给） */
  planStep?: number | null;
  /** 考点编号（可不填） */
  siteCode?: string | null;
  /** 保存成功后（对话框随即关闭） */
  onSaved?: (item: RecordingItem) => void;
  /** 进入、离开画中画（调用方可借此让出页面，如暂时收起自己的对话框） */
  onPictureInPicture?: (active: boolean) => void;
}

export function RecordingDialog(props: RecordingDialogProps) {
  // 每次打开都是新的一段：关闭即卸载（停止摄像头与计时器）
  return props.open ? <RecorderModal {...props} /> : null;
}

export default RecordingDialog;

interface Busy {
  tip: string;
  percent?: number;
}

function RecorderModal({ onClose, planCode, siteCode, onSaved, onPictureInPicture }: RecordingDialogProps) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [ctx, setCtx] = useState<RecordingContext | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [pending, setPending] = useState<LocalRecording[]>([]);
  const [take, setTake] = useState<Take | null>(null);
  const [uploaded, setUploaded] = useState<{ video: UploadedFile; cover?: string } | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [pip, setPip] = useState(false);
  const [videoEl, setVideoEl] = useState<HTMLVideoElement | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const attachVideo = useCallback((el: HTMLVideoElement | null) => {
    videoRef.current = el;
    setVideoEl(el);
  }, []);
  const started = useRef(false);
  const texts: UploadTexts = useMemo(() => ({ systemError: t('系统错误'), uploadFailed: t('上传失败') }), [t]);
  const { phase, seconds, start, stop } = useRecorder({ videoRef, localFirst: ctx?.localFirst ?? false, planCode, siteCode: ctx?.siteCode ?? null });

  // 计划能否录像、保存方式；先存本机的方式再找出本机还没保存的录像
  useEffect(() => {
    let alive = true;
    apiPost('/recording/context', { planCode, siteCode: siteCode ?? undefined })
      .then(async (c) => {
        const left = c.localFirst && c.canRecord ? await listLocal(c.planCode).catch(() => []) : [];
        if (!alive) return;
        setPending(left);
        setCtx(c);
      })
      .catch(() => alive && setLoadFailed(true));
    return () => {
      alive = false;
    };
  }, [planCode, siteCode]);

  // 取得摄像头即开始录制
  useEffect(() => {
    if (!ctx?.canRecord || !videoEl || started.current) return;
    started.current = true;
    void start();
  }, [ctx, videoEl, start]);

  useEffect(() => {
    if (phase === 'failed') void message.error(t(CAMERA_FAILURE_MESSAGE));
  }, [phase, message, t]);

  // 画中画：进入时对话框缩小，离开时恢复
  useEffect(() => {
    if (!videoEl) return;
    const enter = () => {
      setPip(true);
      onPictureInPicture?.(true);
    };
    const leave = () => {
      setPip(false);
      onPictureInPicture?.(false);
    };
    videoEl.addEventListener('enterpictureinpicture', enter);
    videoEl.addEventListener('leavepictureinpicture', leave);
    return () => {
      videoEl.removeEventListener('enterpictureinpicture', enter);
      videoEl.removeEventListener('leavepictureinpicture', leave);
    };
  }, [videoEl, onPictureInPicture]);

  const fail = useCallback(
    (err: unknown) => {
      // 接口错误已由客户端提示；上传的错误在这里提示
      if (err instanceof ApiClientError) return;
      void message.error(err instanceof Error && err.message ? err.message : t('上传失败'));
    },
    [message, t],
  );

  const uploadVideoOf = useCallback(
    (blob: Blob) => uploadRecordingVideo(blob, texts, (percent) => setBusy({ tip: t('正在上传录像…'), percent })),
    [texts, t],
  );

  /** 结束后先上传的方式：视频与封面 */
  const uploadFirst = useCallback(
    async (got: Take) => {
      setBusy({ tip: t('正在上传录像…'), percent: 0 });
      try {
        const video = await uploadVideoOf(got.video!);
        const cover = got.cover ? await uploadScreenshot(got.cover, texts) : undefined;
        setUploaded({ video, cover });
      } catch (err) {
        fail(err);
      } finally {
        setBusy(null);
      }
    },
    [uploadVideoOf, texts, fail, t],
  );

  /** 本机保存的一段：上传截图与视频，得到保存的载荷 */
  const uploadLocal = useCallback(
    async (meta: LocalRecording): Promise<SaveBody> => {
      const { video, shots } = await loadLocal(meta);
      setBusy({ tip: t('正在上传截图…') });
      const urls: string[] = [];
      for (const shot of shots) urls.push(await uploadScreenshot(shot.blob, texts));
      setBusy({ tip: t('正在上传录像…'), percent: 0 });
      const up = await uploadVideoOf(video);
      return {
        planCode: meta.planCode,
        planStep: ctx!.planStep ?? undefined,
        siteCode: meta.siteCode ?? undefined,
        recordingTime: meta.recordingTime,
        videoDuration: Math.max(1, meta.duration),
        videoUrl: up.url,
        videoSize: up.fileSize,
        videoPicture: urls[0],
        screenshots: shots.map((s, i) => ({ url: urls[i], time: s.time })),
      };
    },
    [ctx, texts, uploadVideoOf, t],
  );

  const finish = async () => {
    if (document.pictureInPictureElement) await document.exitPictureInPicture().catch(() => undefined);
    const got = await stop();
    if (!got) return;
    setTake(got);
    if (!got.local) await uploadFirst(got);
  };

  const save = async () => {
    if (!take || !ctx) return;
    try {
      let body: SaveBody;
      if (take.local) body = await uploadLocal(take.local);
      else {
        if (!uploaded) return;
        body = {
          planCode: ctx.planCode,
          planStep: ctx.planStep ?? undefined,
          siteCode: ctx.siteCode ?? undefined,
          recordingTime: take.recordingTime,
          videoDuration: take.duration,
          videoUrl: uploaded.video.url,
          videoSize: uploaded.video.fileSize,
          videoPicture: uploaded.cover,
          screenshots: [],
        };
      }
      setBusy({ tip: t('正在保存…') });
      const item = await saveRecording(body);
      if (take.local) await removeLocal(take.local.id).catch(() => undefined);
      void message.success(t('list.success.save'));
      onSaved?.(item);
      onClose();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  /** 本机上次没保存的一段：上传并保存，不打断正在录的这一段 */
  const savePending = async (meta: LocalRecording) => {
    try {
      const body = await uploadLocal(meta);
      setBusy({ tip: t('正在保存…') });
      const item = await saveRecording(body);
      await removeLocal(meta.id).catch(() => undefined);
      setPending((list) => list.filter((p) => p.id !== meta.id));
      void message.success(t('list.success.save'));
      onSaved?.(item);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const dropPending = (meta: LocalRecording) =>
    modal.confirm({
      title: t('确定删除本机这段录像吗？'),
      content: t('删除后不能恢复。'),
      onOk: async () => {
        await removeLocal(meta.id);
        setPending((list) => list.filter((p) => p.id !== meta.id));
      },
    });

  const requestClose = () => {
    if (busy) return;
    const unsaved = phase === 'recording' || take !== null;
    if (!unsaved) return onClose();
    modal.confirm({
      title: t('录像还没有保存，确定关闭吗？'),
      content: ctx?.localFirst ? t('录像已存在本机，下次为该计划录像时可以继续保存。') : t('关闭后本段录像将被丢弃。'),
      onOk: onClose,
    });
  };

  const togglePip = async () => {
    if (!videoEl) return;
    try {
      if (document.pictureInPictureElement) await document.exitPictureInPicture();
      else await videoEl.requestPictureInPicture();
    } catch {
      void message.warning(t('当前浏览器不支持画中画'));
    }
  };

  const recording = phase === 'recording';
  const canSave = take !== null && (take.local !== null || uploaded !== null);
  const footer = (
    <Space wrap>
      {recording && typeof document !== 'undefined' && document.pictureInPictureEnabled && (
        <Button icon={<PictureOutlined />} onClick={() => void togglePip()} data-testid="recording-pip">
          {pip ? t('退出画中画') : t('画中画')}
        </Button>
      )}
      {recording && (
        <Button danger type="primary" icon={<StopOutlined />} disabled={seconds < 1} onClick={() => void finish()} data-testid="recording-stop">
          {t('结束录制')}
        </Button>
      )}
      {phase === 'failed' && (
        <Button icon={<VideoCameraOutlined />} onClick={() => void start()}>
          {t('重试')}
        </Button>
      )}
      {take && !take.local && !uploaded && !busy && <Button onClick={() => void uploadFirst(take)}>{t('重新上传')}</Button>}
      {!recording && (
        <Button onClick={requestClose} disabled={!!busy}>
          {t('list.common.close')}
        </Button>
      )}
      {take && (
        <Button type="primary" disabled={!canSave} loading={!!busy} onClick={() => void save()} data-testid="recording-save">
          {t('保存')}
        </Button>
      )}
    </Space>
  );

  const title = ctx ? `${t('录像')} · ${ctx.planName}${ctx.siteName ? ` · ${ctx.siteName}` : ''}` : t('录像');

  return (
    <Modal
      open
      title={pip ? t('录像') : title}
      width={pip ? 340 : 800}
      onCancel={requestClose}
      maskClosable={false}
      keyboard={false}
      mask={!pip}
      wrapClassName={pip ? styles.pipWrap : undefined}
      footer={footer}
      destroyOnHidden
    >
      <Spin spinning={!!busy} description={busy ? <BusyTip busy={busy} /> : undefined}>
        <div data-testid="recording-dialog" data-phase={phase}>
          {!pip && ctx && (
            <Space wrap style={{ marginBottom: 8 }}>
              <Typography.Text type="secondary">
                {t(ctx.kind === 'class' ? '班级编号' : '计划编号')} {ctx.planCode}
              </Typography.Text>
              <Tag>{t(ctx.stepName)}</Tag>
              <Tag color={ctx.localFirst ? 'blue' : 'green'}>{ctx.localFirst ? t('先存本机，保存时上传') : t('结束后先上传视频')}</Tag>
            </Space>
          )}
          {loadFailed && <Alert type="error" showIcon title={t('无法打开录像：考试计划或培训班不存在或不在您的管辖范围内')} />}
          {ctx && !ctx.canRecord && <Alert type="warning" showIcon title={t(ctx.reason ?? '')} data-testid="recording-refused" />}
          {phase === 'failed' && <Alert type="error" showIcon title={t(CAMERA_FAILURE_MESSAGE)} style={{ marginBottom: 8 }} data-testid="recording-camera-failed" />}
          {ctx?.canRecord && (
            <div className={`${styles.stage} ${pip || take ? styles.stageHidden : ''}`}>
              <video ref={attachVideo} muted playsInline data-testid="recording-preview" />
              {recording && (
                <span className={styles.badge}>
                  <span className={styles.dot} />
                  {t('录制中')} {formatDuration(seconds)}
                </span>
              )}
            </div>
          )}
          {pip && recording && (
            <div className={styles.timer}>
              <span className={styles.dot} />
              {formatDuration(seconds)}
            </div>
          )}
          {take && (
            <Alert
              type={take.local || uploaded ? 'success' : 'info'}
              showIcon
              title={t('已录制 {duration}', { duration: formatDuration(take.duration) })}
              description={take.local ? t('录像与截图已保存在本机，点击“保存”上传。') : uploaded ? t('视频已上传，点击“保存”完成。') : t('视频还没有上传成功，可点击“重新上传”。')}
              data-testid="recording-taken"
            />
          )}
          {!pip && pending.length > 0 && (
            <PendingList pending={pending} disabled={!!busy} onSave={(m) => void savePending(m)} onDrop={dropPending} />
          )}
        </div>
      </Spin>
    </Modal>
  );
}

function BusyTip({ busy }: { busy: Busy }) {
  return (
    <div>
      <div>{busy.tip}</div>
      {busy.percent !== undefined && <Progress percent={busy.percent} size="small" style={{ width: 200 }} />}
    </div>
  );
}

function PendingList({ pending, disabled, onSave, onDrop }: { pending: LocalRecording[]; disabled: boolean; onSave: (m: LocalRecording) => void; onDrop: (m: LocalRecording) => void }) {
  const t = useT();
  return (
    <Alert
      style={{ marginTop: 12 }}
      type="warning"
      showIcon
      title={t('本机有 {count} 段还没保存的录像', { count: pending.length })}
      description={
        <Space orientation="vertical" style={{ width: '100%' }}>
          {pending.map((p) => (
            <Space key={p.id} wrap>
              <span>
                {p.recordingTime} · {formatDuration(p.duration)}
              </span>
              <Button size="small" type="link" disabled={disabled} onClick={() => onSave(p)}>
                {t('上传并保存')}
              </Button>
              <Button size="small" type="link" danger disabled={disabled} onClick={() => onDrop(p)}>
                {t('删除')}
              </Button>
            </Space>
          ))}
        </Space>
      }
    />
  );
}
