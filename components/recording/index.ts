// 录像助手：考点、考试计划与培训班（planCode 为 PX 开头的班级编号）的界面从这里引用（按需加载：next/dynamic 引这两个文件的默认导出）。
//   <RecordingDialog open planCode planStep siteCode onClose onSaved />  录一段并保存
//   <RecordingListDialog open planCode siteCode name onClose />          某计划（考点）或培训班的录像列表、播放与“开始录制”
// 保存成功后还会在 window 上广播 'recording:saved'（detail 为保存的录像），本机记下 recording.saved.<计划编号>。
export { RecordingDialog, type RecordingDialogProps } from './RecordingDialog';
export { RecordingListDialog, type RecordingListDialogProps } from './RecordingListDialog';
export { SAVED_EVENT, SAVED_FLAG_PREFIX } from '@/lib/domains/recording/constants';
export type { RecordingItem } from '@/lib/domains/recording/schemas';
