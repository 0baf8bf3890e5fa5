// 统计用到的其他领域的状态值：取各领域的命名常量，查询里不写裸数字。
import { CERT_STATUS } from '../certificate/rules';
import { STATUS_ACTIVE } from '../personnel/service';

export const PLAN_KIND = { SKILL_LEVEL: 0, QUALIFICATION: 1, SPECIAL_ABILITY: 2, ORGAN_WORK: 3 } as const;
/** 人员库在岗 */
export const PERSON_ACTIVE = STATUS_ACTIVE;
/** 证书有效 */
export const CERT_VALID = CERT_STATUS.VALID;
