// 教师的命名常量与表单消息（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。
import { MOBILE_MESSAGE } from '@/lib/platform/identity/mobile';

// ---------- 代码表 ----------

/** 教师类型 userType（SPEC §3） */
export const USER_TYPE = { CLASS_TEACHER: 0, HEAD_TEACHER: 1, LECTURER: 2, MASTER_WORKER: 3 } as const;
export const USER_TYPE_LABEL: Record<number, string> = {
  0: '班主任',
  1: '带头教师',
  2: '职业院校讲师或高级讲师',
  3: '企业师傅',
};

/** 师资类型 teacherType（SPEC §3） */
export const TEACHER_TYPE_LABEL: Record<number, string> = {
  0: '重点群体创业培训师资',
  1: '重点群体就业培训师资',
  2: '技能培训师资',
};

/** 证书名称 certificateName（SPEC §3） */
export const CERT_KIND = { QUALIFICATION: 0, SKILL: 1, TITLE: 2, UNIT: 3, LECTURER_PROOF: 4, MASTER_PROOF: 5 } as const;
export const CERT_KIND_LABEL: Record<number, string> = {
  0: '职业资格证书',
  1: '职业技能等级证书',
  2: '职称证书',
  3: '单位证明',
  4: '讲师证明',
  5: '企业师傅证明',
};

/** 证书等级（职业资格、职业技能等级证书） */
export const CERT_LEVELS = ['TYPE_PRIMARY', 'TYPE_MIDDLE', 'TYPE_SENIOR', 'TYPE_ARTIFICER', 'TYPE_SENIOR_ATTIFICER'] as const;
export const CERT_LEVEL_LABEL: Record<string, string> = {
  TYPE_PRIMARY: '初级工',
  TYPE_MIDDLE: '中级工',
  TYPE_SENIOR: '高级工',
  TYPE_ARTIFICER: '技师',
  TYPE_SENIOR_ATTIFICER: '高级技师',
};

/** 职称等级（职称证书的 typeLevel） */
export const TITLE_LEVEL_LABEL: Record<string, string> = { '0': '助理工程师', '1': '工程师', '2': '高级工程师' };

/** 职称类别（职称证书的 wordId） */
export const TITLE_CATEGORY_LABEL: Record<string, string> = {
  AGRICULTURE: '农业',
  ELECTROMECHANICAL: '机电',
  SURVEYING: '测绘',
  PETROCHEMICAL: '石油化工',
  MEDICINE: '医药',
  CIVIL_EXPLOSIVES: '民爆',
  LIGHT_INDUSTRY: '轻工',
  BUILDING_MATERIALS: '建材',
  RAILWAY: '铁道',
  ELECTRIC_POWER: '电力',
};

/** 需要证明的教师类型 → 证明的证书名称（SPEC §4：类型 2、3 预置一行对应的证明，类型 1 不需要） */
export const PROOF_KIND_OF_USER_TYPE: Partial<Record<number, number>> = {
  [USER_TYPE.LECTURER]: CERT_KIND.LECTURER_PROOF,
  [USER_TYPE.MASTER_WORKER]: CERT_KIND.MASTER_PROOF,
};

/** 需要工种与等级的证书 */
export const WORK_CERT_KINDS: readonly number[] = [CERT_KIND.QUALIFICATION, CERT_KIND.SKILL];

// ---------- 表单消息（SPEC §5 原文） ----------

export const TEACHER_MESSAGES = {
  avatar: '请上传教师头像',
  nickName: '请输入用户名',
  realName: '请输入真实姓名',
  userType: '请选择教师类型',
  cardNo: '请输入正确的身份证号',
  phone: MOBILE_MESSAGE,
  phoneRequired: '请输入手机号',
  email: '请输入常用邮箱',
  emailFormat: '邮箱格式不正确',
  region: '请选择行政区划',
  competent: '请选择主管单位',
  teacherType: '请选择师资类型',
  content: '请输入简介描述',
  units: '请选择上班单位',
  opinion: '请输入审核意见',
  certName: '请选择证书名称',
  certCode: '请输入证书编号',
  certWork: '请选择工种',
  certTitleCategory: '请选择职称类别',
  certLevel: '请选择证书等级',
  certTitleLevel: '请选择职称等级',
  certFile: '请上传证书图片',
  lecturerProof: '职业院校讲师须上传讲师证明',
  masterProof: '企业师傅须上传企业师傅证明',
} as const;
