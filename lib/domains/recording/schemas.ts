// 录像的输入模式（中文消息，前后端共用）与返回类型。SPEC §3 的保存载荷：recordingTime、videoDuration、videoPicture、
// planStep、planCode、videoSize、siteCode，截图 [{url, time}]；另加 videoUrl（视频本身的地址，载荷里不可少）。
import { z } from 'zod';
import { int, optionalText, required } from '@/lib/platform/validation/fields';
import { formatBeijing } from '@/lib/platform/time';
import { FILE_URL_PATTERN } from '../file/schemas';
import { MAX_DURATION_SECONDS, MAX_SCREENSHOTS } from './constants';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** 北京时间 YYYY-MM-DD HH:mm:ss → 时刻（不是合法时间为 null） */
export function parseBeijing(value: string): Date | null {
  if (!DATETIME.test(value)) return null;
  const d = new Date(`${value.replace(' ', 'T')}+08:00`);
  // 2 月 30 日之类会被 Date 顺延：格式化回来不一致即不合法
  return Number.isNaN(d.getTime()) || formatBeijing(d) !== value ? null : d;
}

const datetime = (label: string) =>
  z
    .string({ error: `请指定${label}` })
    .trim()
    .regex(DATETIME, `${label}格式应为 YYYY-MM-DD HH:mm:ss`)
    .refine((v) => parseBeijing(v) !== null, `${label}不正确`)
    .describe(`${label}（北京时间 YYYY-MM-DD HH:mm:ss）`);

const fileUrl = (label: string) =>
  z
    .string({ error: `请上传${label}` })
    .trim()
    .regex(FILE_URL_PATTERN, `${label}须是经本系统上传得到的地址`)
    .describe(`${label}（上传服务给出的 /files/… 地址）`);

/** 计划编号（或培训班编号）与（可选的）考点编号：录像挂在哪份计划、哪个考点或哪个培训班上 */
const target = {
  planCode: required('计划编号', 32).describe('考试计划编号，或培训班编号（PX 开头）（SPEC 的 planCode，即记录的 bizCode）'),
  siteCode: optionalText('考点编号', 16)
    .refine((v) => v === undefined || /^\d{1,10}$/.test(v), '考点编号不正确')
    .describe('考点编号（计划考点的编号，可不填；培训班没有考点）'),
};

export const RecordingTargetInput = z.object(target);

export const RecordingListInput = z.object(target);

export const RecordingScreenshotInput = z.object({
  url: fileUrl('截图'),
  time: datetime('截图时间'),
});

export const RecordingSaveInput = z.object({
  ...target,
  planStep: int('计划步骤', 0, 9).optional().describe('录制时计划所处的步骤（只作核对：记录的是服务端计划当时的步骤；培训班不填）'),
  recordingTime: datetime('录制时间'),
  videoDuration: int('视频时长', 1, MAX_DURATION_SECONDS).describe('视频时长（秒）'),
  videoUrl: fileUrl('视频'),
  videoSize: z.coerce
    .number({ error: '视频大小必须是数字' })
    .int('视频大小必须是整数')
    .min(1, '视频大小不正确')
    .max(Number.MAX_SAFE_INTEGER, '视频大小不正确')
    .optional()
    .describe('视频字节数（只作核对：记录的是上传服务收到的字节数）'),
  videoPicture: fileUrl('封面').optional(),
  screenshots: z
    .array(RecordingScreenshotInput, { error: '截图须是列表' })
    .max(MAX_SCREENSHOTS, `截图最多 ${MAX_SCREENSHOTS} 张`)
    .default([])
    .describe('定时截图 [{url, time}]'),
});
export type RecordingSave = z.output<typeof RecordingSaveInput>;

/** 录像挂在什么上：考试计划（可再到考点）或培训班 */
export type RecordingKind = 'plan' | 'class';

/** 打开录制对话框前：计划（与考点）或培训班是否可录、按哪种方式保存 */
export interface RecordingContext {
  kind: RecordingKind;
  /** 计划编号或培训班编号 */
  planCode: string;
  /** 计划名称或培训班名称 */
  planName: string;
  /** 计划所在的步骤；培训班为空 */
  planStep: number | null;
  /** 步骤名称；培训班为班级的状态名称 */
  stepName: string;
  siteCode: string | null;
  siteName: string | null;
  /** 本步骤的录像先存本机、保存时上传（SPEC：第 2、4 步） */
  localFirst: boolean;
  /** 当前用户此刻可以为该计划（培训班）录像 */
  canRecord: boolean;
  /** 不能录像的原因 */
  reason: string | null;
}

export interface RecordingItem {
  id: number;
  kind: RecordingKind;
  planCode: string;
  /** 保存时计划所在的步骤与名称；培训班的录像为空 */
  planStep: number | null;
  stepName: string | null;
  siteCode: string | null;
  siteName: string | null;
  recordingTime: string;
  videoDuration: number;
  videoUrl: string;
  videoSize: number;
  videoPicture: string | null;
  screenshots: { url: string; time: string }[];
  createdByName: string;
  createTime: string;
}
