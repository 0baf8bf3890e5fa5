// 录像界面的显示格式：时长 HH:mm:ss（不足一小时 mm:ss）、文件大小。

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${pad(h)}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/** 截图时间相对录制开始的秒数（播放器跳到该处）；两者都是北京时间 YYYY-MM-DD HH:mm:ss */
export function offsetSeconds(recordingTime: string, time: string): number {
  const at = (v: string) => Date.parse(`${v.replace(' ', 'T')}+08:00`);
  return Math.max(0, Math.round((at(time) - at(recordingTime)) / 1000));
}
