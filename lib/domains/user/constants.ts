// 用户的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。

/** 用户类型（账号管理、人员绑定共用） */
export const USER_TYPES: Record<string, string> = {
  RENCAI_ADMIN: '省级管理员',
  RENCAI_SHI: '市县管理员',
  RENCAI_ORG: '机构用户',
  ENTERPRISE: '企业用户',
  TEACHER: '教师',
  SUPERVISOR: '督导员',
  ASSESSOR: '考评员',
  USER: '普通用户',
};
