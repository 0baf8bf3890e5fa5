// 机构与部门的代码表（前后端共用，不依赖 zod）。
export const ORG_CATEGORIES = { eval: '评价机构', train: '培训机构', enterprise: '企业', admin: '管理单位' } as const;
export type OrgCategory = keyof typeof ORG_CATEGORIES;

/** SPEC §3 机构类型（备案） */
export const ORG_TYPES: Record<number, string> = {
  0: '企业/用人单位',
  1: '央企分支机构',
  2: '技工院校',
  3: '社会培训评价组织',
  100: '社会鉴定机构',
  101: '国家统一鉴定机构',
  102: '国际合作鉴定机构',
  103: '民办职业培训机构',
};

/** 机构状态（organisation.status） */
export const ORG_STATE = { NORMAL: 0, DISABLED: 1, PENDING: 2 } as const;
export const ORG_STATUS: Record<number, string> = { [ORG_STATE.NORMAL]: '正常', [ORG_STATE.DISABLED]: '停用', [ORG_STATE.PENDING]: '待审核' };

/** 部门审核状态 */
export const DEPT_AUDIT = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const DEPT_AUDIT_STATUS: Record<number, string> = { [DEPT_AUDIT.PENDING]: '待审核', [DEPT_AUDIT.APPROVED]: '审核通过', [DEPT_AUDIT.REJECTED]: '审核驳回' };

