import 'server-only';
// 公开首页上的“当前访客”：已登录时给出称呼与进入门户的地址，未登录为 null（首页据此显示“登录”或“进入系统”）。
import { getCurrentSession } from '@/lib/domains/access/server-session';
import { displayName, WORKPLACE_PATH } from '@/components/shell/types';

/** 首页的登录入口：主登录页 */
export const LOGIN_PATH = '/user/loginV2';

export interface HomeViewer {
  name: string;
  portalHref: string;
}

/** 数据库暂不可用时按未登录处理：首页是公开页，不因此出错 */
export async function homeViewer(): Promise<HomeViewer | null> {
  const session = await getCurrentSession().catch(() => null);
  return session ? { name: displayName(session.user), portalHref: WORKPLACE_PATH } : null;
}
