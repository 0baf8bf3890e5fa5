// 督导各界面共用的选项与表单项（督导意见、对机构的评价、考试异常记录、报送材料）。
import type { FieldSpec, Option } from '@/components/list/types';

export const CONCLUSIONS: Option[] = [
  { label: '规范', value: 1 },
  { label: '基本规范', value: 2 },
  { label: '不规范', value: 3 },
];
export const RATINGS: Option[] = [
  { label: '优秀', value: 1 },
  { label: '合格', value: 2 },
  { label: '不合格', value: 3 },
];
export const ABNORMAL_KINDS: Option[] = [
  { label: '违纪', value: 1 },
  { label: '作弊', value: 2 },
  { label: '缺考', value: 3 },
  { label: '设备故障', value: 4 },
  { label: '突发事件', value: 5 },
  { label: '其他', value: 6 },
];
export const FILE_TYPES: Option[] = [
  { label: '督导报告', value: 1 },
  { label: '现场照片', value: 2 },
  { label: '考场视频', value: 3 },
  { label: '其他材料', value: 4 },
];

const evidence: FieldSpec = { name: 'files', label: '佐证材料', type: 'file', upload: { purpose: 'attachment', maxCount: 9 } };

export const OPINION_FIELDS: FieldSpec[] = [
  { name: 'conclusion', label: '督导结论', type: 'radio', required: true, options: CONCLUSIONS, initialValue: 1 },
  { name: 'content', label: '督导意见', type: 'textarea', required: true },
  evidence,
];

export const ORG_OPINION_FIELDS: FieldSpec[] = [
  { name: 'rating', label: '评价', type: 'radio', required: true, options: RATINGS, initialValue: 1 },
  { name: 'content', label: '评价意见', type: 'textarea', required: true },
  { name: 'suggestion', label: '整改建议', type: 'textarea' },
];

/** 异常记录的表单项；sessionField 为选择场次的项（从督导任务新增时场次已定，不要） */
export function abnormalFields(sessionField?: FieldSpec): FieldSpec[] {
  return [
    ...(sessionField ? [sessionField] : []),
    { name: 'kind', label: '异常类别', type: 'select', required: true, options: ABNORMAL_KINDS, span: 12 },
    { name: 'occurredAt', label: '发生时间', type: 'datetime', required: true, span: 12 },
    { name: 'ticketNo', label: '准考证号', span: 12, placeholder: '涉及考生时填写' },
    { name: 'description', label: '情况说明', type: 'textarea', required: true },
    { name: 'handling', label: '处理结果', type: 'textarea' },
    evidence,
  ];
}

export const NETWORK_FILE_FIELDS: FieldSpec[] = [
  { name: 'name', label: '材料名称', required: true },
  { name: 'fileType', label: '材料类别', type: 'select', required: true, options: FILE_TYPES },
  { name: 'url', label: '材料文件', type: 'file', required: true, upload: { purpose: 'attachment' } },
];
