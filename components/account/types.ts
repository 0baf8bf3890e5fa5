// 账号设置页面由服务端取好的本人资料（只含页面需要的字段）。
export interface AccountProfile {
  code: string;
  account: string;
  nickName: string;
  realName: string | null;
  email: string | null;
  avatar: string | null;
  mobile: string | null;
  userType: string;
  /** 3 强 4 弱 */
  passwordStrength: number;
  /** 所属：省 / 市 / 县区 / 机构 */
  unit: string;
}
