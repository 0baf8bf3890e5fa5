'use client';
// 摄像头录制（SPEC §4 "Recording"、§9）：取得摄像头即开始录（webm/vp9），计时器每 1000 ms 加一秒；
// 第一张截图在 1 秒时（700×390 PNG，截前等 10 ms），先存本机的录像（第 2、4 步）之后每 10 分钟一张；
// 先存本机的录像每段数据一到就写入 IndexedDB。结束录制停止计时器、截图定时器与摄像头。
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { formatBeijing } from '@/lib/platform/time';
import {
  CAMERA_CONSTRAINTS,
  FIRST_SCREENSHOT_MS,
  RECORDER_TIMESLICE_MS,
  SCREENSHOT_DELAY_MS,
  SCREENSHOT_HEIGHT,
  SCREENSHOT_INTERVAL_MS,
  SCREENSHOT_TYPE,
  SCREENSHOT_WIDTH,
  TIMER_TICK_MS,
  VIDEO_MIME,
  VIDEO_MIME_FALLBACK,
} from '@/lib/domains/recording/constants';
import { addShot, appendChunk, saveMeta, type LocalRecording } from './local-store';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'stopped' | 'failed';

/** 结束录制后得到的一段录像 */
export interface Take {
  recordingTime: string;
  duration: number;
  mime: string;
  /** 只在内存里的视频（结束后先上传的方式） */
  video: Blob | null;
  /** 本机保存的录像（先存本机的方式） */
  local: LocalRecording | null;
  /** 封面：第一张截图 */
  cover: Blob | null;
}

interface Options {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** 先存本机（IndexedDB，连同定时截图） */
  localFirst: boolean;
  planCode: string;
  siteCode: string | null;
}

const supportedMime = () => (typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(VIDEO_MIME) ? VIDEO_MIME : VIDEO_MIME_FALLBACK);

/** 视频当前画面缩放成 700×390 的 PNG */
function snapshot(video: HTMLVideoElement): Promise<Blob | null> {
  return new Promise((resolve) => {
    setTimeout(() => {
      const canvas = document.createElement('canvas');
      canvas.width = SCREENSHOT_WIDTH;
      canvas.height = SCREENSHOT_HEIGHT;
      const ctx = canvas.getContext('2d');
      if (!ctx || video.readyState < 2) return resolve(null);
      ctx.drawImage(video, 0, 0, SCREENSHOT_WIDTH, SCREENSHOT_HEIGHT);
      canvas.toBlob((b) => resolve(b), SCREENSHOT_TYPE);
    }, SCREENSHOT_DELAY_MS);
  });
}

export function useRecorder({ videoRef, localFirst, planCode, siteCode }: Options) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [seconds, setSeconds] = useState(0);
  const secondsRef = useRef(0);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timers = useRef<{ tick?: number; first?: number; shots?: number }>({});
  const take = useRef<Omit<Take, 'video' | 'duration'> | null>(null);
  /** 写 IndexedDB 排成一列，结束时等它写完 */
  const writes = useRef<Promise<void>>(Promise.resolve());

  const clearTimers = () => {
    window.clearInterval(timers.current.tick);
    window.clearTimeout(timers.current.first);
    window.clearInterval(timers.current.shots);
    timers.current = {};
  };

  const releaseCamera = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };

  const queue = (work: () => Promise<void>) => {
    writes.current = writes.current.then(work).catch(() => undefined);
  };

  /** 取得摄像头并开始录制；摄像头不可用时 phase 为 failed */
  const start = useCallback(async () => {
    setPhase('starting');
    setSeconds(0);
    secondsRef.current = 0;
    chunks.current = [];
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: CAMERA_CONSTRAINTS, audio: false });
    } catch {
      setPhase('failed');
      return;
    }
    const video = videoRef.current;
    if (video) {
      video.srcObject = stream.current;
      await video.play().catch(() => undefined);
    }
    const mime = supportedMime();
    const recordingTime = formatBeijing(new Date());
    const local: LocalRecording | null = localFirst ? { id: crypto.randomUUID(), planCode, siteCode, recordingTime, duration: 0, mime, finished: false } : null;
    if (local) await saveMeta(local).catch(() => undefined);
    take.current = { recordingTime, mime, local, cover: null };
    const rec = new MediaRecorder(stream.current, { mimeType: mime });
    rec.ondataavailable = (e) => {
      if (!e.data.size) return;
      if (local) {
        const meta = { ...local, duration: secondsRef.current };
        queue(() => appendChunk(meta, e.data));
      } else chunks.current.push(e.data);
    };
    recorder.current = rec;
    rec.start(RECORDER_TIMESLICE_MS);
    setPhase('recording');
    timers.current.tick = window.setInterval(() => {
      secondsRef.current += 1;
      setSeconds(secondsRef.current);
    }, TIMER_TICK_MS);
    const shoot = async () => {
      const v = videoRef.current;
      const blob = v ? await snapshot(v) : null;
      if (!blob || !take.current) return;
      take.current.cover ??= blob;
      const time = formatBeijing(new Date());
      if (local) queue(() => addShot(local.id, { time, blob }));
    };
    timers.current.first = window.setTimeout(() => {
      void shoot();
      if (local) timers.current.shots = window.setInterval(() => void shoot(), SCREENSHOT_INTERVAL_MS);
    }, FIRST_SCREENSHOT_MS);
  }, [videoRef, localFirst, planCode, siteCode]);

  /** 结束录制：停计时器、截图定时器与摄像头，交出这段录像 */
  const stop = useCallback(async (): Promise<Take | null> => {
    clearTimers();
    const rec = recorder.current;
    recorder.current = null;
    if (rec && rec.state !== 'inactive') {
      const stopped = new Promise((resolve) => rec.addEventListener('stop', resolve, { once: true }));
      rec.stop();
      await stopped;
    }
    releaseCamera();
    if (videoRef.current) videoRef.current.srcObject = null;
    const started = take.current;
    if (!started) {
      setPhase('idle');
      return null;
    }
    const duration = Math.max(1, secondsRef.current);
    if (started.local) {
      const meta = { ...started.local, duration, finished: true };
      queue(() => saveMeta(meta));
      await writes.current;
      started.local = meta;
    }
    setPhase('stopped');
    return { ...started, duration, video: started.local ? null : new Blob(chunks.current, { type: started.mime }) };
  }, [videoRef]);

  // 关闭对话框（卸载）时：停止一切；先存本机的录像已在 IndexedDB 里，下次可以保存
  useEffect(
    () => () => {
      clearTimers();
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
      recorder.current = null;
      releaseCamera();
    },
    [],
  );

  return { phase, seconds, start, stop };
}
