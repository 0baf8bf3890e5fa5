// 账号状态（sys_user.status）的命名常量与说法：登录、注册审核、账号管理、人员绑定都按它，不写裸数字。
// 冻结与解冻的状态机在 workflow.ts（lib/platform/workflow）。纯数据，界面也可引用。
export const USER_STATUS = {
  NORMAL: 0,
  FROZEN: 1,
  /** 自助注册，待审核 */
  PENDING: 2,
  /** 注册被驳回 */
  REJECTED: 3,
} as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

export const USER_STATUS_LABEL: Record<number, string> = {
  [USER_STATUS.NORMAL]: '正常',
  [USER_STATUS.FROZEN]: '冻结',
  [USER_STATUS.PENDING]: '待审核',
  [USER_STATUS.REJECTED]: '已驳回',
};

export const USER_STATUS_COLOR: Record<number, string> = {
  [USER_STATUS.NORMAL]: 'success',
  [USER_STATUS.FROZEN]: 'error',
  [USER_STATUS.PENDING]: 'processing',
  [USER_STATUS.REJECTED]: 'default',
};

/** 还没有通过注册审核的账号：不能登录、不能绑定为人员 */
export const UNUSABLE_STATUSES: readonly number[] = [USER_STATUS.PENDING, USER_STATUS.REJECTED];
