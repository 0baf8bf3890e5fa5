import 'server-only';
// 账号设置页的服务端入口：登录与 'user' 权限在此检查（SPEC §2：账号设置需要 user 权限），资料直接调用身份域服务。
import { redirect } from 'next/navigation';
import { userDepartment, userProfile } from '@/lib/domains/user/service';
import { requireSession } from '@/lib/domains/access/server-session';
import { can } from '@/lib/platform/auth/session';
import { getDb } from '@/lib/platform/db/client';
import type { AccountProfile } from './types';

/** 账号设置所需的权限标识 */
export const ACCOUNT_SETTINGS_PERMISSION = 'user';

export async function loadAccountProfile(currentPath: string): Promise<AccountProfile> {
  const session = await requireSession(currentPath);
  if (!can(session, ACCOUNT_SETTINGS_PERMISSION)) redirect('/403');
  const db = await getDb();
  const [profile, dept] = await Promise.all([userProfile(db, session.user.id), userDepartment(db, session.user)]);
  const unit = [dept.province?.name, dept.city?.name, dept.county?.name, dept.organisation?.name].filter(Boolean).join(' / ');
  return {
    code: profile.code,
    account: profile.account,
    nickName: profile.nickName,
    realName: profile.realName,
    email: profile.email,
    avatar: profile.avatar,
    mobile: profile.mobile,
    userType: profile.userType,
    passwordStrength: profile.passwordStrength,
    unit,
  };
}
