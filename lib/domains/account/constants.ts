// 账号管理的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。
import { USER_STATUS_LABEL } from '../user/status';
import { USER_TYPES } from '../user/constants';

/** 账号状态的说法（与 user/status.ts 同一份） */
export const ACCOUNT_STATUS: Record<number, string> = USER_STATUS_LABEL;
export const LEVEL_NAME: Record<string, string> = { province: '省级', city: '市级', county: '县区级', org: '机构' };

/** 可选的用户类型；不填时按层级与机构类别推定 */
export { USER_TYPES };
