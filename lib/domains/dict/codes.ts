// 内置字典：SPEC §3 的全部代码表，以及岗位职务、用户类型、培训类型、流程规则类型、生活交通补贴人员类别。
// 代码（value）照抄 SPEC；SPEC 未给出编号的（证书名称、职称类别、考试安排类型）在此定下并写明。
import { ORG_TYPES } from '../org/schemas';

export interface BuiltinDict {
  code: string;
  name: string;
  remark?: string;
  items: readonly { value: string; label: string }[];
}

const numbered = (labels: readonly string[], from = 0) => labels.map((label, i) => ({ value: String(from + i), label }));

/** 备案与审核状态 1–8 的共同部分；-1 与 0 在两套标签中不同（SPEC §3） */
const STATUS_1_TO_8 = ['审核驳回', '待复审', '复审驳回', '作废待审核', '作废成功', '已作废', '作废驳回', '审核完成'];

export const DICT = {
  PLAN_TYPE: 'PLAN_TYPE',
  PLAN_STEP: 'PLAN_STEP',
  CERT_TYPE: 'CERT_TYPE',
  ORG_TYPE: 'ORG_TYPE',
  FILING_STATUS: 'FILING_STATUS',
  AUDIT_STATUS: 'AUDIT_STATUS',
  TEACHER_USER_TYPE: 'TEACHER_USER_TYPE',
  TEACHER_TYPE: 'TEACHER_TYPE',
  TEACHER_CERT_NAME: 'TEACHER_CERT_NAME',
  CERT_LEVEL: 'CERT_LEVEL',
  TITLE_LEVEL: 'TITLE_LEVEL',
  TITLE_CATEGORY: 'TITLE_CATEGORY',
  EXAM_ARRANGE_TYPE: 'EXAM_ARRANGE_TYPE',
  JOB_DUTY: 'JOB_DUTY',
  USER_TYPE: 'USER_TYPE',
  TRAIN_TYPE: 'TRAIN_TYPE',
  PROCESS_RULE_TYPE: 'PROCESS_RULE_TYPE',
  SUBSIDY_GROUP: 'SUBSIDY_GROUP',
} as const;

export const BUILTIN_DICTS: readonly BuiltinDict[] = [
  { code: DICT.PLAN_TYPE, name: '计划类型', items: numbered(['技能等级认定', '职业资格', '专项能力', '机关工勤考试']) },
  {
    code: DICT.PLAN_STEP,
    name: '计划环节',
    items: numbered(['草稿计划', '实施计划', '导入考生', '编排考场', '考务安排', '成绩管理', '成绩公示', '证书管理', '国网数据上报', '证书打印']),
  },
  { code: DICT.CERT_TYPE, name: '证书类型', items: numbered(['技能等级认定', '职业资格', '专项能力', '机关工勤考试']) },
  {
    code: DICT.ORG_TYPE,
    name: '机构类型（备案）',
    items: Object.entries(ORG_TYPES).map(([value, label]) => ({ value, label })),
  },
  {
    code: DICT.FILING_STATUS,
    name: '备案状态',
    remark: '备案与审核状态码（字符串）',
    items: [{ value: '-1', label: '未备案' }, { value: '0', label: '审核中' }, ...numbered(STATUS_1_TO_8, 1)],
  },
  {
    code: DICT.AUDIT_STATUS,
    name: '审核状态',
    remark: '第二套标签：-1 为草稿，0 为待审核，其余同备案状态',
    items: [{ value: '-1', label: '草稿' }, { value: '0', label: '待审核' }, ...numbered(STATUS_1_TO_8, 1)],
  },
  {
    code: DICT.TEACHER_USER_TYPE,
    name: '教师类别',
    items: numbered(['任课教师', '班主任', '职业院校讲师或高级讲师', '企业师傅']),
  },
  {
    code: DICT.TEACHER_TYPE,
    name: '师资类型',
    items: numbered(['重点就业群体创业培训师资', '重点群体就业培训师资', '技能培训师资']),
  },
  {
    code: DICT.TEACHER_CERT_NAME,
    name: '教师证书名称',
    remark: 'SPEC 未给编号，按列出顺序自 0 编号；4、5 对应教师类别 2、3 预置的证明',
    items: numbered(['职业资格证书', '职业技能等级证书', '职称证书', '单位证明', '讲师证明', '企业师傅证明']),
  },
  {
    code: DICT.CERT_LEVEL,
    name: '证书等级',
    remark: '职业资格或技能等级证书的等级',
    items: [
      { value: 'TYPE_PRIMARY', label: '初级工（五级）' },
      { value: 'TYPE_MIDDLE', label: '中级工（四级）' },
      { value: 'TYPE_SENIOR', label: '高级工（三级）' },
      { value: 'TYPE_ARTIFICER', label: '技师（二级）' },
      { value: 'TYPE_SENIOR_ATTIFICER', label: '高级技师（一级）' },
    ],
  },
  { code: DICT.TITLE_LEVEL, name: '职称等级', items: numbered(['助理工程师', '工程师', '高级工程师']) },
  {
    code: DICT.TITLE_CATEGORY,
    name: '职称类别',
    remark: 'SPEC 未给编号，按列出顺序自 0 编号',
    items: numbered(['农业', '机电', '测绘', '石油化工', '医药', '民爆', '轻工', '建材', '铁路', '电力']),
  },
  {
    code: DICT.EXAM_ARRANGE_TYPE,
    name: '考试安排类型',
    remark: 'SPEC 未给编号：1 理论知识、2 现场操作、3 综合评审答辩，0 未安排',
    items: [
      { value: '1', label: '理论知识考试' },
      { value: '2', label: '现场操作考核' },
      { value: '3', label: '综合评审答辩' },
      { value: '0', label: '未安排' },
    ],
  },
  {
    code: DICT.JOB_DUTY,
    name: '岗位职务',
    remark: '考务人员的职务（SPEC §9：page 1、limit 1000 一次取全）',
    items: numbered(['考点主任', '考务人员', '考评员', '内部质量督导员', '监考人员', '阅卷人员', '信息技术保障人员'], 1),
  },
  {
    code: DICT.USER_TYPE,
    name: '用户类型',
    items: [
      { value: 'RENCAI_ADMIN', label: '省级管理员' },
      { value: 'RENCAI_SHI', label: '市级管理员' },
      { value: 'RENCAI_ORG', label: '机构用户' },
      { value: 'ORG_EVAL', label: '评价机构' },
      { value: 'ORG_TRAIN', label: '培训机构' },
      { value: 'ENTERPRISE', label: '企业' },
      { value: 'TEACHER', label: '教师' },
      { value: 'SUPERVISOR', label: '督导员' },
      { value: 'ASSESSOR', label: '考评员' },
      { value: 'USER', label: '普通用户' },
    ],
  },
  {
    code: DICT.TRAIN_TYPE,
    name: '培训类型',
    items: numbered(['就业技能培训', '岗位技能提升培训', '创业培训', '企业新型学徒制培训', '职业技能等级认定前培训'], 1),
  },
  {
    code: DICT.PROCESS_RULE_TYPE,
    name: '流程规则类型',
    items: [
      { value: 'FILING_AUDIT', label: '机构备案审核' },
      { value: 'TRAIN_CLASS_AUDIT', label: '培训班审核' },
      { value: 'SUBSIDY_AUDIT', label: '补贴审核' },
      { value: 'EXAM_PLAN_AUDIT', label: '考试计划审核' },
    ],
  },
  {
    code: DICT.SUBSIDY_GROUP,
    name: '生活交通补贴人员类别',
    remark: '可享受生活交通补贴的人员类别（补贴标准与申请按它选）',
    items: numbered(['脱贫劳动力', '农村转移就业劳动者', '登记失业人员', '毕业年度高校毕业生', '残疾人'], 1),
  },
];

/** 各类流程使用的状态字典（流程状态界面按此列出，标签可改） */
export const PROCESS_STATUS_DICT: Record<string, string> = {
  FILING_AUDIT: DICT.FILING_STATUS,
  TRAIN_CLASS_AUDIT: DICT.AUDIT_STATUS,
  SUBSIDY_AUDIT: DICT.AUDIT_STATUS,
  EXAM_PLAN_AUDIT: DICT.AUDIT_STATUS,
};
