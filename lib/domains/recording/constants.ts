// 录像助手的常量（SPEC §9 与 §4 "Recording"）：浏览器里的录制对话框与服务端的检查共用这一处。
import { anyKind } from '../access/kind-keys';
import { PLAN_STEP } from '../exaPlan/transitions';
import { RECORD_CLASS_PERMISSIONS, VIEW_CLASS_RECORDINGS_PERMISSIONS } from '../trainClass/transitions';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

/** 计时器：每 1000 ms 加一秒 */
export const TIMER_TICK_MS = 1000;

/** 截图：每 600 000 ms（10 分钟）一张，第一张在开始后 1 秒；700×390 PNG；截图前等 10 ms */
export const SCREENSHOT_INTERVAL_MS = 600_000;
export const FIRST_SCREENSHOT_MS = 1000;
export const SCREENSHOT_DELAY_MS = 10;
export const SCREENSHOT_WIDTH = 700;
export const SCREENSHOT_HEIGHT = 390;
export const SCREENSHOT_TYPE = 'image/png';

/** 视频：webm vp9；浏览器不支持 vp9 时退回 webm 的默认编码 */
export const VIDEO_MIME = 'video/webm;codecs=vp9';
export const VIDEO_MIME_FALLBACK = 'video/webm';

/** 摄像头：最低 1280×720，理想与最高 1920×1080 */
export const CAMERA_CONSTRAINTS = {
  width: { min: 1280, ideal: 1920, max: 1920 },
  height: { min: 720, ideal: 1080, max: 1080 },
} as const;

/** MediaRecorder 每隔多久交出一段数据（本地保存的录像逐段写入 IndexedDB，页面意外关闭也不丢） */
export const RECORDER_TIMESLICE_MS = 5000;

/** 这些步骤的录像先存在本机（连同定时截图），保存时才上传；其余步骤与培训班结束录制后先上传视频 */
export const LOCAL_FIRST_STEPS: readonly number[] = [PLAN_STEP.IMPORT_EXAMINEES, PLAN_STEP.EXAM_AFFAIRS];
export const isLocalFirst = (planStep: number): boolean => LOCAL_FIRST_STEPS.includes(planStep);

/** 一段录像最长 24 小时；截图至多每 10 分钟一张（再加第一张） */
export const MAX_DURATION_SECONDS = 24 * 3600;
export const MAX_SCREENSHOTS = MAX_DURATION_SECONDS / (SCREENSHOT_INTERVAL_MS / 1000) + 1;
/** 录制开始时间最早可在几天前（本机保存后过几天才保存的也收） */
export const MAX_RECORDING_AGE_DAYS = 30;
/** 客户端与服务器的时钟误差容许（秒） */
export const CLOCK_SKEW_SECONDS = 300;

/** SPEC §5 / §8 的原文（保存成功的提示用列表框架的 list.success.save：“保存成功”） */
export const CAMERA_FAILURE_MESSAGE = '摄像头开启失败，请检查摄像头是否可用！';

/** 保存成功后记在本机的标记（SPEC §4：录像标记与计划数据保存在本地）与广播的事件名 */
export const SAVED_FLAG_PREFIX = 'recording.saved.';
export const SAVED_EVENT = 'recording:saved';

/** 培训班的编号以 PX 开头（trainClass 的 classCode）：planCode 是这样的编号时录像挂在培训班上，否则挂在考试计划上 */
export const CLASS_CODE_PREFIX = 'PX';
export const isClassCode = (code: string): boolean => code.startsWith(CLASS_CODE_PREFIX);

/** 可以为考试计划（考点）录像：办理计划或考点的机构、审核计划的管理员 */
export const PLAN_RECORD_PERMISSIONS: readonly MenuPermission[] = [...anyKind('exaPlan', 'edit'), 'exaPlanAudit.edit', 'examSite.edit'];
/** 可以为培训班录像：开班机构、审批开班的管理员（规则在 trainClass/transitions.ts 的 canRecordClass，班级列表的行操作同一份） */
export const CLASS_RECORD_PERMISSIONS: readonly MenuPermission[] = RECORD_CLASS_PERMISSIONS;
/** 可以录像（保存录像端点的权限）：上面两者之一；服务再按计划或培训班查对应的一份（否则 403） */
export const RECORD_PERMISSIONS: readonly MenuPermission[] = [...PLAN_RECORD_PERMISSIONS, ...CLASS_RECORD_PERMISSIONS];
/** 可以看考试计划（考点）的录像：能看计划或考点的人 */
export const PLAN_VIEW_PERMISSIONS: readonly MenuPermission[] = [...anyKind('exaPlan', 'query'), 'exaPlanAudit.query', 'examSite.query', 'examRoom.query'];
/** 可以看培训班的录像：能看开班申请或开班审批的人 */
export const CLASS_VIEW_PERMISSIONS: readonly MenuPermission[] = VIEW_CLASS_RECORDINGS_PERMISSIONS;
/** 可以看录像（列表与录制前准备端点的权限）：上面两者之一 */
export const VIEW_PERMISSIONS: readonly MenuPermission[] = [...PLAN_VIEW_PERMISSIONS, ...CLASS_VIEW_PERMISSIONS];
