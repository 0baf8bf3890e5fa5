// 按评价类型分的资源 key 与端点权限的写法：单独一个小模块，浏览器端的状态表（transitions.ts）用到它时不带上整棵菜单树。
import type { Action } from '@/lib/platform/auth/session';

/**
 * 四类评价（SPEC §3 计划类型：0 技能等级认定、1 职业资格、2 专项能力、3 机关工勤）各自的资源 key，下标即类型。
 * 四类共用的端点声明 anyKind(组, 动作)（任一类有权即可进入），服务再按记录的类型检查 KIND_KEYS[组][类型]。
 */
export const KIND_KEYS = {
  filing: ['filingSkill', 'filingQual', 'filingSpecial', 'filingOrgan'],
  exaPlan: ['exaPlanSkill', 'exaPlanQual', 'exaPlanSpecial', 'exaPlanOrgan'],
  questionBank: ['bankSkill', 'bankQual', 'bankSpecial', 'bankOrgan'],
} as const;

export function anyKind<G extends keyof typeof KIND_KEYS, A extends Action>(group: G, action: A): `${(typeof KIND_KEYS)[G][number]}.${A}`[] {
  return eachOf(KIND_KEYS[group], action);
}

/** 几个资源的同一动作：eachOf(['course', 'videoCourse'], 'query') → ['course.query', 'videoCourse.query']；
 * 菜单树里没有的组合在端点声明处是类型错误 */
export function eachOf<K extends string, A extends Action>(keys: readonly K[], action: A): `${K}.${A}`[] {
  return keys.map((key) => `${key}.${action}` as const);
}
