// 录像的上传与保存：视频经上传服务（对象存储直传，本地存储时 uploadMulti），封面与截图作为附件（只有本机构与管辖它的管理员可读），
// 再调 /recording/save。保存成功后在本机记下录像标记与计划数据，并广播事件（SPEC §4）。
import { apiPost } from '@/components/api-client';
import { uploadMulti, uploadVideo } from '@/components/upload/transport';
import { beijingStamp } from '@/lib/platform/time';
import { SAVED_EVENT, SAVED_FLAG_PREFIX } from '@/lib/domains/recording/constants';
import type { RecordingItem } from '@/lib/domains/recording/schemas';
import type { UploadedFile } from '@/lib/domains/file/schemas';

export interface UploadTexts {
  systemError: string;
  uploadFailed: string;
}

export function uploadRecordingVideo(blob: Blob, texts: UploadTexts, onProgress?: (percent: number) => void): Promise<UploadedFile> {
  const file = new File([blob], `recording-${beijingStamp(new Date())}.webm`, { type: 'video/webm' });
  return uploadVideo(file, { purpose: 'video', onProgress, ...texts });
}

export async function uploadScreenshot(blob: Blob, texts: UploadTexts): Promise<string> {
  const file = new File([blob], `screenshot-${beijingStamp(new Date())}.png`, { type: 'image/png' });
  return (await uploadMulti(file, { purpose: 'attachment', ...texts })).url;
}

export interface SaveBody {
  planCode: string;
  /** 计划的步骤；培训班不给 */
  planStep?: number;
  siteCode?: string;
  recordingTime: string;
  videoDuration: number;
  videoUrl: string;
  videoSize: number;
  videoPicture?: string;
  screenshots: { url: string; time: string }[];
}

/** 保存；成功后记下标记、广播 recording:saved */
export async function saveRecording(body: SaveBody): Promise<RecordingItem> {
  const item = await apiPost('/recording/save', body);
  try {
    localStorage.setItem(`${SAVED_FLAG_PREFIX}${body.planCode}`, JSON.stringify({ id: item.id, planCode: body.planCode, planStep: body.planStep ?? null, siteCode: body.siteCode ?? null, savedAt: item.createTime }));
  } catch {
    // 本机存储不可用（隐私模式等）：标记只是提示用
  }
  window.dispatchEvent(new CustomEvent(SAVED_EVENT, { detail: item }));
  return item;
}
