// 统计表的列（界面与导出共用同一份：导出的表头与数字和界面一致）。首列是名称，其余是数字列，合计行为各数字列之和。
// 只有数据，不引用服务端代码，界面可直接引用。

export interface StatColumn {
  key: string;
  title: string;
}

export interface StatSpec {
  /** 界面标题、导出的工作表名 */
  title: string;
  /** 名称列（合计行在此列写“合计”） */
  label: StatColumn;
  /** 数字列 */
  numbers: readonly StatColumn[];
}

const KIND_COLUMNS = [
  { key: 'skillLevel', title: '技能等级认定' },
  { key: 'qualification', title: '职业资格' },
  { key: 'specialAbility', title: '专项能力' },
  { key: 'organWork', title: '机关工勤' },
] as const;

export const STAT_SPECS = {
  orgType: {
    title: '机构类型统计',
    label: { key: 'orgTypeName', title: '机构类型' },
    numbers: [...KIND_COLUMNS, { key: 'total', title: '备案机构合计' }],
  },
  summary: {
    title: '鉴定汇总统计',
    label: { key: 'cityName', title: '地市' },
    numbers: [
      { key: 'evalOrgs', title: '备案机构' },
      { key: 'plans', title: '开考计划' },
      { key: 'examinees', title: '报名人数' },
      { key: 'certificates', title: '取证人数' },
      { key: 'assessors', title: '考评员' },
      { key: 'supervisors', title: '督导员' },
    ],
  },
  evalOrgs: {
    title: '评价机构统计',
    label: { key: 'orgName', title: '评价机构' },
    numbers: [
      { key: 'filings', title: '有效备案' },
      { key: 'plans', title: '开考计划' },
      { key: 'examinees', title: '报名人数' },
      { key: 'certificates', title: '取证人数' },
    ],
  },
  evalOrgsByCity: {
    title: '各市评价机构',
    label: { key: 'cityName', title: '地市' },
    numbers: [...KIND_COLUMNS, { key: 'total', title: '备案机构合计' }],
  },
  evaluators: {
    title: '考评员与督导员',
    label: { key: 'cityName', title: '地市' },
    numbers: [
      { key: 'assessors', title: '考评员' },
      { key: 'assessorsActive', title: '在岗考评员' },
      { key: 'supervisors', title: '督导员' },
      { key: 'supervisorsActive', title: '在岗督导员' },
    ],
  },
  process: {
    title: '流程数据统计',
    label: { key: 'stepName', title: '流程步骤' },
    numbers: [
      { key: 'working', title: '办理中' },
      { key: 'cityReview', title: '待市级审核' },
      { key: 'provinceReview', title: '待省级审核' },
      { key: 'rejected', title: '审核驳回' },
      { key: 'cancelled', title: '已取消' },
      { key: 'total', title: '合计' },
    ],
  },
  trainCount: {
    title: '培训人次统计',
    label: { key: 'cityName', title: '地市' },
    numbers: [
      { key: 'classes', title: '培训班' },
      { key: 'students', title: '培训人次' },
      { key: 'completed', title: '结业人次' },
      { key: 'notCompleted', title: '未结业人次' },
    ],
  },
  uploadTrain: {
    title: '培训上报人次',
    label: { key: 'cityName', title: '地市' },
    numbers: [
      { key: 'classes', title: '已上报培训班' },
      { key: 'students', title: '培训人次' },
      { key: 'reported', title: '已上报人次' },
      { key: 'approved', title: '审核通过人次' },
      { key: 'notReported', title: '未上报人次' },
    ],
  },
  uploadStateGrid: {
    title: '国网上报人次',
    label: { key: 'cityName', title: '地市' },
    numbers: [
      { key: 'certificates', title: '取证人次' },
      { key: 'submitted', title: '已上报人次' },
      { key: 'accepted', title: '已接收人次' },
      { key: 'notReported', title: '未上报人次' },
    ],
  },
} as const satisfies Record<string, StatSpec>;

export type StatKey = keyof typeof STAT_SPECS;

/** 合计行名称列的文字 */
export const TOTAL_LABEL = '合计';
/** 没有所在市的数据（省直机构）的行名 */
export const NO_CITY_LABEL = '省直';
