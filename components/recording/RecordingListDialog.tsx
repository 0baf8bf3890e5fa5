'use client';
// 某考试计划（可再按考点）或某培训班的录像：列表、播放器（<video>，可拖动）、截图（点一张跳到该处）；
// 服务端说当前用户可以录像时有“开始录制”（调用方说不能录时不显示），保存后列表刷新并播放新录的一段。
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Empty, Modal, Space, Table, Tooltip, Typography } from 'antd';
import { PlayCircleOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { thumbUrl } from '@/components/upload/transport';
import { useT } from '@/lib/i18n/client';
import type { RecordingContext, RecordingItem } from '@/lib/domains/recording/schemas';
import { isClassCode } from '@/lib/domains/recording/constants';
import { formatDuration, formatSize, offsetSeconds } from './format';
import { RecordingDialog } from './RecordingDialog';
import styles from './recording.module.css';

export interface RecordingListDialogProps {
  open: boolean;
  onClose: () => void;
  /** 计划编号或培训班编号（PX 开头） */
  planCode: string;
  siteCode?: string | null;
  /** 标题里的名称（计划名、考点名或班级名）；不给时用服务端给的名称 */
  name?: string;
  /** 为 false 时不显示“开始录制”（如已结业的培训班：只看录像）；不给时按服务端的准备信息显示或置灰 */
  canStart?: boolean;
}

const PAGE_SIZE = 10;

export function RecordingListDialog(props: RecordingListDialogProps) {
  return props.open ? <ListModal {...props} /> : null;
}

export default RecordingListDialog;

function ListModal({ onClose, planCode, siteCode, name, canStart = true }: RecordingListDialogProps) {
  const t = useT();
  const [ctx, setCtx] = useState<RecordingContext | null>(null);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: RecordingItem[]; total: number } | null>(null);
  const [version, setVersion] = useState(0);
  const [playing, setPlaying] = useState<RecordingItem | null>(null);
  const [recording, setRecording] = useState(false);
  /** 录制对话框进入画中画时本对话框藏起，让出页面 */
  const [pipActive, setPipActive] = useState(false);
  const player = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    let alive = true;
    apiPost('/recording/context', { planCode, siteCode: siteCode ?? undefined }, { silent: true }).then(
      (c) => alive && setCtx(c),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [planCode, siteCode]);

  useEffect(() => {
    let alive = true;
    apiPost('/recording/list', { planCode, siteCode: siteCode ?? undefined, pageNo: page, pageSize: PAGE_SIZE }).then(
      (d) => {
        if (!alive) return;
        setData(d);
        setPlaying((cur) => cur ?? d.list[0] ?? null);
      },
      () => alive && setData({ list: [], total: 0 }),
    );
    return () => {
      alive = false;
    };
  }, [planCode, siteCode, page, version]);

  /** MediaRecorder 录的 webm 不带总时长：先跳到末尾让浏览器算出时长，再回到开头（之后进度条可拖动） */
  const onMetadata = useCallback(() => {
    const v = player.current;
    if (!v || Number.isFinite(v.duration)) return;
    const back = () => {
      v.removeEventListener('timeupdate', back);
      v.currentTime = 0;
    };
    v.addEventListener('timeupdate', back);
    v.currentTime = Number.MAX_SAFE_INTEGER;
  }, []);

  const seek = (item: RecordingItem, time: string) => {
    const v = player.current;
    if (!v) return;
    v.currentTime = offsetSeconds(item.recordingTime, time);
    void v.play().catch(() => undefined);
  };

  const isClass = ctx?.kind === 'class' || isClassCode(planCode);
  const title = t('录像：{name}', { name: name ?? ctx?.siteName ?? ctx?.planName ?? planCode });

  return (
    <>
      {/* 画中画时只是藏起来（不关闭）：关了再开会排到录制对话框上面 */}
      <Modal open title={title} width={880} footer={null} onCancel={onClose} destroyOnHidden mask={!pipActive} wrapClassName={pipActive ? styles.hiddenWrap : undefined}>
        <div data-testid="recording-list">
          <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
            <Typography.Text type="secondary">{data ? t('共 {count} 段录像', { count: data.total }) : ''}</Typography.Text>
            {ctx &&
              canStart &&
              (ctx.canRecord ? (
                <Button type="primary" icon={<VideoCameraAddOutlined />} onClick={() => setRecording(true)} data-testid="recording-start">
                  {t('开始录制')}
                </Button>
              ) : (
                <Tooltip title={t(ctx.reason ?? '')}>
                  <Button icon={<VideoCameraAddOutlined />} disabled>
                    {t('开始录制')}
                  </Button>
                </Tooltip>
              ))}
          </Space>
          {playing ? (
            <div style={{ marginBottom: 12 }}>
              <video
                key={playing.id}
                ref={player}
                className={styles.player}
                src={playing.videoUrl}
                poster={playing.videoPicture ?? undefined}
                controls
                preload="metadata"
                onLoadedMetadata={onMetadata}
                data-testid="recording-player"
              />
              {playing.screenshots.length > 0 && (
                <div className={styles.shots}>
                  {playing.screenshots.map((s) => (
                    <button type="button" key={s.url} className={styles.shot} onClick={() => seek(playing, s.time)} title={t('跳到 {time}', { time: s.time })}>
                      {/* eslint-disable-next-line @next/next/no-img-element -- 上传服务的缩略图，按登录态读取 */}
                      <img src={thumbUrl(s.url)} alt={s.time} />
                      {formatDuration(offsetSeconds(playing.recordingTime, s.time))}
                    </button>
                  ))}
                </div>
              )}
            </div>
          ) : (
            data && <Empty description={t('暂无录像')} style={{ margin: '24px 0' }} />
          )}
          <Table<RecordingItem>
            size="small"
            rowKey="id"
            loading={!data}
            dataSource={data?.list ?? []}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
            rowClassName={(r) => (r.id === playing?.id ? 'ant-table-row-selected' : '')}
            locale={{ emptyText: t('暂无录像') }}
            columns={[
              { title: t('录制时间'), dataIndex: 'recordingTime', width: 170 },
              { title: t('时长'), dataIndex: 'videoDuration', width: 90, render: (v: number) => formatDuration(v) },
              { title: t('大小'), dataIndex: 'videoSize', width: 90, render: (v: number) => formatSize(v) },
              // 培训班的录像没有考点与计划步骤
              ...(isClass
                ? []
                : [
                    { title: t('考点'), dataIndex: 'siteName', ellipsis: true, render: (v: string | null) => v ?? '—' },
                    { title: t('步骤'), dataIndex: 'stepName', width: 100, render: (v: string | null) => (v ? t(v) : '—') },
                  ]),
              { title: t('录制人'), dataIndex: 'createdByName', width: 90 },
              {
                title: t('操作'),
                key: 'play',
                width: 80,
                render: (_v, r) => (
                  <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={() => setPlaying(r)} data-testid="recording-play">
                    {t('播放')}
                  </Button>
                ),
              },
            ]}
          />
        </div>
      </Modal>
      <RecordingDialog
        open={recording}
        onClose={() => {
          setRecording(false);
          setPipActive(false);
        }}
        onPictureInPicture={setPipActive}
        planCode={planCode}
        planStep={ctx?.planStep}
        siteCode={siteCode}
        onSaved={(item) => {
          setPlaying(item);
          setPage(1);
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}
