// 录像助手的端点（SPEC §7 "Recording save"：路径原文未给出，这里命名为 /recording/...）。规则在 service.ts。
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { RecordingListInput, RecordingSaveInput, RecordingTargetInput } from './schemas';
import { RECORD_PERMISSIONS, VIEW_PERMISSIONS } from './constants';
import { listRecordings, recordingContext, saveRecording } from './service';

export const recordingApi = {
  'POST /recording/context': endpoint({
    summary: '录制前的准备：按计划编号（与考点编号）给出计划名称、所在步骤、是否先存本机（第 2、4 步）与当前用户能否录像及原因',
    permission: VIEW_PERMISSIONS,
    input: RecordingTargetInput,
    handle: (filter, ctx) => recordingContext(ctx.db, sessionOf(ctx), filter),
  }),
  'POST /recording/save': endpoint({
    summary:
      '保存录像：recordingTime、videoDuration（秒）、videoUrl、videoPicture、planStep、planCode、videoSize、siteCode 与截图 [{url, time}]；文件须是本人经 /uploadMulti 上传的，计划须在范围内、审核通过且未取消',
    permission: RECORD_PERMISSIONS,
    input: RecordingSaveInput,
    handle: (input, ctx) => saveRecording(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /recording/list': endpoint({
    summary: '某考试计划（可再按考点）的录像，新的在前：视频地址（可直接用 <video> 播放，支持拖动）、封面、截图、时长与大小',
    permission: VIEW_PERMISSIONS,
    input: RecordingListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listRecordings(ctx.db, sessionOf(ctx), filter, page),
  }),
} satisfies EndpointTable;
